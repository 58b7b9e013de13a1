// Server paging through URL parameters: ?page=N (1-based). A missing or malformed page is 1;
// a page past the end is clamped by the caller once the total is known.

export const PAGE_SIZE = 10;
/** The documents' 20-per-page lists: calendar, login users, target and reference points. */
export const LONG_PAGE_SIZE = 20;

export function parsePage(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/** "Showing X to Y of Z results": the 1-based first and last row numbers on a page. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = Math.min(pageOffset(page, pageSize) + 1, total);
  return { from, to: Math.min(page * pageSize, total) };
}

/** The same URL search with the page set (page 1 drops the parameter); `param` names it where a screen pages two lists. */
export function searchWithPage(search: string, page: number, param = "page"): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete(param);
  else params.set(param, String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** An optional positive integer id from a URL parameter (filters): anything else is null. */
/** The largest id an integer column holds (PostgreSQL integer: 2^31 - 1). */
export const MAX_RECORD_ID = 2 ** 31 - 1;

/** A whole number from 1 to MAX_RECORD_ID: something an id column can hold. */
export function isRecordId(n: number): boolean {
  return Number.isInteger(n) && n > 0 && n <= MAX_RECORD_ID;
}

export function parseIdParam(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  return isRecordId(n) ? n : null;
}

/**
 * `path` with the list's search merged in: the list's parameters first, then the path's own
 * (they win). A dialog route over a list carries the list's search this way, there and back.
 */
export function withListSearch(path: string, listSearch: string): string {
  const [pathname, own = ""] = path.split("?", 2);
  const params = new URLSearchParams(listSearch);
  for (const [key, value] of new URLSearchParams(own)) params.set(key, value);
  const text = params.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/**
 * Where a dialog route over a list goes back to: the list with the search the dialog carried
 * (less the dialog's own parameters, `drop`), or `fallback` when it carried none.
 */
export function listReturnPath(listPath: string, dialogSearch: string, options: { fallback?: string; drop?: readonly string[] } = {}): string {
  const params = new URLSearchParams(dialogSearch);
  for (const key of options.drop ?? []) params.delete(key);
  if (params.size === 0) return options.fallback ?? listPath;
  return withListSearch(listPath, `?${params.toString()}`);
}
