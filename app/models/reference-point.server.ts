// Reference points (target points): the reference-point upload writes them here.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { referencePoints } from "~/db/schema";

export interface ReferencePointInput {
  symbolId: number;
  pointName: string;
  displayName: string;
  price: number;
  slPrice: number | null;
  /** YYYY-MM-DD, or null for a point without a date. */
  date: string | null;
}

export type SaveOutcome = "inserted" | "updated";

const CHUNK = 500;

function identity(symbolId: number, pointName: string, date: string | null): string {
  return `${symbolId}|${pointName.trim().toUpperCase()}|${date ?? ""}`;
}

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
      const key = identity(row.symbolId, row.pointName, row.date);
      if (!idOf.has(key)) idOf.set(key, row.id);
    }
    const outcomes: SaveOutcome[] = [];
    const fresh: ReferencePointInput[] = [];
    for (const point of inputs) {
      const id = idOf.get(identity(point.symbolId, point.pointName, point.date));
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

/** A symbol's active reference and target points, for its chart. */
export async function listChartReferencePoints(db: AppDatabase, symbolId: number) {
  return db
    .select({ pointName: referencePoints.pointName, displayName: referencePoints.displayName, price: referencePoints.price })
    .from(referencePoints)
    .where(and(eq(referencePoints.symbolId, symbolId), eq(referencePoints.isActive, true)))
    .orderBy(referencePoints.price);
}
