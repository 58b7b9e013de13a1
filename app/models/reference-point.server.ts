// Reference points (target points): the reference-point upload writes them here.
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { referencePoints, symbols } from "~/db/schema";
import { referencePointKey, type ReferencePointFields } from "~/domain/reference-points";

export interface ReferencePointInput extends ReferencePointFields {
  symbolId: number;
}

export type SaveOutcome = "inserted" | "updated";

const CHUNK = 500;

/**
 * Saves reference points in one transaction. A point with the same symbol, point name (any case)
 * and date as a stored one replaces its price, stop-loss and display name, so uploading the same
 * file twice does not double the chips; its active flag is left as the admin set it. Returns
 * each input's outcome, in input order.
 */
export async function saveReferencePoints(db: AppDatabase, inputs: readonly ReferencePointInput[]): Promise<SaveOutcome[]> {
  if (inputs.length === 0) return [];
  return db.transaction(async (tx) => {
    const symbolIds = [...new Set(inputs.map((p) => p.symbolId))];
    const existing = await tx
      .select({ id: referencePoints.id, symbolId: referencePoints.symbolId, pointName: referencePoints.pointName, date: referencePoints.date })
      .from(referencePoints)
      .where(inArray(referencePoints.symbolId, symbolIds))
      .orderBy(referencePoints.id);
    const idOf = new Map<string, number>();
    for (const row of existing) {
      const key = referencePointKey(row.symbolId, row.pointName, row.date);
      if (!idOf.has(key)) idOf.set(key, row.id);
    }
    const outcomes: SaveOutcome[] = [];
    const fresh: ReferencePointInput[] = [];
    for (const point of inputs) {
      const id = idOf.get(referencePointKey(point.symbolId, point.pointName, point.date));
      if (id === undefined) {
        fresh.push(point);
        outcomes.push("inserted");
        continue;
      }
      await tx
        .update(referencePoints)
        .set({ price: point.price, slPrice: point.slPrice, displayName: point.displayName, updatedAt: new Date() })
        .where(sql`${referencePoints.id} = ${id}`);
      outcomes.push("updated");
    }
    for (let i = 0; i < fresh.length; i += CHUNK) {
      await tx.insert(referencePoints).values(
        fresh.slice(i, i + CHUNK).map((p) => ({
          symbolId: p.symbolId,
          pointName: p.pointName,
          displayName: p.displayName,
          price: p.price,
          slPrice: p.slPrice,
          date: p.date,
        })),
      );
    }
    return outcomes;
  });
}

/** A symbol's active reference and target points, for its chart (the id may be a subquery). */
export function chartReferencePointsQuery(db: AppDatabase, symbolId: number | SQL) {
  return db
    .select({ id: referencePoints.id, pointName: referencePoints.pointName, displayName: referencePoints.displayName, price: referencePoints.price })
    .from(referencePoints)
    .where(and(eq(referencePoints.symbolId, symbolId), eq(referencePoints.isActive, true)))
    .orderBy(referencePoints.price);
}

/** A symbol's active reference and target points, for its chart. */
export async function listChartReferencePoints(db: AppDatabase, symbolId: number) {
  return chartReferencePointsQuery(db, symbolId);
}

// ---------------------------------------------------------------- the admin screens' list

export interface ReferencePointRow extends ReferencePointInput {
  id: number;
  symbolCode: string;
  isActive: boolean;
}

export interface ReferencePointFilter {
  symbolId: number | null;
  /** null: all; true: Active; false: De-Active. */
  active: boolean | null;
  /** Matched against the point name and display name, any case. */
  search: string;
  page: number;
  pageSize: number;
}


/** A point with its symbol's code: a row of the lists and the Delete confirmation. */
const pointRowColumns = {
  id: referencePoints.id,
  symbolId: referencePoints.symbolId,
  symbolCode: symbols.symbolCode,
  pointName: referencePoints.pointName,
  displayName: referencePoints.displayName,
  price: referencePoints.price,
  slPrice: referencePoints.slPrice,
  date: referencePoints.date,
  isActive: referencePoints.isActive,
};
/** Reference (target) points, newest first, 20 per page on the admin screens. */
export async function listReferencePointsPage(db: AppDatabase, filter: ReferencePointFilter): Promise<{ rows: ReferencePointRow[]; total: number }> {
  const pattern = `%${filter.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    filter.symbolId ? eq(referencePoints.symbolId, filter.symbolId) : undefined,
    filter.active === null ? undefined : eq(referencePoints.isActive, filter.active),
    filter.search.trim() ? or(ilike(referencePoints.pointName, pattern), ilike(referencePoints.displayName, pattern), ilike(symbols.symbolCode, pattern)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(pointRowColumns)
      .from(referencePoints)
      .innerJoin(symbols, eq(symbols.id, referencePoints.symbolId))
      .where(where)
      .orderBy(desc(referencePoints.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(referencePoints).innerJoin(symbols, eq(symbols.id, referencePoints.symbolId)).where(where),
  ]);
  return { rows, total };
}

/** The Target Point toggle. Returns false when the point no longer exists (hit and deleted). */
export async function setReferencePointActive(db: AppDatabase, id: number, isActive: boolean): Promise<boolean> {
  const rows = await db
    .update(referencePoints)
    .set({ isActive, updatedAt: new Date() })
    .where(eq(referencePoints.id, id))
    .returning({ id: referencePoints.id });
  return rows.length > 0;
}

/** One point with its symbol's code (the Delete confirmation names it), or null. */
export async function findReferencePoint(db: AppDatabase, id: number): Promise<ReferencePointRow | null> {
  const [row] = await db
    .select(pointRowColumns)
    .from(referencePoints)
    .innerJoin(symbols, eq(symbols.id, referencePoints.symbolId))
    .where(eq(referencePoints.id, id))
    .limit(1);
  return row ?? null;
}

export async function deleteReferencePoint(db: AppDatabase, id: number): Promise<boolean> {
  const rows = await db.delete(referencePoints).where(eq(referencePoints.id, id)).returning({ id: referencePoints.id });
  return rows.length > 0;
}

/** Symbols that have reference points, for the screens' symbol select. */
export async function listSymbolsWithReferencePoints(db: AppDatabase): Promise<{ id: number; symbolCode: string }[]> {
  return db
    .selectDistinct({ id: symbols.id, symbolCode: symbols.symbolCode })
    .from(referencePoints)
    .innerJoin(symbols, eq(symbols.id, referencePoints.symbolId))
    .orderBy(asc(symbols.symbolCode));
}

/**
 * Every active point with its symbol code, or one symbol's (getReferencePoint: keyed by point
 * name, then code). A symbol with the same point name twice (different dates) lists the newest
 * last: keyed, the newest wins.
 */
export async function listActiveReferencePoints(
  db: AppDatabase,
  symbolId?: number,
): Promise<{ symbolCode: string; pointName: string; displayName: string; price: number }[]> {
  return db
    .select({ symbolCode: symbols.symbolCode, pointName: referencePoints.pointName, displayName: referencePoints.displayName, price: referencePoints.price })
    .from(referencePoints)
    .innerJoin(symbols, eq(symbols.id, referencePoints.symbolId))
    .where(and(eq(referencePoints.isActive, true), symbolId === undefined ? undefined : eq(referencePoints.symbolId, symbolId)))
    .orderBy(asc(referencePoints.pointName), asc(symbols.symbolCode), sql`${referencePoints.date} asc nulls first`, asc(referencePoints.id));
}
