// The TradingView UDF datafeed protocol (config, symbols, search, history, quotes, marks,
// timescale_marks, time), shaped from our candles and quotes. Pure: the routes fetch, this
// module answers exactly the protocol's shapes (s, t, o, h, l, c, v, nextTime, errmsg).
import { IST_OFFSET_MINUTES, periodBounds, rollUpCandles, timeframeById, type BucketSizeMinutes, type Candle, type TimeframeId } from "./candles";
import type { Quote } from "./quotes";
import { istDateString } from "./dates";
import { CHART_DOWN_COLOUR, CHART_UP_COLOUR } from "./targets";

/** The documents: intraday resolutions 1, 2, 5; supported 1, 2, 15, 240, 1D, 1W, 1M, 6M. */
export const UDF_SUPPORTED_RESOLUTIONS = ["1", "2", "5", "15", "240", "1D", "1W", "1M", "6M"] as const;
export const UDF_INTRADAY_MULTIPLIERS = ["1", "2", "5"] as const;
export const UDF_SEARCH_LIMIT = 30;
export const NSE_SESSION = "0915-1530";
export const NSE_TIMEZONE = "Asia/Kolkata";

export type UdfResolution = (typeof UDF_SUPPORTED_RESOLUTIONS)[number];

/** A resolution string as a timeframe; 6M is built from monthly candles (halfYearCandles). */
export function timeframeForResolution(resolution: string): { timeframe: TimeframeId; halfYears: boolean } | null {
  const r = resolution.trim().toUpperCase();
  // The documented list (config) plus the other minute sizes our own widget asks for.
  const minutes: Record<string, TimeframeId> = {
    "1": "M1", "2": "M2", "3": "M3", "4": "M4", "5": "M5", "10": "M10", "15": "M15", "30": "M30",
    "60": "H1", "120": "H2", "240": "H4",
  };
  if (minutes[r]) return { timeframe: minutes[r], halfYears: false };
  if (r === "D" || r === "1D") return { timeframe: "D1", halfYears: false };
  if (r === "W" || r === "1W") return { timeframe: "W1", halfYears: false };
  if (r === "M" || r === "1M") return { timeframe: "MN", halfYears: false };
  if (r === "6M") return { timeframe: "MN", halfYears: true };
  return null;
}

export function isDailyOrLonger(resolution: string): boolean {
  return /[DWM]$/i.test(resolution.trim());
}

/**
 * What a resolution's bars are built from: session-aligned buckets of N minutes, or trading
 * days grouped by day, week, month or half-year (docs/decisions/122).
 */
export type UdfBarSpec = { kind: "minutes"; minutes: BucketSizeMinutes } | { kind: UdfCalendarKind };
export type UdfCalendarKind = "D" | "W" | "M" | "6M";

export function udfBarSpec(resolution: string): UdfBarSpec | null {
  const tf = timeframeForResolution(resolution);
  if (!tf) return null;
  if (tf.halfYears) return { kind: "6M" };
  const timeframe = timeframeById(tf.timeframe);
  return timeframe.kind === "minutes" ? { kind: "minutes", minutes: timeframe.minutes } : { kind: timeframe.kind };
}

/**
 * The protocol's times are Unix seconds, any of them (the library asks from 1830 to build 6M
 * from 1M). Bars exist between these bounds only, so anything outside is clamped to them,
 * which keeps every date the code builds a plain four-digit year.
 */
export const UDF_EARLIEST_SECONDS = Date.UTC(1800, 0, 1) / 1000;
export const UDF_LATEST_SECONDS = Date.UTC(9999, 11, 31) / 1000;
export function clampUdfSeconds(seconds: number): number {
  return Math.min(UDF_LATEST_SECONDS, Math.max(UDF_EARLIEST_SECONDS, seconds));
}

/**
 * The most bars one history answer holds. A range or countback beyond it gets its newest bars
 * (docs/decisions/122): fewer than countback makes the library ask again before the oldest, and
 * the UDF client pages with limitedServerResponse { maxResponseLength, expectedOrder: "latestFirst" }.
 */
