// Queries of the tick engines: target points to watch and delete, keys with their users,
// key events.
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { chaviEvents, chavis, chaviUsers, referencePoints, sectorAnalysisPoints, symbols, users } from "~/db/schema";
import { symbolIdOfCode } from "./symbol.server";
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
 * Which of a symbol's key events a list reads: those since a time (today's IST midnight); with a
 * user id, only those of the keys assigned to that user (roles 3 and 4 follow their own keys;
 * role 1 sees all).
 */
export interface SymbolKeyEventScope {
  symbolCode: string;
  since: Date;
  assignedToUserId: number | null;
}

export interface SymbolKeyEvent {
  id: number;
  label: string;
  price: number;
  eventTime: Date;
}

function inScope(scope: SymbolKeyEventScope): SQL {
  return and(
    // The symbol's id first (codes are unique in upper case), so the events are read along the
    // (symbol_id, event_time) index, newest first, and a page stops after its rows.
    eq(chaviEvents.symbolId, symbolIdOfCode(scope.symbolCode)),
    gte(chaviEvents.eventTime, scope.since),
    scope.assignedToUserId === null
      ? undefined
      : sql`exists (select 1 from ${chaviUsers} where ${chaviUsers.chaviId} = ${chaviEvents.chaviId} and ${chaviUsers.userId} = ${scope.assignedToUserId})`,
  ) as SQL;
}

/**
 * One page of a symbol's key events in scope, newest first (event time, then id: the later
 * insert of one instant is the later event), keyset-paged on (event_time, id) along the
 * chavi_events_symbol_time_idx index: `beforeId` is the last event of the previous page. At most
 * `limit` rows, and the cursor of the next page when there are older ones.
 */
export async function listSymbolKeyEventsPage(
  db: AppDatabase,
  scope: SymbolKeyEventScope,
  page: { limit: number; beforeId?: number | null },
): Promise<{ rows: SymbolKeyEvent[]; nextBeforeId: number | null }> {
  return symbolKeyEventsPage(await symbolKeyEventsPageQuery(db, scope, page), page.limit);
}

/** listSymbolKeyEventsPage's query: the page's rows and one more, when there are older ones. */
export function symbolKeyEventsPageQuery(db: AppDatabase, scope: SymbolKeyEventScope, page: { limit: number; beforeId?: number | null }) {
  // The cursor row is compared in SQL: JavaScript dates drop the microseconds PostgreSQL keeps.
  const before = page.beforeId
    ? sql`(${chaviEvents.eventTime}, ${chaviEvents.id}) < (select e.event_time, e.id from ${chaviEvents} e where e.id = ${page.beforeId})`
    : undefined;
  return db
    .select({ id: chaviEvents.id, label: chaviEvents.label, price: chaviEvents.price, eventTime: chaviEvents.eventTime })
    .from(chaviEvents)
    .where(and(inScope(scope), before))
    .orderBy(desc(chaviEvents.eventTime), desc(chaviEvents.id))
    .limit(page.limit + 1);
}

/** symbolKeyEventsPageQuery's rows as the page: at most `limit`, and the next page's cursor. */
export function symbolKeyEventsPage(rows: SymbolKeyEvent[], limit: number): { rows: SymbolKeyEvent[]; nextBeforeId: number | null } {
  const shown = rows.slice(0, limit);
  return { rows: shown, nextBeforeId: rows.length > limit ? shown[shown.length - 1].id : null };
}

/** How many of a symbol's key events are in scope (a count over the symbol-and-time index). */
export async function countSymbolKeyEvents(db: AppDatabase, scope: SymbolKeyEventScope): Promise<number> {
  const [row] = await symbolKeyEventCountQuery(db, scope);
  return row.count;
}

/** countSymbolKeyEvents' query: one row, `count`. */
export function symbolKeyEventCountQuery(db: AppDatabase, scope: SymbolKeyEventScope) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(chaviEvents)
    .where(inScope(scope));
}

/**
 * The latest event of each distinct label among a symbol's key events in scope, oldest first.
 * A stored event's key type is read from its label (keyTypeOfLabel), so the last event of each
 * type is among these: previousKeyLabels over them equals previousKeyLabels over all the day's
 * events, and they are as many as the day's distinct labels (two per key), not its events.
 */
export async function listLatestSymbolKeyEventOfEachLabel(db: AppDatabase, scope: SymbolKeyEventScope): Promise<{ label: string; eventTime: Date }[]> {
  return latestSymbolKeyEventOfEachLabelQuery(db, scope);
}

/** listLatestSymbolKeyEventOfEachLabel's query, to embed in another statement. */
export function latestSymbolKeyEventOfEachLabelQuery(db: AppDatabase, scope: SymbolKeyEventScope) {
  const latest = db
    .selectDistinctOn([chaviEvents.label], { id: chaviEvents.id, label: chaviEvents.label, eventTime: chaviEvents.eventTime })
    .from(chaviEvents)
    .where(inScope(scope))
    .orderBy(chaviEvents.label, desc(chaviEvents.eventTime), desc(chaviEvents.id))
    .as("latest");
  return db.select({ label: latest.label, eventTime: latest.eventTime }).from(latest).orderBy(latest.eventTime, latest.id);
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

/**
 * A symbol's latest `limit` key events in [from, to), oldest first: a long range on a busy symbol
 * is cut to its newest events (docs/decisions/159).
 */
export async function listLatestKeyEventsBetween(db: AppDatabase, symbolId: number, from: Date, to: Date, limit: number) {
  const rows = await db
    .select({ id: chaviEvents.id, label: chaviEvents.label, price: chaviEvents.price, eventTime: chaviEvents.eventTime })
    .from(chaviEvents)
    .where(and(eq(chaviEvents.symbolId, symbolId), gte(chaviEvents.eventTime, from), lt(chaviEvents.eventTime, to)))
    .orderBy(desc(chaviEvents.eventTime), desc(chaviEvents.id))
    .limit(limit);
  return rows.reverse();
}
