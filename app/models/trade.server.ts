// Trades: the only place that queries the trades table for the journal (list, create, edit,
// close, verify, delete). Every read and write is scoped in its WHERE clause: a customer
// (role 4) reaches only its own rows; verification only role 1. Another user's row is simply
// not found (null), and nothing changes.
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { rowsOf } from "~/db/rows";
import { symbols, trades, users, userSymbols } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import type { TradeFigures } from "~/domain/trade-rows";
import { closingPrices, type TradeWindow } from "~/domain/trade-window";
import { deleteLastTradeExit, exitedSoFar, exitTotalsColumns, exitTotalsOfRow, insertTradeExit, type TradeExitRow } from "~/models/trade-exit.server";
import { hitsAfterEdit, type TradeLevelHits } from "~/domain/trade-watch";
import { refreshTradeCharges } from "~/models/trade-charges.server";

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
  /** Trades carrying this tag (normalised, docs/decisions/170). */
  tag?: string | null;
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
  tags: string[];
  note: string;
  createdAt: Date;
  updatedAt: Date;
  status: boolean;
  isVerified: boolean;
  /** The stored charges (docs/decisions/174); null when no rates covered the trade's day. */
  charges: string | null;
  /** Units closed by partial exits and their sum of units x price (docs/decisions/167). */
  exitedUnits: number;
  exitedValue: string;
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
export function listConditions(actor: TradeActor, filters: TradeListFilters): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [ownerScope(actor)];
  if (filters.window) {
    conditions.push(gte(trades.tradeDateTime, filters.window.from), lt(trades.tradeDateTime, filters.window.to));
  }
  if (filters.userId) conditions.push(eq(trades.userId, filters.userId));
  if (filters.sectorId) conditions.push(eq(symbols.sectorId, filters.sectorId));
  if (filters.symbolId) conditions.push(eq(trades.symbolId, filters.symbolId));
  if (filters.open !== null && filters.open !== undefined) conditions.push(eq(trades.status, filters.open));
  if (filters.tag) conditions.push(tagCondition(filters.tag));
  return conditions;
}

/** Trades carrying a tag: array containment, which the tags' GIN index answers. */
export function tagCondition(tag: string): SQL {
  return sql`${trades.tags} @> array[${tag}]::text[]`;
}

/**
 * The list's WHERE for an actor and its filters (needs `symbols` joined): the trade list's
 * export (app/models/report.server.ts) streams exactly the rows the page lists.
 */
export function tradeListWhere(actor: TradeActor, filters: TradeListFilters): SQL | undefined {
  return and(...listConditions(actor, filters));
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
      tags: trades.tags,
      note: trades.note,
      createdAt: trades.createdAt,
      updatedAt: trades.updatedAt,
      ...tradeFigureColumns,
      ...tradeLevelHitColumns,
      status: trades.status,
      isVerified: trades.isVerified,
      charges: trades.charges,
      ...exitTotalsColumns,
      cursorAt,
    })
    .from(trades)
    .innerJoin(users, eq(users.id, trades.userId))
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    // A page's 21 rows probe trade_exits_trade_idx each, rather than group every exit.
    .leftJoinLateral(exitTotalsOfRow, sql`true`)
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
  tags: string[];
  note: string;
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
  tags: trades.tags,
  note: trades.note,
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

/**
 * The trades among `ids` that the actor may change, locked (FOR UPDATE) until the caller's
 * transaction ends, in id order: a bulk action reads, checks and writes them with no other
 * write in between. An id that is missing or not the actor's is simply not there.
 */
export async function lockTradesForChange(db: AppDatabase, actor: TradeActor, ids: readonly number[]): Promise<TradeDetail[]> {
  if (ids.length === 0) return [];
  return db
    .select(detailColumns)
    .from(trades)
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    .where(and(inArray(trades.id, [...ids]), ownerScope(actor)))
    .orderBy(asc(trades.id))
    .for("update", { of: trades });
}

/** What a create or an edit writes: the trade's side, size and prices, with its symbol and notes. */
export interface TradeValues extends Omit<TradeFigures, "tradeDateTime" | "exitDateTime"> {
  symbolId: number;
  description: string;
  reasonToTrade: string;
  /** The journal's tags and note (docs/decisions/170); undefined keeps what the trade has. */
  tags?: string[];
  note?: string;
}

