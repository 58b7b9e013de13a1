// The user report (docs/product-rules.md R-AC2): users of one role with their subscription (All
// users), or their sign-ins (Login users), optionally within a date range (decision 090: the
// range applies to the user's creation in All mode and to the sign-in time in Login mode).
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { authSessions, users } from "~/db/schema";
import { pageOffset } from "~/domain/paging";
import { latestSubscription, userWithSubscriptionColumns } from "~/models/user-admin.server";

export interface UserReportFilter {
  mode: "all" | "login";
  roleId: number;
  range?: { from: Date; to: Date };
}

export interface UserReportRow {
  /** A stable key for the row (user id, or the sign-in's session). */
  key: string;
  userId: number;
  username: string;
  name: string;
  email: string;
  roleId: number;
  /** Login mode: the sign-in time. */
  loginTime: Date | null;
  /** All mode: the latest subscription's dates (YYYY-MM-DD) and the user's status. */
  dateSubscribed: string | null;
  dateExpired: string | null;
  status: boolean;
}

function rangeWhere(column: typeof users.createdAt | typeof authSessions.createdAt, range: UserReportFilter["range"]): SQL | undefined {
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
  const where = and(eq(users.roleId, filter.roleId), rangeWhere(authSessions.createdAt, filter.range));
  return {
    where,
    rows: db
      .select({
        sessionId: authSessions.id,
        userId: users.id,
        username: users.username,
        name: users.name,
        email: users.email,
        roleId: users.roleId,
        status: users.status,
        loginTime: authSessions.createdAt,
        cursorTime: sql<string>`${authSessions.createdAt}::text`,
      })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
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
      q.rows.orderBy(desc(authSessions.createdAt), desc(authSessions.id)).limit(paging.pageSize).offset(offset),
      db.select({ total: count() }).from(authSessions).innerJoin(users, eq(users.id, authSessions.userId)).where(q.where),
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

type LoginRow = { sessionId: string; userId: number; username: string; name: string; email: string; roleId: number; status: boolean; loginTime: Date; cursorTime: string };

function fromLogin(r: LoginRow): UserReportRow {
  return { key: `s-${r.sessionId}`, userId: r.userId, username: r.username, name: r.name, email: r.email, roleId: r.roleId, status: r.status, loginTime: r.loginTime, dateSubscribed: null, dateExpired: null };
}

function fromUser(r: { id: number; username: string; name: string; email: string; roleId: number; status: boolean; dateSubscribed: string | null; dateExpired: string | null }): UserReportRow {
  return { key: `u-${r.id}`, userId: r.id, username: r.username, name: r.name, email: r.email, roleId: r.roleId, status: r.status, loginTime: null, dateSubscribed: r.dateSubscribed, dateExpired: r.dateExpired };
}

/** Every row of the report in keyset batches (for the exports). */
export async function* streamUserReportRows(db: AppDatabase, filter: UserReportFilter, batchSize = 1000): AsyncGenerator<UserReportRow> {
  if (filter.mode === "login") {
    let cursor: { time: string; id: string } | null = null;
    for (;;) {
      const q = loginQuery(db, filter);
      const after: SQL | undefined = cursor ? sql`(${authSessions.createdAt}, ${authSessions.id}) < (${cursor.time}::timestamptz, ${cursor.id})` : undefined;
      const batch: LoginRow[] = await q.rows
        .where(and(q.where, after))
        .orderBy(desc(authSessions.createdAt), desc(authSessions.id))
        .limit(batchSize);
      for (const r of batch) yield fromLogin(r);
      if (batch.length < batchSize) return;
      const last: LoginRow = batch[batch.length - 1];
      cursor = { time: last.cursorTime, id: last.sessionId };
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
