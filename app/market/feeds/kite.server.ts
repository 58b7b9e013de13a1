// The Kite Connect price feed (issue 23; docs/decisions/175): Zerodha's official client
// (`kiteconnect`'s KiteTicker) streams the active symbols' instruments in quote or full mode, and
// each tick reaches the engine as a FeedTick. Its state (connecting, live, reconnecting, off) is
// kept for /healthz and /Token.
//
// Two habits of the official client shape this module (node_modules/kiteconnect/dist/lib/ticker.js):
// its own auto-reconnect ends in process.exit(1) once its tries run out or after disconnect(),
// so it is switched off and this feed reconnects with its own backoff; and its socket and event
// handlers live at module level, so a ticker's handlers are ignored once its feed has moved on,
// and stop() waits for its socket's close: that close, arriving after a new ticker had opened its
// socket, would null the client's one socket reference, leaving the new socket open and unreachable
// (a ghost connection that Kite counts against the key's three) and the new ticker reconnecting.
import { KiteConnect, KiteTicker } from "kiteconnect";
import type { FeedSymbol, FeedTick, PriceFeed } from "~/market/feed";
import { createKiteTickConverter, type KiteTickFields } from "./kite-ticks";

/** stale is never set here: the provider derives it from a live feed's silence in market hours. */
export type KiteFeedState = "connecting" | "live" | "stale" | "reconnecting" | "off";

export interface KiteFeedStatus {
  name: "kite";
  state: KiteFeedState;
  /** Epoch ms the state began. */
  since: number;
  /** Epoch ms of the last tick received, null before the first. */
  lastTickAt: number | null;
  /** What role 1 should know or do (why it is off, which symbols have no instrument). */
  detail: string | null;
  /** Product symbols with no instrument in Kite's dump (not streamed). */
  unmapped: string[];
}

export interface KiteFeedOptions {
  apiKey: string;
  accessToken: string;
  /** Kite's REST root (default https://api.kite.trade) and WebSocket root (default wss://ws.kite.trade/); a local test server's in tests. */
  restRoot?: string;
  wsRoot?: string;
  /** The instrument token of each product symbol that has one (from the day's instrument dump). */
  instrumentTokens: (symbolCodes: readonly string[]) => Promise<Map<string, number>>;
  /** quote: price and volume; full adds depth (bid/ask) and the exchange's timestamp. */
  mode?: "quote" | "full";
  /** Backoff between reconnection attempts: from `minDelayMs`, doubling, at most `maxDelayMs`. */
  reconnect?: { minDelayMs: number; maxDelayMs: number };
  /**
   * Minute candles for the minutes a connection missed (docs/decisions/175), called after each
   * (re)connect: `from` is when the stream stopped (the last tick or the drop), null on the
   * feed's first connect (the provider starts from the session's open).
   */
  backfill?: (request: { instrumentTokens: Map<string, number>; from: Date | null; to: Date; kite: InstanceType<typeof KiteConnect> }) => Promise<unknown>;
  now?: () => number;
  log?: (line: string) => void;
}

export const KITE_REST_ROOT = "https://api.kite.trade";
export const KITE_WS_ROOT = "wss://ws.kite.trade/";
export const KITE_TOKEN_REFUSED = "Kite refused the access token (the day's login has lapsed or was revoked): log in to Kite again on /Token.";

const DEFAULT_RECONNECT = { minDelayMs: 1_000, maxDelayMs: 60_000 };
/** How long stop() waits for the socket's close before giving up on it. */
const SOCKET_CLOSE_WAIT_MS = 2_000;

/** A refusal of the credentials, not a broken link: retrying cannot help. */
function isRefusal(error: unknown): boolean {
  // The REST client rejects with Kite's envelope ({ error_type, message }); the socket's refused
  // upgrade is an error event whose message carries the HTTP status.
  const fields = typeof error === "object" && error !== null ? (error as { message?: unknown; error_type?: unknown }) : { message: error };
  return fields.error_type === "TokenException" || /\b40[13]\b|TokenException/.test(String(fields.message ?? ""));
}

export interface KiteFeed extends PriceFeed {
  status(): KiteFeedStatus;
}

