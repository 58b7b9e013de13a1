// The sign-in history (docs/decisions/141): every sign-in attempt the sign-in service sees is
// recorded with its address and browser, kept after sign-out, and pruned after
// LOGIN_HISTORY_RETENTION_DAYS. /login-user and the User Report's LoginUser mode (and their API
// calls) list it for a day range, today in IST by default.
import type { AppContext } from "~/config/context";
import {
  LOGIN_AGENT_MAX,
  LOGIN_IDENTIFIER_MAX,
  LOGIN_PRUNE_BATCH,
  loginHistoryDays,
  loginHistoryRange,
  loginRetentionCutoff,
  type LoginFailureReason,
} from "~/domain/login-history";
import { refuse, succeed, type Outcome } from "~/domain/outcome";
import { insertLoginEvent, listLoginEventsPage, pruneLoginEventsBefore, type LoginEventRow, type LoginHistoryOrder } from "~/models/login-event.server";
import { streamInBatches } from "~/models/batches.server";
import { ROLE_NAMES, isRoleId } from "~/domain/access";
import { loginResultText } from "~/domain/login-history";
import type { ListExportFormat } from "~/schemas/user-admin";
import type { ExportColumn } from "~/services/reports/columns";
import { listDownloadResponse } from "~/services/reports/download.server";
import type { DateRangeInput } from "~/schemas/report";

export type { LoginEventRow };

export type LoginAttempt =
  | { success: true; userId: number; identifier: string }
  | { success: false; userId: number | null; identifier: string; reason: LoginFailureReason };

/**
 * Records one attempt with the request's address and browser, then deletes a bounded batch of
 * rows past retention: each attempt removes at most LOGIN_PRUNE_BATCH old rows, so the table
 * never outgrows its period and no sign-in waits on a long delete (an index probe when none is due).
 */
export async function recordLoginAttempt(context: Pick<AppContext, "db" | "env" | "clientIp">, request: Request, attempt: LoginAttempt): Promise<void> {
  const now = new Date();
  await insertLoginEvent(context.db, {
    occurredAt: now,
    userId: attempt.userId,
    identifier: attempt.identifier.trim().toLowerCase().slice(0, LOGIN_IDENTIFIER_MAX),
    success: attempt.success,
    reason: attempt.success ? null : attempt.reason,
    ip: context.clientIp || null,
    userAgent: request.headers.get("User-Agent")?.slice(0, LOGIN_AGENT_MAX) ?? null,
  });
  await pruneLoginHistory(context, now, LOGIN_PRUNE_BATCH);
}

/** Deletes up to `limit` rows older than the retention period; returns how many went. */
export function pruneLoginHistory(context: Pick<AppContext, "db" | "env">, now: Date = new Date(), limit = LOGIN_PRUNE_BATCH): Promise<number> {
  return pruneLoginEventsBefore(context.db, loginRetentionCutoff(now, context.env.LOGIN_HISTORY_RETENTION_DAYS), limit);
}

export interface LoginHistoryQuery {
  /** The picked range as the filter schema read it (a half or reversed one carries rangeError). */
  range: DateRangeInput;
  roleId: number | null;
  page: number;
  pageSize: number;
  search?: string | null;
  order?: LoginHistoryOrder;
}

export interface LoginHistoryPage {
  /** The days listed (today in IST when none were picked). */
  startDate: string;
  endDate: string;
  rows: LoginEventRow[];
  total: number;
}

/** One page of attempts in the range, newest first; a half or reversed range is refused and nothing is listed. */
export async function listLoginHistory(context: Pick<AppContext, "db">, query: LoginHistoryQuery): Promise<Outcome<LoginHistoryPage>> {
  if (query.range.rangeError) return refuse(query.range.rangeError, "startDate");
  const days = loginHistoryDays(query.range);
  const { rows, total } = await listLoginEventsPage(
    context.db,
    { range: loginHistoryRange(days), roleId: query.roleId, search: query.search ?? null },
    { page: query.page, pageSize: query.pageSize },
    query.order,
  );
  return succeed({ ...days, rows, total });
}

const LOGIN_HISTORY_EXPORT_COLUMNS: readonly ExportColumn<LoginEventRow>[] = [
  { header: "Login Time", kind: "datetime", width: 20, value: (r) => r.occurredAt },
  { header: "User Name", kind: "text", width: 18, value: (r) => r.username },
  { header: "Account", kind: "text", width: 28, value: (r) => r.email ?? r.identifier },
  { header: "Role", kind: "text", width: 10, value: (r) => (r.roleId !== null && isRoleId(r.roleId) ? ROLE_NAMES[r.roleId] : null) },
  { header: "Address", kind: "text", width: 16, value: (r) => r.ip },
  { header: "Browser", kind: "text", width: 40, value: (r) => r.userAgent },
  { header: "Result", kind: "text", width: 22, value: (r) => loginResultText(r.success, r.reason) },
];

/** The sign-in history as /login-user lists it (range, role, search, order), every page, as CSV or Excel. */
export function loginHistoryDownload(context: Pick<AppContext, "db">, query: Omit<LoginHistoryQuery, "page" | "pageSize">, format: ListExportFormat): Outcome<Response> {
  if (query.range.rangeError) return refuse(query.range.rangeError, "startDate");
  const days = loginHistoryDays(query.range);
  const filter = { range: loginHistoryRange(days), roleId: query.roleId, search: query.search ?? null };
  const rows = streamInBatches((page, pageSize) => listLoginEventsPage(context.db, filter, { page, pageSize }, query.order));
  return succeed(listDownloadResponse({ sheetName: "Sign-in history", columns: LOGIN_HISTORY_EXPORT_COLUMNS, rows }, `sign-in-history_${days.startDate}_to_${days.endDate}.${format}`, format));
}
