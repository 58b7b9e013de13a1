// The query of an admin list, read from its URL (docs/decisions/140-admin-console.md): a search
// text (q), a sort column and direction (sort, dir), a page size (size) and the page. Anything
// malformed reads as the list's default, so a hand-edited URL never fails the page.
import { PAGE_SIZE, parsePage } from "./paging";

export const PAGE_SIZE_CHOICES = [10, 25, 50, 100] as const;
export type SortDirection = "asc" | "desc";

export interface ListQuery<SortKey extends string> {
  search: string | null;
  sort: SortKey;
  dir: SortDirection;
  page: number;
  pageSize: number;
}

/** The longest search text kept; longer input is cut (a search box, not a document). */
export const MAX_SEARCH_LENGTH = 80;

export function parseSearch(value: string | null | undefined): string | null {
  const text = (value ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  return text === "" ? null : text;
}

/** The page sizes a list offers: the shared choices and the list's own default (the calendar's 20). */
export function pageSizeChoices(fallback: number = PAGE_SIZE): number[] {
  return [...new Set<number>([...PAGE_SIZE_CHOICES, fallback])].sort((a, b) => a - b);
}

export function parsePageSize(value: string | null | undefined, fallback: number = PAGE_SIZE): number {
  const n = Number(value);
  return pageSizeChoices(fallback).includes(n) ? n : fallback;
}

/** A list's sort keys and its order when the URL names none. */
export interface ListDefaults<SortKey extends string> {
  sort: SortKey;
  dir: SortDirection;
  pageSize?: number;
}

/** What a list's rows are read by, page or export: the search and the order. */
export type ListOrder<SortKey extends string> = Pick<ListQuery<SortKey>, "search" | "sort" | "dir">;

export function parseListQuery<SortKey extends string>(
  params: URLSearchParams,
  sorts: readonly SortKey[],
  fallback: ListDefaults<SortKey>,
): ListQuery<SortKey> {
  const sortParam = params.get("sort");
  const sort = sorts.find((s) => s === sortParam) ?? fallback.sort;
  const dirParam = params.get("dir");
  const dir: SortDirection = dirParam === "asc" || dirParam === "desc" ? dirParam : sortParam === sort ? "asc" : fallback.dir;
  return {
    search: parseSearch(params.get("q")),
    sort,
    dir,
    page: parsePage(params.get("page")),
    pageSize: parsePageSize(params.get("size"), fallback.pageSize),
  };
}

/** The search of a column header's link: sort by `key`, flipping the direction when it already sorts by it; page 1. */
export function sortSearch(search: string, key: string, current: { sort: string; dir: SortDirection }): string {
  const params = new URLSearchParams(search);
  params.set("sort", key);
  params.set("dir", current.sort === key && current.dir === "asc" ? "desc" : "asc");
  params.delete("page");
  return `?${params.toString()}`;
}

/** Escapes LIKE's wildcards so a search for "50%" finds "50%", not everything. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What a list page's loader answers about its query besides the rows: the search box, the sorted header, the pager. */
export function listView<SortKey extends string>(query: ListQuery<SortKey>, total: number) {
  return { search: query.search, sorting: { sort: query.sort, dir: query.dir }, page: query.page, pageSize: query.pageSize, total };
}
