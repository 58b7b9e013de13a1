// Each trade's charges, stored beside it (docs/decisions/174): computed by the one rule of
// app/domain/charges.ts from the trade, its exits, the rates in force on its day and its owner's
// plan, and written again whenever one of those changes, inside the transaction of that change.
// Stored so that the reports, the calendar and the exports sum them in SQL beside the PNL.
import { and, asc, eq, gt, gte, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { symbols, trades } from "~/db/schema";
import { tradeChargesOn } from "~/domain/charges";
import { istDateString } from "~/domain/dates";
import { findUserBrokeragePlans, listChargeRates } from "./charge-rate.server";
import { listExitsOfTrades } from "./trade-exit.server";

/** Which trades to charge again: some ids, one owner's, those opened from an instant on, every trade, or those never charged. */
export type TradeChargesScope = { tradeIds: readonly number[] } | { userId: number } | { openedFrom: Date } | { all: true } | { missing: true };

/** Trades read and written per statement when a scope is large (a change of rates reaches every trade). */
const BATCH = 1000;

function scopeCondition(scope: TradeChargesScope): SQL | undefined {
  if ("tradeIds" in scope) return inArray(trades.id, [...scope.tradeIds]);
  if ("userId" in scope) return eq(trades.userId, scope.userId);
  if ("missing" in scope) return isNull(trades.charges);
  if ("openedFrom" in scope) return gte(trades.tradeDateTime, scope.openedFrom);
  return undefined;
}

/**
 * Computes and stores the charges of the trades in `scope`, in batches. Run inside the caller's
 * transaction, after its write, so the stored figure never disagrees with the trade. Returns
 * how many trades it wrote.
 */
export async function refreshTradeCharges(db: AppDatabase, scope: TradeChargesScope): Promise<number> {
  if ("tradeIds" in scope && scope.tradeIds.length === 0) return 0;
  const table = await listChargeRates(db);
  let after = 0;
  let written = 0;
  for (;;) {
    const batch = await db
      .select({
        id: trades.id,
        userId: trades.userId,
        symbolCode: symbols.symbolCode,
        tradeType: trades.tradeType,
        quantity: trades.quantity,
        buyPrice: trades.buyPrice,
        sellPrice: trades.sellPrice,
        status: trades.status,
        tradeDateTime: trades.tradeDateTime,
        exitDateTime: trades.exitDateTime,
      })
      .from(trades)
      .innerJoin(symbols, eq(symbols.id, trades.symbolId))
      .where(and(scopeCondition(scope), gt(trades.id, after)))
      .orderBy(asc(trades.id))
      .limit(BATCH)
      // Locked in id order, as a bulk action locks its trades (lockTradesForChange): a change of
      // rates that reaches every trade never deadlocks with one.
      .for("update", { of: trades });
    if (batch.length === 0) break;
    const ids = batch.map((t) => t.id);
    const [exitsOf, plans] = await Promise.all([listExitsOfTrades(db, ids), findUserBrokeragePlans(db, [...new Set(batch.map((t) => t.userId))])]);
    const values = batch.map((t) => {
      const charged = {
        ...t,
        open: t.status,
        exits: exitsOf.get(t.id) ?? [],
        openedOn: istDateString(t.tradeDateTime),
        closedOn: t.status || !t.exitDateTime ? null : istDateString(t.exitDateTime),
      };
      return sql`(${t.id}::integer, ${tradeChargesOn(charged, table, plans.get(t.userId))}::numeric)`;
    });
    await db.execute(
      sql`update ${trades} set charges = computed.charges from (values ${sql.join(values, sql`, `)}) as computed(id, charges) where ${trades.id} = computed.id`,
    );
    written += batch.length;
    after = ids[ids.length - 1];
    if (batch.length < BATCH) break;
  }
  return written;
}
