// Sectors: the sector list, its create/edit/status writes, and the choices other forms offer.
import { and, asc, count, eq, gte, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { sectorAnalysisPoints, sectors, symbols } from "~/db/schema";
import type { SectorSort } from "~/domain/admin-lists";
import type { ListOrder } from "~/domain/list-query";
import { pageOffset } from "~/domain/paging";
import { streamInBatches } from "./batches.server";
import { listOrder, searchCondition } from "./list-query.server";

export interface SectorRow {
  id: number;
  sectorName: string;
  description: string;
  status: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  id: sectors.id,
  sectorName: sectors.sectorName,
  description: sectors.description,
  status: sectors.status,
  createdAt: sectors.createdAt,
  updatedAt: sectors.updatedAt,
};

function sectorListOrder(filter: ListOrder<SectorSort>): SQL[] {
  const column = { name: sql`lower(${sectors.sectorName})`, status: sql`${sectors.status}`, created: sql`${sectors.id}` }[filter.sort];
  return listOrder(column, filter.dir, sectors.id);
}

/** One page of the Sector List: its names searched, in the chosen order. */
export async function listSectorsPage(db: AppDatabase, filter: ListOrder<SectorSort> & { page: number; pageSize: number }): Promise<{ rows: SectorRow[]; total: number }> {
  const where = searchCondition(filter.search, [sectors.sectorName]);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(sectors)
      .where(where)
      .orderBy(...sectorListOrder(filter))
      .limit(filter.pageSize)
      .offset(pageOffset(filter.page, filter.pageSize)),
    db.select({ total: count() }).from(sectors).where(where),
  ]);
  return { rows, total };
}

/** Every row of the Sector List's search in its order, a batch at a time (the list's export). */
export function streamSectorList(db: AppDatabase, filter: ListOrder<SectorSort>): AsyncGenerator<SectorRow> {
  return streamInBatches((page, pageSize) => listSectorsPage(db, { ...filter, page, pageSize }));
}

export async function findSector(db: AppDatabase, id: number): Promise<SectorRow | null> {
  const [row] = await db.select(columns).from(sectors).where(eq(sectors.id, id)).limit(1);
  return row ?? null;
}

/** Every sector with its On/Off status, by name: the symbol form offers the active ones (docs/decisions/145). */
export async function listSectorsWithStatus(db: AppDatabase): Promise<{ id: number; sectorName: string; status: boolean }[]> {
  return db.select({ id: sectors.id, sectorName: sectors.sectorName, status: sectors.status }).from(sectors).orderBy(asc(sectors.sectorName));
}

/**
 * A sector read with a share lock until the caller's transaction ends: a symbol saved into it
 * cannot race the sector's switch to Off (docs/decisions/145).
 */
export async function findSectorForShare(tx: AppDatabase, id: number): Promise<{ id: number; sectorName: string; status: boolean } | null> {
  const [row] = await tx.select({ id: sectors.id, sectorName: sectors.sectorName, status: sectors.status }).from(sectors).where(eq(sectors.id, id)).limit(1).for("share");
  return row ?? null;
}

/** Every sector's row by name, or only the active ones (the JSON API's sector list). */
export async function listSectorRows(db: AppDatabase, onlyActive = false): Promise<SectorRow[]> {
  return db
    .select(columns)
    .from(sectors)
    .where(onlyActive ? eq(sectors.status, true) : undefined)
    .orderBy(asc(sectors.sectorName));
}

/** Sectors for selects: every sector, or only active ones. */
export async function listSectorChoices(db: AppDatabase, onlyActive = false): Promise<{ id: number; sectorName: string }[]> {
  return db
    .select({ id: sectors.id, sectorName: sectors.sectorName })
    .from(sectors)
    .where(onlyActive ? eq(sectors.status, true) : undefined)
    .orderBy(asc(sectors.sectorName));
}

