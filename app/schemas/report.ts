// The report filters (docs/product-rules.md R-AC2, R-AC5): GET parameters, parsed on the server for the
// pages and the exports alike. A malformed or half-filled date range is dropped (and named),
// never an error page: a filter form is a link, and a bad link still shows the report.
import * as z from "zod";
import { isValidYmd } from "~/domain/dates";
import { reportDateRange } from "~/domain/report-filters";
import { loginHistoryDays, loginHistoryRange } from "~/domain/login-history";
import { isRecordId } from "~/domain/paging";
import { queryFields } from "./parse";
import { parseListQuery } from "~/domain/list-query";
import { LOGIN_HISTORY_SORTS } from "~/domain/login-history";
import { LONG_PAGE_SIZE } from "~/domain/paging";

/** The trade report's active filter: All, Active (open) or De-Active (closed); default De-Active. */
export const ACTIVE_FILTERS = [
  { value: "all", label: "All" },
  { value: "1", label: "Active" },
  { value: "0", label: "De-Active" },
] as const;
export type ActiveFilter = (typeof ACTIVE_FILTERS)[number]["value"];
export const DEFAULT_ACTIVE_FILTER: ActiveFilter = "0";

/** The user report's role filter: Sub-Admin 2, Employee 3, Customer 4; default 4. */
export const REPORT_ROLES = [
  { value: 2, label: "Sub-Admin" },
  { value: 3, label: "Employee" },
  { value: 4, label: "Customer" },
] as const;
export const DEFAULT_REPORT_ROLE = 4;

export const CHOOSE_BOTH_DATES = "Please choose both a start and an end date";
export const END_BEFORE_START = "The end date cannot precede the start date";

const ymd = z
  .string()
  .optional()
  .transform((v) => (v && isValidYmd(v) ? v : undefined));

export interface DateRangeInput {
  startDate?: string;
  endDate?: string;
  /** Why a given range was dropped (shown with the date pair). */
  rangeError?: string;
  /** The days given for a dropped range, so the form shows them back with the message. */
  entered?: { startDate?: string; endDate?: string };
}

/**
 * What is wrong with a date pair (days as YYYY-MM-DD, "" or undefined for none): one end only,
 * or the end before the start. The server's parser and the form's live check (with JavaScript)
 * both ask this, so the page says the same before and after the form is sent.
 */
export function dateRangeProblem(startDate: string | undefined, endDate: string | undefined): string | undefined {
  if (!startDate !== !endDate) return CHOOSE_BOTH_DATES;
  if (startDate && endDate && endDate < startDate) return END_BEFORE_START;
  return undefined;
}

/** The date pair's message on a report whose other filters apply without it. */
export function dateRangeNotice(problem: string): string {
  return `${problem}: the dates are not applied, the other filters are.`;
}

/** startDate/endDate: a range only when both are real days and the end is not before the start. */
export const dateRangeSchema = z
  .object({ startDate: ymd, endDate: ymd })
  .transform(({ startDate, endDate }): DateRangeInput => {
    const rangeError = dateRangeProblem(startDate, endDate);
    if (rangeError) return { startDate: undefined, endDate: undefined, rangeError, entered: { startDate, endDate } };
    return { startDate, endDate, rangeError: undefined };
  });

const optionalId = z
  .string()
  .optional()
  .transform((v) => {
    const n = Number(v);
    return v && isRecordId(n) ? n : undefined;
  });

export const tradeReportFilterSchema = z
  .object({
    symbolId: optionalId,
    userId: optionalId,
    active: z
      .string()
      .optional()
      .transform((v): ActiveFilter => (v === "all" || v === "1" || v === "0" ? v : DEFAULT_ACTIVE_FILTER)),
  })
  .and(dateRangeSchema);
export type TradeReportFilterInput = z.infer<typeof tradeReportFilterSchema>;

/** The PNL and min-max reports: dates and user (docs/product-rules.md R-AC9: same params). */
export const pnlReportFilterSchema = z.object({ userId: optionalId }).and(dateRangeSchema);

export const MIN_MAX_SORTS = ["pnl-desc", "pnl-asc", "date-desc", "date-asc"] as const;
export type MinMaxSort = (typeof MIN_MAX_SORTS)[number];
/** The min-max report's sorts as the page's links and the exports' filter lines name them. */
export const MIN_MAX_SORT_LABELS: Readonly<Record<MinMaxSort, string>> = {
  "pnl-desc": "PNL: highest first",
  "pnl-asc": "PNL: lowest first",
  "date-desc": "Trade date: newest first",
  "date-asc": "Trade date: oldest first",
};
export const minMaxSortSchema = z
  .string()
  .optional()
  .transform((v): MinMaxSort => ((MIN_MAX_SORTS as readonly string[]).includes(v ?? "") ? (v as MinMaxSort) : "pnl-desc"));

