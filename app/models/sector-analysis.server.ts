// The stored sector gauge points (one per sector per minute, written by the overview publisher):
// where a sector's latest day is, for the sector-analysis chart. A day's points are read by
// listSectorGaugePoints (sector.server.ts), for the page and the API alike.
import { and, desc, eq, lt } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { sectorAnalysisPoints } from "~/db/schema";

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
