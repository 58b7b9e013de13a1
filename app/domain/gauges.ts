// Sector and overview gauges (docs/product-rules.md R-D19). Pure and browser-safe.
//
// A symbol counts as up when its change from the previous close is above zero and down when
// below; unchanged symbols and missing (null/NaN) changes count for neither side. With no mover
// the gauge reads 50. Results are rounded to 2 decimals.

export const NEUTRAL_GAUGE = 50;

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function gauge(up: number, down: number): number {
  const total = up + down;
  return total === 0 ? NEUTRAL_GAUGE : round2((100 * up) / total);
}

function finite(values: readonly (number | null | undefined)[]): number[] {
  return values.filter((v): v is number => typeof v === "number" && Number.isFinite(v));
}

/** Sector gauge = 100 × up / (up + down) over the sector's active symbols' changes. */
export function sectorGauge(changes: readonly (number | null | undefined)[]): number {
  let up = 0;
  let down = 0;
  for (const c of finite(changes)) {
    if (c > 0) up++;
    else if (c < 0) down++;
  }
  return gauge(up, down);
}

/** Overview gauge: like the sector gauge but each symbol weighs the size of its change %. */
export function overviewGauge(changePercents: readonly (number | null | undefined)[]): number {
  let up = 0;
  let down = 0;
  for (const c of finite(changePercents)) {
    if (c > 0) up += c;
    else if (c < 0) down += -c;
  }
  return gauge(up, down);
}
