// The URLs of the admin lists other than users (?q, sort, dir, size, page, and the symbol list's
// sector_id) → their queries; anything malformed reads as the list's default
// (docs/decisions/140-admin-console.md).
import {
  CALENDAR_LIST_DEFAULTS,
  CALENDAR_SORTS,
  KEY_LIST_DEFAULTS,
  KEY_SORTS,
  SECTOR_LIST_DEFAULTS,
  SECTOR_SORTS,
  SYMBOL_LIST_DEFAULTS,
  SYMBOL_SORTS,
} from "~/domain/admin-lists";
import { parseListQuery } from "~/domain/list-query";
import { parseIdParam } from "~/domain/paging";

export function parseSymbolListQuery(params: URLSearchParams) {
  return { ...parseListQuery(params, SYMBOL_SORTS, SYMBOL_LIST_DEFAULTS), sectorId: parseIdParam(params.get("sector_id")) };
}

export const parseSectorListQuery = (params: URLSearchParams) => parseListQuery(params, SECTOR_SORTS, SECTOR_LIST_DEFAULTS);
export const parseKeyListQuery = (params: URLSearchParams) => parseListQuery(params, KEY_SORTS, KEY_LIST_DEFAULTS);
export const parseCalendarListQuery = (params: URLSearchParams) => parseListQuery(params, CALENDAR_SORTS, CALENDAR_LIST_DEFAULTS);
