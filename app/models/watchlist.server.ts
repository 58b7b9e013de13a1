// Watchlists and their symbols. Every read and write is scoped by the owner in the WHERE clause:
// another user's watchlist id behaves as if it did not exist.
import { and, asc, eq, exists, inArray, max, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { sectors, symbols, watchlists, watchlistSymbols } from "~/db/schema";
import { rowsOf } from "~/db/rows";
import { embedRows } from "./embedded-rows.server";

export interface WatchlistTab {
  id: number;
  name: string;
}

export interface WatchlistRecord extends WatchlistTab {
  updatedAt: Date;
}

export async function listOwnWatchlists(db: AppDatabase, userId: number): Promise<WatchlistRecord[]> {
  return db
    .select({ id: watchlists.id, name: watchlists.watchlistName, updatedAt: watchlists.updatedAt })
    .from(watchlists)
    .where(eq(watchlists.userId, userId))
    .orderBy(asc(watchlists.position), asc(watchlists.id));
}

export async function createWatchlist(db: AppDatabase, userId: number, name: string): Promise<number> {
  const [{ last }] = await db.select({ last: max(watchlists.position) }).from(watchlists).where(eq(watchlists.userId, userId));
  const [row] = await db
    .insert(watchlists)
    .values({ userId, watchlistName: name, position: (last ?? -1) + 1 })
    .returning({ id: watchlists.id });
  return row.id;
}

export async function deleteOwnWatchlist(db: AppDatabase, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(watchlists)
    .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
    .returning({ id: watchlists.id });
  return rows.length > 0;
}

/**
 * Stores a new order of the user's watchlists. `ids` must be exactly the user's watchlists
 * (in any order); otherwise nothing changes and false is returned.
 */
export async function reorderOwnWatchlists(db: AppDatabase, userId: number, ids: readonly number[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const own = await tx.select({ id: watchlists.id }).from(watchlists).where(eq(watchlists.userId, userId)).for("update");
    const ownIds = new Set(own.map((w) => w.id));
    if (ids.length !== ownIds.size || new Set(ids).size !== ids.length || !ids.every((id) => ownIds.has(id))) return false;
    for (const [position, id] of ids.entries()) {
      await tx
        .update(watchlists)
        .set({ position, updatedAt: new Date() })
        .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)));
    }
    return true;
  });
}

export interface WatchlistSymbolRow {
  symbolId: number;
  symbolCode: string;
  sectorId: number | null;
}

/** The symbols of the user's watchlist; none when the watchlist is not the user's. */
export async function listOwnWatchlistSymbols(db: AppDatabase, userId: number, watchlistId: number): Promise<WatchlistSymbolRow[]> {
  return ownWatchlistSymbolsQuery(db, userId, watchlistId);
}

function ownWatchlistSymbolsQuery(db: AppDatabase, userId: number, watchlistId: number) {
  return db
    .select({ symbolId: symbols.id, symbolCode: symbols.symbolCode, sectorId: symbols.sectorId })
    .from(watchlistSymbols)
    .innerJoin(watchlists, eq(watchlists.id, watchlistSymbols.watchlistId))
    .innerJoin(symbols, eq(symbols.id, watchlistSymbols.symbolId))
    .where(and(eq(watchlistSymbols.watchlistId, watchlistId), eq(watchlists.userId, userId), eq(symbols.status, true)))
    .orderBy(asc(symbols.symbolCode));
}

const ownedBy = (db: AppDatabase, userId: number, watchlistId: number) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(watchlists)
      .where(and(eq(watchlists.id, watchlistId), eq(watchlists.userId, userId))),
  );

export type AddSymbolOutcome = "added" | "exists" | "not-found";

export async function addSymbolToOwnWatchlist(
  db: AppDatabase,
  userId: number,
  watchlistId: number,
  symbol: { id: number; sectorId: number | null },
): Promise<AddSymbolOutcome> {
  const [owned] = await db
    .select({ id: watchlists.id })
    .from(watchlists)
    .where(and(eq(watchlists.id, watchlistId), eq(watchlists.userId, userId)));
  if (!owned) return "not-found";
  // A watchlist never changes owner, so the check above holds for the insert.
  const rows = await db
    .insert(watchlistSymbols)
    .values({ watchlistId, symbolId: symbol.id, sectorId: symbol.sectorId })
    .onConflictDoNothing()
    .returning({ symbolId: watchlistSymbols.symbolId });
  return rows.length > 0 ? "added" : "exists";
}

export async function removeSymbolFromOwnWatchlist(db: AppDatabase, userId: number, watchlistId: number, symbolId: number): Promise<boolean> {
  const rows = await db
    .delete(watchlistSymbols)
    .where(and(eq(watchlistSymbols.watchlistId, watchlistId), eq(watchlistSymbols.symbolId, symbolId), ownedBy(db, userId, watchlistId)))
    .returning({ symbolId: watchlistSymbols.symbolId });
  return rows.length > 0;
}

function sectorsByName(db: AppDatabase, which: SQL) {
  return db.select({ id: sectors.id, name: sectors.sectorName }).from(sectors).where(which).orderBy(asc(sectors.sectorName));
}

/**
 * listOwnWatchlistSymbols and the sector choices for the 'Select Sector' filter (the sectors of
 * the symbols listed, by name) in one statement: the watchlist panel (docs/decisions/164).
 */
export async function listOwnWatchlistSymbolsWithSectors(
  db: AppDatabase,
  userId: number,
  watchlistId: number,
): Promise<{ rows: WatchlistSymbolRow[]; sectors: { id: number; name: string }[] }> {
  const listed = ownWatchlistSymbolsQuery(db, userId, watchlistId).as("listed");
  const rows = embedRows(ownWatchlistSymbolsQuery(db, userId, watchlistId), "rows");
  const sectorsOfRows = embedRows(sectorsByName(db, inArray(sectors.id, db.select({ id: listed.sectorId }).from(listed))), "sectors_of_rows");
  const [row] = rowsOf<{ rows: unknown; sectors: unknown }>(await db.execute(sql`select ${rows.sql} as rows, ${sectorsOfRows.sql} as sectors`));
  return { rows: rows.decode(row.rows), sectors: sectorsOfRows.decode(row.sectors) };
}