export const UDF_MAX_BARS = 100_000;

const DAY_SECONDS = 86_400;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;

/** The UTC calendar date of a Unix time, YYYY-MM-DD (daily bars are stamped 00:00 UTC). */
export function utcYmd(seconds: number): string {
  return new Date(Math.floor(seconds / DAY_SECONDS) * DAY_SECONDS * 1000).toISOString().slice(0, 10);
}

/** The Unix time of 00:00 UTC of a date: a daily bar's UDF time. */
export function utcMidnightSeconds(ymd: string): number {
  return Date.parse(`${ymd}T00:00:00Z`) / 1000;
}

function addUtcDays(ymd: string, days: number): string {
  return utcYmd(utcMidnightSeconds(ymd) + days * DAY_SECONDS);
}

/** The first day of the day, week (from Monday), month or half-year holding a date. */
export function periodStartYmd(ymd: string, kind: UdfCalendarKind): string {
  if (kind === "D") return ymd;
  if (kind === "W") return addUtcDays(ymd, -((new Date(`${ymd}T00:00:00Z`).getUTCDay() + 6) % 7));
  if (kind === "M") return `${ymd.slice(0, 7)}-01`;
  return `${ymd.slice(0, 4)}-${Number(ymd.slice(5, 7)) <= 6 ? "01" : "07"}-01`;
}

/** The first day after the period holding a date. */
export function periodEndYmd(ymd: string, kind: UdfCalendarKind): string {
  const start = periodStartYmd(ymd, kind);
  if (kind === "D") return addUtcDays(start, 1);
  if (kind === "W") return addUtcDays(start, 7);
  const [y, m] = start.split("-").map(Number);
  const next = m + (kind === "M" ? 1 : 6);
  return next > 12 ? `${y + 1}-${String(next - 12).padStart(2, "0")}-01` : `${y}-${String(next).padStart(2, "0")}-01`;
}

