// The sign-in history's rules (docs/decisions/141): what a recorded attempt's reason means on
// screen, which day range a history list covers (today in IST unless both ends are picked) and
// where retention cuts. Pure; shared by the pages, the API and the tests.
import { inclusiveDateRange, istDateString } from "./dates";

/** Why an attempt failed, as stored in login_events.reason (null on success). */
export const LOGIN_FAILURE_REASONS = [
  "unknown-account",
  "bad-password",
  "inactive",
  "unverified",
  "throttled",
  "second-step",
  "code-required",
  "enrolment-required",
] as const;
export type LoginFailureReason = (typeof LOGIN_FAILURE_REASONS)[number];

const REASON_LABELS: Record<LoginFailureReason, string> = {
  "unknown-account": "Unknown account",
  "bad-password": "Wrong password",
  inactive: "Account inactive",
  unverified: "Email not verified",
  throttled: "Too many attempts (made to wait)",
  "second-step": "Wrong two-factor code",
  "code-required": "Two-factor code missing",
  "enrolment-required": "Two-factor set-up required",
};

export const LOGIN_SUCCEEDED = "Signed in";
export const LOGIN_FAILED = "Failed";

/** The Result column: "Signed in", or "Failed: <reason>". An unknown stored reason is shown as written. */
export function loginResultText(success: boolean, reason: string | null): string {
  if (success) return LOGIN_SUCCEEDED;
  if (!reason) return LOGIN_FAILED;
  const label = (REASON_LABELS as Record<string, string | undefined>)[reason] ?? reason;
  return `${LOGIN_FAILED}: ${label}`;
}

/** The longest stored user agent and typed identifier: enough to tell browsers apart, never a whole header dump. */
export const LOGIN_AGENT_MAX = 300;
export const LOGIN_IDENTIFIER_MAX = 254;

/**
 * The days a history list covers: the picked [start, end] (end inclusive, docs/product-rules.md
 * R-D10), or today in IST when neither end is picked. A half or reversed range never gets here:
 * the filter schema refuses it first (app/schemas/report.ts).
 */
export function loginHistoryDays(input: { startDate?: string; endDate?: string }, now: Date | number = Date.now()): { startDate: string; endDate: string } {
  if (input.startDate && input.endDate) return { startDate: input.startDate, endDate: input.endDate };
  const today = istDateString(now);
  return { startDate: today, endDate: today };
}

export function loginHistoryRange(input: { startDate?: string; endDate?: string }, now: Date | number = Date.now()): { from: Date; to: Date } {
  const days = loginHistoryDays(input, now);
  return inclusiveDateRange(days.startDate, days.endDate);
}

/** Rows that occurred before this instant are past retention and may be deleted. */
export function loginRetentionCutoff(now: Date | number, retentionDays: number): Date {
  const ms = typeof now === "number" ? now : now.getTime();
  return new Date(ms - retentionDays * 24 * 60 * 60 * 1000);
}

/** How many old rows one recorded attempt deletes at most: a bounded piggyback, never a long delete on a sign-in. */
export const LOGIN_PRUNE_BATCH = 200;

/** The sign-in history's sortable columns: the time, the account, the result. */
export const LOGIN_HISTORY_SORTS = ["time", "account", "result"] as const;
export type LoginHistorySort = (typeof LOGIN_HISTORY_SORTS)[number];
