// A trade's partial exits (docs/decisions/167, 171): the rows of trade_exits, their totals as the
// PNL rule reads them, and the two joins that bring the totals beside a trade. Writes run inside
// the caller's transaction, after the trade's row is locked (app/models/trade.server.ts).
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { AppDatabase } from "~/db/client.server";
import { tradeExits, trades } from "~/db/schema";
import type { ExitTotals } from "~/domain/pnl";

const qb = new QueryBuilder();

/**
 * Every trade's exits summed, for a LEFT JOIN on exit_totals.trade_id = trades.id: the reports'
 * aggregates over many trades. Grouped once and hash-joined, which over the whole table costs
 * one pass of trade_exits instead of an index probe per trade (docs/decisions/171). A trade
 * without exits finds no row: its units and value read as 0.
 */
export const exitTotals = qb
  .select({
    tradeId: tradeExits.tradeId,
    units: sql<number>`sum(${tradeExits.quantity})::integer`.as("units"),
    value: sql<string>`sum(${tradeExits.quantity} * ${tradeExits.price})`.as("value"),
  })
  .from(tradeExits)
  .groupBy(tradeExits.tradeId)
  .as("exit_totals");

// Written qualified: drizzle names a subquery's column by its alias alone, which another
// joined table's column of the same name would shadow.
/** Units exited (0 without exits), for the SQL PNL rule; needs `exitTotals` joined. */
export const exitedUnitsSql = sql`coalesce("exit_totals"."units", 0)`;
/** Sum of units x price (0 without exits); needs `exitTotals` joined. */
export const exitedValueSql = sql`coalesce("exit_totals"."value", 0)`;

/**
 * One trade's exits summed, for a LEFT JOIN LATERAL ... ON true: a page of a list (20 rows), where
 * an index probe per row (trade_exits_trade_idx) is cheaper than grouping the whole table.
 */
export const exitTotalsOfRow = qb
  .select({
    exitedUnits: sql<number>`coalesce(sum(${tradeExits.quantity}), 0)::integer`.as("exited_units"),
    exitedValue: sql<string>`coalesce(sum(${tradeExits.quantity} * ${tradeExits.price}), 0)::text`.as("exited_value"),
  })
  .from(tradeExits)
  .where(eq(tradeExits.tradeId, trades.id))
  .as("row_exit_totals");

/** The totals columns read from `exitTotalsOfRow`, as the PNL rule takes them. */
export const exitTotalsColumns = { exitedUnits: exitTotalsOfRow.exitedUnits, exitedValue: exitTotalsOfRow.exitedValue };

export function exitTotalsOf(row: { exitedUnits: number | string | null; exitedValue: string | number | null }): ExitTotals {
  return { units: Number(row.exitedUnits ?? 0), value: String(row.exitedValue ?? "0") };
}

export interface TradeExitRow {
  id: number;
  quantity: number;
  price: number;
  exitedAt: Date;
}

/** The exits of these trades (quantity and price), by trade id: what their charges are worked from. */
export async function listExitsOfTrades(db: AppDatabase, tradeIds: readonly number[]): Promise<Map<number, { quantity: number; price: number }[]>> {
  const byTrade = new Map<number, { quantity: number; price: number }[]>();
  if (tradeIds.length === 0) return byTrade;
  const rows = await db.select({ tradeId: tradeExits.tradeId, quantity: tradeExits.quantity, price: tradeExits.price }).from(tradeExits).where(inArray(tradeExits.tradeId, [...tradeIds]));
  for (const row of rows) byTrade.set(row.tradeId, [...(byTrade.get(row.tradeId) ?? []), { quantity: row.quantity, price: row.price }]);
  return byTrade;
}

/** A trade's exits, oldest first (the history on the trade's page). */
export async function listTradeExits(db: AppDatabase, tradeId: number): Promise<TradeExitRow[]> {
  return db
    .select({ id: tradeExits.id, quantity: tradeExits.quantity, price: tradeExits.price, exitedAt: tradeExits.exitedAt })
    .from(tradeExits)
    .where(eq(tradeExits.tradeId, tradeId))
    .orderBy(asc(tradeExits.exitedAt), asc(tradeExits.id));
}

/** Units exited so far and the last exit's time (read under the trade's row lock). */
export async function exitedSoFar(db: AppDatabase, tradeId: number): Promise<{ units: number; lastAt: Date | null }> {
  const [row] = await db
    .select({ units: sql<number>`coalesce(sum(${tradeExits.quantity}), 0)::integer`, lastAt: sql<string | null>`max(${tradeExits.exitedAt})` })
    .from(tradeExits)
    .where(eq(tradeExits.tradeId, tradeId));
  return { units: Number(row?.units ?? 0), lastAt: row?.lastAt ? new Date(row.lastAt) : null };
}

export async function insertTradeExit(db: AppDatabase, exit: { tradeId: number; quantity: number; price: number; exitedAt: Date }): Promise<TradeExitRow> {
  const [row] = await db
    .insert(tradeExits)
    .values(exit)
    .returning({ id: tradeExits.id, quantity: tradeExits.quantity, price: tradeExits.price, exitedAt: tradeExits.exitedAt });
  return row;
}

/** Deletes a trade's last exit (latest time, then id): what re-opening undoes. */
export async function deleteLastTradeExit(db: AppDatabase, tradeId: number): Promise<TradeExitRow | null> {
  const [last] = await db
    .select({ id: tradeExits.id })
    .from(tradeExits)
    .where(eq(tradeExits.tradeId, tradeId))
    .orderBy(desc(tradeExits.exitedAt), desc(tradeExits.id))
    .limit(1);
  if (!last) return null;
  const [row] = await db
    .delete(tradeExits)
    .where(and(eq(tradeExits.id, last.id), eq(tradeExits.tradeId, tradeId)))
    .returning({ id: tradeExits.id, quantity: tradeExits.quantity, price: tradeExits.price, exitedAt: tradeExits.exitedAt });
  return row ?? null;
}
