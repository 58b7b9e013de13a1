// Notifications: the top bar's bell reads the unread count.
import { and, count, eq, gte, isNull, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { notifications, userSymbols } from "~/db/schema";

/**
 * The notifications a user sees: their own, and for a customer only those of the symbols of its
 * subscription. The list and the bell's count both use this one rule.
 */
export function visibleNotificationsOf(user: { id: number; roleId: number }) {
  return and(
    eq(notifications.userId, user.id),
    user.roleId === 4
      ? sql`exists (select 1 from ${userSymbols} where ${userSymbols.userId} = ${user.id} and ${userSymbols.symbolId} = ${notifications.symbolId})`
      : undefined,
  );
}

/** Unread notifications since `since` (the documents keep the current and previous day only). */
export async function countUnreadNotifications(db: AppDatabase, user: { id: number; roleId: number }, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(visibleNotificationsOf(user), isNull(notifications.readAt), gte(notifications.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** Stores one notification for a user (the bell lists it); returns its id. */
/** The same notification for several users, in one insert (one row each). */
export async function createNotifications(
  db: AppDatabase,
  input: { userIds: readonly number[]; kind: string; message: string; symbolId?: number | null },
): Promise<void> {
  if (input.userIds.length === 0) return;
  await db.insert(notifications).values(
    input.userIds.map((userId) => ({ userId, kind: input.kind, message: input.message, symbolId: input.symbolId ?? null })),
  );
}

export async function createNotification(
  db: AppDatabase,
  input: { userId: number; kind: string; message: string; symbolId?: number | null },
): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values({ userId: input.userId, kind: input.kind, message: input.message, symbolId: input.symbolId ?? null })
    .returning({ id: notifications.id });
  return row.id;
}
