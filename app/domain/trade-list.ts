// The trade list's URL: which filters a role may use, the page index and the keyset cursor, and
// the links that move between pages. Pure, shared by the loader and the page.
import type { RoleId } from "./access";
import { isValidYmd } from "./dates";
import { LONG_PAGE_SIZE, parseIdParam, parsePage } from "./paging";
import { parseTagFilter } from "./trade-tags";

export const TRADE_PAGE_SIZE = LONG_PAGE_SIZE;
/** The Username select lists users of this role unless another is picked (docs/product-rules.md R-TD6: default 3). */
export const DEFAULT_TRADER_ROLE: RoleId = 3;
/** Every URL parameter the filter form owns; changing any of them goes back to page 1. */
export const TRADE_FILTER_PARAMS = ["f", "today", "startDate", "endDate", "userRole", "userId", "sector", "active", "tag"] as const;
const PAGING_PARAMS = ["page", "cursor", "dir"] as const;

export interface TradeListQuery {
  today: boolean;
  startDate: string | null;
  endDate: string | null;
  userRole: RoleId;
  userId: number | null;
  sectorId: number | null;
  /** true open, false closed, null all. */
  open: boolean | null;
  /** One tag (normalised), or null: a value that is not a tag filters nothing (docs/decisions/170). */
  tag: string | null;
  page: number;
  cursor: string | null;
  direction: "after" | "before";
}

/**
 * Reads the list's URL for a role, dropping what the role may not use: only role 1 has Today,
 * dates and Username; role 3 has no status filter. `f=1` marks a submitted filter form, so an
 * unticked Today (which a form leaves out) is told apart from a first visit (Today on).
 */
export function parseTradeListQuery(params: URLSearchParams, role: RoleId): TradeListQuery {
  const isAdmin = role === 1;
  const submitted = params.get("f") === "1";
  const roleParam = Number(params.get("userRole"));
  const active = params.get("active");
  const date = (name: string) => {
    const value = params.get(name);
    return isAdmin && isValidYmd(value) ? value : null;
  };
  return {
    today: isAdmin ? (submitted ? params.get("today") === "1" : true) : false,
    startDate: date("startDate"),
    endDate: date("endDate"),
    userRole: isAdmin && (roleParam === 1 || roleParam === 3 || roleParam === 4) ? roleParam : DEFAULT_TRADER_ROLE,
    userId: isAdmin ? parseIdParam(params.get("userId")) : null,
    sectorId: parseIdParam(params.get("sector")),
    open: role === 3 ? null : active === "1" ? true : active === "0" ? false : null,
    tag: parseTagFilter(params.get("tag")),
    page: parsePage(params.get("page")),
    cursor: params.get("cursor"),
    direction: params.get("dir") === "before" ? "before" : "after",
  };
}

/** The URL search of another page of the same filters. Page 1 needs no cursor. */
export function tradePageSearch(search: string, page: number, cursor: string | null, direction: "after" | "before"): string {
  const params = new URLSearchParams(search);
  for (const name of PAGING_PARAMS) params.delete(name);
  if (page > 1 && cursor) {
    params.set("page", String(page));
    params.set("cursor", cursor);
    if (direction === "before") params.set("dir", "before");
  }
  const text = params.toString();
  return text ? `?${text}` : "?";
}

/**
 * Only the filter parameters of a search (what a child dialog returns to after saving), with the
 * page unless `withPaging` is false (the calendar of the same filters has no pages).
 */
export function tradeFilterSearch(search: string, withPaging = true): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of withPaging ? [...TRADE_FILTER_PARAMS, ...PAGING_PARAMS] : TRADE_FILTER_PARAMS) {
    for (const value of params.getAll(name)) kept.append(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : "";
}

/** "Showing X to Y results" from the page index (keyset pages carry no total). */
export function tradePageRange(page: number, rowsOnPage: number): { from: number; to: number } {
  if (rowsOnPage === 0) return { from: 0, to: 0 };
  const from = (page - 1) * TRADE_PAGE_SIZE + 1;
  return { from, to: from + rowsOnPage - 1 };
}

/** The tradeSeconds setting as a refresh interval; a missing or silly value is 30 s. */
export function tradeRefreshSeconds(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 86_400 ? n : 30;
}
