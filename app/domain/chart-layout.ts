// The multi-chart page: how many charts (the user's "chart" setting: 1, 2 or 4) and which
// symbols fill them by default (the top bar's indices first, then the user's other symbols).
import { TOP_BAR_INDICES } from "./quotes";

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
