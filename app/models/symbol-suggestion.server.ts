// Symbol suggestions (Buy / Sell / Neutral trends per symbol).
import { desc, eq, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { symbols, symbolSuggestions } from "~/db/schema";

export type Trend = "Buy" | "Sell" | "Neutral";

/** The latest trend suggested for a symbol code, or null when none exists. */
export async function getLatestTrend(db: AppDatabase, symbolCode: string): Promise<Trend | null> {
  const [row] = await db
    .select({ trends: symbolSuggestions.trends })
    .from(symbolSuggestions)
    .innerJoin(symbols, eq(symbols.id, symbolSuggestions.symbolId))
    .where(sql`upper(${symbols.symbolCode}) = ${symbolCode.toUpperCase()}`)
    .orderBy(desc(symbolSuggestions.updatedAt), desc(symbolSuggestions.id))
    .limit(1);
  return row?.trends ?? null;
}
