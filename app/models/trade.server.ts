// Trades: the only place that queries the trades table for the journal (list, create, edit,
// close, verify, delete). Every read and write is scoped in its WHERE clause: a customer
// (role 4) reaches only its own rows; verification only role 1. Another user's row is simply
// not found (null), and nothing changes.
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { symbols, trades, users, userSymbols } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import type { TradeFigures } from "~/domain/trade-rows";
import { closingPrices, type TradeWindow } from "~/domain/trade-window";
import { hitsAfterEdit, type TradeLevelHits } from "~/domain/trade-watch";

/** A trade's side, size, prices and times: what every view of a trade shows. */

/** The columns every view of a trade reads: its side, size, prices and times (journal, detail, reports). */
export const tradeFigureColumns = {
  tradeType: trades.tradeType,
  quantity: trades.quantity,
  buyPrice: trades.buyPrice,
  sellPrice: trades.sellPrice,
  targetPrice: trades.targetPrice,
  slPrice: trades.slPrice,
  tradeDateTime: trades.tradeDateTime,
  exitDateTime: trades.exitDateTime,
};

/** The first SL and target hits (docs/decisions/168): every view of a trade shows them as flags. */
export const tradeLevelHitColumns = {
  slHitAt: trades.slHitAt,
  slHitPrice: trades.slHitPrice,
  targetHitAt: trades.targetHitAt,
  targetHitPrice: trades.targetHitPrice,
};

export interface TradeActor {
  id: number;
  roleId: RoleId;
}

/** Role 4 sees and changes only its own trades; staff roles every trade. */
function ownerScope(actor: TradeActor): SQL | undefined {
  return actor.roleId === 4 ? eq(trades.userId, actor.id) : undefined;
}

// ---------------------------------------------------------------- list (keyset paging)

export interface TradeListFilters {
  window: TradeWindow | null;
  /** Role 1's Username filter. */
  userId?: number | null;
  sectorId?: number | null;
  /** The JSON API's symbolId filter (the page has none). */
  symbolId?: number | null;
  /** true = open only, false = closed only, null = both. */
  open?: boolean | null;
}

/**
 * A keyset position: the (tradeDateTime, id) of a row, the time written with microseconds so
 * that two trades in the same millisecond never swap or repeat across pages.
 */
export interface TradeCursor {
  at: string;
  id: number;
}

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_(\d{1,10})$/;

export function formatTradeCursor(cursor: TradeCursor): string {
  return `${cursor.at}_${cursor.id}`;
}

export function parseTradeCursor(value: string | null | undefined): TradeCursor | null {
  const match = value ? CURSOR_PATTERN.exec(value) : null;
  if (!match || Number.isNaN(Date.parse(match[1]))) return null;
  return { at: match[1], id: Number(match[2]) };
}

export interface TradeListRow extends TradeFigures, TradeLevelHits {
  id: number;
  userId: number;
  username: string;
  /** The owner's role (the documents' Trade.role). */
  roleId: number;
  symbolId: number;
  symbolCode: string;
  description: string;
  reasonToTrade: string;
  createdAt: Date;
  updatedAt: Date;
  status: boolean;
  isVerified: boolean;
  cursor: TradeCursor;
}

export interface TradePageRequest {
  /** Rows after this position (the Next link), or before it (the Previous link). */
  cursor: TradeCursor | null;
  direction: "after" | "before";
  /** OFFSET fallback for a hand-typed ?page without a cursor. */
  offset?: number;
  limit: number;
}

export interface TradePage {
  rows: TradeListRow[];
  /** More rows further in the direction read (a Next page after, a Previous page before). */
  hasMore: boolean;
}

