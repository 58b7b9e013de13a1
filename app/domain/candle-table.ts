// The chart's table view (docs/decisions/155): the candles the chart shows, as rows a screen
// reader or a reader without the drawing can use. Times in IST, prices in Indian grouping.
import type { Candle } from "./candles";
import { formatIstDate, formatIstDateTime, formatIstTime } from "./ist-format";
import { formatNumber } from "./format";

/** The most rows the table lists; the rest are summed up in its caption (docs/decisions/155). */
export const TABLE_VIEW_MAX_ROWS = 60;

export interface CandleRow {
  /** ISO instant, for <time dateTime>. */
  iso: string;
  /** IST: "hh:mm:ss AM" on an intraday chart (the date when it changes), "DD-MM-YYYY" on a daily one. */
  time: string;
  open: string;
  high: string;
  low: string;
  close: string;
  /** Whole units in Indian grouping; empty for a candle that carries no quantity (a spot index). */
  volume: string;
}

/** Indices of the candles the chart shows: the whole series, or the range the user panned or zoomed to. */
export interface VisibleRange {
  from: number;
  to: number;
}

/** `range` clamped to the candles (whole indices, from <= to); the whole series when absent or empty. */
export function clampVisibleRange(count: number, range: VisibleRange | null | undefined): VisibleRange {
  if (count === 0) return { from: 0, to: -1 };
  if (!range || !Number.isFinite(range.from) || !Number.isFinite(range.to)) return { from: 0, to: count - 1 };
  const from = Math.max(0, Math.min(count - 1, Math.ceil(range.from)));
  const to = Math.max(0, Math.min(count - 1, Math.floor(range.to)));
  return from <= to ? { from, to } : { from: 0, to: count - 1 };
}

/**
 * The visible candles as table rows, newest first, at most TABLE_VIEW_MAX_ROWS of them (the
 * newest), with how many are visible in all. An intraday row names the date only where it
 * differs from the row below it (the older one), as the chart's axis does.
 */
export function candleTableRows(
  candles: readonly Candle[],
  range: VisibleRange | null | undefined,
  intraday: boolean,
): { rows: CandleRow[]; visible: number } {
  const { from, to } = clampVisibleRange(candles.length, range);
  const visible = to - from + 1;
  const start = Math.max(from, to - TABLE_VIEW_MAX_ROWS + 1);
  const rows: CandleRow[] = [];
  for (let i = to; i >= start; i--) {
    const c = candles[i];
    const older = i > 0 ? candles[i - 1] : undefined;
    const newDay = !older || formatIstDate(older.time) !== formatIstDate(c.time);
    const time = !intraday ? formatIstDate(c.time) : newDay || i === to ? formatIstDateTime(c.time) : formatIstTime(c.time);
    rows.push({ iso: new Date(c.time).toISOString(), time, open: formatNumber(c.open), high: formatNumber(c.high), low: formatNumber(c.low), close: formatNumber(c.close), volume: c.volume > 0 ? formatNumber(c.volume, 0) : "" });
  }
  return { rows, visible: Math.max(0, visible) };
}

/** The table's caption: what it lists, and how many of the visible candles when it lists fewer. */
export function candleTableCaption(title: string, shown: number, visible: number): string {
  if (visible === 0) return `${title}: no candles`;
  const what = visible === 1 ? "candle" : "candles";
  return shown < visible ? `${title}: the newest ${shown} of ${visible} visible ${what}, newest first` : `${title}: ${visible} visible ${what}, newest first`;
}

/** The readout's text for assistive technology: the candle's OHLC in words. */
export function candleReadoutLabel(c: Candle, intraday: boolean): string {
  const when = intraday ? formatIstDateTime(c.time) : formatIstDate(c.time);
  return `${when} IST: open ${formatNumber(c.open)}, high ${formatNumber(c.high)}, low ${formatNumber(c.low)}, close ${formatNumber(c.close)}`;
}
