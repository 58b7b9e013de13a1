// The sign-in history (login_events): every attempt, kept after the session ends, pruned after
// the retention period (docs/decisions/141). Lists read it by time through login_events_time_idx.
import type { SortDirection } from "~/domain/list-query";
import type { LoginHistorySort } from "~/domain/login-history";
import { listOrder, searchCondition } from "./list-query.server";
import { and, count, desc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { loginEvents, users } from "~/db/schema";
import { pageOffset } from "~/domain/paging";

export interface NewLoginEvent {
  userId: number | null;
  identifier: string;
  success: boolean;
  reason: string | null;
  ip: string | null;
  userAgent: string | null;
  occurredAt?: Date;
}

export async function insertLoginEvent(db: AppDatabase, event: NewLoginEvent): Promise<void> {
  await db.insert(loginEvents).values({ ...event, occurredAt: event.occurredAt ?? new Date() });
}

/** Deletes at most `limit` of the oldest rows before `cutoff` (oldest first, by the time index); returns how many. */
export async function pruneLoginEventsBefore(db: AppDatabase, cutoff: Date, limit: number): Promise<number> {
  const oldest = db
    .select({ id: loginEvents.id })
    .from(loginEvents)
    .where(lt(loginEvents.occurredAt, cutoff))
    .orderBy(loginEvents.occurredAt, loginEvents.id)
    .limit(limit);
  const deleted = await db.delete(loginEvents).where(inArray(loginEvents.id, oldest)).returning({ id: loginEvents.id });
  return deleted.length;
}

export interface LoginHistoryFilter {
  range: { from: Date; to: Date };
  /** Only accounts of this role (an attempt on an unknown account has none and is left out); null: every attempt. */
  roleId: number | null;
  /** Matched in what was typed, the account's user name, name and email, and the address; null: none. */
  search?: string | null;
}

/** The history's order: a sortable column and its direction (newest first by default). */
export interface LoginHistoryOrder {
  sort: LoginHistorySort;
  dir: SortDirection;
}

export interface LoginEventRow {
  id: number;
  occurredAt: Date;
  userId: number | null;
  /** What was typed (an email); for an unknown account the only name there is. */
  identifier: string;
  success: boolean;
  reason: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The account as it is now; null when the attempt named no account (or it was deleted since). */
  username: string | null;
  name: string | null;
  email: string | null;
  roleId: number | null;
  status: boolean | null;
}

const rowColumns = {
  id: loginEvents.id,
  occurredAt: loginEvents.occurredAt,
  userId: loginEvents.userId,
  identifier: loginEvents.identifier,
  success: loginEvents.success,
  reason: loginEvents.reason,
  ip: loginEvents.ip,
  userAgent: loginEvents.userAgent,
  username: users.username,
  name: users.name,
  email: users.email,
  roleId: users.roleId,
  status: users.status,
};

function historyWhere(filter: LoginHistoryFilter, after?: SQL): SQL | undefined {
  return and(
    sql`${loginEvents.occurredAt} >= ${filter.range.from.toISOString()}::timestamptz`,
    sql`${loginEvents.occurredAt} < ${filter.range.to.toISOString()}::timestamptz`,
    filter.roleId !== null ? eq(users.roleId, filter.roleId) : undefined,
    searchCondition(filter.search ?? null, [loginEvents.identifier, users.username, users.name, users.email, loginEvents.ip]),
    after,
  );
}

/** One page of attempts in the range, newest first, with the account each named. */
export async function listLoginEventsPage(
  db: AppDatabase,
  filter: LoginHistoryFilter,
  paging: { page: number; pageSize: number },
  order: LoginHistoryOrder = { sort: "time", dir: "desc" },
): Promise<{ rows: LoginEventRow[]; total: number }> {
  const column = { time: loginEvents.occurredAt, account: sql`lower(coalesce(${users.username}, ${loginEvents.identifier}))`, result: loginEvents.success }[order.sort];
  const where = historyWhere(filter);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(rowColumns)
      .from(loginEvents)
      .leftJoin(users, eq(users.id, loginEvents.userId))
      .where(where)
      .orderBy(...listOrder(column, order.dir, loginEvents.id))
      .limit(paging.pageSize)
      .offset(pageOffset(paging.page, paging.pageSize)),
    db.select({ total: count() }).from(loginEvents).leftJoin(users, eq(users.id, loginEvents.userId)).where(where),
  ]);
  return { rows, total };
}

/** Every attempt in the range, newest first, in keyset batches (the exports). */
export async function* streamLoginEvents(db: AppDatabase, filter: LoginHistoryFilter, batchSize = 1000): AsyncGenerator<LoginEventRow> {
  let cursor: { time: string; id: number } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor ? sql`(${loginEvents.occurredAt}, ${loginEvents.id}) < (${cursor.time}::timestamptz, ${cursor.id})` : undefined;
    const batch: (LoginEventRow & { cursorTime: string })[] = await db
      .select({ ...rowColumns, cursorTime: sql<string>`${loginEvents.occurredAt}::text` })
      .from(loginEvents)
      .leftJoin(users, eq(users.id, loginEvents.userId))
      .where(historyWhere(filter, after))
      .orderBy(desc(loginEvents.occurredAt), desc(loginEvents.id))
      .limit(batchSize);
    for (const { cursorTime: _time, ...row } of batch) yield row;
    if (batch.length < batchSize) return;
    const last: LoginEventRow & { cursorTime: string } = batch[batch.length - 1];
    cursor = { time: last.cursorTime, id: last.id };
  }
}
