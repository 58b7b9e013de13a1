// Swing detection (DECISIONS 14, trading-dashboard.md §4). Pure and browser-safe.
//
// The walk, over candles sorted by time:
//   - fewer than 4 candles: no swings;
//   - the initial direction is up when the 4th close is at or above the 1st close, else down;
//   - while up, the pending swing high is the highest high since the last confirmed swing low and
//     moves with every new (strictly higher) high; a close strictly below the last confirmed swing
//     low confirms the pending high as a swing point and turns the direction down;
//   - while down, mirrored: the pending swing low is the lowest low since the last confirmed swing
//     high and moves with every new (strictly lower) low; a close strictly above the last confirmed
//     swing high confirms the pending low and turns the direction up.
//
// Decisions where DECISIONS 14 is silent:
//   - Seed: before any swing has been confirmed, the "last confirmed swing low" (when the initial
//     direction is up) is the lowest low of the first 4 candles; the "last confirmed swing high"
//     (when down) is the highest high of the first 4 candles. The seed is a reference level only:
//     it is never reported as a swing point. The pending extreme starts at the 1st candle and is
//     tracked from there, so after the first 4 candles it is their highest high (lowest low).
//     None of the first 4 candles can confirm against the seed: each one's close lies within
//     its own range, so it cannot close beyond the extreme of all four.
//   - Within one candle the extreme is updated before the close is tested (the order of the rule),
//     so an outside candle that makes a new high and closes below the swing low is itself the
//     confirmed swing high.
//   - On a flip the new pending extreme is the lowest low (highest high) from the candle of the
//     just-confirmed swing point through the flipping candle, i.e. "since the last confirmed swing".
//   - Ties: an equal high does not move the pending high (the earliest candle keeps it); a close
//     equal to the swing level does not confirm.
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

/** The full walk: confirmed points plus the live state (for drawing the pending swing line). */
export function analyseSwings(candles: readonly SwingCandle[]): SwingAnalysis {
  if (candles.length < MIN_SWING_CANDLES) return { points: [], direction: null, pending: null, reference: null };
  const sorted = candles
    .map((c, index) => ({ c, index }))
    .sort((a, b) => a.c.time - b.c.time || a.index - b.index)
    .map(({ c }) => c);

  let direction: "up" | "down" = sorted[3].close >= sorted[0].close ? "up" : "down";

  // The confirmed level a close must break; seeded from the first 4 candles (earliest on ties).
  let reference: Extreme = { index: 0, price: direction === "up" ? sorted[0].low : sorted[0].high };
  for (let j = 1; j < MIN_SWING_CANDLES; j++) {
    const c = sorted[j];
    if (direction === "up" ? c.low < reference.price : c.high > reference.price) {
      reference = { index: j, price: direction === "up" ? c.low : c.high };
    }
  }

  // The pending extreme (a high while up, a low while down) and the opposite extreme seen since
  // the pending extreme's candle (inclusive), which becomes the next pending extreme on a flip.
  let pending: Extreme = { index: 0, price: direction === "up" ? sorted[0].high : sorted[0].low };
  let opposite: Extreme = { index: 0, price: direction === "up" ? sorted[0].low : sorted[0].high };

  const points: SwingPoint[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const c = sorted[i];
    if (direction === "up") {
      if (c.high > pending.price) {
        pending = { index: i, price: c.high };
        opposite = { index: i, price: c.low };
      } else if (c.low < opposite.price) {
        opposite = { index: i, price: c.low };
      }
      if (c.close < reference.price) {
        points.push(toPoint(sorted, pending, "high"));
        reference = pending;
        direction = "down";
        pending = opposite;
        opposite = extremeBetween(sorted, pending.index, i, "high");
      }
    } else {
      if (c.low < pending.price) {
        pending = { index: i, price: c.low };
        opposite = { index: i, price: c.high };
      } else if (c.high > opposite.price) {
        opposite = { index: i, price: c.high };
      }
      if (c.close > reference.price) {
        points.push(toPoint(sorted, pending, "low"));
        reference = pending;
        direction = "up";
        pending = opposite;
        opposite = extremeBetween(sorted, pending.index, i, "low");
      }
    }
  }
  const pendingKind: SwingKind = direction === "up" ? "high" : "low";
  const referenceKind: SwingKind = direction === "up" ? "low" : "high";
  return {
    points,
    direction,
    pending: toPoint(sorted, pending, pendingKind),
    reference: toPoint(sorted, reference, referenceKind),
  };
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

/** DECISIONS 14: the confirmed swing points of the candles, oldest first. */
export function detectSwings(candles: readonly SwingCandle[]): SwingPoint[] {
  return analyseSwings(candles).points;
}

/**
 * "Swing alerts before 9 and after 1 o'clock clear the stored swing line" (trading-dashboard.md
 * §4): an alert stamped before 09:00 IST or from 13:00 IST on tells the chart to drop its line.
 */
export function swingAlertClearsLine(timeMs: number): boolean {
  const istMinutes = Math.floor((timeMs / 60_000 + 330) % 1440);
  return istMinutes < 9 * 60 || istMinutes >= 13 * 60;
}
