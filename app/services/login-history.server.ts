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
import { insertLoginEvent, listLoginEventsPage, pruneLoginEventsBefore, type LoginEventRow } from "~/models/login-event.server";
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
    { range: loginHistoryRange(days), roleId: query.roleId },
    { page: query.page, pageSize: query.pageSize },
  );
  return succeed({ ...days, rows, total });
}
