// Live prices over socket.io. Clients subscribe with SubAdd / SubRemove {subs: [codes]}. A
// socket gets ONE volatile getServerSymbol message carrying the latest quote of each of its
// symbols that changed, holdMs after the frame that first changed one of them (per-client
// batching with a deadline per socket: bench/fanout, docs/decisions/162). With Redis, the
// leading process publishes each frame to every process, and each process fans it out to its
// own sockets, so a frame crosses Redis once, not once per client.
import type { Server, Socket } from "socket.io";
import type { Quote } from "~/domain/quotes";
import { canSendSocketEvent } from "~/domain/access";
import { MAX_SUBSCRIPTIONS, subscriptionSchema } from "~/schemas/realtime";
import type { SessionUser } from "~/models/auth-session.server";
import type { LiveBook } from "~/realtime/live-book.server";
import { CLIENT_EVENTS, roomForSymbol, SERVER_EVENTS, type SymbolTickPayload } from "./events";
import { mayReceiveSymbol, socketSymbolAccess } from "./symbol-events.server";
import { writePacket } from "./ws-frame.server";

const FRAME_EVENT = "market:frame";

/**
 * How long a socket's first changed quote waits for more before its message goes out. With the
 * engine's frame (DEFAULT_FRAME_MS) this bounds a tick's wait before the fan-out: 10 + 30 ms.
 * A socket's clock starts at its own first change, not at a shared frame, so a message carries
 * more ticks than with one shared 40 ms frame (bench/fanout, side by side: 27 % fewer messages).
 */
export const DEFAULT_HOLD_MS = 30;

/** socket.io protocol v5: an EVENT packet ("2") on the main namespace, then [name, args]. */
export const TICK_PACKET_HEAD = `2[${JSON.stringify(SERVER_EVENTS.symbolTick)},[`;
export const TICK_PACKET_TAIL = "]]";

export interface LivePricesOptions {
  io: Server;
  /** True when other processes share the sockets (Redis adapter): frames are sent to them. */
  clustered?: () => boolean;
  liveBook: LiveBook;
  /** Codes that exist and tick (upper case). */
  isKnownSymbol: (code: string) => boolean;
  /**
   * Codes every signed-in user may follow whatever their subscription (the top bar's indices):
   * their prices only; the key labels riding along go to entitled users alone. What else a user
   * may see is the hub's entitlement of the socket (symbol-events.server.ts), read at each frame.
   */
  alwaysVisible?: ReadonlySet<string>;
  /** A socket's message goes out this long after its first changed quote (DEFAULT_HOLD_MS). */
  holdMs?: number;
}

interface ClientState {
  socket: Socket;
  user: SessionUser;
  subs: Set<string>;
  /** Subscribed codes with a quote this socket has not been sent; empty when it is up to date. */
  changed: Set<string>;
  /** When its message is due (performance.now()), set by the first of them. */
  dueAt: number;
  closed: boolean;
}

/** A symbol's latest payload, JSON-encoded once, and for a top-bar index without key labels. */
interface Encoded {
  full: string;
  pricesOnly: string | undefined;
}

export interface SubscriptionAnswer {
  ok: boolean;
  subscribed: string[];
  ignored: string[];
  message?: string;
}

