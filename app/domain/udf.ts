// The TradingView UDF datafeed protocol (config, symbols, search, history, quotes, marks,
// timescale_marks, time), shaped from our candles and quotes. Pure: the routes fetch, this
// module answers exactly the protocol's shapes (s, t, o, h, l, c, v, nextTime, errmsg).
import type { Candle, TimeframeId } from "./candles";
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

/** Monthly candles grouped into half-years (Jan–Jun, Jul–Dec on the IST calendar). */
export function halfYearCandles(monthly: readonly Candle[]): Candle[] {
  const groups = new Map<string, Candle>();
  for (const c of [...monthly].sort((a, b) => a.time - b.time)) {
    const ymd = istDateString(c.time + 60_000); // a month candle starts at 00:00 IST
    const half = `${ymd.slice(0, 4)}-${Number(ymd.slice(5, 7)) <= 6 ? 1 : 2}`;
    const g = groups.get(half);
    if (!g) groups.set(half, { ...c });
    else {
      g.high = Math.max(g.high, c.high);
      g.low = Math.min(g.low, c.low);
      g.close = c.close;
      g.volume += c.volume;
    }
  }
  return [...groups.values()];
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
export function udfBarTime(candle: Candle, resolution: string): number {
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
    exchanges: [{ value: "NSE", name: "NSE", desc: "National Stock Exchange of India" }],
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

export function symbolInfo(s: UdfSymbolSource) {
  const exchange = s.segment === "BSE" ? "BSE" : "NSE";
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
    data_status: "streaming",
  };
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
      exchange: symbolInfo(s).exchange,
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

/** Key events as chart marks (green for BUY, red for SELL), in the protocol's column form. */
export function marksResponse(events: readonly { id: number; time: number; label: string; price: number }[]) {
  return {
    id: events.map((e) => e.id),
    time: events.map((e) => Math.floor(e.time / 1000)),
    color: events.map((e) => (/BUY$/i.test(e.label) ? "green" : /SELL$/i.test(e.label) ? "red" : "blue")),
    text: events.map((e) => `${e.label} at ${e.price.toFixed(2)}`),
    label: events.map((e) => e.label.charAt(0).toUpperCase()),
    labelFontColor: events.map(() => "white"),
    minSize: events.map(() => 14),
  };
}

/** Swing points as timescale marks. */
export function timescaleMarksResponse(swings: readonly { time: number; price: number; kind: "high" | "low" }[]) {
  return swings.map((s, i) => ({
    id: `swing-${i}-${s.time}`,
    time: Math.floor(s.time / 1000),
    color: s.kind === "high" ? CHART_UP_COLOUR : CHART_DOWN_COLOUR,
    label: s.kind === "high" ? "H" : "L",
    tooltip: [`Swing ${s.kind} ${s.price.toFixed(2)}`],
  }));
}

