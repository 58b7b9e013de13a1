// Queries of the tick engines: target points to watch and delete, keys with their users,
// key events.
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { chaviEvents, chavis, chaviUsers, referencePoints, sectorAnalysisPoints, symbols, users } from "~/db/schema";
import { MANDI_VISAMO_TARGET, TEJI_VISAMO_TARGET } from "~/domain/targets";
import type { KeyType } from "~/domain/keys";

export interface WatchedTarget {
  id: number;
  symbolId: number;
  symbolCode: string;
  pointName: string;
  price: number;
}

/** Active MANDI/TEJI target points, the only ones the watcher may delete (docs/product-rules.md R-D15). */
export async function listWatchedTargets(db: AppDatabase): Promise<WatchedTarget[]> {
  return db
    .select({
      id: referencePoints.id,
      symbolId: referencePoints.symbolId,
      symbolCode: symbols.symbolCode,
      pointName: referencePoints.pointName,
      price: referencePoints.price,
    })
    .from(referencePoints)
    .innerJoin(symbols, eq(symbols.id, referencePoints.symbolId))
    .where(
      and(
        eq(referencePoints.isActive, true),
        inArray(sql`upper(${referencePoints.pointName})`, [MANDI_VISAMO_TARGET, TEJI_VISAMO_TARGET]),
      ),
    );
}

export async function deleteReferencePoints(db: AppDatabase, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.delete(referencePoints).where(inArray(referencePoints.id, [...ids])).returning({ id: referencePoints.id });
  return rows.length;
}

export interface ActiveKey {
  id: number;
  displayName: string;
  type: KeyType;
  srNo: number;
  isactive: boolean;
  /** The users the key is assigned to, with their roles. */
  users: { id: number; roleId: number }[];
}

export async function listActiveKeysWithUsers(db: AppDatabase): Promise<ActiveKey[]> {
  const keys = await db
    .select({ id: chavis.id, displayName: chavis.displayName, type: chavis.type, srNo: chavis.srNo, isactive: chavis.isactive })
    .from(chavis)
    .where(eq(chavis.isactive, true));
  if (keys.length === 0) return [];
  const links = await db
    .select({ chaviId: chaviUsers.chaviId, id: users.id, roleId: users.roleId })
    .from(chaviUsers)
    .innerJoin(users, eq(users.id, chaviUsers.userId))
    .where(inArray(chaviUsers.chaviId, keys.map((k) => k.id)));
  const byKey = new Map<number, { id: number; roleId: number }[]>();
  for (const { chaviId, ...user } of links) byKey.set(chaviId, [...(byKey.get(chaviId) ?? []), user]);
  return keys.map((k) => ({ ...k, users: byKey.get(k.id) ?? [] }));
}

export interface NewKeyEvent {
  chaviId: number;
  symbolId: number;
  label: string;
  price: number;
  tradingDate: string;
  eventTime: Date;
}

export async function insertKeyEvents(db: AppDatabase, events: readonly NewKeyEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(chaviEvents).values([...events]);
}

/** The key events of one IST trading day, oldest first, with their symbol codes. */
export async function listKeyEventsOfDay(db: AppDatabase, tradingDate: string) {
  return db
    .select({ chaviId: chaviEvents.chaviId, symbolCode: symbols.symbolCode, label: chaviEvents.label, price: chaviEvents.price, eventTime: chaviEvents.eventTime })
    .from(chaviEvents)
    .innerJoin(symbols, eq(symbols.id, chaviEvents.symbolId))
    .where(eq(chaviEvents.tradingDate, tradingDate))
    .orderBy(chaviEvents.eventTime, chaviEvents.id);
}

/** Key events since a time, oldest first, with their symbol codes. */
export async function listKeyEventsSince(db: AppDatabase, since: Date) {
  return db
    .select({ symbolCode: symbols.symbolCode, label: chaviEvents.label, eventTime: chaviEvents.eventTime })
    .from(chaviEvents)
    .innerJoin(symbols, eq(symbols.id, chaviEvents.symbolId))
    .where(gte(chaviEvents.eventTime, since))
    .orderBy(chaviEvents.eventTime, chaviEvents.id);
}

/**
 * A symbol's key events since a time, newest first. With a user id, only the keys assigned
 * to that user (roles 3 and 4 follow their own keys; role 1 sees all).
 */
export async function listSymbolKeyEvents(
  db: AppDatabase,
  symbolCode: string,
  since: Date,
  assignedToUserId: number | null,
): Promise<{ label: string; price: number; eventTime: Date }[]> {
  const base = db
    .select({ label: chaviEvents.label, price: chaviEvents.price, eventTime: chaviEvents.eventTime })
    .from(chaviEvents)
    .innerJoin(symbols, eq(symbols.id, chaviEvents.symbolId));
  const where = and(sql`upper(${symbols.symbolCode}) = ${symbolCode.toUpperCase()}`, gte(chaviEvents.eventTime, since));
  const rows =
    assignedToUserId === null
      ? await base.where(where)
      : await base
          .innerJoin(chaviUsers, and(eq(chaviUsers.chaviId, chaviEvents.chaviId), eq(chaviUsers.userId, assignedToUserId)))
          .where(where);
  return rows.sort((a, b) => b.eventTime.getTime() - a.eventTime.getTime());
}

/** One gauge point per sector per minute; a repeat of the same minute replaces it. */
export async function insertSectorGaugePoints(
  db: AppDatabase,
  points: readonly { sectorId: number; ts: Date; percentage: number }[],
): Promise<void> {
  if (points.length === 0) return;
  await db
    .insert(sectorAnalysisPoints)
    .values([...points])
    .onConflictDoUpdate({
      target: [sectorAnalysisPoints.sectorId, sectorAnalysisPoints.ts],
      set: { percentage: sql`excluded.percentage` },
    });
}

/** A symbol's key events in [from, to), oldest first. */
export async function listKeyEventsBetween(db: AppDatabase, symbolId: number, from: Date, to: Date) {
  return db
    .select({ id: chaviEvents.id, label: chaviEvents.label, price: chaviEvents.price, eventTime: chaviEvents.eventTime })
    .from(chaviEvents)
    .where(and(eq(chaviEvents.symbolId, symbolId), gte(chaviEvents.eventTime, from), lt(chaviEvents.eventTime, to)))
    .orderBy(chaviEvents.eventTime, chaviEvents.id);
}
