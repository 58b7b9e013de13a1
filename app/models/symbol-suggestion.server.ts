// Symbol suggestions (Buy / Sell / Neutral trends per symbol): the Symbol Suggestion Flow list
// and its writes, and the latest trend the top bar's badge shows.
import { count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { symbols, symbolSuggestions } from "~/db/schema";
import { pageOffset } from "~/domain/paging";

export type Trend = "Buy" | "Sell" | "Neutral";

/** The latest suggestion of a symbol code: the last updated, the newest row on a tie. */
function latestTrendQuery(db: AppDatabase, symbolCode: string) {
  return db
    .select({ trends: symbolSuggestions.trends })
    .from(symbolSuggestions)
    .innerJoin(symbols, eq(symbols.id, symbolSuggestions.symbolId))
    .where(sql`upper(${symbols.symbolCode}) = ${symbolCode.toUpperCase()}`)
    .orderBy(desc(symbolSuggestions.updatedAt), desc(symbolSuggestions.id))
    .limit(1);
}

/** The latest trend suggested for a symbol code, or null when none exists. */
export async function getLatestTrend(db: AppDatabase, symbolCode: string): Promise<Trend | null> {
  const [row] = await latestTrendQuery(db, symbolCode);
  return row?.trends ?? null;
}

/** getLatestTrend as a scalar subquery, to read beside other values in one statement. */
export function latestTrendValue(db: AppDatabase, symbolCode: string): SQL<Trend | null> {
  return sql<Trend | null>`${latestTrendQuery(db, symbolCode)}`;
}

export interface SuggestionRow {
  id: number;
  symbolId: number;
  symbolCode: string;
  trends: Trend;
}

const rowColumns = {
  id: symbolSuggestions.id,
  symbolId: symbolSuggestions.symbolId,
  symbolCode: symbols.symbolCode,
  trends: symbolSuggestions.trends,
};

/** Newest first; a few hundred rows at most, so pages are numbered (OFFSET). */
export async function listSuggestionsPage(db: AppDatabase, page: number, pageSize: number): Promise<{ rows: SuggestionRow[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(rowColumns)
      .from(symbolSuggestions)
      .innerJoin(symbols, eq(symbols.id, symbolSuggestions.symbolId))
      .orderBy(desc(symbolSuggestions.updatedAt), desc(symbolSuggestions.id))
      .limit(pageSize)
      .offset(pageOffset(page, pageSize)),
    db.select({ total: count() }).from(symbolSuggestions),
  ]);
  return { rows, total };
}

export async function findSuggestion(db: AppDatabase, id: number): Promise<SuggestionRow | null> {
  const [row] = await db
    .select(rowColumns)
    .from(symbolSuggestions)
    .innerJoin(symbols, eq(symbols.id, symbolSuggestions.symbolId))
    .where(eq(symbolSuggestions.id, id))
    .limit(1);
  return row ?? null;
}

export async function createSuggestion(db: AppDatabase, input: { symbolId: number; trends: Trend; userId: number }): Promise<number> {
  const [row] = await db.insert(symbolSuggestions).values(input).returning({ id: symbolSuggestions.id });
  return row.id;
}

export async function updateSuggestion(db: AppDatabase, id: number, input: { symbolId: number; trends: Trend; userId: number }): Promise<boolean> {
  const rows = await db
    .update(symbolSuggestions)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(symbolSuggestions.id, id))
    .returning({ id: symbolSuggestions.id });
  return rows.length > 0;
}

export async function deleteSuggestion(db: AppDatabase, id: number): Promise<boolean> {
  const rows = await db.delete(symbolSuggestions).where(eq(symbolSuggestions.id, id)).returning({ id: symbolSuggestions.id });
  return rows.length > 0;
}

/** The Symbol select: every active symbol, by code. */
export async function listSuggestionSymbolChoices(db: AppDatabase): Promise<{ id: number; symbolCode: string }[]> {
  return db.select({ id: symbols.id, symbolCode: symbols.symbolCode }).from(symbols).where(eq(symbols.status, true)).orderBy(symbols.symbolCode);
}

/** True when the id names an existing active symbol (the Symbol select's server check). */
export async function isSuggestableSymbol(db: AppDatabase, symbolId: number): Promise<boolean> {
  const [row] = await db.select({ id: symbols.id }).from(symbols).where(eq(symbols.id, symbolId)).limit(1);
  return Boolean(row);
}
