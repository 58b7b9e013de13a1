// The Symbol List and its create/edit/status writes.
import { and, count, eq, ne, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { sectors, symbols } from "~/db/schema";
import type { SymbolSort } from "~/domain/admin-lists";
import type { ListOrder } from "~/domain/list-query";
import { pageOffset } from "~/domain/paging";
import { streamInBatches } from "./batches.server";
import { listOrder, searchCondition } from "./list-query.server";

export interface SymbolListRow {
  id: number;
  symbolCode: string;
  sectorId: number | null;
  sectorName: string | null;
  segment: string;
  description: string;
  lotSize: number;
  step: number;
  audioScript: string;
  status: boolean;
  dagluPer: number | null;
  fromDagluPer: number | null;
  toDagluPer: number | null;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  id: symbols.id,
  symbolCode: symbols.symbolCode,
  sectorId: symbols.sectorId,
  sectorName: sectors.sectorName,
  segment: symbols.segment,
  description: symbols.description,
  lotSize: symbols.lotSize,
  step: symbols.step,
  audioScript: symbols.audioScript,
  status: symbols.status,
  dagluPer: symbols.dagluPer,
  fromDagluPer: symbols.fromDagluPer,
  toDagluPer: symbols.toDagluPer,
  createdAt: symbols.createdAt,
  updatedAt: symbols.updatedAt,
};

/** The Symbol List's filter: one sector or all, a search of code and description, and an order. */
export interface SymbolListFilter extends ListOrder<SymbolSort> {
  sectorId: number | null;
}

function symbolListWhere(filter: SymbolListFilter): SQL | undefined {
  return and(filter.sectorId ? eq(symbols.sectorId, filter.sectorId) : undefined, searchCondition(filter.search, [symbols.symbolCode, symbols.description]));
}

function symbolListOrder(filter: SymbolListFilter): SQL[] {
  const column = {
    code: sql`lower(${symbols.symbolCode})`,
    sector: sql`lower(${sectors.sectorName})`,
    lot: sql`${symbols.lotSize}`,
    status: sql`${symbols.status}`,
    created: sql`${symbols.id}`,
  }[filter.sort];
  return listOrder(column, filter.dir, symbols.id);
}

export async function listSymbolsPage(db: AppDatabase, filter: SymbolListFilter & { page: number; pageSize: number }): Promise<{ rows: SymbolListRow[]; total: number }> {
  const where = symbolListWhere(filter);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(symbols)
      .leftJoin(sectors, eq(sectors.id, symbols.sectorId))
      .where(where)
      .orderBy(...symbolListOrder(filter))
      .limit(filter.pageSize)
      .offset(pageOffset(filter.page, filter.pageSize)),
    db.select({ total: count() }).from(symbols).where(where),
  ]);
  return { rows, total };
}

/** Every row of the Symbol List's filter in its order, a batch at a time (the list's export). */
export function streamSymbolList(db: AppDatabase, filter: SymbolListFilter): AsyncGenerator<SymbolListRow> {
  return streamInBatches((page, pageSize) => listSymbolsPage(db, { ...filter, page, pageSize }));
}

export async function findSymbolForEdit(db: AppDatabase, id: number): Promise<SymbolListRow | null> {
  const [row] = await db.select(columns).from(symbols).leftJoin(sectors, eq(sectors.id, symbols.sectorId)).where(eq(symbols.id, id)).limit(1);
  return row ?? null;
}

export async function isSymbolCodeTaken(db: AppDatabase, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: symbols.id })
    .from(symbols)
    .where(and(sql`upper(${symbols.symbolCode}) = ${code.trim().toUpperCase()}`, exceptId ? ne(symbols.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export interface SymbolWrite {
  sectorId?: number;
  name: string;
  description: string;
  segment: string;
  lotSize: number;
  step: number;
  dagluPer?: number;
  fromDagluPer?: number;
  toDagluPer?: number;
  audioScript: string;
}

function values(input: SymbolWrite) {
  return {
    symbolCode: input.name.trim().toUpperCase(),
    sectorId: input.sectorId ?? null,
    description: input.description,
    segment: input.segment,
    lotSize: input.lotSize,
    step: input.step,
    dagluPer: input.dagluPer ?? null,
    fromDagluPer: input.fromDagluPer ?? null,
    toDagluPer: input.toDagluPer ?? null,
    audioScript: input.audioScript,
  };
}

/** The unique index on upper(symbol_code) is the last word on duplicates (a race between two admins). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export async function createSymbol(db: AppDatabase, input: SymbolWrite): Promise<number> {
  const [row] = await db.insert(symbols).values(values(input)).returning({ id: symbols.id });
  return row.id;
}

export async function updateSymbol(db: AppDatabase, id: number, input: SymbolWrite & { status: boolean }): Promise<boolean> {
  const rows = await db
    .update(symbols)
    .set({ ...values(input), status: input.status, updatedAt: new Date() })
    .where(eq(symbols.id, id))
    .returning({ id: symbols.id });
  return rows.length > 0;
}

export async function setSymbolStatus(db: AppDatabase, id: number, status: boolean): Promise<boolean> {
  const rows = await db.update(symbols).set({ status, updatedAt: new Date() }).where(eq(symbols.id, id)).returning({ id: symbols.id });
  return rows.length > 0;
}

/** Every symbol's audio script (the speech alerts' text), by code. */
export async function listAudioScripts(db: AppDatabase): Promise<{ symbolCode: string; audioScript: string }[]> {
  return db.select({ symbolCode: symbols.symbolCode, audioScript: symbols.audioScript }).from(symbols).orderBy(symbols.symbolCode);
}

/** Symbols in all, and the active ones (the admin dashboard's count cards). */
export async function countSymbols(db: AppDatabase): Promise<{ total: number; active: number }> {
  const [row] = await db.select({ total: count(), active: sql<number>`count(*) filter (where ${symbols.status})::int` }).from(symbols);
  return { total: Number(row.total), active: Number(row.active) };
}
