// The watchlist panel's view rules (docs/product-rules.md R-TD2, Watchlist panel): filter by sector and
// search, sort by Symbol, Close or Change % (a click toggles the direction), all in the URL so
// every view is a link. Pure: the loader and the live island apply the same rules.
import { parseIdParam } from "./paging";

export const WATCH_SORT_COLUMNS = ["symbol", "close", "change"] as const;
export type WatchSortColumn = (typeof WATCH_SORT_COLUMNS)[number];
export type SortDirection = "asc" | "desc";

export const WATCH_SORT_LABELS: Record<WatchSortColumn, string> = { symbol: "Symbol", close: "Close", change: "Change %" };

/** The panel's URL parameters (the host page may carry others: they are kept). */
export const WATCH_PARAMS = { list: "wl", sector: "sector", search: "q", sort: "sort", dir: "dir", symbol: "symbol" } as const;

export interface WatchView {
  watchlistId: number | null;
  sectorId: number | null;
  search: string;
  sort: WatchSortColumn;
  dir: SortDirection;
  selected: string | null;
}

export interface WatchRow {
  symbolId: number;
  symbolCode: string;
  sectorId: number | null;
  close: number | null;
  change: number | null;
  changePercent: number | null;
}

export function parseWatchView(params: URLSearchParams): WatchView {
  const sort = params.get(WATCH_PARAMS.sort);
  const dir = params.get(WATCH_PARAMS.dir);
  return {
    watchlistId: parseIdParam(params.get(WATCH_PARAMS.list)),
    sectorId: parseIdParam(params.get(WATCH_PARAMS.sector)),
    search: (params.get(WATCH_PARAMS.search) ?? "").trim().slice(0, 40),
    sort: (WATCH_SORT_COLUMNS as readonly string[]).includes(sort ?? "") ? (sort as WatchSortColumn) : "symbol",
    dir: dir === "desc" ? "desc" : "asc",
    selected: params.get(WATCH_PARAMS.symbol)?.trim().toUpperCase() || null,
  };
}

/** The sort a click on a column header asks for: the same column flips, another starts ascending. */
export function nextSort(view: Pick<WatchView, "sort" | "dir">, column: WatchSortColumn): { sort: WatchSortColumn; dir: SortDirection } {
  if (view.sort === column) return { sort: column, dir: view.dir === "asc" ? "desc" : "asc" };
  return { sort: column, dir: "asc" };
}

/** The search string with some panel parameters changed (null removes one). */
export function withParams(search: string, changes: Partial<Record<keyof typeof WATCH_PARAMS, string | number | null>>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes) as [keyof typeof WATCH_PARAMS, string | number | null][]) {
    if (value === null || value === "") params.delete(WATCH_PARAMS[key]);
    else params.set(WATCH_PARAMS[key], String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

const sortValue = (row: WatchRow, column: WatchSortColumn) => (column === "close" ? row.close : row.changePercent);

/** Rows in the sector and matching the search, sorted; missing prices sort last either way. */
export function filterAndSortRows<R extends WatchRow>(rows: readonly R[], view: Pick<WatchView, "sectorId" | "search" | "sort" | "dir">): R[] {
  const needle = view.search.toUpperCase();
  const kept = rows.filter((r) => (view.sectorId === null || r.sectorId === view.sectorId) && (needle === "" || r.symbolCode.toUpperCase().includes(needle)));
  const sign = view.dir === "asc" ? 1 : -1;
  return kept.sort((a, b) => {
    if (view.sort === "symbol") return sign * a.symbolCode.localeCompare(b.symbolCode);
    const x = sortValue(a, view.sort);
    const y = sortValue(b, view.sort);
    if (x === null || y === null) return x === y ? a.symbolCode.localeCompare(b.symbolCode) : x === null ? 1 : -1;
    return sign * (x - y) || a.symbolCode.localeCompare(b.symbolCode);
  });
}

/** The order after moving one watchlist up or down (no-JS buttons); unchanged at the ends. */
export { moveInOrder } from "./ordering";

/** A post-back address must be one of our own paths (no open redirect). */
export function safeReturnTo(value: unknown, fallback = "/watch-list"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  return value;
}
