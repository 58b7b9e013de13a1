// Chart layout. The multi-chart page: how many charts (the user's "chart" setting: 1, 2 or 4)
// and which symbols fill them by default (the top bar's indices first, then the user's other
// symbols). Inside a chart: line labels that never cover each other, the price range, and the
// labels of a time axis without gaps (docs/decisions/127).
import { TOP_BAR_INDICES } from "./quotes";
import { istClock } from "./ist-format";

export type ChartCount = 1 | 2 | 4;

export function chartCount(setting: string | undefined): ChartCount {
  return setting === "2" ? 2 : setting === "4" ? 4 : 1;
}

export function defaultChartSymbols(visibleCodes: readonly string[], count: ChartCount): string[] {
  const preferred = [...TOP_BAR_INDICES.map((i) => i.code), ...visibleCodes];
  const unique = [...new Set(preferred.filter((c) => visibleCodes.includes(c)))];
  const picked = unique.slice(0, count);
  // Fewer visible symbols than charts: repeat the first rather than show an empty slot.
  while (picked.length < count && picked.length > 0) picked.push(picked[0]);
  return picked;
}

// ---------------------------------------------------------------- inside one chart (docs/decisions/127)

/**
 * Where line labels go so that none covers another: each label is `height` px tall, and labels
 * keep their lines' top-to-bottom order at least `gap` px apart, each as near its line as that
 * allows (the least total squared shift: pool-adjacent-violators over the labels sorted by
 * their lines), and inside [top, bottom] when they fit. `wanted` holds each line's pixel y;
 * the answer holds each label's centre y, in the same order. Pure, for every chart drawing.
 */
export function layoutLabels(
  wanted: readonly number[],
  box: { height: number; gap?: number; top: number; bottom: number },
): number[] {
  const step = box.height + (box.gap ?? 2);
  const order = wanted.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y || a.i - b.i);
  // Label k of the sorted order sits at c_k + k·step, where c must not decrease: the best c is
  // the isotonic fit of y_k − k·step, found by merging blocks whose means fall out of order.
  const blocks: { sum: number; count: number }[] = [];
  order.forEach(({ y }, k) => {
    blocks.push({ sum: y - k * step, count: 1 });
    while (blocks.length > 1) {
      const b = blocks[blocks.length - 1];
      const a = blocks[blocks.length - 2];
      if (a.sum / a.count <= b.sum / b.count) break;
      blocks.splice(-2, 2, { sum: a.sum + b.sum, count: a.count + b.count });
    }
  });
  // Clamping a non-decreasing c keeps it non-decreasing (and is the bounded fit). Without room
  // for them all, the labels stack down from the top and the last ones run past the bottom.
  const lo = box.top + box.height / 2;
  const hi = Math.max(lo, box.bottom - box.height / 2 - (order.length - 1) * step);
  const placed = new Array<number>(wanted.length);
  let k = 0;
  for (const block of blocks) {
    const c = Math.min(hi, Math.max(lo, block.sum / block.count));
    for (let j = 0; j < block.count; j++, k++) placed[order[k].i] = c + k * step;
  }
  return placed;
}

/**
 * The price range a chart shows: every candle's high and low and every reference line, with 4%
 * room above and below (a flat range gets ±1), so each line and its label are on the chart.
 */
