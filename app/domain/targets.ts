// Target reference points and chart colours (docs/product-rules.md R-D15, docs/product-rules.md R-TD4, R-TD9).
// Pure and browser-safe.

/** Chart colours (docs/product-rules.md R-TD9): up/green and down/red. */
export const CHART_UP_COLOUR = "#26a69a";
export const CHART_DOWN_COLOUR = "#ef5350";
/** Colour for labels that are neither BUY nor SELL. */
export const CHART_NEUTRAL_COLOUR = "#787b86";

export const MANDI_VISAMO_TARGET = "MANDI_VISAMO_TARGET";
export const TEJI_VISAMO_TARGET = "TEJI_VISAMO_TARGET";

export interface TargetPoint<Id = number> {
  id: Id;
  pointName: string;
  price: number;
}

function normaliseName(name: string): string {
  return name.trim().toUpperCase();
}

/**
 * docs/product-rules.md R-D15: the ids of the target points the day's range has reached, to be deleted (and the
 * deletion pushed to clients). A MANDI_VISAMO_TARGET is hit when low <= price, a
 * TEJI_VISAMO_TARGET when high >= price (equality counts); every other point is never deleted
 * here. Names are compared ignoring case and surrounding spaces. Input order is kept.
 */
export function targetsHit<Id>(points: readonly TargetPoint<Id>[], day: { low: number; high: number }): Id[] {
  const hit: Id[] = [];
  for (const p of points) {
    const name = normaliseName(p.pointName);
    if (name === MANDI_VISAMO_TARGET && Number.isFinite(day.low) && day.low <= p.price) hit.push(p.id);
    else if (name === TEJI_VISAMO_TARGET && Number.isFinite(day.high) && day.high >= p.price) hit.push(p.id);
  }
  return hit;
}

/** Green, red or neither: a chart draws it in the colours above, a page's text in its theme's AA tones (docs/decisions/151). */
export type Tone = "up" | "down" | "neutral";
const CHART_COLOUR_OF: Record<Tone, string> = { up: CHART_UP_COLOUR, down: CHART_DOWN_COLOUR, neutral: CHART_NEUTRAL_COLOUR };

/** Target reference lines are red when the point name contains LOW (any case), else green. */
export function referenceLineTone(pointName: string): "up" | "down" {
  return normaliseName(pointName).includes("LOW") ? "down" : "up";
}

export function referenceLineColour(pointName: string): string {
  return CHART_COLOUR_OF[referenceLineTone(pointName)];
}

/**
 * Key (chavi) label colour: BUY green, SELL red, anything else neutral. Labels are written
 * "<Display Name> BUY|SELL", so the last word decides; a label not ending in either falls back to
 * whether it contains BUY (green) or SELL (red), BUY first.
 */
export function keyLabelTone(label: string): Tone {
  const name = normaliseName(label);
  const lastWord = name.split(/\s+/).pop() ?? "";
  if (lastWord === "BUY") return "up";
  if (lastWord === "SELL") return "down";
  if (name.includes("BUY")) return "up";
  if (name.includes("SELL")) return "down";
  return "neutral";
}

export function keyLabelColour(label: string): string {
  return CHART_COLOUR_OF[keyLabelTone(label)];
}