export const userReportFilterSchema = z
  .object({
    mode: z
      .string()
      .optional()
      .transform((v): "all" | "login" => (v === "login" ? "login" : "all")),
    role_id: z
      .string()
      .optional()
      .transform((v) => {
        const n = Number(v);
        return n === 2 || n === 3 || n === 4 ? n : DEFAULT_REPORT_ROLE;
      }),
  })
  .and(dateRangeSchema);

export const EXPORT_FORMATS = ["xlsx", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportFormatSchema = z.enum(EXPORT_FORMATS, { error: "Choose xlsx or pdf" });

/** The trade report's URL → its parsed input and the filter the models take. */
export function parseTradeReportParams(params: URLSearchParams) {
  const input = tradeReportFilterSchema.parse(queryFields(params, tradeReportFilterSchema));
  return {
    input,
    filter: { range: reportDateRange(input), active: input.active, userId: input.userId, symbolId: input.symbolId },
  };
}

/** The PNL and min-max reports' URL → input and filter (every trade, open or closed). */
export function parsePnlReportParams(params: URLSearchParams) {
  const input = pnlReportFilterSchema.parse(queryFields(params, pnlReportFilterSchema));
  return { input, filter: { range: reportDateRange(input), active: "all" as const, userId: input.userId } };
}

/**
 * The user report's URL → input and range. LoginUser lists the sign-in history, so it always has
 * a range: the picked days, else today in IST (docs/decisions/141). `days` is what the form shows.
 */
export function parseUserReportParams(params: URLSearchParams, now: Date | number = Date.now()) {
  const input = userReportFilterSchema.parse(queryFields(params, userReportFilterSchema));
  if (input.mode === "login" && !input.rangeError) return { input, range: loginHistoryRange(input, now), days: loginHistoryDays(input, now) };
  return { input, range: reportDateRange(input), days: input.startDate && input.endDate ? { startDate: input.startDate, endDate: input.endDate } : undefined };
}

/** The Login Users page's filters: the role (any of the four, or all) and the day range (docs/decisions/141). */
export const loginHistoryFilterSchema = z
  .object({
    role_id: z
      .string()
      .optional()
      .transform((v) => {
        const n = Number(v);
        return n === 1 || n === 2 || n === 3 || n === 4 ? n : null;
      }),
  })
  .and(dateRangeSchema);

export function parseLoginHistoryParams(params: URLSearchParams) {
  return loginHistoryFilterSchema.parse(queryFields(params, loginHistoryFilterSchema));
}

/** /login-user's history query: its range and role, and the list's search, order and page size (20 unless chosen). */
export function parseLoginHistoryQuery(params: URLSearchParams) {
  const filter = parseLoginHistoryParams(params);
  const list = parseListQuery(params, LOGIN_HISTORY_SORTS, { sort: "time", dir: "desc", pageSize: LONG_PAGE_SIZE });
  return { filter, range: filter, roleId: filter.role_id, search: list.search, order: { sort: list.sort, dir: list.dir }, pageSize: list.pageSize };
}

/** A refused range keeps what was typed in the form (the message says what is wrong with it). */
export function typedRange(params: URLSearchParams, prefix = ""): { startDate: string; endDate: string } {
  const names = rangeParamNames(prefix);
  return { startDate: (params.get(names.start) ?? "").slice(0, 10), endDate: (params.get(names.end) ?? "").slice(0, 10) };
}

export function activeFilterLabel(value: ActiveFilter): string {
  return ACTIVE_FILTERS.find((a) => a.value === value)?.label ?? "All";
}

/** A chart's own date range, read from `<prefix>startDate` and `<prefix>endDate`. */
export function parsePrefixedRange(params: URLSearchParams, prefix: string) {
  const names = rangeParamNames(prefix);
  const input = dateRangeSchema.parse({
    startDate: params.get(names.start) ?? undefined,
    endDate: params.get(names.end) ?? undefined,
  });
  return { input, range: reportDateRange(input) };
}

/** The URL names of a date range: startDate/endDate, or e.g. tuStartDate/tuEndDate. */
export function rangeParamNames(prefix = ""): { start: string; end: string } {
  return prefix ? { start: `${prefix}StartDate`, end: `${prefix}EndDate` } : { start: "startDate", end: "endDate" };
}
