// Price history for the demo data set: a year of daily bars for every symbol and a few weeks of
// 1-minute candles for the symbols a demo user charts most. Runs after seedDemoData, whose
// previous-session bar it keeps and joins: the generated days lead into that bar without a jump,
// and its minutes aggregate to exactly that bar. Deterministic for (now, seed).
import { sql } from "drizzle-orm";
import { aggregateCandles, type Candle } from "~/domain/candles";
import { istDateString, istMidnight } from "~/domain/dates";
import { standardNormal, streamFor } from "~/market/feeds/prng";
import { annualVolatility, roundToTick, simulateMinuteBars, type DayTarget } from "~/market/feeds/simulated.server";
import { isTradingDayYmd, SESSION_OPEN_MINUTE_IST, tradingDaysBefore } from "~/domain/trading-calendar";
import { analyzeCandleTables, ensureMonthPartitions, upsertMinuteCandles } from "~/models/candle.server";
import { upsertDailyBars, type DailyBar } from "~/models/day-ohlc.server";
import { refreshDailyLevels } from "~/market/daily-levels.server";
import { listMarketHolidays } from "~/models/trading-calendar.server";
import type { AppDatabase } from "~/db/client.server";
import { CUSTOMER_SUBSCRIBED_STOCKS } from "./demo-data";
import { rowsOf } from "~/db/rows";

export interface DemoHistoryOptions {
  now?: Date;
  seed?: number;
  /** Trading days of 1-minute candles, ending at the previous session. */
  minuteDays?: number;
  /** Trading days of daily bars, ending at the previous session. */
  dailyDays?: number;
  /** Symbols that get minute candles (the others get daily bars only). */
  minuteSymbols?: readonly string[];
  log?: (line: string) => void;
  /** Called after each symbol's history is committed (progress; tests inject a failure here). */
  afterSymbol?: (symbolCode: string) => Promise<void> | void;
}

export interface DemoHistorySummary {
  minuteRows: number;
  dailyRows: number;
}

export const DEMO_HISTORY_SEED = 0x5eed_4157;
/** 13 symbols x 25 sessions (121,875 minutes) take 7-12 s on in-memory PGlite (docs/decisions/011). */
export const DEFAULT_MINUTE_DAYS = 25;
export const DEFAULT_DAILY_DAYS = 250;
/** The three indices and the customer's ten subscribed stocks: what the demo users chart. */
export const DEMO_MINUTE_SYMBOLS: readonly string[] = ["NIFTY-I", "BANKNIFTY-I", "SENSEX", ...CUSTOMER_SUBSCRIBED_STOCKS];

/** Overnight gap and daily-volume noise of the generated daily bars. */
const DAILY_GAP_SIGMA = 0.003;
const DAILY_VOLUME_SIGMA = 0.35;
/** Without a stored bar to copy, a stock trades about this many shares a day. */
const FALLBACK_DAILY_VOLUME = 1_000_000;

interface SymbolRow {
  id: number;
  code: string;
  referencePrice: number | null;
}

interface AnchorBar extends DayTarget {
  tradingDate: string;
}

