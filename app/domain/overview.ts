// The overview screen's movers lists (docs/product-rules.md R-TD2 Overview; docs/decisions/080).
// Pure and browser-safe: the loader ranks the live book, the page re-ranks live quotes.

/** Rows each list shows until it is expanded. */
export const MOVERS_COLLAPSED_ROWS = 5;

export type MoversList = "gainers" | "losers";

export interface MoverRow {
  symbolCode: string;
  last: number;
  change: number;
  changePercent: number;
}

/**
 * Top gainers (change % above 0, largest first) or losers (below 0, most negative first);
 * ties by code. Unchanged symbols are in neither list. `limit` null: all of them.
 */
export function topMovers(quotes: readonly MoverRow[], list: MoversList, limit: number | null): MoverRow[] {
  const rows = quotes
    .filter((q) => Number.isFinite(q.changePercent) && (list === "gainers" ? q.changePercent > 0 : q.changePercent < 0))
    .sort((a, b) => (list === "gainers" ? b.changePercent - a.changePercent : a.changePercent - b.changePercent) || a.symbolCode.localeCompare(b.symbolCode));
  return limit === null ? rows : rows.slice(0, limit);
}

/** ?expand=gainers|losers (a link, so expanding works without JavaScript); anything else: none. */
export function expandedList(value: string | null): MoversList | null {
  return value === "gainers" || value === "losers" ? value : null;
}
