// The journal's review (docs/decisions/170): the P&L calendar's sums per IST exit day, the review
// figures' statistics, and the risk and R of the trade report, all aggregated in SQL so that a
// filter over 100,000 trades never loads its rows.
//
// PNL is the one SQL rule of the reports (tradePnlSql, app/models/report.server.ts), computed once
// per trade in a subquery (OFFSET 0 keeps the planner from writing it into every aggregate again).
// Risk and R restate app/domain/risk.ts in SQL; tests/integration/trade-review.test.ts holds
// them, and the review statistics, to the domain functions.
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { rowsOf } from "~/db/rows";
import { symbols, trades, users } from "~/db/schema";
import { decimalText2, type DecimalText } from "~/domain/decimal";
import type { DaySum } from "~/domain/pnl-calendar";
import type { ReviewStats } from "~/domain/trade-review";
import { tradeFilterWhere, tradeNetPnlSql, tradePnlSql, type LivePrices, type TradeFilter } from "~/models/report.server";
import { listConditions, type TradeActor, type TradeListFilters } from "~/models/trade.server";
import { exitTotals } from "~/models/trade-exit.server";

/** Initial risk (app/domain/risk.ts) per trade: |entry - SL| x |quantity|; null without an SL or with nothing at stake. */
export function tradeRiskSql(): SQL<string | null> {
  const entry = sql`(case when ${trades.tradeType} = 'BUY' then ${trades.buyPrice} else ${trades.sellPrice} end)`;
  return sql<string | null>`(case when ${trades.slPrice} > 0 then nullif(abs(${entry} - ${trades.slPrice}) * abs(${trades.quantity}), 0) end)`;
}

/**
 * R = PNL / risk rounded half away from zero to 2 decimals, exactly: div() truncates an exact
 * quotient, so floor(100 |pnl| / risk + 1/2) never passes through a rounded division. Null without risk.
 */
export function rFromSql(pnl: SQL, risk: SQL): SQL<string | null> {
  return sql<string | null>`(case when ${risk} > 0 then round(sign(${pnl}) * div(200 * abs(${pnl}) + ${risk}, 2 * ${risk}) / 100, 2) end)`;
}

const money = (value: string | number | null | undefined): DecimalText => (value === null || value === undefined ? "0.00" : (decimalText2(value) ?? "0.00"));
const moneyOrNull = (value: string | number | null | undefined): DecimalText | null => (value === null || value === undefined ? null : decimalText2(value));

/** The trades a journal view reads: the list's filters (role scope, window, user, sector, status, tag) plus `extra`. */
function journalWhere(actor: TradeActor, filters: TradeListFilters, extra: (SQL | undefined)[]): SQL | undefined {
  return and(...listConditions(actor, filters), ...extra);
}

/** Closed trades whose exit falls in [from, to). */
function closedBetween(range: { from: Date; to: Date } | null): SQL[] {
  if (range === null) return [eq(trades.status, false)];
  return [
    eq(trades.status, false),
    sql`${trades.exitDateTime} >= ${range.from.toISOString()}::timestamptz`,
    sql`${trades.exitDateTime} < ${range.to.toISOString()}::timestamptz`,
  ];
}

