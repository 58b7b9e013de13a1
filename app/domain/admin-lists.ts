// The sort keys of the admin lists other than users (docs/decisions/140-admin-console.md, "Lists
// other than users"), and each list's order when its URL names none: the order each list had
// before it could be sorted, so the JSON API that reads the same lists answers as it did.
import type { ListDefaults } from "./list-query";
import { LONG_PAGE_SIZE } from "./paging";

export const SYMBOL_SORTS = ["code", "sector", "lot", "status", "created"] as const;
export type SymbolSort = (typeof SYMBOL_SORTS)[number];
export const SYMBOL_LIST_DEFAULTS: ListDefaults<SymbolSort> = { sort: "created", dir: "desc" };

export const SECTOR_SORTS = ["name", "status", "created"] as const;
export type SectorSort = (typeof SECTOR_SORTS)[number];
export const SECTOR_LIST_DEFAULTS: ListDefaults<SectorSort> = { sort: "created", dir: "desc" };

export const KEY_SORTS = ["name", "type", "srno", "status", "created"] as const;
export type KeySort = (typeof KEY_SORTS)[number];
export const KEY_LIST_DEFAULTS: ListDefaults<KeySort> = { sort: "created", dir: "desc" };

export const CALENDAR_SORTS = ["date", "segment"] as const;
export type CalendarSort = (typeof CALENDAR_SORTS)[number];
/** The documents' calendar pages by 20, latest date first. */
export const CALENDAR_LIST_DEFAULTS: ListDefaults<CalendarSort> = { sort: "date", dir: "desc", pageSize: LONG_PAGE_SIZE };
