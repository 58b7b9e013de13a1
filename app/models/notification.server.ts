// Notifications: the bell's list, its unread count and "mark read", all through one visibility
// rule; the alert engine and trade changes write them.
import { and, count, desc, eq, gte, isNull, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { AppDatabase } from "~/db/client.server";
import { notifications, symbols, userSymbols } from "~/db/schema";
import { ROLES } from "~/domain/access";

/**
 * Whose notifications: a user's id and role as values, or as the columns of the `users` row a
 * query reads (the shell reads the bell's count beside the session, docs/decisions/160).
 */
export interface NotificationReader {
  id: number | AnyPgColumn;
  roleId: number | AnyPgColumn;
}

const CUSTOMER = sql.raw(String(ROLES.customer));

/**
 * The notifications a user sees: their own, and for a customer only those of the symbols of its
 * subscription. The list and the bell's count both use this one rule.
 */
function visibleNotificationsOf(user: NotificationReader) {
  return and(
    eq(notifications.userId, user.id),
    sql`(${user.roleId} <> ${CUSTOMER} or exists (select 1 from ${userSymbols} where ${userSymbols.userId} = ${user.id} and ${userSymbols.symbolId} = ${notifications.symbolId}))`,
  );
}

/**
 * The bell's rule: visible, unread, and since `since` (the documents keep the current and
 * previous day only); `since` may be a placeholder of a prepared statement.
 */
function unreadNotificationsOf(user: NotificationReader, since: Date | Placeholder) {
  return and(visibleNotificationsOf(user), isNull(notifications.readAt), gte(notifications.createdAt, since));
}

/** Unread notifications since `since`: the bell's number. */
export async function countUnreadNotifications(db: AppDatabase, user: { id: number; roleId: number }, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(unreadNotificationsOf(user, since));
  return Number(row?.n ?? 0);
}

/** The bell's number as a scalar subquery, for a query that reads the reader's `users` row. */
export function unreadNotificationCount(user: NotificationReader, since: Date | Placeholder): SQL<number> {
  return sql`(select count(*) from ${notifications} where ${unreadNotificationsOf(user, since)})`.mapWith(Number);
}

export interface NotificationView {
  id: number;
  symbolCode: string;
  message: string;
  view: string[];
  mp3Text: string;
  createdAt: Date;
  read: boolean;
}

/**
 * The user's notifications since `since` (the current and previous day), newest first, only of
 * symbols the user may see (role 4: its subscription). Older ones are never shown (the
 * documents drop them at load); they are purged when the user's next notification is written,
 * since a GET changes nothing (docs/product-rules.md R-D24).
 */
export async function loadRecentNotifications(db: AppDatabase, user: { id: number; roleId: number }, since: Date, limit = 200): Promise<NotificationView[]> {
  const rows = await db
    .select({
      id: notifications.id,
      symbolCode: sql<string>`coalesce(${symbols.symbolCode}, '')`,
      message: notifications.message,
      view: notifications.view,
      mp3Text: notifications.mp3Text,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .leftJoin(symbols, eq(symbols.id, notifications.symbolId))
    .where(and(visibleNotificationsOf(user), gte(notifications.createdAt, since)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map(({ readAt, ...r }) => ({ ...r, read: readAt !== null }));
}

export async function markNotificationsRead(db: AppDatabase, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The same notification for several users (the bell lists it), in one insert (one row each). */
export async function createNotifications(
  db: AppDatabase,
  input: { userIds: readonly number[]; kind: string; message: string; symbolId?: number | null },
): Promise<void> {
  await createNotificationsOfNotices(db, [input]);
}

/**
 * The notification rows of several notices (each to its readers) in one statement: a tick that
 * reaches hundreds of stop-losses tells each owner and every staff member (docs/decisions/168),
 * tens of thousands of rows. The columns travel as four arrays, so any number of rows fits one
 * statement's parameters.
 */
export async function createNotificationsOfNotices(
  db: AppDatabase,
  notices: readonly { userIds: readonly number[]; kind: string; message: string; symbolId?: number | null }[],
): Promise<void> {
  const userIds: number[] = [];
  const kinds: string[] = [];
  const messages: string[] = [];
  const symbolIds: (number | null)[] = [];
  for (const notice of notices) {
    for (const userId of notice.userIds) {
      userIds.push(userId);
      kinds.push(notice.kind);
      messages.push(notice.message);
      symbolIds.push(notice.symbolId ?? null);
    }
  }
  if (userIds.length === 0) return;
  const insertRows = (tx: AppDatabase, from: number, to: number) =>
    tx.execute(
      sql`insert into ${notifications} (user_id, kind, message, symbol_id)
          select * from unnest(${sql.param(userIds.slice(from, to))}::int[], ${sql.param(kinds.slice(from, to))}::text[],
                               ${sql.param(messages.slice(from, to))}::text[], ${sql.param(symbolIds.slice(from, to))}::int[])`,
    );
  if (userIds.length <= NOTIFICATION_ROWS_PER_STATEMENT) {
    await insertRows(db, 0, userIds.length);
    return;
  }
  // The driver writes each array as text on the event loop: tens of thousands of rows in one
  // statement held it for a tenth of a second. Slices of rows, all or none (a transaction, or a
  // savepoint inside the caller's).
  await db.transaction(async (tx) => {
    for (let from = 0; from < userIds.length; from += NOTIFICATION_ROWS_PER_STATEMENT) {
      await insertRows(tx, from, Math.min(userIds.length, from + NOTIFICATION_ROWS_PER_STATEMENT));
    }
  });
}

/** Notification rows per insert statement (createNotificationsOfNotices). */
export const NOTIFICATION_ROWS_PER_STATEMENT = 2_000;