export async function seedDemoHistory(db: AppDatabase, options: DemoHistoryOptions = {}): Promise<DemoHistorySummary> {
  const startedAt = Date.now();
  const log = options.log ?? (() => {});
  const seed = options.seed ?? DEMO_HISTORY_SEED;
  const dailyDays = Math.max(1, options.dailyDays ?? DEFAULT_DAILY_DAYS);
  const minuteDays = Math.min(dailyDays, Math.max(0, options.minuteDays ?? DEFAULT_MINUTE_DAYS));
  const minuteCodes = new Set((options.minuteSymbols ?? DEMO_MINUTE_SYMBOLS).map((c) => c.toUpperCase()));
  const today = istDateString(options.now ?? new Date());
  const holidays = await listMarketHolidays(db);
  const isTradingDay = (ymd: string) => isTradingDayYmd(ymd, (d) => !holidays.has(d));
  const sessions = tradingDaysBefore(today, dailyDays, isTradingDay);
  if (sessions.length === 0) return { minuteRows: 0, dailyRows: 0 };
  const firstSession = sessions[0];

  const symbolRows = rowsOf<{ id: number; code: string; reference_price: string | number | null }>(
    await db.execute(sql`select id, symbol_code as code, reference_price from symbols order by id`),
  );
  const symbols: SymbolRow[] = symbolRows.map((r) => ({
    id: Number(r.id),
    code: r.code,
    referencePrice: r.reference_price === null ? null : Number(r.reference_price),
  }));
  // The latest stored bar before today (the seed's previous session) is what the history joins.
  const anchorRows = rowsOf<{
    symbol_id: number;
    trading_date: string;
    open: number;
    high: number;
    low: number;
    close: number;
    volume: number;
  }>(
    await db.execute(sql`
      select distinct on (symbol_id) symbol_id, trading_date::text as trading_date, open::float8 as open,
             high::float8 as high, low::float8 as low, close::float8 as close, volume::float8 as volume
      from day_ohlc where trading_date < ${today}::date
      order by symbol_id, trading_date desc`),
  );
  const anchors = new Map<number, AnchorBar>(
    anchorRows.map((r) => [
      Number(r.symbol_id),
      { tradingDate: r.trading_date, open: Number(r.open), high: Number(r.high), low: Number(r.low), close: Number(r.close), volume: Number(r.volume) },
    ]),
  );
  const existingDays = new Set(
    rowsOf<{ key: string }>(
      await db.execute(sql`
        select symbol_id || ':' || trading_date::text as key from day_ohlc
        where trading_date >= ${firstSession}::date and trading_date < ${today}::date`),
    ).map((r) => r.key),
  );
  // A symbol that already has minutes in the window is left alone (a second run adds nothing).
  const minuteWindowStart = istMidnight(sessions[Math.max(0, sessions.length - minuteDays)]).toISOString();
  const symbolsWithMinutes = new Set(
    rowsOf<{ symbol_id: number }>(
      await db.execute(sql`select distinct symbol_id from intraday_ohlc where ts >= ${minuteWindowStart}::timestamptz`),
    ).map((r) => Number(r.symbol_id)),
  );

  // Partitions first and outside the transactions: a failed CREATE would abort one.
  const minuteSessions = sessions.slice(sessions.length - minuteDays);
  if (minuteDays > 0) {
    await ensureMonthPartitions(
      db,
      minuteSessions.map((d) => istMidnight(d).getTime() + SESSION_OPEN_MINUTE_IST * 60_000),
    );
  }

  let minuteRows = 0;
  let dailyRows = 0;
  for (const symbol of symbols) {
    const anchor = anchors.get(symbol.id);
    const endPrice = anchor?.open ?? symbol.referencePrice;
    if (endPrice === null || !(endPrice > 0)) continue;
    // An index without traded volume (the seed's SENSEX bar has none) gets none in its history either.
    const noVolume = anchor !== undefined && anchor.volume === 0;
    const averageDailyVolume = anchor && anchor.volume > 0 ? anchor.volume : FALLBACK_DAILY_VOLUME;
    const days = anchor ? sessions.filter((d) => d <= anchor.tradingDate) : sessions;
    const wantsMinutes = minuteCodes.has(symbol.code.toUpperCase()) && minuteDays > 0 && !symbolsWithMinutes.has(symbol.id);
    const minuteDayList = wantsMinutes ? days.slice(Math.max(0, days.length - minuteDays)) : [];

    let minutes: Candle[] = [];
    const daily: DailyBar[] = [];
    if (minuteDayList.length > 0) {
      minutes = simulateMinuteBars({
        symbolCode: symbol.code,
        startPrice: endPrice,
        seed,
        days: minuteDayList,
        dayTargets: anchor && minuteDayList.includes(anchor.tradingDate) ? { [anchor.tradingDate]: anchor } : undefined,
        averageDailyVolume,
      });
      if (noVolume) minutes = minutes.map((m) => ({ ...m, volume: 0 }));
      // Daily bars of minute days are the minutes' own aggregate, so D1 and M charts agree.
      for (const bar of aggregateCandles(minutes, "D1")) {
        daily.push({ symbolId: symbol.id, tradingDate: istDateString(bar.time), ...ohlcv(bar) });
      }
    }
    const dailyOnlyDays = days.slice(0, days.length - minuteDayList.length).filter((d) => d !== anchor?.tradingDate);
    const nextOpen = minuteDayList.length > 0 ? minutes[0].open : endPrice;
    for (const bar of generateDailyBarsBackwards(symbol.code, seed, dailyOnlyDays, nextOpen, noVolume ? 0 : averageDailyVolume)) {
      daily.push({ symbolId: symbol.id, ...bar });
    }
    // Never overwrite a stored bar (the seed's previous session, an uploaded bhav copy).
    const newDaily = daily.filter((b) => !existingDays.has(`${symbol.id}:${b.tradingDate}`));
    const minuteValues = minutes.map((m) => ({ ...m, symbolId: symbol.id }));
    await db.transaction(async (tx) => {
      await upsertDailyBars(tx, newDaily);
      await upsertMinuteCandles(tx, minuteValues, { ensurePartitions: false });
      // MA, WA, MD, WD of every day of the window, the seed's previous session included (decision 129).
      await refreshDailyLevels(tx, { symbolIds: [symbol.id], fromYmd: firstSession, toYmd: sessions[sessions.length - 1] });
    });
    dailyRows += newDaily.length;
    minuteRows += minuteValues.length;
    await options.afterSymbol?.(symbol.code);
  }
  await analyzeCandleTables(db);
  log(
    `demo history: ${dailyRows} daily bars (${sessions[0]}..${sessions[sessions.length - 1]}), ` +
      `${minuteRows} minute candles (${minuteDays} sessions) in ${Date.now() - startedAt} ms`,
  );
  return { minuteRows, dailyRows };
}

