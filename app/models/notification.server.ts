// Notifications: the top bar's bell reads the unread count.
import { and, count, eq, gte, isNull } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { notifications } from "~/db/schema";

/** Unread notifications since `since` (the documents keep the current and previous day only). */
export async function countUnreadNotifications(db: AppDatabase, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), gte(notifications.createdAt, since)));
  return Number(row?.n ?? 0);
}
