// FEED=kite (issue 23; docs/decisions/175): the Kite Connect price feed on the stored API key and
// the day's session from /Token. Until a session exists, or after it lapses or Kite refuses it,
// the feed is off (never simulated prices shown as real) and says what role 1 must do; it looks
// for a new session every few seconds and starts streaming as soon as /Token has one.
import { KiteConnect } from "kiteconnect";
import type { AppDatabase } from "~/db/client.server";
import { KITE_PROVIDER } from "~/domain/kite-session";
import { isMappableInstrument, KITE_INSTRUMENT_COLUMNS, kiteColumnIndex, mapSymbols, readKiteInstrumentRow, type KiteInstrument, type SymbolMapping } from "~/domain/kite-instruments";
import { registerProvider, type FeedInstrument, type FeedSymbol, type FeedTick, type PriceFeed } from "~/market/feed";
import { createKiteFeed, type KiteFeed, type KiteFeedStatus } from "~/market/feeds/kite.server";
import { loadStoredCredentials } from "./credentials.server";
import { istDateString, istWallTimeToEpochMs } from "~/domain/dates";
import { listStoredKiteInstruments, replaceKiteInstruments, storedKiteInstrumentsDay } from "~/models/kite-instrument.server";
import { formatIstDateTime, formatIstTime, istClock } from "~/domain/ist-format";
import { isNseSessionOpen, SESSION_OPEN_MINUTE_IST, type TradingDayCheck } from "~/domain/trading-calendar";
import { upsertMinuteCandles } from "~/models/candle.server";
import { listKiteInstrumentChoices, symbolsByCodes } from "~/models/symbol.server";

export const KITE_NO_SESSION = "Not logged in to Kite today: press Request on /Token and log in to Kite to stream prices.";
export const kiteSessionLapsed = (at: Date) => `The Kite session lapsed at ${formatIstDateTime(at)} IST: press Request on /Token and log in again.`;

export interface KiteProviderDeps {
  db: AppDatabase;
  appSecret: string;
  env: { KITE_API_ROOT: string; KITE_WS_ROOT: string };
  /** How often an off feed looks for a new session (default 5 s). */
  sessionPollMs?: number;
  /** Trading days (the market calendar): outside the session nothing is expected, so nothing is stale. */
  isTradingDay?: TradingDayCheck;
  now?: () => number;
  log?: (line: string) => void;
}

/**
 * The day's instruments through the official client (its CSV reader), read into the domain's
 * rows: the client hands back strings and Dates, the domain checks them as it checks a file.
 */
export async function loadKiteInstruments(kite: InstanceType<typeof KiteConnect>): Promise<KiteInstrument[]> {
  const located = kiteColumnIndex([...KITE_INSTRUMENT_COLUMNS]);
  if (!("index" in located)) throw new Error(located.problem);
  const instruments: KiteInstrument[] = [];
  // The whole dump in one call: the product's symbols span NSE, NFO, BSE and BFO.
  const rows = (await kite.getInstruments()) as unknown as Record<string, unknown>[];
  for (const row of rows) {
    const cells = KITE_INSTRUMENT_COLUMNS.map((column) => {
      const value = row[column];
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
      return value === undefined || value === null ? "" : String(value);
    });
    // The client's CSV reader leaves an empty last row where the dump ends in a newline.
    if (cells[0] === "") continue;
    const read = readKiteInstrumentRow(cells, located.index);
    if ("instrument" in read && isMappableInstrument(read.instrument)) instruments.push(read.instrument);
  }
  return instruments;
}

/**
 * The day's dump: the stored one when it was loaded today (IST), else Kite's, stored for the
 * day (replacing yesterday's in one transaction) so /Token, the symbol list and a restart read it
 * from the database instead of downloading and parsing it again.
 */
export async function instrumentsOfTheDay(db: AppDatabase, kite: InstanceType<typeof KiteConnect>, now: number, log: (line: string) => void): Promise<KiteInstrument[]> {
  const today = istDateString(now);
  if ((await storedKiteInstrumentsDay(db)) === today) return listStoredKiteInstruments(db);
  const instruments = await loadKiteInstruments(kite);
  const stored = await replaceKiteInstruments(db, today, instruments);
  log(`[kite] stored today's instrument dump: ${stored} instruments (options left out)`);
  return instruments;
}