export function createKiteFeed(options: KiteFeedOptions): KiteFeed {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.log(line));
  const backoff = options.reconnect ?? DEFAULT_RECONNECT;
  const mode = options.mode ?? "full";
  let status: KiteFeedStatus = { name: "kite", state: "connecting", since: now(), lastTickAt: null, detail: null, unmapped: [] };
  let ticker: InstanceType<typeof KiteTicker> | null = null;
  let stopped = false;
  let attempts = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let lastTickAt: number | null = null;

  const setState = (state: KiteFeedState, detail: string | null = status.detail) => {
    if (status.state !== state) log(`[kite] ${state}${detail ? `: ${detail}` : ""}`);
    status = { ...status, state, since: status.state === state ? status.since : now(), detail };
  };

  const kite = new KiteConnect({ api_key: options.apiKey, access_token: options.accessToken, root: options.restRoot ?? KITE_REST_ROOT } as ConstructorParameters<typeof KiteConnect>[0]);

  const goOff = (detail: string) => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    ticker?.disconnect();
    setState("off", detail);
  };

  // What is streamed: product symbol ↔ instrument token, changed in place by follow().
  const tokens = new Map<string, number>();
  const symbolOf = new Map<number, string>();
  let connected = false;
  // Whether this feed has a socket open or opening: stop() then waits for its close.
  let socketOpening = false;
  const closeWaiters: (() => void)[] = [];
  let latestCodes: string[] = [];
  // follow() calls are applied one after another, each against the latest symbols.
  let following: Promise<void> = Promise.resolve();

  const setUnmapped = (codes: readonly string[]) => {
    const unmapped = codes.filter((code) => !tokens.has(code));
    status = { ...status, unmapped };
    if (unmapped.length > 0) log(`[kite] no instrument for ${unmapped.join(", ")}: not streamed`);
    return unmapped;
  };
  const liveDetail = () => (status.unmapped.length > 0 ? `${status.unmapped.length} of the active symbols have no Kite instrument and are not streamed (listed on /Token).` : null);

  /** Brings the subscription in step with `codes`: new instruments subscribed (and their session so far back-filled), dropped ones unsubscribed. */
  const applyFollow = async () => {
    const codes = latestCodes;
    const next = await options.instrumentTokens(codes);
    if (stopped) return;
    const added = [...next].filter(([code, token]) => tokens.get(code) !== token);
    const removed = [...tokens].filter(([code, token]) => next.get(code) !== token).map(([, token]) => token);
    tokens.clear();
    symbolOf.clear();
    for (const [code, token] of next) {
      tokens.set(code, token);
      symbolOf.set(token, code);
    }
    setUnmapped(codes);
    if (!ticker || !connected) return; // the next connect subscribes what tokens holds
    const stillStreamed = new Set(tokens.values());
    const dropped = removed.filter((token) => !stillStreamed.has(token));
    if (dropped.length > 0) ticker.unsubscribe(dropped);
    if (added.length > 0) {
      const addedTokens = added.map(([, token]) => token);
      ticker.subscribe(addedTokens);
      ticker.setMode(mode, addedTokens);
      options.backfill?.({ instrumentTokens: new Map(added), from: null, to: new Date(now()), kite }).catch((error) => log(`[kite] back-fill failed: ${(error as Error).message}`));
    }
    if (added.length > 0 || dropped.length > 0) log(`[kite] subscription in step: ${added.length} subscribed, ${dropped.length} unsubscribed`);
    if (status.state === "live") status = { ...status, detail: liveDetail() };
  };

  return {
    name: "kite",
    status: () => ({ ...status, lastTickAt }),
    start(symbols: readonly FeedSymbol[], emit: (ticks: FeedTick[]) => void) {
      latestCodes = symbols.map((s) => s.symbolCode);
      void (async () => {
        // The first mapping, in line with any follow() that comes before the socket opens.
        const firstMapping = following.then(applyFollow);
        following = firstMapping.catch(() => {});
        try {
          await firstMapping;
        } catch (error) {
          goOff(isRefusal(error) ? KITE_TOKEN_REFUSED : `Kite's instrument list could not be read: ${(error as Error).message}`);
          return;
        }
        if (stopped) return;
        if (tokens.size === 0) {
          goOff("None of the active symbols has a Kite instrument: check the mapping on /Token.");
          return;
        }
        const converter = createKiteTickConverter((token) => symbolOf.get(token), now);
        const current = new KiteTicker({ api_key: options.apiKey, access_token: options.accessToken, root: options.wsRoot ?? KITE_WS_ROOT, reconnect: false } as ConstructorParameters<typeof KiteTicker>[0]);
        ticker = current;
        const mine = () => !stopped && ticker === current;
        let disconnectedAt: number | null = null;

        const scheduleReconnect = () => {
          if (!mine() || retryTimer) return;
          const delay = Math.min(backoff.maxDelayMs, backoff.minDelayMs * 2 ** attempts);
          attempts += 1;
          setState("reconnecting", `attempt ${attempts}, next in ${Math.round(delay / 1000)} s`);
          retryTimer = setTimeout(() => {
            retryTimer = null;
            if (!mine()) return;
            socketOpening = true;
            current.connect();
          }, delay);
          retryTimer.unref?.();
        };

        current.on("connect", () => {
          if (!mine()) return;
          attempts = 0;
          connected = true;
          const instrumentTokens = [...tokens.values()];
          current.subscribe(instrumentTokens);
          current.setMode(mode, instrumentTokens);
          setState("live", liveDetail());
          const from = disconnectedAt ?? lastTickAt;
          disconnectedAt = null;
          if (options.backfill) {
            options.backfill({ instrumentTokens: new Map(tokens), from: from === null ? null : new Date(from), to: new Date(now()), kite }).catch((error) => log(`[kite] back-fill failed: ${(error as Error).message}`));
          }
        });
        current.on("ticks", (ticks: KiteTickFields[]) => {
          if (!mine()) return;
          const converted = converter.convert(ticks);
          if (converted.length === 0) return;
          lastTickAt = now();
          emit(converted);
        });
        current.on("error", (error: unknown) => {
          if (!mine()) return;
          if (isRefusal(error)) goOff(KITE_TOKEN_REFUSED);
        });
        // Any socket's close (the client has one at a time): what stop() waits for.
        current.on("close", () => {
          for (const resolve of closeWaiters.splice(0)) resolve();
        });
        current.on("disconnect", () => {
          socketOpening = false;
          if (!mine()) return;
          connected = false;
          disconnectedAt ??= lastTickAt ?? now();
          converter.reset();
          scheduleReconnect();
        });
        current.on("order_update", () => {
          // Orders are not this product's business: a signal service streams prices only.
        });
        setState("connecting", null);
        socketOpening = true;
        current.connect();
      })();
    },
    follow(symbols: readonly FeedSymbol[]) {
      latestCodes = symbols.map((s) => s.symbolCode);
      following = following.then(applyFollow).catch((error) => log(`[kite] the active symbols could not be followed: ${(error as Error).message}`));
    },
    async stop() {
      stopped = true;
      connected = false;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const hadSocket = socketOpening && ticker !== null;
      ticker?.disconnect();
      ticker = null;
      socketOpening = false;
      if (hadSocket) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, SOCKET_CLOSE_WAIT_MS);
          closeWaiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
}
