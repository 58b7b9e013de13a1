// Candles, IST-aligned buckets and timeframe aggregation (DECISIONS 13, trading-dashboard.md §2, §4, §9).
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
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;

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

/** The chart's timeframe selector, in display order (trading-dashboard.md §2). */
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

/**
 * DECISIONS 13: the start (UTC epoch ms) of the IST-aligned bucket holding the instant:
 * floor((t + 330 min) / size) x size - 330 min. So 15-minute buckets start at 09:15, 09:30 … IST,
 * hourly ones at 09:00, 10:00 … IST, and daily-sized ones at IST midnight (18:30 UTC).
 */
export function bucketStart(timeMs: number, sizeMinutes: number): number {
  assertBucketSize(sizeMinutes);
  const sizeMs = sizeMinutes * 60_000;
  return Math.floor((timeMs + IST_OFFSET_MS) / sizeMs) * sizeMs - IST_OFFSET_MS;
}

/** 09:15 IST, the NSE session's open, in minutes after IST midnight. */
export const SESSION_OPEN_MINUTES_IST = 555;

/**
 * The start (UTC epoch ms) of the session-aligned bucket holding the instant: buckets of N
 * minutes counted from 09:15 IST, as a charting library lays bars on the session (2-minute bars
 * open at 09:15, 4-hour bars at 09:15 and 13:15; docs/decisions/122). Every allowed size
 * divides a day, so the grid runs on unbroken across days and nights.
 */
export function sessionBucketStart(timeMs: number, sizeMinutes: number): number {
  assertBucketSize(sizeMinutes);
  const sizeMs = sizeMinutes * 60_000;
  const originMs = (SESSION_OPEN_MINUTES_IST - IST_OFFSET_MINUTES) * 60_000;
  return Math.floor((timeMs - originMs) / sizeMs) * sizeMs + originMs;
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
 * Buckets ticks into candles of `sizeMinutes` (DECISIONS 13): open is the bucket's first tick,
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
  const start = bucketStart(tick.time, sizeMinutes);
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
 * summed volume. Intraday buckets follow DECISIONS 13; D1 is the IST calendar day, W1 the IST
 * week starting Monday, MN the IST calendar month (each stamped at its 00:00 IST start). The
 * input may be unsorted; it is sorted by time (ties keep input order) and never mutated.
 */
export function aggregateCandles(candles1m: readonly Candle[], timeframe: TimeframeId | Timeframe): Candle[] {
  const tf = typeof timeframe === "string" ? timeframeById(timeframe) : timeframe;
  const out: Candle[] = [];
  let current: Candle | undefined;
  let currentEnd = Number.NEGATIVE_INFINITY;
  for (const c of byTime(candles1m)) {
    // Input is sorted, so a candle before the current period's end belongs to it.
    if (current === undefined || c.time >= currentEnd) {
      const { start, end } = periodBounds(c.time, tf);
      currentEnd = end;
      current = { time: start, open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume };
      out.push(current);
    } else {
      current.high = Math.max(current.high, c.high);
      current.low = Math.min(current.low, c.low);
      current.close = c.close;
      current.volume += c.volume;
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