/** IST wall-clock text, as Kite's historical API reads its from and to ("2026-11-27 09:15:00"). */
const istText = (ms: number) => {
  const c = istClock(ms);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${c.year}-${two(c.month)}-${two(c.day)} ${two(c.hour)}:${two(c.minute)}:00`;
};

/**
 * The minutes a connection missed, from Kite's historical candles, written as the upload writes
 * minute bars (upsertMinuteCandles: a minute already there keeps its open, widens its high and
 * low, takes Kite's close and volume). From `from`'s minute (the session's open on the first
 * connect) to the last whole minute before `to`: the minute in progress is the live stream's.
 * One request per instrument, one after another (Kite allows a few a second).
 */
export async function backfillMinutes(
  db: AppDatabase,
  kite: InstanceType<typeof KiteConnect>,
  instrumentTokens: ReadonlyMap<string, number>,
  from: Date | null,
  to: Date,
  log: (line: string) => void,
): Promise<number> {
  const day = istClock(to.getTime());
  const open = istWallTimeToEpochMs(day.year, day.month, day.day, Math.floor(SESSION_OPEN_MINUTE_IST / 60), SESSION_OPEN_MINUTE_IST % 60);
  const start = Math.max(from ? Math.floor(from.getTime() / 60_000) * 60_000 : open, open);
  const end = Math.floor(to.getTime() / 60_000) * 60_000 - 60_000;
  if (end < start) return 0;
  const ids = await symbolsByCodes(db, [...instrumentTokens.keys()]);
  let written = 0;
  for (const [code, token] of instrumentTokens) {
    const symbol = ids.get(code.toUpperCase());
    if (!symbol) continue;
    const candles = (await kite.getHistoricalData(token, "minute", istText(start), istText(end))) as { date: Date; open: number; high: number; low: number; close: number; volume: number }[];
    const rows = candles
      .filter((c) => c.date.getTime() >= start && c.date.getTime() <= end)
      .map((c) => ({ symbolId: symbol.id, time: c.date.getTime(), open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume }));
    written += await upsertMinuteCandles(db, rows);
  }
  if (written > 0) log(`[kite] back-filled ${written} minute candles from ${istText(start)} to ${istText(end)} IST`);
  return written;
}

/** A symbol's mapping in words for /Token: the instrument streamed, or why none is. */
export function instrumentView(mapping: SymbolMapping, chosenToken: number | null = null): FeedInstrument {
  const rejected = mapping.rejectedOverride ? `; the token chosen by hand (${mapping.rejectedOverride.instrument_token}) is not used: ${mapping.rejectedOverride.reason}` : "";
  const base = { symbolCode: mapping.symbolCode, chosenToken };
  if (mapping.status === "mapped") {
    const expiry = mapping.expiry ? ` · expires ${mapping.expiry}` : "";
    const manual = mapping.source === "override" ? " (chosen by hand)" : "";
    return { ...base, status: "mapped", text: `${mapping.tradingsymbol} · ${mapping.exchange}${expiry}${manual}${rejected}` };
  }
  if (mapping.status === "ambiguous") {
    const candidates = mapping.candidates.map((c) => `${c.tradingsymbol} · ${c.exchange} · token ${c.instrument_token}`).join(", ");
    return { ...base, status: "ambiguous", text: `Not streamed: ${mapping.reason} (${candidates})${rejected}` };
  }
  return { ...base, status: "unknown", text: `Not streamed: ${mapping.reason}${rejected}` };
}

/** A connected feed that has had no price for this long in market hours is stale. */
export const STALE_AFTER_MS = 60_000;

/**
 * Live but silent in market hours is stale, from its last price (or its connect): Kite sends a
 * snapshot about every second while the market trades. Outside the session (the calendar's
 * holidays included) silence is expected and the feed stays live.
 */
export function staleOrAsIs(status: KiteFeedStatus, now: number, isTradingDay?: TradingDayCheck): KiteFeedStatus {
  if (status.state !== "live" || !isNseSessionOpen(now, isTradingDay)) return status;
  const quietSince = Math.max(status.lastTickAt ?? 0, status.since);
  if (now - quietSince < STALE_AFTER_MS) return status;
  return { ...status, state: "stale", since: quietSince, detail: `No price from Kite since ${formatIstTime(quietSince)} IST, while the market is open.` };
}

export function createKiteSessionFeed(deps: KiteProviderDeps): PriceFeed & { status(): KiteFeedStatus } {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((line: string) => console.log(line));
  const pollMs = deps.sessionPollMs ?? 5_000;
  let inner: KiteFeed | null = null;
  let innerToken: string | null = null;
  let offStatus: KiteFeedStatus = { name: "kite", state: "off", since: now(), lastTickAt: null, detail: KITE_NO_SESSION, unmapped: [] };
  let timer: NodeJS.Timeout | null = null;
  let checking: Promise<void> | null = null;
  let stopped = false;
  let chosen: Map<string, number> = new Map();
  // The active symbols, as the engine last gave them (start, then follow).
  let activeSymbols: readonly FeedSymbol[] = [];
  let innerChoices = "";

  const setOff = (detail: string) => {
    if (offStatus.detail !== detail || inner) log(`[kite] off: ${detail}`);
    offStatus = { ...offStatus, state: "off", since: now(), detail };
  };

  const check = async (emit: (ticks: FeedTick[]) => void) => {
    const stored = await loadStoredCredentials(deps.db, deps.appSecret);
    const expiresAt = stored?.sessionExpiresAt?.getTime() ?? null;
    const token = stored?.sessionToken ?? null;
    if (!stored || !token || expiresAt === null) {
      if (inner) await inner.stop();
      inner = null;
      innerToken = null;
      setOff(KITE_NO_SESSION);
      return;
    }
    if (now() >= expiresAt) {
      if (inner) await inner.stop();
      inner = null;
      innerToken = null;
      setOff(kiteSessionLapsed(new Date(expiresAt)));
      return;
    }
    // Role 1's instrument choices: a change is followed on the open socket (only the symbols whose
    // instrument changed are subscribed and back-filled); a feed that went off for want of any
    // instrument starts again with them.
    const choices = await listKiteInstrumentChoices(deps.db);
    const choicesKey = [...choices].sort().join(";");
    const choicesChanged = choicesKey !== innerChoices;
    innerChoices = choicesKey;
    chosen = choices;
    if (inner && choicesChanged) {
      if (inner.status().state === "off" && innerToken === token) {
        await inner.stop();
        inner = null;
      } else {
        inner.follow?.(activeSymbols);
      }
    }
    // A running feed keeps its session; an off one (refused, or none yet) takes a new login's.
    if (inner && innerToken === token && inner.status().state !== "off") return;
    if (inner && innerToken === token) {
      offStatus = inner.status();
      return;
    }
    if (inner) await inner.stop();
    if (stopped) return;
    const kite = new KiteConnect({ api_key: stored.apiToken, access_token: token, root: deps.env.KITE_API_ROOT } as ConstructorParameters<typeof KiteConnect>[0]);
    innerToken = token;
    inner = createKiteFeed({
      apiKey: stored.apiToken,
      accessToken: token,
      restRoot: deps.env.KITE_API_ROOT,
      wsRoot: deps.env.KITE_WS_ROOT,
      instrumentTokens: async (codes) => {
        const instruments = await instrumentsOfTheDay(deps.db, kite, now(), log);
        const tokens = new Map<string, number>();
        const mappings = mapSymbols(codes, instruments, now(), chosen);
        for (const mapping of mappings) {
          if (mapping.status === "mapped") tokens.set(mapping.symbolCode, mapping.instrument_token);
          else log(`[kite] ${mapping.symbolCode}: ${mapping.status} (${mapping.reason})`);
        }
        return tokens;
      },
      backfill: ({ instrumentTokens, from, to, kite: client }) => backfillMinutes(deps.db, client, instrumentTokens, from, to, log),
      now,
      log,
    });
    inner.start(activeSymbols, emit);
  };

  return {
    name: KITE_PROVIDER,
    status: () => (inner ? staleOrAsIs(inner.status(), now(), deps.isTradingDay) : offStatus),
    start(symbols, emit) {
      activeSymbols = symbols;
      const tick = () => {
        if (stopped) return;
        checking = check(emit)
          .catch((error) => setOff(`The Kite session could not be read: ${(error as Error).message}`))
          .finally(() => {
            checking = null;
            if (stopped) return;
            timer = setTimeout(tick, pollMs);
            timer.unref?.();
          });
      };
      tick();
    },
    follow(symbols) {
      activeSymbols = symbols;
      inner?.follow?.(symbols);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      // A check under way may be about to start a stream: let it finish (it starts none once
      // stopped), then stop whatever stream there is, so no socket outlives the feed.
      await checking;
      await inner?.stop();
      inner = null;
    },
  };
}

/** FEED=kite: server.ts registers it before openFeedFromEnv; it reads its own credentials and session. */
export function registerKiteFeed(deps: KiteProviderDeps): void {
  registerProvider(KITE_PROVIDER, () => createKiteSessionFeed(deps), { readsOwnCredentials: true });
}
