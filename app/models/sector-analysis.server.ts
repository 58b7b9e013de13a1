// The stored sector gauge points (one per sector per minute, written by the overview publisher)
// read back for the sector-analysis chart.
import { and, asc, desc, eq, gte, lt } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { sectorAnalysisPoints } from "~/db/schema";

/** A sector's gauge points in [from, to), oldest first. */
export async function listSectorGaugePoints(db: AppDatabase, sectorId: number, from: Date, to: Date): Promise<{ time: number; percentage: number }[]> {
  const rows = await db
    .select({ ts: sectorAnalysisPoints.ts, percentage: sectorAnalysisPoints.percentage })
    .from(sectorAnalysisPoints)
    .where(and(eq(sectorAnalysisPoints.sectorId, sectorId), gte(sectorAnalysisPoints.ts, from), lt(sectorAnalysisPoints.ts, to)))
    .orderBy(asc(sectorAnalysisPoints.ts));
  return rows.map((r) => ({ time: r.ts.getTime(), percentage: r.percentage }));
}

/** When the sector's latest point (before `before`, when given) was stored, or null when it has none. */
export async function latestSectorGaugeTime(db: AppDatabase, sectorId: number, before?: Date): Promise<Date | null> {
  const [row] = await db
    .select({ ts: sectorAnalysisPoints.ts })
    .from(sectorAnalysisPoints)
    .where(before ? and(eq(sectorAnalysisPoints.sectorId, sectorId), lt(sectorAnalysisPoints.ts, before)) : eq(sectorAnalysisPoints.sectorId, sectorId))
    .orderBy(desc(sectorAnalysisPoints.ts))
    .limit(1);
  return row?.ts ?? null;
}
