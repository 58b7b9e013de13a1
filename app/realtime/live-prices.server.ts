// Live prices over socket.io. Clients subscribe with SubAdd / SubRemove {subs: [codes]}; each
// frame, every local socket gets ONE volatile getServerSymbol message carrying the latest
// quote of each of its symbols that changed (per-client batching: bench/fanout). With Redis,
// the leading process publishes each frame to every process, and each process fans it out to
// its own sockets, so a frame crosses Redis once, not once per client.
import type { Server, Socket } from "socket.io";
import type { Quote } from "~/domain/quotes";
import { canSendSocketEvent } from "~/domain/access";
import { MAX_SUBSCRIPTIONS, subscriptionSchema } from "~/schemas/realtime";
import type { SessionUser } from "~/models/auth-session.server";
import type { LiveBook } from "~/realtime/live-book.server";
import { CLIENT_EVENTS, roomForSymbol, SERVER_EVENTS, type SymbolTickPayload } from "./events";
import { mayReceiveSymbol, socketSymbolAccess } from "./symbol-events.server";

const FRAME_EVENT = "market:frame";

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
}

interface ClientState {
  user: SessionUser;
  subs: Set<string>;
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

  constructor(private readonly options: LivePricesOptions) {
    this.alwaysVisible = options.alwaysVisible ?? new Set();
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
   * Fans a frame out to this process's sockets and updates this process's live book.
   * Each payload is JSON-encoded once per frame, and each socket gets one pre-encoded
   * socket.io EVENT packet written straight to its engine.io connection: socket.io's own emit
   * would re-encode every socket's batch (bench/fanout: about 27% less CPU per delivered tick).
   * Like a volatile emit, a socket whose transport is still busy skips the frame.
   */
  deliver(frame: SymbolTickPayload[]): void {
    const encoded = new Map<string, string>();
    // A top-bar index goes to every subscriber, but its key labels only to entitled ones.
    const pricesOnly = new Map<string, string>();
    for (const payload of frame) {
      const code = payload.tickData.symbolCode;
      this.options.liveBook.set(payload.tickData);
      encoded.set(code, JSON.stringify(payload));
      if (this.alwaysVisible.has(code)) pricesOnly.set(code, JSON.stringify({ ...payload, chavi: [] }));
    }
    for (const socket of this.options.io.of("/").sockets.values()) {
      const state = this.clients.get(socket);
      if (!state || state.subs.size === 0) continue;
      // The entitlement is read at every frame: a subscription an admin has since narrowed
      // stops here, not at the next reconnect.
      const access = socketSymbolAccess(socket);
      let body = "";
      const add = (code: string, part: string) => {
        if (mayReceiveSymbol(access, code)) body = body === "" ? part : `${body},${part}`;
        else if (pricesOnly.has(code)) body = body === "" ? pricesOnly.get(code)! : `${body},${pricesOnly.get(code)!}`;
        else this.drop(socket, state, code);
      };
      if (state.subs.size < encoded.size) {
        for (const code of state.subs) {
          const part = encoded.get(code);
          if (part !== undefined) add(code, part);
        }
      } else {
        for (const [code, part] of encoded) {
          if (state.subs.has(code)) add(code, part);
        }
      }
      if (body === "") continue;
      const conn = socket.conn;
      if (conn.readyState !== "open" || !conn.transport.writable) continue;
      conn.write(TICK_PACKET_HEAD + body + TICK_PACKET_TAIL);
    }
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
    if (state.subs.delete(code)) void socket.leave(roomForSymbol(code));
  }

  private attach(socket: Socket) {
    const user = (socket.data as { user: SessionUser }).user;
    const state: ClientState = { user, subs: new Set() };
    this.clients.set(socket, state);

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
    for (const code of fresh) state.subs.add(code);
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
      const code = raw.toUpperCase();
      if (state.subs.delete(code)) void socket.leave(roomForSymbol(code));
    }
    return { ok: true, subscribed: [...state.subs], ignored: [] };
  }
}