function ohlcv(c: Candle) {
  return { open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume };
}

/**
 * Daily bars for `days` (ascending) that lead into a day opening at `nextOpen`: a random walk
 * generated backwards from that open, with overnight gaps and wicks. Deterministic per seed.
 */
export function generateDailyBarsBackwards(
  symbolCode: string,
  seed: number,
  days: readonly string[],
  nextOpen: number,
  averageVolume: number,
): (DayTarget & { tradingDate: string })[] {
  const random = streamFor(seed, symbolCode, "daily");
  const sigma = annualVolatility(symbolCode) / Math.sqrt(252);
  const bars: (DayTarget & { tradingDate: string })[] = [];
  let following = nextOpen;
  for (let i = days.length - 1; i >= 0; i--) {
    const close = following * Math.exp(DAILY_GAP_SIGMA * standardNormal(random));
    const open = close * Math.exp(-sigma * standardNormal(random));
    const high = Math.max(open, close) * Math.exp(Math.abs(standardNormal(random)) * sigma * 0.5);
    const low = Math.min(open, close) * Math.exp(-Math.abs(standardNormal(random)) * sigma * 0.5);
    const volume = Math.round(averageVolume * Math.exp(DAILY_VOLUME_SIGMA * standardNormal(random) - (DAILY_VOLUME_SIGMA ** 2) / 2));
    const o = roundToTick(open);
    const c = roundToTick(close);
    bars.push({ tradingDate: days[i], open: o, close: c, high: Math.max(roundToTick(high), o, c), low: Math.min(roundToTick(low), o, c), volume });
    following = open;
  }
  return bars.reverse();
}
