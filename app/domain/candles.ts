// Candles, IST-aligned buckets and timeframe aggregation (docs/product-rules.md R-D13, docs/product-rules.md R-TD2, R-TD4, R-TD9).
// Pure and browser-safe.
import { istPeriodBounds } from "~/domain/dates";

export interface Candle {
  /** Epoch ms (UTC) of the bucket's start. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface Tick {
  /** Epoch ms (UTC). */
  time: number;
  price: number;
  volume?: number;
}

/** IST is UTC+05:30 all year (no daylight saving): the documents' "330 minute shift". */
export const IST_OFFSET_MINUTES = 330;

/**
 * A chart library that draws in UTC gets times shifted by this many seconds so that its axis
 * reads IST (the documents' live-candle offset of 19800 s).
 */
export const CHART_UTC_OFFSET_SECONDS = 19_800;

/** Bucket sizes (minutes) that bucketStart accepts. */
export const BUCKET_SIZES_MINUTES = [1, 2, 3, 4, 5, 10, 15, 30, 60, 120, 240] as const;
export type BucketSizeMinutes = (typeof BUCKET_SIZES_MINUTES)[number];

export type TimeframeId = "M1" | "M2" | "M3" | "M4" | "M5" | "M10" | "M15" | "M30" | "H1" | "H2" | "H4" | "D1" | "W1" | "MN";

export type Timeframe =
  | { id: TimeframeId; kind: "minutes"; minutes: BucketSizeMinutes }
  | { id: TimeframeId; kind: "D" | "W" | "M" };

/** The chart's timeframe selector, in display order (docs/product-rules.md R-TD2). */
export const TIMEFRAMES: readonly Timeframe[] = [
  { id: "M1", kind: "minutes", minutes: 1 },
  { id: "M2", kind: "minutes", minutes: 2 },
  { id: "M3", kind: "minutes", minutes: 3 },
  { id: "M4", kind: "minutes", minutes: 4 },
  { id: "M5", kind: "minutes", minutes: 5 },
  { id: "M10", kind: "minutes", minutes: 10 },
  { id: "M15", kind: "minutes", minutes: 15 },
  { id: "M30", kind: "minutes", minutes: 30 },
  { id: "H1", kind: "minutes", minutes: 60 },
  { id: "H2", kind: "minutes", minutes: 120 },
  { id: "H4", kind: "minutes", minutes: 240 },
  { id: "D1", kind: "D" },
  { id: "W1", kind: "W" },
  { id: "MN", kind: "M" },
];

/** The /chart page's selector (3M, 5M, 15M, 1HR, 1D, 1W, 1M; default 1D) mapped to timeframes. */
export const CHART_PAGE_TIMEFRAMES: readonly { label: string; timeframe: TimeframeId }[] = [
  { label: "3M", timeframe: "M3" },
  { label: "5M", timeframe: "M5" },
  { label: "15M", timeframe: "M15" },
  { label: "1HR", timeframe: "H1" },
  { label: "1D", timeframe: "D1" },
  { label: "1W", timeframe: "W1" },
  { label: "1M", timeframe: "MN" },
];
export const DEFAULT_CHART_PAGE_TIMEFRAME: TimeframeId = "D1";

/**
 * The /chart page's selector for the timeframe it draws: the page's own choices, and the drawn
 * timeframe too (named by its id, as the dashboard's selector names it) when a link asked for one
 * outside them (?tf=M1), so the selector never names another timeframe than the chart's.
 */
export function chartPageTimeframeOptions(current: TimeframeId): { value: TimeframeId; label: string }[] {
  const options = CHART_PAGE_TIMEFRAMES.map((t) => ({ value: t.timeframe, label: t.label }));
  return options.some((o) => o.value === current) ? options : [{ value: current, label: current }, ...options];
}

export function isTimeframeId(value: unknown): value is TimeframeId {
  return typeof value === "string" && TIMEFRAMES.some((t) => t.id === value);
}

export function timeframeById(id: TimeframeId): Timeframe {
  const found = TIMEFRAMES.find((t) => t.id === id);
  if (!found) throw new RangeError(`Unknown timeframe ${JSON.stringify(id)}`);
  return found;
}

function assertBucketSize(sizeMinutes: number): asserts sizeMinutes is BucketSizeMinutes {
  if (!(BUCKET_SIZES_MINUTES as readonly number[]).includes(sizeMinutes)) {
    throw new RangeError(`Unsupported bucket size ${sizeMinutes} min (allowed: ${BUCKET_SIZES_MINUTES.join(", ")})`);
  }
}

/** 09:15 IST, the NSE session's open, in minutes after IST midnight. */
export const SESSION_OPEN_MINUTES_IST = 555;
const SESSION_ORIGIN_MS = (SESSION_OPEN_MINUTES_IST - IST_OFFSET_MINUTES) * 60_000;