/** The IST day (YYYY-MM-DD) a trade closed on. */
const exitDaySql = sql<string>`to_char(${trades.exitDateTime} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;

/**
 * The calendar's sums: per IST exit day in [from, to), the sum of the closed trades' rounded PNLs
 * and their count, for the list's filters.
 */
export async function sumPnlByExitDay(
  db: AppDatabase,
  live: LivePrices,
  actor: TradeActor,
  filters: TradeListFilters,
  range: { from: Date; to: Date },
): Promise<Map<string, DaySum>> {
  const perTrade = db
    .select({ day: sql<string>`${exitDaySql}`.as("day"), pnl: sql<string>`${tradeNetPnlSql(live)}`.as("pnl") })
    .from(trades)
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    .leftJoin(exitTotals, eq(exitTotals.tradeId, trades.id))
    .where(journalWhere(actor, filters, closedBetween(range)));
  const rows = await db
    .select({ day: sql<string>`per_trade.day`, pnl: sql<string>`sum(per_trade.pnl)`, trades: sql<number>`count(*)`.mapWith(Number) })
    .from(sql`(${perTrade} offset 0) as per_trade`)
    .groupBy(sql`per_trade.day`);
  return new Map(rows.map((r) => [r.day, { pnl: money(r.pnl), trades: r.trades }]));
}

/** The open trades of the list's filters: how many, and their PNL at the live price (not in the calendar). */
export async function summariseOpenTrades(db: AppDatabase, live: LivePrices, actor: TradeActor, filters: TradeListFilters): Promise<{ trades: number; pnl: DecimalText }> {
  const [row] = await db
    .select({ trades: sql<number>`count(*)`.mapWith(Number), pnl: sql<string>`coalesce(sum(${tradeNetPnlSql(live)}), 0)` })
    .from(trades)
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    .leftJoin(exitTotals, eq(exitTotals.tradeId, trades.id))
    .where(journalWhere(actor, filters, [eq(trades.status, true)]));
  return { trades: row?.trades ?? 0, pnl: money(row?.pnl) };
}

interface StatsRow {
  trades: number | string;
  wins: number | string;
  win_total: string | null;
  losses: number | string;
  loss_total: string | null;
  largest_win: string | null;
  largest_loss: string | null;
  max_drawdown: string | null;
  r_total: string | null;
  r_trades: number | string;
}

/**
 * The review statistics (app/domain/trade-review.ts) of the closed trades of the list's filters
 * that exited in [from, to) (every one of them with a null range): counts, sums and extremes, and the maximum drawdown of the
 * cumulative PNL in exit order (then id), its running peak starting at 0.
 */
export async function reviewStatsOfClosedTrades(
  db: AppDatabase,
  live: LivePrices,
  actor: TradeActor,
  filters: TradeListFilters,
  range: { from: Date; to: Date } | null,
): Promise<ReviewStats> {
  // Net PNL for the counts, sums, extremes and drawdown; R stays the gross PNL over the risk, as each trade shows it.
  const perTrade = sql`select ${trades.id} as id, ${trades.exitDateTime} as exit_at, ${tradeNetPnlSql(live)} as pnl, ${tradePnlSql(live)} as gross, ${tradeRiskSql()} as risk
    from ${trades} inner join ${symbols} on ${symbols.id} = ${trades.symbolId}
    left join ${exitTotals} on "exit_totals"."trade_id" = ${trades.id}
    where ${journalWhere(actor, filters, closedBetween(range))} offset 0`;
  // Both windows run in exit order; a tie in exit time goes by id, as the list's keyset does.
  const upToHere = sql.raw("order by exit_at, id rows between unbounded preceding and current row");
  const [row] = rowsOf<StatsRow>(
    await db.execute(sql`
      with per_trade as (${perTrade}),
      running as (
        select exit_at, id, pnl, ${rFromSql(sql.raw("gross"), sql.raw("risk"))} as r, sum(pnl) over (${upToHere}) as cumulative
        from per_trade
      ),
      peaked as (
        select pnl, r, cumulative, greatest(0, max(cumulative) over (${upToHere})) as peak from running
      )
      select
        count(*) as trades,
        count(*) filter (where pnl > 0) as wins,
        coalesce(sum(pnl) filter (where pnl > 0), 0) as win_total,
        count(*) filter (where pnl < 0) as losses,
        coalesce(sum(pnl) filter (where pnl < 0), 0) as loss_total,
        max(pnl) filter (where pnl > 0) as largest_win,
        min(pnl) filter (where pnl < 0) as largest_loss,
        coalesce(max(peak - cumulative), 0) as max_drawdown,
        coalesce(sum(r), 0) as r_total,
        count(r) as r_trades
      from peaked`),
  );
  return {
    trades: Number(row?.trades ?? 0),
    wins: Number(row?.wins ?? 0),
    winTotal: money(row?.win_total),
    losses: Number(row?.losses ?? 0),
    lossTotal: money(row?.loss_total),
    largestWin: moneyOrNull(row?.largest_win),
    largestLoss: moneyOrNull(row?.largest_loss),
    maxDrawdown: money(row?.max_drawdown),
    rTotal: money(row?.r_total),
    rTrades: Number(row?.r_trades ?? 0),
  };
}

export interface RiskSummary {
  /** Trades with an SL (and so a risk and an R). */
  rTrades: number;
  totalRisk: DecimalText;
  /** Sum of the per-trade R (each rounded to 2 decimals). */
  rTotal: DecimalText;
}

/** The trade report's risk cards over its filter: open trades' R at the live price, as their PNL. */
export async function summariseTradeRisk(db: AppDatabase, live: LivePrices, filter: TradeFilter): Promise<RiskSummary> {
  const perTrade = db
    .select({ pnl: sql<string>`${tradePnlSql(live)}`.as("pnl"), risk: sql<string | null>`${tradeRiskSql()}`.as("risk") })
    .from(trades)
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    .leftJoin(exitTotals, eq(exitTotals.tradeId, trades.id))
    .innerJoin(users, eq(users.id, trades.userId))
    .where(tradeFilterWhere(filter));
  const r = rFromSql(sql`per_trade.pnl`, sql`per_trade.risk`);
  const [row] = await db
    .select({
      rTrades: sql<number>`count(per_trade.risk)`.mapWith(Number),
      totalRisk: sql<string>`coalesce(sum(per_trade.risk), 0)`,
      rTotal: sql<string>`coalesce(sum(${r}), 0)`,
    })
    .from(sql`(${perTrade} offset 0) as per_trade`);
  return { rTrades: row?.rTrades ?? 0, totalRisk: money(row?.totalRisk), rTotal: money(row?.rTotal) };
}