export class LivePrices {
  private readonly clients = new WeakMap<Socket, ClientState>();
  private readonly alwaysVisible: ReadonlySet<string>;
  private readonly holdMs: number;
  /** This process's subscribed sockets per code. */
  private readonly subscribers = new Map<string, Set<ClientState>>();
  private readonly latest = new Map<string, Encoded>();
  /**
   * Sockets with changes, in the order they became due (holdMs is the same for all, so FIFO is
   * deadline order); queue[head] is the next due.
   */
  private queue: ClientState[] = [];
  private head = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: LivePricesOptions) {
    this.alwaysVisible = options.alwaysVisible ?? new Set();
    this.holdMs = options.holdMs ?? DEFAULT_HOLD_MS;
    options.io.on("connection", (socket) => this.attach(socket));
    // Frames published by the leading process (through the Redis adapter) reach every process.
    options.io.on(FRAME_EVENT, (frame: SymbolTickPayload[]) => this.deliver(frame));
  }

  /** Today's key labels per symbol, set by the key engine on the leading process. */
  keyLabels: (code: string) => { label: string; date: string }[] = () => [];

  /** Publishes a frame (the latest quote of each changed symbol) to every process. */
  publish(quotes: Quote[]): void {
    if (quotes.length === 0) return;
    const frame = quotes.map((q) => ({ tickData: q, chavi: this.keyLabels(q.symbolCode) }));
    this.deliver(frame);
    if (this.options.clustered?.()) this.options.io.serverSideEmit(FRAME_EVENT, frame);
  }

  /**
   * Takes a frame in on this process: updates the live book, encodes each payload once, and
   * marks each subscribed socket changed; a socket's message goes out holdMs after its first
   * change (flushDue), with the latest quote of each symbol that changed by then.
   */
  deliver(frame: SymbolTickPayload[]): void {
    const now = performance.now();
    for (const payload of frame) {
      const code = payload.tickData.symbolCode;
      this.options.liveBook.set(payload.tickData);
      // A top-bar index goes to every subscriber, but its key labels only to entitled ones.
      this.latest.set(code, {
        full: JSON.stringify(payload),
        pricesOnly: this.alwaysVisible.has(code) ? JSON.stringify({ ...payload, chavi: [] }) : undefined,
      });
      const subscribers = this.subscribers.get(code);
      if (subscribers === undefined) continue;
      for (const state of subscribers) {
        if (state.changed.size === 0) {
          state.dueAt = now + this.holdMs;
          this.queue.push(state);
        }
        state.changed.add(code);
      }
    }
    this.flushDue(now);
  }

  /**
   * Writes every due socket's message, then arms the timer for the next one. Each socket gets
   * one pre-encoded socket.io EVENT packet: socket.io's own emit would re-encode every socket's
   * batch (bench/fanout: about 27% less CPU per delivered tick), and the packet goes out as one
   * WebSocket frame built here (ws-frame.server.ts). Like a volatile emit, a socket whose writes
   * are still queued skips the message.
   */
  flushDue(now: number = performance.now()): void {
    while (this.head < this.queue.length && this.queue[this.head].dueAt <= now) this.send(this.queue[this.head++]);
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    } else if (this.head > 1024) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    if (this.timer === null && this.head < this.queue.length) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.flushDue();
      }, Math.max(0, this.queue[this.head].dueAt - now));
      this.timer.unref();
    }
  }

  private send(state: ClientState): void {
    if (state.closed) return;
    const socket = state.socket;
    // The entitlement is read at every message: a subscription an admin has since narrowed
    // stops here, not at the next reconnect.
    const access = socketSymbolAccess(socket);
    let body = "";
    for (const code of state.changed) {
      const encoded = this.latest.get(code);
      if (encoded === undefined || !state.subs.has(code)) continue; // unsubscribed meanwhile
      const part = mayReceiveSymbol(access, code) ? encoded.full : encoded.pricesOnly;
      if (part === undefined) this.drop(socket, state, code);
      else body = body === "" ? part : `${body},${part}`;
    }
    state.changed.clear();
    if (body !== "") writePacket(socket, TICK_PACKET_HEAD + body + TICK_PACKET_TAIL);
  }

  /** May this socket follow the code's price (its entitlement, or a top-bar index)? */
  private mayFollow(socket: Socket, code: string): boolean {
    return mayReceiveSymbol(socketSymbolAccess(socket), code) || this.alwaysVisible.has(code);
  }

  /** Key labels of a quote for this socket: none unless its user is entitled to the symbol. */
  private tickFor(socket: Socket, quote: Quote): SymbolTickPayload {
    return { tickData: quote, chavi: mayReceiveSymbol(socketSymbolAccess(socket), quote.symbolCode) ? this.keyLabels(quote.symbolCode) : [] };
  }

  private drop(socket: Socket, state: ClientState, code: string) {
    if (state.subs.delete(code)) {
      this.subscribers.get(code)?.delete(state);
      void socket.leave(roomForSymbol(code));
    }
  }

  private attach(socket: Socket) {
    const user = (socket.data as { user: SessionUser }).user;
    const state: ClientState = { socket, user, subs: new Set(), changed: new Set(), dueAt: 0, closed: false };
    this.clients.set(socket, state);
    socket.on("disconnect", () => {
      state.closed = true;
      for (const code of state.subs) this.subscribers.get(code)?.delete(state);
    });

    socket.on(CLIENT_EVENTS.subscribe, async (payload: unknown, ack?: unknown) => {
      const answer = await this.subscribe(socket, state, payload);
      if (typeof ack === "function") ack(answer);
      else if (!answer.ok) socket.emit("subscription-error", answer);
    });
    socket.on(CLIENT_EVENTS.unsubscribe, (payload: unknown, ack?: unknown) => {
      const answer = this.unsubscribe(socket, state, payload);
      if (typeof ack === "function") ack(answer);
    });
    this.sendSnapshot(socket);
  }

  private sendSnapshot(socket: Socket) {
    const quotes: Quote[] = [];
    for (const quote of this.options.liveBook.all()) {
      if (this.mayFollow(socket, quote.symbolCode)) quotes.push(quote);
    }
    socket.emit(SERVER_EVENTS.allSymbol, quotes);
  }

  private async subscribe(socket: Socket, state: ClientState, payload: unknown): Promise<SubscriptionAnswer> {
    if (!canSendSocketEvent(state.user.roleId, CLIENT_EVENTS.subscribe)) {
      return { ok: false, subscribed: [], ignored: [], message: "Not allowed" };
    }
    const parsed = subscriptionSchema.safeParse(payload);
    if (!parsed.success) {
      return { ok: false, subscribed: [], ignored: [], message: parsed.error.issues[0]?.message ?? "Bad subscription" };
    }
    const wanted = [...new Set(parsed.data.subs.map((c) => c.toUpperCase()))];
    const allowed: string[] = [];
    const ignored: string[] = [];
    for (const code of wanted) {
      if (this.options.isKnownSymbol(code) && this.mayFollow(socket, code)) allowed.push(code);
      else ignored.push(code);
    }
    const fresh = allowed.filter((c) => !state.subs.has(c));
    if (state.subs.size + fresh.length > MAX_SUBSCRIPTIONS) {
      return {
        ok: false,
        subscribed: [...state.subs],
        ignored: wanted,
        message: `At most ${MAX_SUBSCRIPTIONS} symbols can be subscribed`,
      };
    }
    for (const code of fresh) {
      state.subs.add(code);
      let set = this.subscribers.get(code);
      if (set === undefined) this.subscribers.set(code, (set = new Set()));
      set.add(state);
    }
    if (fresh.length > 0) {
      await socket.join(fresh.map(roomForSymbol));
      // The client gets the current quotes at once, not at the next tick.
      const snapshot = fresh
        .map((code) => this.options.liveBook.get(code))
        .filter((q): q is Quote => q !== undefined)
        .map((q) => this.tickFor(socket, q));
      if (snapshot.length > 0) socket.emit(SERVER_EVENTS.symbolTick, snapshot);
    }
    return { ok: true, subscribed: [...state.subs], ignored };
  }

  private unsubscribe(socket: Socket, state: ClientState, payload: unknown): SubscriptionAnswer {
    const parsed = subscriptionSchema.safeParse(payload);
    if (!parsed.success || !canSendSocketEvent(state.user.roleId, CLIENT_EVENTS.unsubscribe)) {
      return { ok: false, subscribed: [...state.subs], ignored: [], message: "Bad subscription" };
    }
    for (const raw of parsed.data.subs) {
      this.drop(socket, state, raw.toUpperCase());
    }
    return { ok: true, subscribed: [...state.subs], ignored: [] };
  }
}