/** A new open trade owned by `ownerId`, entered now. */
export async function createTrade(db: AppDatabase, ownerId: number, values: TradeValues, now = new Date()): Promise<TradeDetail> {
  const [row] = await db
    .insert(trades)
    .values({ ...values, userId: ownerId, tradeDateTime: now, status: true, createdAt: now, updatedAt: now })
    .returning({ id: trades.id });
  await refreshTradeCharges(db, { tradeIds: [row.id] });
  return (await getTrade(db, { id: ownerId, roleId: 1 }, row.id)) as TradeDetail;
}

export type TradeStatusChange = "closed" | "reopened" | null;

/** An edit asked for a quantity below the units its exits already closed; nothing was written. */
export class QuantityBelowExitsError extends Error {
  constructor(readonly exitedUnits: number) {
    super(`quantity below the ${exitedUnits} units already exited`);
  }
}

/**
 * Writes a trade's fields and its open/closed state in one transaction. Closing records the
 * exit time and fills the still-open side's price with the exit (live) price, which freezes the
 * PNL (docs/product-rules.md R-D9); re-opening clears the exit time. Null when the actor may not change it.
 *
 * A trade with partial exits (docs/decisions/171): closing it records the units still open as a
 * final exit at that same exit price (the closing side's price after closingPrices), so the
 * trade's PNL is its exits'; its exit time is its last exit's. Re-opening it deletes its last
 * exit only (the one that closed it), so those units are open again and earlier exits stand.
 * A quantity below the units already exited throws QuantityBelowExitsError (rolled back).
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
      .select({ status: trades.status, exitDateTime: trades.exitDateTime, slPrice: trades.slPrice, targetPrice: trades.targetPrice })
      .from(trades)
      .where(and(eq(trades.id, id), ownerScope(actor)))
      .for("update");
    if (!current) return null;
    // The stored hits are the watch's to write (a caller may pass a trade read earlier); an
    // edited level is a new level, so its hit is cleared (docs/decisions/168).
    const { open: asked, slHitAt: _slAt, slHitPrice: _slPrice, targetHitAt: _targetAt, targetHitPrice: _targetPrice, ...fields } = values as typeof values & Partial<TradeLevelHits>;
    const exited = await exitedSoFar(tx, id);
    if (fields.quantity < exited.units) throw new QuantityBelowExitsError(exited.units);
    // A quantity cut down to what the exits closed leaves nothing open: the trade closes at its last exit.
    const open = asked && !(current.status && exited.units > 0 && fields.quantity === exited.units);
    const statusChange: TradeStatusChange = current.status && !open ? "closed" : !current.status && open ? "reopened" : null;
    let prices = { buyPrice: fields.buyPrice, sellPrice: fields.sellPrice };
    if (statusChange === "closed") {
      const [symbol] = await tx.select({ code: symbols.symbolCode }).from(symbols).where(eq(symbols.id, fields.symbolId));
      prices = closingPrices(fields, symbol ? exitPrice(symbol.code) : null);
    }
    let exitDateTime: Date | null | undefined =
      statusChange === "closed" ? now : statusChange === "reopened" ? null : undefined;
    if (exited.units > 0 && statusChange === "reopened") {
      await deleteLastTradeExit(tx, id);
    } else if (exited.units > 0 && !open && fields.quantity > exited.units) {
      // Closed (now, or already and its quantity raised): the units still held leave at the exit price.
      const at = statusChange === "closed" ? now : (current.exitDateTime ?? now);
      const price = fields.tradeType === "BUY" ? prices.sellPrice : prices.buyPrice;
      await insertTradeExit(tx, { tradeId: id, quantity: fields.quantity - exited.units, price, exitedAt: at });
      exitDateTime = at > (exited.lastAt ?? at) ? at : (exited.lastAt ?? at);
    } else if (exited.units > 0 && statusChange === "closed") {
      exitDateTime = exited.lastAt ?? now;
    }
    await tx
      .update(trades)
      .set({
        ...fields,
        ...prices,
        ...hitsAfterEdit(current, fields),
        status: open,
        ...(exitDateTime !== undefined ? { exitDateTime } : {}),
        updatedAt: now,
      })
      .where(and(eq(trades.id, id), ownerScope(actor)));
    await refreshTradeCharges(tx, { tradeIds: [id] });
    const trade = (await getTrade(tx, actor, id)) as TradeDetail;
    return { trade, statusChange };
  });
}

export type TradeExitResult =
  | { ok: true; trade: TradeDetail; exit: TradeExitRow; closed: boolean }
  | { ok: false; reason: "closed" }
  | { ok: false; reason: "too-many"; openUnits: number }
  | { ok: false; reason: "before-entry"; entry: Date };

/**
 * Closes `quantity` of a trade's open units at `price` and `at` (docs/decisions/167, 171), in one
 * transaction under the trade's row lock (as updateTrade): the exit row, and when no unit is
 * left open the trade's status and exit time (its last exit's). Null when the actor may not
 * change the trade; a refusal (nothing written) when it is closed, the quantity exceeds what is
 * open, or the time is before the entry.
 */