/**
 * The one rule for intraday buckets (docs/product-rules.md R-D13 as amended by docs/decisions/127): the start
 * (UTC epoch ms) of the bucket of N minutes holding the instant, counted from the 09:15 IST
 * session open, as Kite and TradingView lay bars on an NSE session: 15-minute buckets start at
 * 09:15, 09:30 …, hourly ones at 09:15, 10:15 …, 4-hour ones at 09:15 and 13:15. For 1, 3, 5
 * and 15 minutes this is the IST clock alignment. Every allowed size divides a day, so the grid
 * runs on unbroken across nights and holidays. The chart pages, /chart-data, the hourly rollup,
 * the UDF feed and the browser's live candle all use it.
 */
export function bucketStart(timeMs: number, sizeMinutes: number): number {
  assertBucketSize(sizeMinutes);
  const sizeMs = sizeMinutes * 60_000;
  return Math.floor((timeMs - SESSION_ORIGIN_MS) / sizeMs) * sizeMs + SESSION_ORIGIN_MS;
}

/** Stable sort by time (equal times keep their input order). Never mutates the input. */
function byTime<T extends { time: number }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.time - b.item.time || a.index - b.index)
    .map(({ item }) => item);
}

function isUsableTick(t: Tick): boolean {
  return Number.isFinite(t.time) && Number.isFinite(t.price);
}

/**
 * Buckets ticks into candles of `sizeMinutes` (docs/product-rules.md R-D13): open is the bucket's first tick,
 * close its last, high and low the highest and lowest tick price, volume the summed tick volume
 * (a tick without volume adds 0). Ticks are ordered by time first (ties keep arrival order);
 * ticks with a non-finite time or price are ignored. Candles come out sorted by time.
 */
export function bucketTicks(ticks: readonly Tick[], sizeMinutes: number): Candle[] {
  assertBucketSize(sizeMinutes);
  const candles: Candle[] = [];
  let current: Candle | undefined;
  for (const tick of byTime(ticks.filter(isUsableTick))) {
    // Ticks are sorted, so a tick never falls before the current bucket.
    const next = mergeTickIntoCandle(current, tick, sizeMinutes);
    if (current !== undefined && next.time === current.time) candles[candles.length - 1] = next;
    else candles.push(next);
    current = next;
  }
  return candles;
}

/**
 * Folds one live tick into the live candle. A tick in the candle's bucket updates high, low,
 * close and volume; a tick in a later bucket (or no candle yet) starts a new candle at that
 * tick's bucket. A late tick from an earlier bucket cannot change the live candle and is
 * ignored (the same candle is returned). Returns a new object; the input is never mutated.
 */
export function mergeTickIntoCandle(candle: Candle | undefined, tick: Tick, sizeMinutes: number): Candle {
  return foldIntoCandle(candle, tick, bucketStart(tick.time, sizeMinutes));
}

/** docs/product-rules.md R-D13's fold of one tick into the candle of the bucket starting at `start`. */
function foldIntoCandle(candle: Candle | undefined, tick: Tick, start: number): Candle {
  const volume = tick.volume !== undefined && Number.isFinite(tick.volume) ? tick.volume : 0;
  if (candle === undefined || start > candle.time) {
    return { time: start, open: tick.price, high: tick.price, low: tick.price, close: tick.price, volume };
  }
  if (start < candle.time) return candle;
  return {
    time: candle.time,
    open: candle.open,
    high: Math.max(candle.high, tick.price),
    low: Math.min(candle.low, tick.price),
    close: tick.price,
    volume: candle.volume + volume,
  };
}

/**
 * The browser's live candles (docs/decisions/127): folds a tick into a timeframe's candles by
 * the server's rule. A tick in the last candle's bucket or period moves it (high, low, close,
 * volume; the open stays the bucket's first price); a tick in a later one appends a candle, so
 * the candle it leaves behind stays drawn; a tick older than the last candle is ignored, as the
 * candle writer ignores a tick for a closed minute. Returns the same array when nothing changed.
 */
export function foldTick(candles: readonly Candle[], tick: Tick, timeframe: TimeframeId | Timeframe): readonly Candle[] {
  const out = candles.slice();
  return foldInto(out, tick, typeof timeframe === "string" ? timeframeById(timeframe) : timeframe) ? out : candles;
}

/** foldTick over many ticks in arrival order (one copy of the candles, not one per tick). */
export function foldTicks(candles: readonly Candle[], ticks: readonly Tick[], timeframe: TimeframeId | Timeframe): readonly Candle[] {
  const tf = typeof timeframe === "string" ? timeframeById(timeframe) : timeframe;
  const out = candles.slice();
  let changed = false;
  for (const tick of ticks) changed = foldInto(out, tick, tf) || changed;
  return changed ? out : candles;
}

/** The fold of foldTick, in place on a working copy; answers whether it changed anything. */
function foldInto(out: Candle[], tick: Tick, tf: Timeframe): boolean {
  if (!isUsableTick(tick)) return false;
  const start = periodBounds(tick.time, tf).start;
  const last = out[out.length - 1];
  if (last !== undefined && start < last.time) return false;
  if (last !== undefined && last.time === start) out[out.length - 1] = foldIntoCandle(last, tick, start);
  else out.push(foldIntoCandle(undefined, tick, start));
  return true;
}

