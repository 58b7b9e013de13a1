// The user report (docs/product-rules.md R-AC2): users of one role with their subscription (All
// users), or their sign-in attempts from the sign-in history (Login users, docs/decisions/141),
// optionally within a date range (decision 090: the range applies to the user's creation in All
// mode and to the attempt's time in Login mode, where the caller always gives one).
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { loginEvents, users } from "~/db/schema";
import { pageOffset } from "~/domain/paging";
import { latestSubscription, userWithSubscriptionColumns } from "~/models/user-admin.server";

export interface UserReportFilter {
  mode: "all" | "login";
  roleId: number;
  range?: { from: Date; to: Date };
}

export interface UserReportRow {
  /** A stable key for the row (user id, or the sign-in attempt's id). */
  key: string;
  userId: number;
  username: string;
  name: string;
  email: string;
  roleId: number;
  /** Login mode: the attempt's time, address, browser, and whether it succeeded (else why not). */
  loginTime: Date | null;
  ip?: string | null;
  userAgent?: string | null;
  success?: boolean;
  reason?: string | null;
  /** All mode: the latest subscription's dates (YYYY-MM-DD) and the user's status. */
  dateSubscribed: string | null;
  dateExpired: string | null;
  status: boolean;
}

function rangeWhere(column: typeof users.createdAt | typeof loginEvents.occurredAt, range: UserReportFilter["range"]): SQL | undefined {
  if (!range) return undefined;
  return and(
    sql`${column} >= ${range.from.toISOString()}::timestamptz`,
    sql`${column} < ${range.to.toISOString()}::timestamptz`,
  );
}

function allUsersQuery(db: AppDatabase, filter: UserReportFilter) {
  const latest = latestSubscription(db);
  const where = and(eq(users.roleId, filter.roleId), rangeWhere(users.createdAt, filter.range));
  return {
    where,
    rows: db
      .select(userWithSubscriptionColumns(latest))
      .from(users)
      .leftJoin(latest, eq(latest.userId, users.id))
      .where(where)
      .$dynamic(),
  };
}

function loginQuery(db: AppDatabase, filter: UserReportFilter) {
  const where = and(eq(users.roleId, filter.roleId), rangeWhere(loginEvents.occurredAt, filter.range));
  return {
    where,
    rows: db
      .select({
        eventId: loginEvents.id,
        userId: users.id,
        username: users.username,
        name: users.name,
        email: users.email,
        roleId: users.roleId,
        status: users.status,
        loginTime: loginEvents.occurredAt,
        ip: loginEvents.ip,
        userAgent: loginEvents.userAgent,
        success: loginEvents.success,
        reason: loginEvents.reason,
        cursorTime: sql<string>`${loginEvents.occurredAt}::text`,
      })
      .from(loginEvents)
      .innerJoin(users, eq(users.id, loginEvents.userId))
      .where(where)
      .$dynamic(),
  };
}

export async function listUserReportPage(
  db: AppDatabase,
  filter: UserReportFilter,
  paging: { page: number; pageSize: number },
): Promise<{ rows: UserReportRow[]; total: number }> {
  const offset = pageOffset(paging.page, paging.pageSize);
  if (filter.mode === "login") {
    const q = loginQuery(db, filter);
    const [rows, [{ total }]] = await Promise.all([
      q.rows.orderBy(desc(loginEvents.occurredAt), desc(loginEvents.id)).limit(paging.pageSize).offset(offset),
      db.select({ total: count() }).from(loginEvents).innerJoin(users, eq(users.id, loginEvents.userId)).where(q.where),
    ]);
    return { rows: rows.map(fromLogin), total };
  }
  const q = allUsersQuery(db, filter);
  const [rows, [{ total }]] = await Promise.all([
    q.rows.orderBy(asc(users.name), asc(users.id)).limit(paging.pageSize).offset(offset),
    db.select({ total: count() }).from(users).where(q.where),
  ]);
  return { rows: rows.map(fromUser), total };
}

type LoginRow = {
  eventId: number;
  userId: number;
  username: string;
  name: string;
  email: string;
  roleId: number;
  status: boolean;
  loginTime: Date;
  ip: string | null;
  userAgent: string | null;
  success: boolean;
  reason: string | null;
  cursorTime: string;
};

function fromLogin({ eventId, cursorTime: _time, ...r }: LoginRow): UserReportRow {
  return { key: `e-${eventId}`, ...r, dateSubscribed: null, dateExpired: null };
}

function fromUser(r: { id: number; username: string; name: string; email: string; roleId: number; status: boolean; dateSubscribed: string | null; dateExpired: string | null }): UserReportRow {
  return { key: `u-${r.id}`, userId: r.id, username: r.username, name: r.name, email: r.email, roleId: r.roleId, status: r.status, loginTime: null, dateSubscribed: r.dateSubscribed, dateExpired: r.dateExpired };
}

/** Every row of the report in keyset batches (for the exports). */
export async function* streamUserReportRows(db: AppDatabase, filter: UserReportFilter, batchSize = 1000): AsyncGenerator<UserReportRow> {
  if (filter.mode === "login") {
    let cursor: { time: string; id: number } | null = null;
    for (;;) {
      const q = loginQuery(db, filter);
      const after: SQL | undefined = cursor ? sql`(${loginEvents.occurredAt}, ${loginEvents.id}) < (${cursor.time}::timestamptz, ${cursor.id})` : undefined;
      const batch: LoginRow[] = await q.rows
        .where(and(q.where, after))
        .orderBy(desc(loginEvents.occurredAt), desc(loginEvents.id))
        .limit(batchSize);
      for (const r of batch) yield fromLogin(r);
      if (batch.length < batchSize) return;
      const last: LoginRow = batch[batch.length - 1];
      cursor = { time: last.cursorTime, id: last.eventId };
    }
  }
  let afterId = 0;
  for (;;) {
    const q = allUsersQuery(db, filter);
    const batch = await q.rows
      .where(and(q.where, sql`${users.id} > ${afterId}`))
      .orderBy(asc(users.id))
      .limit(batchSize);
    for (const r of batch) yield fromUser(r);
    if (batch.length < batchSize) return;
    afterId = batch[batch.length - 1].id;
  }
}