export function chartPriceRange(candles: readonly { high: number; low: number }[], linePrices: readonly number[]): { min: number; max: number } | null {
  const prices = [...candles.flatMap((c) => [c.high, c.low]), ...linePrices].filter(Number.isFinite);
  if (prices.length === 0) return null;
  let max = Math.max(...prices);
  let min = Math.min(...prices);
  if (max === min) {
    max += 1;
    min -= 1;
  }
  const margin = (max - min) * 0.04;
  return { min: min - margin, max: max + margin };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A time-axis label for the candle at `time` on an axis that has no room for nights and holidays
 * (candles side by side, as Kite and TradingView draw them), given the time of the candle the
 * label before it names: intraday, "HH:mm" in IST, or the day ("20 Nov") when the day changed
 * since that label; daily and longer, the day, or the year when the year changed.
 */
export function candleAxisLabel(time: number, previousTime: number | undefined, intraday: boolean): string {
  const d = istClock(time);
  const p = previousTime === undefined ? undefined : istClock(previousTime);
  const two = (n: number) => String(n).padStart(2, "0");
  const day = `${d.day} ${MONTHS[d.month - 1]}`;
  if (intraday) {
    const newDay = p === undefined || p.year !== d.year || p.month !== d.month || p.day !== d.day;
    return newDay ? day : `${two(d.hour)}:${two(d.minute)}`;
  }
  return p !== undefined && p.year !== d.year ? String(d.year) : day;
}

/** The longest a drawn chart's closed candles, studies and scales go without a full redraw. */
export const FULL_REDRAW_MAX_AGE_MS = 15_000;

/**
 * Whether an SVG chart that drew `drawn` (its closed candles, and its price and volume scales
 * from them) must be drawn again whole for `next`, or whether the live candle alone can move
 * (drawn over the chart). A whole redraw of a few hundred SVG candles costs a phone hundreds of
 * milliseconds, so it happens only when what it shows is no longer true: a bucket closed (the
 * closed candles differ), the live candle left the price or volume scale, or the drawing is
 * older than `maxAgeMs` (studies and scales catch up with the live candle).
 */
export function needsFullRedraw(
  drawn: { candles: readonly { time: number; open: number; high: number; low: number; close: number; volume: number }[]; range: { min: number; max: number } | null; volumeMax: number; at: number },
  next: readonly { time: number; open: number; high: number; low: number; close: number; volume: number }[],
  now: number,
  maxAgeMs = FULL_REDRAW_MAX_AGE_MS,
): boolean {
  const before = drawn.candles;
  if (next.length === 0 || before.length !== next.length) return true;
  const live = next[next.length - 1];
  if (live.time !== before[before.length - 1].time) return true;
  // The newest closed candle stands for them all: a bucket closing moves the live candle's time,
  // and a correction of history reloads the candles whole.
  if (next.length > 1) {
    const a = before[before.length - 2];
    const b = next[next.length - 2];
    if (a.time !== b.time || a.open !== b.open || a.high !== b.high || a.low !== b.low || a.close !== b.close || a.volume !== b.volume) return true;
  }
  if (!drawn.range || live.high > drawn.range.max || live.low < drawn.range.min) return true;
  if (live.volume > drawn.volumeMax) return true;
  return now - drawn.at >= maxAgeMs;
}

/** A range of an index axis (candle slots), in slot units: slot i spans i - 0.5 to i + 0.5. */
export interface SlotRange {
  min: number;
  max: number;
}

/**
 * The range shown after a pinch on an index axis. `start` is the range when the fingers came
 * down, `anchor` where between its edges they are (0 the left edge, 1 the right), `scale` how far
 * they have spread since (2: twice as far apart, so half the span). The slot under the fingers
 * stays under them; the span never goes below `minSpan` slots nor past `bounds`, and the range
 * never leaves them.
 */
export function pinchedRange(start: SlotRange, anchor: number, scale: number, bounds: SlotRange, minSpan: number): SlotRange {
  const full = bounds.max - bounds.min;
  const startSpan = start.max - start.min;
  const factor = Number.isFinite(scale) && scale > 0 ? scale : 1;
  const span = Math.min(full, Math.max(Math.min(minSpan, full), startSpan / factor));
  const at = Math.min(1, Math.max(0, Number.isFinite(anchor) ? anchor : 0.5));
  const pinned = start.min + at * startSpan;
  const min = Math.max(bounds.min, Math.min(bounds.max - span, pinned - at * span));
  return { min, max: min + span };
}

/**
 * The range a zoomed chart shows after its slots changed from `before.slots` to `slots` (a
 * bucket closed): a range that reached the newest slot moves with it, as a trader watching the
 * live edge expects; one looking at older candles stays on them. Null is the whole series.
 */
export function followedRange(before: (SlotRange & { slots: number }) | null, slots: number): SlotRange | null {
  if (!before || slots <= 0) return null;
  const bounds = { min: -0.5, max: slots - 0.5 };
  const grown = slots - before.slots;
  const atNewest = before.max >= before.slots - 1.5;
  const span = Math.min(before.max - before.min, bounds.max - bounds.min);
  const min = Math.max(bounds.min, Math.min(bounds.max - span, before.min + (atNewest ? grown : 0)));
  const next = { min, max: min + span };
  return next.min <= bounds.min && next.max >= bounds.max ? null : next;
}

/** The first and last candle indices inside a range of slots (clamped to the candles). */
function slotsShown(count: number, shown: SlotRange): { from: number; to: number } {
  return { from: Math.max(0, Math.ceil(shown.min)), to: Math.min(count - 1, Math.floor(shown.max)) };
}

/**
 * The price range of a zoomed chart: the highs and lows of the candles in `shown`, the study
 * lines over them (`overlays`, one value per candle) and the reference lines (`linePrices`: the
 * day's targets and levels are what the chart is for, so a zoom keeps them on it, as the whole
 * chart does), with chartPriceRange's 4% room. Null when no candle is in the range.
 */
export function visiblePriceRange(
  candles: readonly { high: number; low: number }[],
  overlays: readonly { values: readonly (number | null)[] }[],
  linePrices: readonly number[],
  shown: SlotRange,
): { min: number; max: number } | null {
  const { from, to } = slotsShown(candles.length, shown);
  if (to < from) return null;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const line of overlays) {
    for (let i = from; i <= to; i++) {
      const v = line.values[i];
      if (v === null || v === undefined || !Number.isFinite(v)) continue;
      low = Math.min(low, v);
      high = Math.max(high, v);
    }
  }
  return chartPriceRange(candles.slice(from, to + 1), [...linePrices, ...(Number.isFinite(low) ? [low, high] : [])]);
}