const cursorAt = sql<string>`to_char(${trades.tradeDateTime} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Who may see which trade (role 4: its own) and the list's filters, as WHERE conditions. */
function listConditions(actor: TradeActor, filters: TradeListFilters): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [ownerScope(actor)];
  if (filters.window) {
    conditions.push(gte(trades.tradeDateTime, filters.window.from), lt(trades.tradeDateTime, filters.window.to));
  }
  if (filters.userId) conditions.push(eq(trades.userId, filters.userId));
  if (filters.sectorId) conditions.push(eq(symbols.sectorId, filters.sectorId));
  if (filters.symbolId) conditions.push(eq(trades.symbolId, filters.symbolId));
  if (filters.open !== null && filters.open !== undefined) conditions.push(eq(trades.status, filters.open));
  return conditions;
}

/**
 * How many trades the list's filters match. The page never counts (keyset paging, decision
 * 070); the JSON API's documented {rows, count} envelope does, within the same window.
 */
export async function countTrades(db: AppDatabase, actor: TradeActor, filters: TradeListFilters): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(trades)
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    .where(and(...listConditions(actor, filters)));
  return Number(row?.total ?? 0);
}

/** The trades a user may list, newest first, one page by keyset. */
export async function listTrades(db: AppDatabase, actor: TradeActor, filters: TradeListFilters, page: TradePageRequest): Promise<TradePage> {
  const conditions = listConditions(actor, filters);
  const backwards = page.cursor !== null && page.direction === "before";
  if (page.cursor) {
    const position = sql`(${trades.tradeDateTime}, ${trades.id})`;
    const at = sql`(${page.cursor.at}::timestamptz, ${page.cursor.id}::integer)`;
    conditions.push(backwards ? sql`${position} > ${at}` : sql`${position} < ${at}`);
  }
  const order = backwards ? [asc(trades.tradeDateTime), asc(trades.id)] : [desc(trades.tradeDateTime), desc(trades.id)];
  const rows = await db
    .select({
      id: trades.id,
      userId: trades.userId,
      username: users.username,
      roleId: users.roleId,
      symbolId: trades.symbolId,
      symbolCode: symbols.symbolCode,
      description: trades.description,
      reasonToTrade: trades.reasonToTrade,
      createdAt: trades.createdAt,
      updatedAt: trades.updatedAt,
      ...tradeFigureColumns,
      ...tradeLevelHitColumns,
      status: trades.status,
      isVerified: trades.isVerified,
      cursorAt,
    })
    .from(trades)
    .innerJoin(users, eq(users.id, trades.userId))
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(page.limit + 1)
    .offset(page.cursor ? 0 : (page.offset ?? 0));
  const hasMore = rows.length > page.limit;
  const pageRows = rows.slice(0, page.limit);
  if (backwards) pageRows.reverse();
  return {
    hasMore,
    rows: pageRows.map(({ cursorAt: at, ...row }) => ({ ...row, cursor: { at, id: row.id } })),
  };
}

// ---------------------------------------------------------------- one trade

export interface TradeDetail extends TradeFigures, TradeLevelHits {
  id: number;
  userId: number;
  symbolId: number;
  symbolCode: string;
  description: string;
  reasonToTrade: string;
  status: boolean;
  isVerified: boolean;
}

const detailColumns = {
  id: trades.id,
  userId: trades.userId,
  symbolId: trades.symbolId,
  symbolCode: symbols.symbolCode,
  ...tradeFigureColumns,
  ...tradeLevelHitColumns,
  description: trades.description,
  reasonToTrade: trades.reasonToTrade,
  status: trades.status,
  isVerified: trades.isVerified,
};

/** One trade the actor may see, or null (another customer's trade is not found). */
export async function getTrade(db: AppDatabase, actor: TradeActor, id: number): Promise<TradeDetail | null> {
  const [row] = await db
    .select(detailColumns)
    .from(trades)
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    .where(and(eq(trades.id, id), ownerScope(actor)))
    .limit(1);
  return row ?? null;
}

/** What a create or an edit writes: the trade's side, size and prices, with its symbol and notes. */
export interface TradeValues extends Omit<TradeFigures, "tradeDateTime" | "exitDateTime"> {
  symbolId: number;
  description: string;
  reasonToTrade: string;
}

/** A new open trade owned by `ownerId`, entered now. */
export async function createTrade(db: AppDatabase, ownerId: number, values: TradeValues, now = new Date()): Promise<TradeDetail> {
  const [row] = await db
    .insert(trades)
    .values({ ...values, userId: ownerId, tradeDateTime: now, status: true, createdAt: now, updatedAt: now })
    .returning({ id: trades.id });
  return (await getTrade(db, { id: ownerId, roleId: 1 }, row.id)) as TradeDetail;
}

export type TradeStatusChange = "closed" | "reopened" | null;

/**
 * Writes a trade's fields and its open/closed state in one transaction. Closing records the
 * exit time and fills the still-open side's price with the exit (live) price, which freezes the
 * PNL (docs/product-rules.md R-D9); re-opening clears the exit time. Null when the actor may not change it.
 */
export async function updateTrade(
  db: AppDatabase,
  actor: TradeActor,
  id: number,
  values: TradeValues & { open: boolean },
  exitPrice: (symbolCode: string) => number | null,
  now = new Date(),
): Promise<{ trade: TradeDetail; statusChange: TradeStatusChange } | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: trades.status, slPrice: trades.slPrice, targetPrice: trades.targetPrice })
      .from(trades)
      .where(and(eq(trades.id, id), ownerScope(actor)))
      .for("update");
    if (!current) return null;
    // The stored hits are the watch's to write (a caller may pass a trade read earlier); an
    // edited level is a new level, so its hit is cleared (docs/decisions/168).
    const { open, slHitAt: _slAt, slHitPrice: _slPrice, targetHitAt: _targetAt, targetHitPrice: _targetPrice, ...fields } = values as typeof values & Partial<TradeLevelHits>;
    const statusChange: TradeStatusChange = current.status && !open ? "closed" : !current.status && open ? "reopened" : null;
    let prices = { buyPrice: fields.buyPrice, sellPrice: fields.sellPrice };
    if (statusChange === "closed") {
      const [symbol] = await tx.select({ code: symbols.symbolCode }).from(symbols).where(eq(symbols.id, fields.symbolId));
      prices = closingPrices(fields, symbol ? exitPrice(symbol.code) : null);
    }
    await tx
      .update(trades)
      .set({
        ...fields,
        ...prices,
        ...hitsAfterEdit(current, fields),
        status: open,
        ...(statusChange === "closed" ? { exitDateTime: now } : statusChange === "reopened" ? { exitDateTime: null } : {}),
        updatedAt: now,
      })
      .where(and(eq(trades.id, id), ownerScope(actor)));
    const trade = (await getTrade(tx, actor, id)) as TradeDetail;
    return { trade, statusChange };
  });
}

/** Opens or closes a trade (the documents' trade/status call), keeping its other fields. */
export async function setTradeStatus(
  db: AppDatabase,
  actor: TradeActor,
  id: number,
  open: boolean,
  exitPrice: (symbolCode: string) => number | null,
  now = new Date(),
): Promise<{ trade: TradeDetail; statusChange: TradeStatusChange } | null> {
  const trade = await getTrade(db, actor, id);
  if (!trade) return null;
  return updateTrade(db, actor, id, { ...trade, open }, exitPrice, now);
}

/** Role 1 alone verifies; for anyone else nothing matches. */
export async function setTradeVerified(db: AppDatabase, actor: TradeActor, id: number, verified: boolean): Promise<TradeDetail | null> {
  if (actor.roleId !== 1) return null;
  const [row] = await db
    .update(trades)
    .set({ isVerified: verified, updatedAt: new Date() })
    .where(eq(trades.id, id))
    .returning({ id: trades.id });
  return row ? getTrade(db, actor, id) : null;
}

/** Deletes a trade the actor may change; returns what was deleted, or null. */
export async function deleteTrade(db: AppDatabase, actor: TradeActor, id: number): Promise<TradeDetail | null> {
  const trade = await getTrade(db, actor, id);
  if (!trade) return null;
  const [row] = await db
    .delete(trades)
    .where(and(eq(trades.id, id), ownerScope(actor)))
    .returning({ id: trades.id });
  return row ? trade : null;
}

// ---------------------------------------------------------------- choices

/** Role 1's Username select: active users of one role, by username. */
export async function listTraderChoices(db: AppDatabase, roleId: RoleId): Promise<{ id: number; username: string }[]> {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.roleId, roleId), eq(users.status, true)))
    .orderBy(asc(users.username));
}

/**
 * The symbol a trade form names, if the actor may trade it: an active symbol, and for role 4
 * one of its subscribed symbols. Null otherwise.
 */
export async function findTradableSymbol(db: AppDatabase, actor: TradeActor, code: string): Promise<{ id: number; symbolCode: string } | null> {
  const subscribed =
    actor.roleId === 4
      ? sql`exists (select 1 from ${userSymbols} where ${userSymbols.userId} = ${actor.id} and ${userSymbols.symbolId} = ${symbols.id})`
      : undefined;
  const [row] = await db
    .select({ id: symbols.id, symbolCode: symbols.symbolCode })
    .from(symbols)
    .where(and(sql`upper(${symbols.symbolCode}) = ${code.trim().toUpperCase()}`, eq(symbols.status, true), subscribed))
    .limit(1);
  return row ?? null;
}
