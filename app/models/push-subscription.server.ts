// Web Push subscriptions, one row per device (docs/decisions/153). Every write is scoped by
// its owner in the WHERE clause, except the push sender's removal of an endpoint the push
// service answered "gone" for, which no user asked for.
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { pushSubscriptions, users } from "~/db/schema";

export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string;
}

export interface PushTarget {
  userId: number;
  roleId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Stores a device's subscription for the user. A device that subscribes again (new keys, or
 * another account signed in on the same browser) has the same endpoint: its row is replaced,
 * so one device is never notified for two accounts.
 */
export async function upsertPushSubscription(db: AppDatabase, userId: number, input: PushSubscriptionInput): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...input })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: input.p256dh, auth: input.auth, userAgent: input.userAgent, createdAt: sql`now()` },
    });
}

/** Deletes the user's own subscription with this endpoint; answers how many rows went (0 or 1). */
export async function deleteOwnPushSubscription(db: AppDatabase, userId: number, endpoint: string): Promise<number> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length;
}

/** Deletes a subscription the push service says no longer exists (404/410). */
export async function deleteGonePushSubscription(db: AppDatabase, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

export async function countPushSubscriptions(db: AppDatabase, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return Number(row?.n ?? 0);
}

/** The subscriptions of these users whose accounts are active (an inactive user is told nothing). */
export async function listPushTargets(db: AppDatabase, userIds: readonly number[]): Promise<PushTarget[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: pushSubscriptions.userId,
      roleId: users.roleId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(and(inArray(pushSubscriptions.userId, [...userIds]), eq(users.status, true)));
}