/** What a live quote carries that the live candle needs (app/domain/quotes.ts Quote). */
export interface QuoteSample {
  time: number;
  last: number;
  /** The day's traded volume so far. */
  volume: number;
  /** The last print's quantity. */
  ltq: number;
}

/**
 * The tick a live quote stands for, given the quote received before it. The server sends the
 * latest quote per symbol per frame, so prints between two quotes may not arrive one by one;
 * the day's volume does count them, so the tick's volume is the growth of the day's volume
 * since the previous quote. Without a previous quote, or when the day's volume started again
 * (a new day), it is the quote's own last print.
 */
export function tickFromQuote(quote: QuoteSample, previous: QuoteSample | undefined): Tick {
  const grown = previous !== undefined && quote.volume >= previous.volume ? quote.volume - previous.volume : undefined;
  return { time: quote.time, price: quote.last, volume: grown ?? quote.ltq };
}

/**
 * Puts the server's candles in place of the browser's (docs/decisions/127). Those that start
 * before `liveStart` are closed: they replace the browser's over the span they cover (the
 * browser's older candles before that span stay). The server's candle at `liveStart`, when the
 * browser has one there too, corrects the live candle: the server saw every print, so its open
 * is the bucket's first price and its extremes are reached; the browser's close is its latest
 * price and its volume is kept when larger (the server's may be a write behind). Server candles
 * after `liveStart` are left for a later read. The browser's candles from `liveStart` on stay.
 */
export function spliceClosedCandles(local: readonly Candle[], server: readonly Candle[], liveStart: number): Candle[] {
  const closed = server.filter((c) => c.time < liveStart);
  const from = closed.length > 0 ? closed[0].time : liveStart;
  const serverLive = server.find((c) => c.time === liveStart);
  const live = local
    .filter((c) => c.time >= liveStart)
    .map((c) =>
      c.time === liveStart && serverLive !== undefined
        ? {
            time: c.time,
            open: serverLive.open,
            high: Math.max(c.high, serverLive.high),
            low: Math.min(c.low, serverLive.low),
            close: c.close,
            volume: Math.max(c.volume, serverLive.volume),
          }
        : c,
    );
  return [...local.filter((c) => c.time < from), ...closed, ...live];
}

/** The [start, end) bounds (epoch ms) of the timeframe period holding an instant. */
export function periodBounds(timeMs: number, timeframe: Timeframe): { start: number; end: number } {
  if (timeframe.kind === "minutes") {
    const start = bucketStart(timeMs, timeframe.minutes);
    return { start, end: start + timeframe.minutes * 60_000 };
  }
  return istPeriodBounds(timeMs, timeframe.kind);
}

/**
 * Aggregates 1-minute candles into a timeframe: first open, highest high, lowest low, last close,
 * summed volume. Intraday buckets follow docs/product-rules.md R-D13; D1 is the IST calendar day, W1 the IST
 * week starting Monday, MN the IST calendar month (each stamped at its 00:00 IST start). The
 * input may be unsorted; it is sorted by time (ties keep input order) and never mutated.
 */
export function aggregateCandles(candles1m: readonly Candle[], timeframe: TimeframeId | Timeframe): Candle[] {
  const tf = typeof timeframe === "string" ? timeframeById(timeframe) : timeframe;
  let currentEnd = Number.NEGATIVE_INFINITY;
  return rollUpCandles(byTime(candles1m), (c) => {
    // Input is sorted, so a candle before the current period's end belongs to it.
    if (c.time < currentEnd) return null;
    const { start, end } = periodBounds(c.time, tf);
    currentEnd = end;
    return start;
  });
}

/**
 * Bars in time order rolled up into one candle a period: first open, highest high, lowest low,
 * last close, summed volume. `opensPeriodAt` answers, for each bar, the time to stamp a new
 * candle with when the bar starts a new period, or null when it belongs to the current one (so
 * it answers a time for the first bar).
 */
export function rollUpCandles<T extends Omit<Candle, "time">>(bars: Iterable<T>, opensPeriodAt: (bar: T) => number | null): Candle[] {
  const out: Candle[] = [];
  let current: Candle | undefined;
  for (const bar of bars) {
    const start = opensPeriodAt(bar);
    if (start !== null) {
      current = { time: start, open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: bar.volume };
      out.push(current);
    } else if (current !== undefined) {
      current.high = Math.max(current.high, bar.high);
      current.low = Math.min(current.low, bar.low);
      current.close = bar.close;
      current.volume += bar.volume;
    }
  }
  return out;
}

/**
 * The chart time (UTC seconds, as chart libraries take it) for an epoch-ms instant, shifted by
 * CHART_UTC_OFFSET_SECONDS so a UTC axis shows IST wall-clock time.
 */
export function toChartTime(ms: number): number {
  return Math.floor(ms / 1000) + CHART_UTC_OFFSET_SECONDS;
}

/** Inverse of toChartTime: the epoch ms of a shifted chart time. */
export function fromChartTime(chartSeconds: number): number {
  return (chartSeconds - CHART_UTC_OFFSET_SECONDS) * 1000;
}