/** One trading day's bar, as day_ohlc holds it. */
export interface TradingDay {
  ymd: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/**
 * Trading days (oldest first) grouped into D/W/M/6M bars: first open, highest high, lowest
 * low, last close, summed volume. Each bar's time is 00:00 IST of its first trading day, which
 * udfBarTime answers as 00:00 UTC of that day: the docs want daily bars on a trading day and
 * monthly ones on the first trading day of the month, not the calendar's first day.
 */
export function aggregateTradingDays(days: readonly TradingDay[], kind: UdfCalendarKind): Candle[] {
  let currentPeriod: string | null = null;
  return rollUpCandles(days, (d) => {
    const period = periodStartYmd(d.ymd, kind);
    if (period === currentPeriod) return null;
    currentPeriod = period;
    return utcMidnightSeconds(d.ymd) * 1000 - IST_OFFSET_MS;
  });
}

/** The UDF resolution of one of our timeframes. */
export function resolutionForTimeframe(timeframe: TimeframeId): string {
  const map: Record<TimeframeId, string> = {
    M1: "1", M2: "2", M3: "3", M4: "4", M5: "5", M10: "10", M15: "15", M30: "30",
    H1: "60", H2: "120", H4: "240", D1: "1D", W1: "1W", MN: "1M",
  };
  return map[timeframe];
}

/**
 * A bar's UDF time in seconds. Intraday bars carry their UTC start. Daily and longer bars carry
 * 00:00 UTC of their IST date, as UDF expects for D/W/M bars (the library applies the symbol's
 * time zone to intraday bars only).
 */
export function udfBarTime(candle: Pick<Candle, "time">, resolution: string): number {
  if (!isDailyOrLonger(resolution)) return Math.floor(candle.time / 1000);
  const ymd = istDateString(candle.time + 60_000);
  return Date.parse(`${ymd}T00:00:00Z`) / 1000;
}

export type UdfHistory =
  | { s: "ok"; t: number[]; o: number[]; h: number[]; l: number[]; c: number[]; v: number[] }
  | { s: "no_data"; nextTime?: number }
  | { s: "error"; errmsg: string };

/**
 * The history answer: bars oldest first; `no_data` when none fall in the window, with
 * `nextTime` = the newest bar before the window when there is one (so the chart can jump).
 */
export function historyResponse(candles: readonly Candle[], resolution: string, previous: Candle | null): UdfHistory {
  if (candles.length === 0) {
    return previous ? { s: "no_data", nextTime: udfBarTime(previous, resolution) } : { s: "no_data" };
  }
  const sorted = [...candles].sort((a, b) => a.time - b.time);
  return {
    s: "ok",
    t: sorted.map((c) => udfBarTime(c, resolution)),
    o: sorted.map((c) => c.open),
    h: sorted.map((c) => c.high),
    l: sorted.map((c) => c.low),
    c: sorted.map((c) => c.close),
    v: sorted.map((c) => c.volume),
  };
}

/**
 * The history answer read back as the app's candles of a timeframe (the advanced chart draws
 * what the datafeed answers): intraday bars keep their start; a daily or longer bar, stamped
 * 00:00 UTC of its first trading day, becomes the start of its IST period (00:00 IST of the
 * day, the Monday, the 1st), as /chart-data stamps it, so live ticks land on the same candle.
 */
export function udfHistoryToCandles(history: UdfHistory, timeframe: TimeframeId): Candle[] {
  if (history.s !== "ok") return [];
  const tf = timeframeById(timeframe);
  return history.t.map((t, i) => ({
    time: tf.kind === "minutes" ? t * 1000 : periodBounds(t * 1000, tf).start,
    open: history.o[i],
    high: history.h[i],
    low: history.l[i],
    close: history.c[i],
    volume: history.v[i] ?? 0,
  }));
}

export function udfError(errmsg: string): UdfHistory {
  return { s: "error", errmsg };
}

export function configResponse() {
  return {
    supported_resolutions: [...UDF_SUPPORTED_RESOLUTIONS],
    supports_group_request: false,
    supports_marks: true,
    supports_search: true,
    supports_timescale_marks: true,
    supports_time: true,
    exchanges: [
      { value: "", name: "All Exchanges", desc: "" },
      { value: "NSE", name: "NSE", desc: "National Stock Exchange of India" },
      { value: "BSE", name: "BSE", desc: "BSE (Bombay Stock Exchange)" },
    ],
    symbols_types: [
      { name: "All types", value: "" },
      { name: "Index", value: "index" },
      { name: "Stock", value: "stock" },
    ],
  };
}

export interface UdfSymbolSource {
  symbolCode: string;
  description: string;
  segment: string;
}

/** Index futures (…-I) and the Sensex are indices; everything else is a stock. */
export function symbolType(code: string): "index" | "stock" {
  return /-I$/i.test(code) || code.toUpperCase() === "SENSEX" ? "index" : "stock";
}

/** The Sensex is BSE's index whatever segment a symbol list gave it; other BSE rows by segment. */
export function udfExchange(s: Pick<UdfSymbolSource, "symbolCode" | "segment">): "NSE" | "BSE" {
  return s.segment.toUpperCase() === "BSE" || s.symbolCode.toUpperCase() === "SENSEX" ? "BSE" : "NSE";
}

/** A cash index (the Sensex) trades no volume of its own; index futures (…-I) and stocks do. */
export function hasNoVolume(code: string): boolean {
  return symbolType(code) === "index" && !/-I$/i.test(code);
}

export function symbolInfo(s: UdfSymbolSource) {
  const exchange = udfExchange(s);
  const noVolume = hasNoVolume(s.symbolCode);
  return {
    name: s.symbolCode,
    ticker: s.symbolCode,
    description: s.description || s.symbolCode,
    type: symbolType(s.symbolCode),
    session: NSE_SESSION,
    exchange,
    listed_exchange: exchange,
    timezone: NSE_TIMEZONE,
    format: "price",
    // NSE prices move in 5 paise: minmov 5 over pricescale 100.
    minmov: 5,
    pricescale: 100,
    has_intraday: true,
    has_daily: true,
    has_weekly_and_monthly: true,
    intraday_multipliers: [...UDF_INTRADAY_MULTIPLIERS],
    supported_resolutions: [...UDF_SUPPORTED_RESOLUTIONS],
    volume_precision: 0,
    // has_no_volume for the v17 library, visible_plots_set for the libraries that replaced it.
    has_no_volume: noVolume,
    visible_plots_set: noVolume ? "ohlc" : "ohlcv",
    data_status: "streaming",
  };
}

/** The search's filters: `type` and `exchange` as /config lists them, "" for all. */
export function matchesUdfSearch(s: UdfSymbolSource, filters: { type: string; exchange: string }): boolean {
  const type = filters.type.trim().toLowerCase();
  const exchange = filters.exchange.trim().toUpperCase();
  return (type === "" || symbolType(s.symbolCode) === type) && (exchange === "" || udfExchange(s) === exchange);
}

export function searchResult(s: UdfSymbolSource) {
  const info = symbolInfo(s);
  return {
    symbol: s.symbolCode,
    full_name: `${info.exchange}:${s.symbolCode}`,
    description: info.description,
    exchange: info.exchange,
    ticker: s.symbolCode,
    type: info.type,
  };
}

export function quoteValues(q: Quote, s: UdfSymbolSource) {
  return {
    s: "ok" as const,
    n: s.symbolCode,
    v: {
      ch: q.change,
      chp: q.changePercent,
      short_name: s.symbolCode,
      exchange: udfExchange(s),
      description: s.description || s.symbolCode,
      lp: q.last,
      ask: q.ask,
      bid: q.bid,
      spread: Math.round((q.ask - q.bid) * 100) / 100,
      open_price: q.open,
      high_price: q.high,
      low_price: q.low,
      prev_close_price: q.prevClose,
      volume: q.volume,
    },
  };
}

/**
 * The instants [from, to) whose events belong on the bars a marks request shows: `from` and `to`
 * are the leftmost and rightmost visible bars' times, so the rightmost bar counts whole. A
 * daily or longer bar at 00:00 UTC stands for its whole IST trading day (or period).
 */
export function udfMarksWindow(from: number, to: number, resolution: string): { fromMs: number; toMs: number } {
  const spec = udfBarSpec(resolution) ?? { kind: "D" };
  const f = clampUdfSeconds(from);
  const t = clampUdfSeconds(to);
  if (spec.kind === "minutes") return { fromMs: f * 1000, toMs: (t + spec.minutes * 60) * 1000 };
  const istDay = (ymd: string) => utcMidnightSeconds(ymd) * 1000 - IST_OFFSET_MS;
  return { fromMs: istDay(utcYmd(f)), toMs: istDay(periodEndYmd(utcYmd(t), spec.kind)) };
}

/** Key events as chart marks (green for BUY, red for SELL), in the protocol's column form. */
export function marksResponse(events: readonly { id: number; time: number; label: string; price: number }[], resolution = "1") {
  return {
    id: events.map((e) => e.id),
    time: events.map((e) => udfBarTime(e, resolution)),
    color: events.map((e) => (/BUY$/i.test(e.label) ? "green" : /SELL$/i.test(e.label) ? "red" : "blue")),
    text: events.map((e) => `${e.label} at ${e.price.toFixed(2)}`),
    label: events.map((e) => e.label.charAt(0).toUpperCase()),
    labelFontColor: events.map(() => "white"),
    minSize: events.map(() => 14),
  };
}

/** Swing points as timescale marks, each at its bar's UDF time (a daily mark on its own day). */
export function timescaleMarksResponse(swings: readonly { time: number; price: number; kind: "high" | "low" }[], resolution: string) {
  return swings.map((s, i) => ({
    id: `swing-${i}-${s.time}`,
    time: udfBarTime(s, resolution),
    color: s.kind === "high" ? CHART_UP_COLOUR : CHART_DOWN_COLOUR,
    label: s.kind === "high" ? "H" : "L",
    tooltip: [`Swing ${s.kind} ${s.price.toFixed(2)}`],
  }));
}