export async function isSectorNameTaken(db: AppDatabase, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sectors.id })
    .from(sectors)
    .where(and(sql`upper(${sectors.sectorName}) = ${name.trim().toUpperCase()}`, exceptId ? ne(sectors.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function createSector(db: AppDatabase, input: { name: string; description: string }): Promise<number> {
  const [row] = await db
    .insert(sectors)
    .values({ sectorName: input.name.trim(), description: input.description.trim() })
    .returning({ id: sectors.id });
  return row.id;
}

export async function updateSector(
  db: AppDatabase,
  id: number,
  input: { name: string; description: string; status: boolean },
): Promise<boolean> {
  const rows = await db
    .update(sectors)
    .set({ sectorName: input.name.trim(), description: input.description.trim(), status: input.status, updatedAt: new Date() })
    .where(eq(sectors.id, id))
    .returning({ id: sectors.id });
  return rows.length > 0;
}

export async function setSectorStatus(db: AppDatabase, id: number, status: boolean): Promise<boolean> {
  const rows = await db.update(sectors).set({ status, updatedAt: new Date() }).where(eq(sectors.id, id)).returning({ id: sectors.id });
  return rows.length > 0;
}

export interface SymbolChoice {
  id: number;
  symbolCode: string;
  sectorId: number | null;
}

/** Active symbols of the chosen sectors; no sectors chosen: every active symbol (docs/product-rules.md R-AC4). */
export async function listSymbolsOfSectors(db: AppDatabase, sectorIds: readonly number[]): Promise<SymbolChoice[]> {
  return db
    .select({ id: symbols.id, symbolCode: symbols.symbolCode, sectorId: symbols.sectorId })
    .from(symbols)
    .where(and(eq(symbols.status, true), sectorIds.length > 0 ? inArray(symbols.sectorId, [...sectorIds]) : undefined))
    .orderBy(asc(symbols.symbolCode));
}

/** Symbols by id (any status), for chips and for checking a posted selection. */
export async function findSymbolChoices(db: AppDatabase, ids: readonly number[]): Promise<SymbolChoice[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: symbols.id, symbolCode: symbols.symbolCode, sectorId: symbols.sectorId })
    .from(symbols)
    .where(inArray(symbols.id, [...ids]))
    .orderBy(asc(symbols.symbolCode));
}

/** Of the ids given, those that name no symbol and those that name no sector (any status), each ascending. */
export async function findUnknownSymbolAndSectorIds(
  db: AppDatabase,
  symbolIds: readonly number[],
  sectorIds: readonly number[],
): Promise<{ symbolIds: number[]; sectorIds: number[] }> {
  const wantedSymbols = [...new Set(symbolIds)];
  const wantedSectors = [...new Set(sectorIds)];
  const [foundSymbols, foundSectors] = await Promise.all([
    wantedSymbols.length > 0 ? db.select({ id: symbols.id }).from(symbols).where(inArray(symbols.id, wantedSymbols)) : [],
    wantedSectors.length > 0 ? db.select({ id: sectors.id }).from(sectors).where(inArray(sectors.id, wantedSectors)) : [],
  ]);
  const missing = (wanted: number[], found: { id: number }[]) => {
    const known = new Set(found.map((r) => r.id));
    return wanted.filter((id) => !known.has(id)).sort((a, b) => a - b);
  };
  return { symbolIds: missing(wantedSymbols, foundSymbols), sectorIds: missing(wantedSectors, foundSectors) };
}

/** A sector's gauge points (one per minute) in [from, to), oldest first, for the sector-analysis chart. */
export async function listSectorGaugePoints(db: AppDatabase, sectorId: number, from: Date, to: Date): Promise<{ ts: Date; percentage: number }[]> {
  return db
    .select({ ts: sectorAnalysisPoints.ts, percentage: sectorAnalysisPoints.percentage })
    .from(sectorAnalysisPoints)
    .where(and(eq(sectorAnalysisPoints.sectorId, sectorId), gte(sectorAnalysisPoints.ts, from), lt(sectorAnalysisPoints.ts, to)))
    .orderBy(asc(sectorAnalysisPoints.ts));
}

export async function countSectors(db: AppDatabase): Promise<number> {
  const [row] = await db.select({ total: count() }).from(sectors);
  return Number(row.total);
}