/** The volume scale of a zoomed chart: the highest volume among the candles in `shown`, with `headroom` above it. */
export function visibleVolumeMax(candles: readonly { volume: number }[], shown: SlotRange, headroom: number): number {
  const { from, to } = slotsShown(candles.length, shown);
  let most = 1;
  for (let i = from; i <= to; i++) most = Math.max(most, candles[i].volume);
  return most * headroom;
}

/** About one time label per this many px of a chart's width. */
export const AXIS_LABEL_PX = 80;
/** What a candle chart's price labels take of its width, about (the plot is the rest). */
export const PRICE_LABELS_PX = 64;

/**
 * How many time labels a candle chart of `slots` candles draws in a box `boxWidth` px wide: one
 * per AXIS_LABEL_PX or so of its plot, at least 1 and at most 8 (a phone has room for three or
 * four). Taken from the box the chart is drawn in, never from the plot ApexCharts drew: that plot
 * narrows and widens with the price labels of the range shown, so a count read back from it
 * changed the next drawing's options, whose plot changed the count again, without end (the
 * admin dashboard's tab hung that way at phone size; docs/decisions/179).
 */
export function axisTickCount(boxWidth: number, slots: number): number {
  const plot = Number.isFinite(boxWidth) ? boxWidth - PRICE_LABELS_PX : 0;
  return Math.max(1, Math.min(8, Math.floor(plot / AXIS_LABEL_PX), slots - 1));
}

/** The interactive candle chart's volume bars, as a share of its price chart's height (drawn under it). */
export const VOLUME_CHART_SHARE = 0.22;

/**
 * The height in px the interactive chart takes once its library has drawn, for a price chart
 * `height` px high: ApexCharts' price chart and its volume chart under it ("normal"), or the
 * advanced widget's one pane ("advance"). The chart's box keeps this much room from the first
 * paint when scripts run, so the page does not grow under a finger when the library draws
 * (docs/decisions/180). Study panes come on top of it.
 */
export function drawnChartHeight(height: number, mode: string): number {
  return mode === "advance" ? height : height + Math.round(height * VOLUME_CHART_SHARE);
}

/** The least height in px of a price chart that fills the window (the admin dashboard's). */
export const MIN_WINDOW_CHART_HEIGHT = 300;

/** The height in px of a price chart that fills a window `windowHeight` px high less `reserved` px. */
export function windowChartHeight(windowHeight: number, reserved: number): number {
  return Math.max(MIN_WINDOW_CHART_HEIGHT, windowHeight - reserved);
}

/**
 * drawnChartHeight for a price chart that fills the window less `reserved` px, as a CSS length:
 * the room is kept before any script has measured the window (docs/decisions/180). `svh` is the
 * window's height with a phone's address bar shown, as `innerHeight` reads it when the page loads.
 */
export function windowChartRoom(reserved: number, mode: string): string {
  const price = `max(${MIN_WINDOW_CHART_HEIGHT}px, 100svh - ${reserved}px)`;
  return mode === "advance" ? price : `calc(${price} * ${1 + VOLUME_CHART_SHARE})`;
}

/** The narrowest a candle's slot is drawn when a chart opens, in px (TradingView opens at about 6). */
export const OPENING_SLOT_PX = 4;

/**
 * The range a chart opens on: every candle when each has at least `minSlotPx` of the plot's
 * `plotWidth`, else the newest that fit, as Kite and TradingView open a chart on the latest
 * candles (a phone's plot has room for about 65; a year of daily candles squeezed into it left a
 * pixel each). Null is the whole series; the toolbar's reset shows it.
 */
export function openingRange(slots: number, plotWidth: number, minSlotPx = OPENING_SLOT_PX): SlotRange | null {
  const fit = Math.floor(plotWidth / minSlotPx);
  if (!Number.isFinite(fit) || fit < 1 || slots <= fit) return null;
  return { min: slots - 0.5 - fit, max: slots - 0.5 };
}

/**
 * The range shown after a finger dragged the chart sideways by `fraction` of the plot's width
 * from where it came down (positive: to the right, bringing older candles in), from the range
 * `start` shown then: the candle under the finger stays under it, the span is kept, and the
 * range never leaves `bounds`.
 */
export function pannedRange(start: SlotRange, fraction: number, bounds: SlotRange): SlotRange {
  const span = Math.min(start.max - start.min, bounds.max - bounds.min);
  const shift = Number.isFinite(fraction) ? fraction * (start.max - start.min) : 0;
  const min = Math.max(bounds.min, Math.min(bounds.max - span, start.min - shift));
  return { min, max: min + span };
}
