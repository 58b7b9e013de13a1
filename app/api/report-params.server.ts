// The documents' report parameters (from_date, to_date, role_id, login, noquery) read by the
// report pages' own parsers: the names are mapped onto the page's (startDate, endDate, role_id,
// mode) and parseUserReportParams / parseTradeReportParams decide, so a call and its page filter
// alike. Where a page drops a half or reversed range and names it, the API answers 400.
import * as z from "zod";
import { isValidYmd } from "~/domain/dates";
import { parseTradeReportParams, parseUserReportParams } from "~/schemas/report";
import { badInput } from "./types.server";

export const DATE_FORMAT_MESSAGE = "Please enter a date as YYYY-MM-DD";

/** from_date / to_date as the documents send them: real days written YYYY-MM-DD. */
export const documentedRangeQuery = {
  from_date: z.string().max(10).refine(isValidYmd, DATE_FORMAT_MESSAGE).optional().describe("YYYY-MM-DD, with to_date"),
  to_date: z.string().max(10).refine(isValidYmd, DATE_FORMAT_MESSAGE).optional().describe("YYYY-MM-DD, inclusive (docs/product-rules.md R-D10)"),
};

/** A query flag: present without a value, 1 or true is on; 0 or false is off. */
export function queryFlag(name: string) {
  return z
    .enum(["", "0", "1", "true", "false"], { error: `Please send ${name} 1 or 0` })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "" || v === "1" || v === "true"))
    .describe(`${name}: 1 (or present without a value) or 0`);
}

export interface DocumentedUserReportQuery {
  from_date?: string;
  to_date?: string;
  role_id?: string | number;
  login?: boolean;
}

/** The user report's filter (mode, role 2/3/4 default 4, range on creation or sign-in) from the documents' names. */
export function parseDocumentedUserReport(query: DocumentedUserReportQuery) {
  const params = new URLSearchParams();
  if (query.from_date !== undefined) params.set("startDate", query.from_date);
  if (query.to_date !== undefined) params.set("endDate", query.to_date);
  if (query.role_id !== undefined) params.set("role_id", String(query.role_id));
  if (query.login) params.set("mode", "login");
  const parsed = parseUserReportParams(params);
  if (parsed.input.rangeError) badInput(parsed.input.rangeError, "from_date");
  return parsed;
}

export interface DocumentedTradeReportQuery {
  from_date?: string;
  to_date?: string;
  active?: string;
  userId?: string;
  symbolId?: string;
}

/** The trade report's filter (range, active all/1/0 default 0, userId, symbolId) from the documents' names. */
export function parseDocumentedTradeReport(query: DocumentedTradeReportQuery) {
  const params = new URLSearchParams();
  if (query.from_date !== undefined) params.set("startDate", query.from_date);
  if (query.to_date !== undefined) params.set("endDate", query.to_date);
  for (const key of ["active", "userId", "symbolId"] as const) {
    const value = query[key];
    if (value !== undefined) params.set(key, value);
  }
  const parsed = parseTradeReportParams(params);
  if (parsed.input.rangeError) badInput(parsed.input.rangeError, "from_date");
  return parsed;
}
