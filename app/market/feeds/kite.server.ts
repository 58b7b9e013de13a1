// The Kite Connect price feed (issue 23; docs/decisions/175): Zerodha's official client
// (`kiteconnect`'s KiteTicker) streams the active symbols' instruments in quote or full mode, and
// each tick reaches the engine as a FeedTick. Its state (connecting, live, reconnecting, off) is
// kept for /healthz and /Token.
//
// Two habits of the official client shape this module (node_modules/kiteconnect/dist/lib/ticker.js):
// its own auto-reconnect ends in process.exit(1) once its tries run out or after disconnect(),
// so it is switched off and this feed reconnects with its own backoff; and its socket and event
// handlers live at module level, so a ticker's handlers are ignored once its feed has moved on.
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

  return {
    name: "kite",
    status: () => ({ ...status, lastTickAt }),
    start(symbols: readonly FeedSymbol[], emit: (ticks: FeedTick[]) => void) {
      void (async () => {
        let tokens: Map<string, number>;
        try {
          tokens = await options.instrumentTokens(symbols.map((s) => s.symbolCode));
        } catch (error) {
          goOff(isRefusal(error) ? KITE_TOKEN_REFUSED : `Kite's instrument list could not be read: ${(error as Error).message}`);
          return;
        }
        if (stopped) return;
        const unmapped = symbols.map((s) => s.symbolCode).filter((code) => !tokens.has(code));
        status = { ...status, unmapped };
        if (unmapped.length > 0) log(`[kite] no instrument for ${unmapped.join(", ")}: not streamed`);
        if (tokens.size === 0) {
          goOff("None of the active symbols has a Kite instrument: check the mapping on the symbol list.");
          return;
        }
        const symbolOf = new Map([...tokens].map(([code, token]) => [token, code]));
        const converter = createKiteTickConverter((token) => symbolOf.get(token), now);
        const instrumentTokens = [...tokens.values()];
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
            if (mine()) current.connect();
          }, delay);
          retryTimer.unref?.();
        };

        current.on("connect", () => {
          if (!mine()) return;
          attempts = 0;
          current.subscribe(instrumentTokens);
          current.setMode(mode, instrumentTokens);
          setState("live", unmapped.length > 0 ? `${unmapped.length} of the active symbols have no Kite instrument and are not streamed (listed on /Token).` : null);
          const from = disconnectedAt ?? lastTickAt;
          disconnectedAt = null;
          if (options.backfill) {
            options.backfill({ instrumentTokens: tokens, from: from === null ? null : new Date(from), to: new Date(now()), kite }).catch((error) => log(`[kite] back-fill failed: ${(error as Error).message}`));
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
        current.on("disconnect", () => {
          if (!mine()) return;
          disconnectedAt ??= lastTickAt ?? now();
          converter.reset();
          scheduleReconnect();
        });
        current.on("order_update", () => {
          // Orders are not this product's business: a signal service streams prices only.
        });
        setState("connecting", null);
        current.connect();
      })();
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      ticker?.disconnect();
      ticker = null;
    },
  };
}
