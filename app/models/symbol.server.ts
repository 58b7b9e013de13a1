// Symbols: lookups shared by the market engine, uploads and the admin console.
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { sectors, symbols, userSymbols } from "~/db/schema";

export interface SymbolRef {
  id: number;
  symbolCode: string;
  sectorId: number | null;
  step: number;
  lotSize: number;
  status: boolean;
  referencePrice: number | null;
}

const refColumns = {
  id: symbols.id,
  symbolCode: symbols.symbolCode,
  sectorId: symbols.sectorId,
  step: symbols.step,
  lotSize: symbols.lotSize,
  status: symbols.status,
  referencePrice: symbols.referencePrice,
};

export async function findSymbolByCode(db: AppDatabase, code: string): Promise<SymbolRef | null> {
  const [row] = await db
    .select(refColumns)
    .from(symbols)
    .where(sql`upper(${symbols.symbolCode}) = ${code.trim().toUpperCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findSymbolById(db: AppDatabase, id: number): Promise<SymbolRef | null> {
  const [row] = await db.select(refColumns).from(symbols).where(eq(symbols.id, id)).limit(1);
  return row ?? null;
}

export async function listActiveSymbols(db: AppDatabase): Promise<SymbolRef[]> {
  return db.select(refColumns).from(symbols).where(eq(symbols.status, true)).orderBy(asc(symbols.symbolCode));
}

/** Upper-cased code → symbol, for the codes that exist. */
export async function symbolsByCodes(db: AppDatabase, codes: readonly string[]): Promise<Map<string, SymbolRef>> {
  const upper = [...new Set(codes.map((c) => c.trim().toUpperCase()))].filter(Boolean);
  if (upper.length === 0) return new Map();
  const rows = await db
    .select(refColumns)
    .from(symbols)
    .where(inArray(sql`upper(${symbols.symbolCode})`, upper));
  return new Map(rows.map((r) => [r.symbolCode.toUpperCase(), r]));
}

/** The symbol codes a user may see: role 4 its subscription, other roles every symbol. */
export async function visibleSymbolCodes(db: AppDatabase, user: { id: number; roleId: number }): Promise<Set<string> | "all"> {
  if (user.roleId !== 4) return "all";
  const rows = await db
    .select({ symbolCode: symbols.symbolCode })
    .from(userSymbols)
    .innerJoin(symbols, eq(symbols.id, userSymbols.symbolId))
    .where(and(eq(userSymbols.userId, user.id), eq(symbols.status, true)));
  return visibleCodesOf(user, rows);
}

/** visibleSymbolCodes' answer from the user's listVisibleSymbols rows (read with something else). */
export function visibleCodesOf(user: { roleId: number }, visible: readonly { symbolCode: string }[]): Set<string> | "all" {
  return user.roleId === 4 ? new Set(visible.map((s) => s.symbolCode.toUpperCase())) : "all";
}

/** Why the user may not pick this symbol: it is unknown, switched off, or (role 4) not subscribed. */
export type SymbolChoiceProblem = "unknown" | "inactive" | "not-subscribed";

/**
 * May the user pick this symbol (an alert, a watchlist entry)? It must exist and be active, and
 * a customer must be subscribed to it; the other roles may pick any active symbol. Answers the
 * reason it may not, or null.
 */
export async function symbolChoiceProblem(db: AppDatabase, user: { id: number; roleId: number }, symbol: SymbolRef | null): Promise<SymbolChoiceProblem | null> {
  if (!symbol) return "unknown";
  if (!symbol.status) return "inactive";
  const visible = await visibleSymbolCodes(db, user);
  return visible === "all" || visible.has(symbol.symbolCode.toUpperCase()) ? null : "not-subscribed";
}

export async function isSymbolChoiceFor(db: AppDatabase, user: { id: number; roleId: number }, symbol: SymbolRef | null): Promise<boolean> {
  return (await symbolChoiceProblem(db, user, symbol)) === null;
}

export async function findSectorByName(db: AppDatabase, name: string): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: sectors.id })
    .from(sectors)
    .where(sql`upper(${sectors.sectorName}) = ${name.trim().toUpperCase()}`)
    .limit(1);
  return row ?? null;
}

export interface VisibleSymbol {
  id: number;
  symbolCode: string;
  description: string;
  sectorId: number | null;
  sectorName: string | null;
}

/** Active symbols the user may see, by code: role 4 its subscription, others all of them. */
export async function listVisibleSymbols(db: AppDatabase, user: { id: number; roleId: number }): Promise<VisibleSymbol[]> {
  return visibleSymbolsQuery(db, user);
}

/** listVisibleSymbols' query, to embed in another statement. */
export function visibleSymbolsQuery(db: AppDatabase, user: { id: number; roleId: number }) {
  const columns = {
    id: symbols.id,
    symbolCode: symbols.symbolCode,
    description: symbols.description,
    sectorId: symbols.sectorId,
    sectorName: sectors.sectorName,
  };
  if (user.roleId === 4) {
    return db
      .select(columns)
      .from(userSymbols)
      .innerJoin(symbols, eq(symbols.id, userSymbols.symbolId))
      .leftJoin(sectors, eq(sectors.id, symbols.sectorId))
      .where(and(eq(userSymbols.userId, user.id), eq(symbols.status, true)))
      .orderBy(asc(symbols.symbolCode));
  }
  return db
    .select(columns)
    .from(symbols)
    .leftJoin(sectors, eq(sectors.id, symbols.sectorId))
    .where(eq(symbols.status, true))
    .orderBy(asc(symbols.symbolCode));
}

export interface SymbolDetails {
  id: number;
  symbolCode: string;
  description: string;
  segment: string;
}

const detailColumns = { id: symbols.id, symbolCode: symbols.symbolCode, description: symbols.description, segment: symbols.segment };

export async function findSymbolDetails(db: AppDatabase, code: string): Promise<SymbolDetails | null> {
  const [row] = await db
    .select(detailColumns)
    .from(symbols)
    .where(sql`upper(${symbols.symbolCode}) = ${code.trim().toUpperCase()}`)
    .limit(1);
  return row ?? null;
}

/** Enough rows for a search's callers to filter (subscription, exchange, type) and still fill a page. */
export const SYMBOL_SEARCH_CANDIDATES = 2_000;

/**
 * Active symbols whose code or description contains the query, best first: the code itself,
 * then codes starting with it, codes containing it, descriptions containing it; alphabetical
 * within each (so "NIF" finds NIFTY-I before BANKNIFTY-I). At most `limit`.
 */
export async function searchSymbols(db: AppDatabase, query: string, limit: number): Promise<SymbolDetails[]> {
  const text = query.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
  const pattern = `%${text}%`;
  return db
    .select(detailColumns)
    .from(symbols)
    .where(and(eq(symbols.status, true), sql`(${symbols.symbolCode} ilike ${pattern} or ${symbols.description} ilike ${pattern})`))
    .orderBy(
      sql`case when upper(${symbols.symbolCode}) = upper(${query.trim()}) then 0
               when ${symbols.symbolCode} ilike ${`${text}%`} then 1
               when ${symbols.symbolCode} ilike ${pattern} then 2 else 3 end`,
      asc(symbols.symbolCode),
    )
    .limit(limit);
}

/** The id of the symbol with this code (codes are unique in upper case), as a subquery. */
export function symbolIdOfCode(code: string): SQL<number> {
  return sql<number>`(select ${symbols.id} from ${symbols} where upper(${symbols.symbolCode}) = ${code.trim().toUpperCase()})`;
}

/** What a chart needs of its symbol besides candles: names and the Daglu percentages. */
export async function findChartSymbol(db: AppDatabase, code: string) {
  const [row] = await chartSymbolQuery(db, code);
  return row ?? null;
}

/** findChartSymbol's query, to embed in another statement. */
export function chartSymbolQuery(db: AppDatabase, code: string) {
  return db
    .select({
      ...detailColumns,
      dagluPer: symbols.dagluPer,
      fromDagluPer: symbols.fromDagluPer,
      toDagluPer: symbols.toDagluPer,
    })
    .from(symbols)
    .where(sql`upper(${symbols.symbolCode}) = ${code.trim().toUpperCase()}`)
    .limit(1);
}

/** The Kite instruments role 1 chose by hand: upper-cased symbol code → instrument token (docs/decisions/175). */
export async function listKiteInstrumentChoices(db: AppDatabase): Promise<Map<string, number>> {
  const rows = await db
    .select({ code: symbols.symbolCode, token: symbols.kiteInstrumentToken })
    .from(symbols)
    .where(isNotNull(symbols.kiteInstrumentToken));
  return new Map(rows.map((r) => [r.code.toUpperCase(), r.token as number]));
}

/** Sets (or, with null, clears) a symbol's hand-chosen Kite instrument; false when no such symbol. */
export async function setKiteInstrumentChoice(db: AppDatabase, symbolCode: string, instrumentToken: number | null): Promise<boolean> {
  const rows = await db
    .update(symbols)
    .set({ kiteInstrumentToken: instrumentToken, updatedAt: new Date() })
    .where(sql`upper(${symbols.symbolCode}) = ${symbolCode.trim().toUpperCase()}`)
    .returning({ id: symbols.id });
  return rows.length > 0;
}
