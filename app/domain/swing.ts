// Swing detection (docs/decisions/125, amending the documents' rule). Pure and browser-safe.
//
// The walk, over candles sorted by time:
//   - fewer than 4 candles: no swings;
//   - the initial direction is up when the 4th close is at or above the 1st close, else down;
//   - while up, the pending swing high is the highest high since the last confirmed swing low and
//     moves with every new (strictly higher) high. The swing's own structure is the lowest low of
//     the pending high's candle and the SWING_STRUCTURE_CANDLES - 1 candles before it; a later
//     candle closing strictly below it confirms the pending high as a swing point and turns the
//     direction down;
//   - while down, mirrored: the pending swing low moves with every new (strictly lower) low; a
//     later close strictly above the highest high of its candle and the two before it confirms
//     the pending low and turns the direction up.
//
// Why not "a close beyond the last confirmed opposite swing" (the first reading of the
// documents): that is a break of the whole trend's structure, and on real data it found 0.2
// swings a year on NIFTY daily bars and 0.1 a session on M1, where a trader sees tens a year.
// Measured on ../shared/data by tests/unit/engines-real-data.test.ts; decision 125 has the table.
//
// Details:
//   - The candle that makes a new extreme cannot confirm it: the break must come after it.
//   - On a flip the new pending extreme is the lowest low (highest high) from the candle of the
//     just-confirmed swing point through the flipping candle, i.e. "since the last confirmed swing".
//   - Ties: an equal high does not move the pending high (the earliest candle keeps it); a close
//     equal to the structure level does not confirm.
import type { Candle } from "~/domain/candles";

export type SwingKind = "high" | "low";

export interface SwingPoint {
  /** The time of the candle that made the extreme. */
  time: number;
  price: number;
  kind: SwingKind;
}

export type SwingCandle = Pick<Candle, "time" | "high" | "low" | "close">;

export interface SwingAnalysis {
  /** Confirmed swing points, oldest first. */
  points: SwingPoint[];
  /** The direction after the last candle; null when there are fewer than 4 candles. */
  direction: "up" | "down" | null;
  /** The still-moving extreme (a high while up, a low while down); null under 4 candles. */
  pending: SwingPoint | null;
  /** The confirmed level a close must break to flip (the seed until a swing is confirmed). */
  reference: SwingPoint | null;
}

export const MIN_SWING_CANDLES = 4;

interface Extreme {
  index: number;
  price: number;
}

/** How many candles, ending at the pending extreme's candle, make the swing's structure. */
export const SWING_STRUCTURE_CANDLES = 3;

/** The full walk: confirmed points plus the live state (for drawing the pending swing line). */
export function analyseSwings(candles: readonly SwingCandle[]): SwingAnalysis {
  if (candles.length < MIN_SWING_CANDLES) return { points: [], direction: null, pending: null, reference: null };
  const sorted = candles
    .map((c, index) => ({ c, index }))
    .sort((a, b) => a.c.time - b.c.time || a.index - b.index)
    .map(({ c }) => c);

  let direction: "up" | "down" = sorted[3].close >= sorted[0].close ? "up" : "down";
  let pending: Extreme = { index: 0, price: direction === "up" ? sorted[0].high : sorted[0].low };
  const points: SwingPoint[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const c = sorted[i];
    const newExtreme = direction === "up" ? c.high > pending.price : c.low < pending.price;
    if (newExtreme) {
      pending = { index: i, price: direction === "up" ? c.high : c.low };
      continue;
    }
    const structure = structureOf(sorted, pending.index, direction === "up" ? "low" : "high");
    const broken = direction === "up" ? c.close < structure.price : c.close > structure.price;
    if (!broken) continue;
    const kind: SwingKind = direction === "up" ? "high" : "low";
    points.push(toPoint(sorted, pending, kind));
    direction = direction === "up" ? "down" : "up";
    pending = extremeBetween(sorted, pending.index, i, kind === "high" ? "low" : "high");
  }
  const pendingKind: SwingKind = direction === "up" ? "high" : "low";
  const referenceKind: SwingKind = direction === "up" ? "low" : "high";
  return {
    points,
    direction,
    pending: toPoint(sorted, pending, pendingKind),
    reference: toPoint(sorted, structureOf(sorted, pending.index, referenceKind), referenceKind),
  };
}

/** The level a close must break: the lowest low (highest high) of the structure candles ending at `at`. */
function structureOf(sorted: readonly SwingCandle[], at: number, kind: SwingKind): Extreme {
  return extremeBetween(sorted, Math.max(0, at - SWING_STRUCTURE_CANDLES + 1), at, kind);
}

function toPoint(sorted: readonly SwingCandle[], e: Extreme, kind: SwingKind): SwingPoint {
  return { time: sorted[e.index].time, price: e.price, kind };
}

/** The highest high (or lowest low) of candles from..to inclusive; the earliest candle on ties. */
function extremeBetween(sorted: readonly SwingCandle[], from: number, to: number, kind: SwingKind): Extreme {
  let best: Extreme = { index: from, price: kind === "high" ? sorted[from].high : sorted[from].low };
  for (let j = from + 1; j <= to; j++) {
    const price = kind === "high" ? sorted[j].high : sorted[j].low;
    if (kind === "high" ? price > best.price : price < best.price) best = { index: j, price };
  }
  return best;
}

/** The confirmed swing points of the candles, oldest first (docs/decisions/125). */
export function detectSwings(candles: readonly SwingCandle[]): SwingPoint[] {
  return analyseSwings(candles).points;
}

/**
 * "Swing alerts before 9 and after 1 o'clock clear the stored swing line" (docs/decisions/125):
 * an alert stamped before 09:00 IST or from 13:00 IST on tells the chart to drop its line.
 */
export function swingAlertClearsLine(timeMs: number): boolean {
  const istMinutes = Math.floor((timeMs / 60_000 + 330) % 1440);
  return istMinutes < 9 * 60 || istMinutes >= 13 * 60;
}