export async function recordTradeExit(
  db: AppDatabase,
  actor: TradeActor,
  id: number,
  exit: { quantity: number; price: number; at: Date },
  now = new Date(),
): Promise<TradeExitResult | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: trades.status, quantity: trades.quantity, tradeDateTime: trades.tradeDateTime })
      .from(trades)
      .where(and(eq(trades.id, id), ownerScope(actor)))
      .for("update");
    if (!current) return null;
    if (!current.status) return { ok: false as const, reason: "closed" as const };
    if (exit.at < current.tradeDateTime) return { ok: false as const, reason: "before-entry" as const, entry: current.tradeDateTime };
    const exited = await exitedSoFar(tx, id);
    const openUnits = current.quantity - exited.units;
    if (exit.quantity > openUnits) return { ok: false as const, reason: "too-many" as const, openUnits };
    const row = await insertTradeExit(tx, { tradeId: id, quantity: exit.quantity, price: exit.price, exitedAt: exit.at });
    const closed = exit.quantity === openUnits;
    const lastAt = exited.lastAt && exited.lastAt > exit.at ? exited.lastAt : exit.at;
    await tx
      .update(trades)
      .set({ ...(closed ? { status: false, exitDateTime: lastAt } : {}), updatedAt: now })
      .where(and(eq(trades.id, id), ownerScope(actor)));
    await refreshTradeCharges(tx, { tradeIds: [id] });
    const trade = (await getTrade(tx, actor, id)) as TradeDetail;
    return { ok: true as const, trade, exit: row, closed };
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

/** How many tags the tag filter suggests. */
const TAG_CHOICES_LIMIT = 200;

/**
 * The tags a user has put on its trades, alphabetical: the tag filter's suggestions. One user's
 * trades only (its index), so a staff list over every user does not unnest the whole table.
 */
export async function listUserTags(db: AppDatabase, userId: number): Promise<string[]> {
  const rows = rowsOf<{ tag: string }>(
    await db.execute(sql`select distinct tag from ${trades}, unnest(${trades.tags}) as tag where ${trades.userId} = ${userId} order by tag limit ${TAG_CHOICES_LIMIT}`),
  );
  return rows.map((r) => r.tag);
}

/** Role 1's Username select: active users of one role, by username. */
export async function listTraderChoices(db: AppDatabase, roleId: RoleId): Promise<{ id: number; username: string }[]> {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.roleId, roleId), eq(users.status, true)))
    .orderBy(asc(users.username));
}

/** What the actor may trade: an active symbol, and for role 4 one of its subscribed symbols. */
function tradableCondition(actor: TradeActor): SQL | undefined {
  const subscribed =
    actor.roleId === 4
      ? sql`exists (select 1 from ${userSymbols} where ${userSymbols.userId} = ${actor.id} and ${userSymbols.symbolId} = ${symbols.id})`
      : undefined;
  return and(eq(symbols.status, true), subscribed);
}

/**
 * The symbol a trade form names, if the actor may trade it: an active symbol, and for role 4
 * one of its subscribed symbols. Null otherwise.
 */
export async function findTradableSymbol(db: AppDatabase, actor: TradeActor, code: string): Promise<{ id: number; symbolCode: string } | null> {
  const [row] = await db
    .select({ id: symbols.id, symbolCode: symbols.symbolCode })
    .from(symbols)
    .where(and(sql`upper(${symbols.symbolCode}) = ${code.trim().toUpperCase()}`, tradableCondition(actor)))
    .limit(1);
  return row ?? null;
}

/** The codes (upper case) among `codes` the actor may trade, by the same rule, with their symbol ids. */
export async function findTradableSymbols(db: AppDatabase, actor: TradeActor, codes: readonly string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(codes.map((c) => c.trim().toUpperCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: symbols.id, symbolCode: symbols.symbolCode })
    .from(symbols)
    .where(and(inArray(sql`upper(${symbols.symbolCode})`, wanted), tradableCondition(actor)));
  return new Map(rows.map((r) => [r.symbolCode.toUpperCase(), r.id]));
}
