// The trade reports (docs/product-rules.md R-AC2, R-AC9): filtered trade lists, summary cards, per-user,
// per-sector and per-month figures, and the rows the exports stream.
//
// PNL (docs/product-rules.md R-D9, decision 090): every figure shown on a row comes from computeTradePnl
// (app/domain/pnl.ts). Aggregates (sums, counts, groupings, the PNL sort) run in SQL over
// `tradePnlSql`, the same rule per row (rounded to 2 decimals per trade, open trades at the
// live price from the live book, closed ones frozen), so a total is the sum of its rows'
// rounded figures. A property test holds the SQL rule to computeTradePnl.
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { sectors, symbols, trades, users } from "~/db/schema";
import { decimalText2, type DecimalText } from "~/domain/decimal";
import { netPnl } from "~/domain/charges";
import { computeTradePnl, pnlRatio, type PnlSplitTotals, type PnlSummary } from "~/domain/pnl";
import { pageOffset } from "~/domain/paging";
import { formatIstDate, istMidnight } from "~/domain/dates";
import type { Quote } from "~/domain/quotes";
import type { ActiveFilter, MinMaxSort } from "~/schemas/report";
import { tradeFigureColumns, tradeLevelHitColumns, tradeListWhere, type TradeActor, type TradeListFilters } from "~/models/trade.server";
import { exitedUnitsSql, exitedValueSql, exitTotals, exitTotalsOf } from "~/models/trade-exit.server";
import type { TradeReportRow } from "~/domain/trade-rows";

/** Symbol code (upper case) → live close. Taken once per request so a report is one snapshot. */
export type LivePrices = Readonly<Record<string, number>>;

export function livePricesOf(liveBook: { all(): Iterable<Quote> }): LivePrices {
  const prices: Record<string, number> = {};
  for (const quote of liveBook.all()) {
    if (Number.isFinite(quote.last)) prices[quote.symbolCode.toUpperCase()] = quote.last;
  }
  return prices;
}

/** Symbol code (upper case) → the live quote's previous close (today's MTM of carried positions). */
export function prevClosesOf(liveBook: { all(): Iterable<Quote> }): LivePrices {
  const prices: Record<string, number> = {};
  for (const quote of liveBook.all()) {
    if (Number.isFinite(quote.prevClose) && quote.prevClose > 0) prices[quote.symbolCode.toUpperCase()] = quote.prevClose;
  }
  return prices;
}

export interface TradeFilter {
  /** [from, to) from inclusiveDateRange (docs/product-rules.md R-D10), on the trade's entry time. */
  range?: { from: Date; to: Date };
  active?: ActiveFilter;
  userId?: number;
  symbolId?: number;
  /** Trades of users with this role only (the user report). */
  roleId?: number;
}

/** The live close of the trade's symbol, from a jsonb map passed as one parameter. */
function livePriceSql(live: LivePrices): SQL<string | null> {
  return sql<string | null>`((${JSON.stringify(live)})::jsonb ->> upper(${symbols.symbolCode}))`;
}

/** R-D9's per-unit difference in SQL: closed sell - buy; open BUY live - buy; open SELL sell - live. */
function unitDifferenceSql(live: LivePrices): SQL {
  const livePrice = sql`coalesce(${livePriceSql(live)}::numeric, 0)`;
  return sql`(case
    when not ${trades.status} then ${trades.sellPrice} - ${trades.buyPrice}
    when ${trades.tradeType} = 'BUY' then ${livePrice} - ${trades.buyPrice}
    else ${trades.sellPrice} - ${livePrice} end)`;
}

/** The units a trade still holds priced by R-D9, rounded to 2 decimals on their own (splitTradePnl). */
function heldPnlSql(live: LivePrices): SQL {
  return sql`round((${trades.quantity} - ${exitedUnitsSql})::numeric * ${unitDifferenceSql(live)}, 2)`;
}

/**
 * docs/product-rules.md R-D9 in SQL, per trade, rounded to 2 decimals (numeric arithmetic is exact and
 * round() goes half away from zero, as roundTo2 does): closed = qty x (sell - buy); open BUY =
 * qty x (live - buy); open SELL = qty x (sell - live); a missing live price counts as 0.
 * With partial exits (docs/decisions/171, splitTradePnl): the exits' realised PNL, exact, plus
 * the units still held by the rule above. Needs `symbols` and `exitTotals` joined (withExits).
 */
export function tradePnlSql(live: LivePrices): SQL<string> {
  const realised = sql`(case when ${trades.tradeType} = 'BUY'
    then "exit_totals"."value" - ${trades.buyPrice} * "exit_totals"."units"
    else ${trades.sellPrice} * "exit_totals"."units" - "exit_totals"."value" end)`;
  // Most trades have no exits: they take R-D9's expression alone (numeric arithmetic is what a
  // report costs on the embedded database, docs/decisions/171).
  return sql<string>`(case when "exit_totals"."trade_id" is null then ${plainPnlSql(live)} else ${realised} + ${heldPnlSql(live)} end)`;
}

/** R-D9 for a trade without exits: quantity x the per-unit difference, rounded to 2 decimals. */
function plainPnlSql(live: LivePrices): SQL {
  return sql`round(${trades.quantity}::numeric * ${unitDifferenceSql(live)}, 2)`;
}

/**
 * A trade's net PNL (docs/decisions/174): tradePnlSql less its stored charges (none covered, 0).
 * What the P&L calendar and the review count: what the trader kept.
 */
export function tradeNetPnlSql(live: LivePrices): SQL<string> {
  return sql<string>`(${tradePnlSql(live)} - coalesce(${trades.charges}, 0))`;
}

/** The unrealised part of tradePnlSql: an open trade's held units at the live price; 0 when closed. */
export function tradeUnrealisedSql(live: LivePrices): SQL<string> {
  return sql<string>`(case when not ${trades.status} then 0 when "exit_totals"."trade_id" is null then ${plainPnlSql(live)} else ${heldPnlSql(live)} end)`;
}

/**
 * Today's mark-to-market in SQL (todayMarkToMarket, docs/decisions/171): an open trade's held
 * units x (live - reference) for BUY, x (reference - live) for SELL, the reference being the
 * previous close for a trade entered before `todayStart` (when there is one), else the entry.
 * No live price: 0.
 */
export function tradeMtmSql(live: LivePrices, prevCloses: LivePrices, todayStart: Date): SQL<string> {
  const livePrice = sql`(${livePriceSql(live)})::numeric`;
  const prev = sql`((${JSON.stringify(prevCloses)})::jsonb ->> upper(${symbols.symbolCode}))::numeric`;
  const entry = sql`(case when ${trades.tradeType} = 'BUY' then ${trades.buyPrice} else ${trades.sellPrice} end)`;
  const reference = sql`(case when ${trades.tradeDateTime} < ${todayStart.toISOString()}::timestamptz and ${prev} > 0 then ${prev} else ${entry} end)`;
  return sql<string>`(case when not ${trades.status} or ${livePrice} is null then 0
    else round((${trades.quantity} - ${exitedUnitsSql})::numeric
      * (case when ${trades.tradeType} = 'BUY' then ${livePrice} - ${reference} else ${reference} - ${livePrice} end), 2) end)`;
}

export function tradeFilterWhere(filter: TradeFilter): SQL | undefined {
  return and(
    filter.range ? sql`${trades.tradeDateTime} >= ${filter.range.from.toISOString()}::timestamptz` : undefined,
    filter.range ? sql`${trades.tradeDateTime} < ${filter.range.to.toISOString()}::timestamptz` : undefined,
    filter.active === "1" ? eq(trades.status, true) : filter.active === "0" ? eq(trades.status, false) : undefined,
    filter.userId ? eq(trades.userId, filter.userId) : undefined,
    filter.symbolId ? eq(trades.symbolId, filter.symbolId) : undefined,
    filter.roleId ? eq(users.roleId, filter.roleId) : undefined,
  );
}

/** A SQL numeric sum as exact text with 2 places: beyond 2^53 paise a JS number would drop paise. */
const money = (value: string | number | null | undefined): DecimalText => (value === null || value === undefined ? "0.00" : (decimalText2(value) ?? "0.00"));

/** A trade's stored charges (docs/decisions/174) as the summaries sum them: none covered, 0. */
const chargesColumn = sql<string>`coalesce(${trades.charges}, 0)`.as("charges");

/**
 * The six cards of a PNL summary and the charges, aggregated in SQL over `pnl`, each trade's
 * rounded PNL, and `charges`, its stored charges (columns of a subquery).
 */
function summaryColumnsOf(pnl: SQL, charges: SQL) {
  return {
    totalCharges: sql<string>`coalesce(sum(${charges}), 0)`,
    totalTrades: count(),
    profitableTrades: sql<number>`count(*) filter (where ${pnl} > 0)`.mapWith(Number),
    lossTrades: sql<number>`count(*) filter (where ${pnl} < 0)`.mapWith(Number),
    totalPnl: sql<string>`coalesce(sum(${pnl}), 0)`,
    totalProfit: sql<string>`coalesce(sum(${pnl}) filter (where ${pnl} > 0), 0)`,
    totalLoss: sql<string>`coalesce(sum(${pnl}) filter (where ${pnl} < 0), 0)`,
  };
}

type SummaryRow = { totalTrades: number; profitableTrades: number; lossTrades: number; totalPnl: string; totalProfit: string; totalLoss: string; totalCharges: string };

function toSummary(row: SummaryRow | undefined): PnlSummary {
  const totalTrades = Number(row?.totalTrades ?? 0);
  const profitableTrades = Number(row?.profitableTrades ?? 0);
  return {
    totalTrades,
    profitableTrades,
    lossTrades: Number(row?.lossTrades ?? 0),
    totalPnl: money(row?.totalPnl),
    totalProfit: money(row?.totalProfit),
    totalLoss: money(row?.totalLoss),
    pnlRatio: pnlRatio(profitableTrades, totalTrades),
    totalCharges: money(row?.totalCharges),
    netPnl: netPnl(money(row?.totalPnl), money(row?.totalCharges)),
  };
}

/** Total PNL, trades, profitable, loss, total profit and total loss of the filtered trades. */
export async function summariseTrades(db: AppDatabase, live: LivePrices, filter: TradeFilter): Promise<PnlSummary> {
  // Each trade's PNL is computed once, in a subquery, and the six aggregates read it. OFFSET 0
  // keeps the planner from pulling the subquery up, which writes the expression back into every
  // aggregate and filter: over 100,000 trades on the embedded database that was 312 ms against
  // 106 ms (numeric arithmetic is what costs there).
  const perTrade = db
    .select({ pnl: sql<string>`${tradePnlSql(live)}`.as("pnl"), charges: chargesColumn })
    .from(trades)
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    .leftJoin(exitTotals, eq(exitTotals.tradeId, trades.id))
    .innerJoin(users, eq(users.id, trades.userId))
    .where(tradeFilterWhere(filter));
  const [row] = await db.select(summaryColumnsOf(sql`per_trade.pnl`, sql`per_trade.charges`)).from(sql`(${perTrade} offset 0) as per_trade`);
  return toSummary(row);
}

/**
 * The filtered trades' six cards with their PNL split (docs/decisions/171): realised,
 * unrealised (open units at the live price) and today's mark-to-market of the open units (the
 * previous closes and today's IST midnight decide the reference), each the exact sum of its
 * per-trade figures, so realised + unrealised = total PNL to the paisa. One pass, as summariseTrades.
 */
export async function summariseTradesWithSplit(
  db: AppDatabase,
  live: LivePrices,
  filter: TradeFilter,
  marks: { prevCloses: LivePrices; todayStart: Date },
): Promise<PnlSummary & PnlSplitTotals> {
  const perTrade = db
    .select({
      pnl: sql<string>`${tradePnlSql(live)}`.as("pnl"),
      charges: chargesColumn,
      unrealised: sql<string>`${tradeUnrealisedSql(live)}`.as("unrealised"),
      mtm: sql<string>`${tradeMtmSql(live, marks.prevCloses, marks.todayStart)}`.as("mtm"),
    })
    .from(trades)
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    .leftJoin(exitTotals, eq(exitTotals.tradeId, trades.id))
    .innerJoin(users, eq(users.id, trades.userId))
    .where(tradeFilterWhere(filter));
  const [row] = await db
    .select({
      ...summaryColumnsOf(sql`per_trade.pnl`, sql`per_trade.charges`),
      unrealisedPnl: sql<string>`coalesce(sum(per_trade.unrealised), 0)`,
      realisedPnl: sql<string>`coalesce(sum(per_trade.pnl - per_trade.unrealised), 0)`,
      todayMtm: sql<string>`coalesce(sum(per_trade.mtm), 0)`,
    })
    .from(sql`(${perTrade} offset 0) as per_trade`);
  return { ...toSummary(row), realisedPnl: money(row?.realisedPnl), unrealisedPnl: money(row?.unrealisedPnl), todayMtm: money(row?.todayMtm) };
}

// ---------------------------------------------------------------- rows


const rowColumns = {
  id: trades.id,
  symbolCode: symbols.symbolCode,
  sectorName: sectors.sectorName,
  userName: users.name,
  username: users.username,
  ...tradeFigureColumns,
  ...tradeLevelHitColumns,
  open: trades.status,
  isVerified: trades.isVerified,
  charges: trades.charges,
  exitedUnits: sql<number>`${exitedUnitsSql}`.mapWith(Number),
  exitedValue: sql<string>`(${exitedValueSql})::text`,
};

type RawRow = Omit<TradeReportRow, "currentPrice" | "pnl" | "pnlPercent" | "netPnl"> & { exitedUnits: number; exitedValue: string };

function withPnl({ exitedUnits, exitedValue, ...row }: RawRow, live: LivePrices): TradeReportRow {
  const livePrice = row.open ? live[row.symbolCode.toUpperCase()] ?? null : null;
  const { pnl, pnlPercent } = computeTradePnl(
    { tradeType: row.tradeType, open: row.open, quantity: row.quantity, buyPrice: row.buyPrice, sellPrice: row.sellPrice, exits: exitTotalsOf({ exitedUnits, exitedValue }) },
    livePrice,
  );
  return { ...row, currentPrice: livePrice, pnl, pnlPercent, netPnl: netPnl(pnl, row.charges) };
}

function rowsQuery(db: AppDatabase, where: SQL | undefined) {
  return db
    .select(rowColumns)
    .from(trades)
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    .leftJoin(exitTotals, eq(exitTotals.tradeId, trades.id))
    .innerJoin(users, eq(users.id, trades.userId))
    .leftJoin(sectors, eq(sectors.id, symbols.sectorId))
    .where(where);
}

function orderFor(sort: MinMaxSort | "date-desc", live: LivePrices) {
  switch (sort) {
    case "pnl-desc":
      return [desc(tradePnlSql(live)), desc(trades.id)];
    case "pnl-asc":
      return [asc(tradePnlSql(live)), asc(trades.id)];
    case "date-asc":
      return [asc(trades.tradeDateTime), asc(trades.id)];
    default:
      return [desc(trades.tradeDateTime), desc(trades.id)];
  }
}

/** One page of the filtered trades, newest first unless a sort is given, and the total count. */
export async function listTradeReportPage(
  db: AppDatabase,
  live: LivePrices,
  filter: TradeFilter,
  paging: { page: number; pageSize: number; sort?: MinMaxSort },
): Promise<{ rows: TradeReportRow[]; total: number }> {
  const where = tradeFilterWhere(filter);
  const [rows, [{ total }]] = await Promise.all([
    rowsQuery(db, where)
      .orderBy(...orderFor(paging.sort ?? "date-desc", live))
      .limit(paging.pageSize)
      .offset(pageOffset(paging.page, paging.pageSize)),
    db
      .select({ total: count() })
      .from(trades)
      .innerJoin(users, eq(users.id, trades.userId))
      .where(where),
  ]);
  return { rows: rows.map((r) => withPnl(r, live)), total };
}

export const EXPORT_BATCH_SIZE = 1000;

/** An export's keyset: the sort key read as text (timestamptz keeps microseconds, numeric every digit) and its cast back. */
function exportKey(sort: MinMaxSort, live: LivePrices): { key: SQL; cast: string; descending: boolean } {
  const byPnl = sort === "pnl-desc" || sort === "pnl-asc";
  return {
    key: byPnl ? tradePnlSql(live) : sql`${trades.tradeDateTime}`,
    cast: byPnl ? "numeric" : "timestamptz",
    descending: sort === "pnl-desc" || sort === "date-desc",
  };
}

/**
 * Every filtered trade in a report's order (newest first, or the min-max report's ?sort), read
 * in keyset batches on (sort key, id) so memory stays flat whatever the count, on both drivers.
 * The cursor's key is read as text: timestamptz keeps microseconds that a JS Date would drop,
 * and a PNL keeps every digit. Yields to the event loop between batches.
 */
export function streamTradeReportRows(
  db: AppDatabase,
  live: LivePrices,
  filter: TradeFilter,
  batchSize = EXPORT_BATCH_SIZE,
  sort: MinMaxSort = "date-desc",
): AsyncGenerator<TradeReportRow> {
  return streamTradeRowsWhere(db, live, tradeFilterWhere(filter), batchSize, sort);
}

/**
 * The trade list's rows (/trades) for an actor and the list's filters, newest first as the page
 * lists them (decision 172): the same WHERE as the page (tradeListWhere), the report's row shape.
 */
export function streamTradeListRows(db: AppDatabase, live: LivePrices, actor: TradeActor, filters: TradeListFilters, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<TradeReportRow> {
  return streamTradeRowsWhere(db, live, tradeListWhere(actor, filters), batchSize, "date-desc");
}

async function* streamTradeRowsWhere(db: AppDatabase, live: LivePrices, where: SQL | undefined, batchSize: number, sort: MinMaxSort): AsyncGenerator<TradeReportRow> {
  const { key, cast, descending } = exportKey(sort, live);
  let cursor: { key: string; id: number } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? descending
        ? sql`(${key}, ${trades.id}) < (${cursor.key}::${sql.raw(cast)}, ${cursor.id})`
        : sql`(${key}, ${trades.id}) > (${cursor.key}::${sql.raw(cast)}, ${cursor.id})`
      : undefined;
    const batch: (RawRow & { cursorKey: string })[] = await db
      .select({ ...rowColumns, cursorKey: sql<string>`(${key})::text` })
      .from(trades)
      .innerJoin(symbols, eq(symbols.id, trades.symbolId))
      .leftJoin(exitTotals, eq(exitTotals.tradeId, trades.id))
      .innerJoin(users, eq(users.id, trades.userId))
      .leftJoin(sectors, eq(sectors.id, symbols.sectorId))
      .where(and(where, after))
      .orderBy(...orderFor(sort, live))
      .limit(batchSize);
    for (const { cursorKey: _cursorKey, ...row } of batch) yield withPnl(row, live);
    if (batch.length < batchSize) return;
    const last: RawRow & { cursorKey: string } = batch[batch.length - 1];
    cursor = { key: last.cursorKey, id: last.id };
    await new Promise((resolve) => setImmediate(resolve));
  }
}

// ---------------------------------------------------------------- per user (PNL report)

export interface UserPnlRow extends PnlSummary {
  userId: number;
  name: string;
  email: string;
  status: boolean;
}

/**
 * The PNL report's per-user figures, grouped from each filtered trade's PNL computed once in a
 * subquery (OFFSET 0 keeps it from being pulled up and the expression written into every
 * aggregate again; see summariseTrades).
 */
function userPnlQuery(db: AppDatabase, live: LivePrices, filter: TradeFilter) {
  const perTrade = db
    .select({
      userId: sql<number>`${users.id}`.as("user_id"),
      name: sql<string>`${users.name}`.as("name"),
      email: sql<string>`${users.email}`.as("email"),
      status: sql<boolean>`${users.status}`.as("status"),
      pnl: sql<string>`${tradePnlSql(live)}`.as("pnl"),
      charges: chargesColumn,
    })
    .from(trades)
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    .leftJoin(exitTotals, eq(exitTotals.tradeId, trades.id))
    .innerJoin(users, eq(users.id, trades.userId))
    .where(tradeFilterWhere(filter));
  return db
    .select({
      userId: sql<number>`per_trade.user_id`,
      name: sql<string>`per_trade.name`,
      email: sql<string>`per_trade.email`,
      status: sql<boolean>`per_trade.status`,
      ...summaryColumnsOf(sql`per_trade.pnl`, sql`per_trade.charges`),
    })
    .from(sql`(${perTrade} offset 0) as per_trade`)
    .groupBy(sql`per_trade.user_id, per_trade.name, per_trade.email, per_trade.status`)
    .$dynamic();
}

/** Most trades first, then name and id: the PNL report's order. */
const USER_PNL_ORDER = [sql`count(*) desc`, sql`per_trade.name asc`, sql`per_trade.user_id asc`];

/** The PNL report's per-user rows (most trades first), one page, and how many users there are. */
export async function listUserPnlPage(
  db: AppDatabase,
  live: LivePrices,
  filter: TradeFilter,
  paging: { page: number; pageSize: number },
): Promise<{ rows: UserPnlRow[]; total: number }> {
  const where = tradeFilterWhere(filter);
  const [rows, [{ total }]] = await Promise.all([
    userPnlQuery(db, live, filter)
      .orderBy(...USER_PNL_ORDER)
      .limit(paging.pageSize)
      .offset(pageOffset(paging.page, paging.pageSize)),
    db
      .select({ total: sql<number>`count(distinct ${trades.userId})`.mapWith(Number) })
      .from(trades)
      .innerJoin(users, eq(users.id, trades.userId))
      .where(where),
  ]);
  return {
    rows: rows.map(({ userId, name, email, status, ...summary }) => ({ userId, name, email, status, ...toSummary(summary) })),
    total,
  };
}

/**
 * Every user row of the PNL report, in the page's order (most trades first, then name and id),
 * in keyset batches: the order has a descending count and ascending names, so the cursor
 * compares (-count, name, id). Yields to the event loop between batches.
 */
export async function* streamUserPnlRows(db: AppDatabase, live: LivePrices, filter: TradeFilter, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<UserPnlRow> {
  let cursor: { count: number; name: string; id: number } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor ? sql`(-count(*), per_trade.name, per_trade.user_id) > (${-cursor.count}::bigint, ${cursor.name}, ${cursor.id}::integer)` : undefined;
    const batch: ({ userId: number; name: string; email: string; status: boolean } & SummaryRow)[] = await userPnlQuery(db, live, filter)
      .having(after)
      .orderBy(...USER_PNL_ORDER)
      .limit(batchSize);
    for (const { userId, name, email, status, ...summary } of batch) yield { userId, name, email, status, ...toSummary(summary) };
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1];
    cursor = { count: Number(last.totalTrades), name: last.name, id: last.userId };
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** How many of a user's trades the PNL report's expanded row lists (newest first). */
export const EXPANDED_TRADES_LIMIT = 50;

/**
 * The filtered trades of some users (the PNL report's expanded rows), newest first, at most
 * `limit` per user so a page of 20 users never loads a whole table; grouped by user id.
 */
export async function listTradesOfUsers(
  db: AppDatabase,
  live: LivePrices,
  filter: TradeFilter,
  userIds: readonly number[],
  limit = EXPANDED_TRADES_LIMIT,
): Promise<Map<number, TradeReportRow[]>> {
  const lists = await Promise.all(
    userIds.map(async (userId) => {
      const rows = await rowsQuery(db, and(tradeFilterWhere(filter), eq(trades.userId, userId)))
        .orderBy(desc(trades.tradeDateTime), desc(trades.id))
        .limit(limit);
      return [userId, rows.map((r) => withPnl(r, live))] as const;
    }),
  );
  return new Map(lists);
}

// ---------------------------------------------------------------- analysis charts

export interface NamedFigure {
  label: string;
  value: number;
}

/** A labelled sum of money (exact text with 2 places). */
export interface NamedAmount {
  label: string;
  value: DecimalText;
}

/** Trade User: how many trades each user made in the range (most first). */
export async function countTradesByUser(db: AppDatabase, filter: TradeFilter): Promise<NamedFigure[]> {
  const rows = await db
    .select({ label: users.name, value: count() })
    .from(trades)
    .innerJoin(users, eq(users.id, trades.userId))
    .where(tradeFilterWhere(filter))
    .groupBy(users.id)
    .orderBy(desc(count()), asc(users.name));
  return rows.map((r) => ({ label: r.label, value: Number(r.value) }));
}

/** A trade's sector as the reports name it: a symbol without a sector counts under "Other". */
const sectorLabelSql = sql<string>`coalesce(${sectors.sectorName}, 'Other')`;

/** Sector Trade: how many trades each sector's symbols had in the range (no sector: "Other"), most first. */
export async function countTradesBySector(db: AppDatabase, filter: TradeFilter): Promise<NamedFigure[]> {
  const rows = await tradesPerSector(db, {}, filter);
  // A stable sort keeps the database's name order among sectors with as many trades.
  return rows.map((r) => ({ label: r.sectorName, value: r.trades })).sort((a, b) => b.value - a.value);
}

/** Profit User (and the user report's "profit by user"): total PNL per user in the range. */
export async function profitByUser(db: AppDatabase, live: LivePrices, filter: TradeFilter): Promise<NamedAmount[]> {
  const total = sql<string>`sum(${tradePnlSql(live)})`;
  const rows = await db
    .select({ label: users.name, value: total })
    .from(trades)
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    .leftJoin(exitTotals, eq(exitTotals.tradeId, trades.id))
    .innerJoin(users, eq(users.id, trades.userId))
    .where(tradeFilterWhere(filter))
    .groupBy(users.id)
    .orderBy(desc(total), asc(users.name));
  return rows.map((r) => ({ label: r.label, value: money(r.value) }));
}

export interface SectorPnlRow {
  sectorName: string;
  profitableTrades: number;
  lossTrades: number;
}

/** The sector report: profitable and loss trades per sector in the range. */
export async function sectorProfitAndLoss(db: AppDatabase, live: LivePrices, filter: TradeFilter): Promise<SectorPnlRow[]> {
  const rows = await tradesPerSector(db, live, filter);
  return rows.map(({ sectorName, profitableTrades, lossTrades }) => ({ sectorName, profitableTrades, lossTrades }));
}

/** Per sector (no sector: "Other"), by name: its trades in the range, and how many are in profit and in loss. */
async function tradesPerSector(db: AppDatabase, live: LivePrices, filter: TradeFilter) {
  const pnl = tradePnlSql(live);
  return db
    .select({
      sectorName: sectorLabelSql,
      trades: sql<number>`count(*)`.mapWith(Number),
      profitableTrades: sql<number>`count(*) filter (where ${pnl} > 0)`.mapWith(Number),
      lossTrades: sql<number>`count(*) filter (where ${pnl} < 0)`.mapWith(Number),
    })
    .from(trades)
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    .leftJoin(exitTotals, eq(exitTotals.tradeId, trades.id))
    .innerJoin(users, eq(users.id, trades.userId))
    .leftJoin(sectors, eq(sectors.id, symbols.sectorId))
    .where(tradeFilterWhere(filter))
    .groupBy(sectorLabelSql)
    .orderBy(asc(sectorLabelSql));
}

/** IST calendar month (YYYY-MM) of a trade's entry. */
const istMonthSql = sql<string>`to_char(${trades.tradeDateTime} at time zone 'Asia/Kolkata', 'YYYY-MM')`;

/** Profit by month: total PNL per IST month, oldest first. */
export async function profitByMonth(db: AppDatabase, live: LivePrices, filter: TradeFilter): Promise<NamedAmount[]> {
  const rows = await db
    .select({ label: istMonthSql, value: sql<string>`sum(${tradePnlSql(live)})` })
    .from(trades)
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    .leftJoin(exitTotals, eq(exitTotals.tradeId, trades.id))
    .innerJoin(users, eq(users.id, trades.userId))
    .where(tradeFilterWhere(filter))
    .groupBy(istMonthSql)
    .orderBy(asc(istMonthSql));
  return rows.map((r) => ({ label: r.label, value: money(r.value) }));
}

export interface UserMonthProfit {
  userName: string;
  month: string;
  totalProfit: DecimalText;
}

/** Profit by user per month (the documents' monthUserProfits). */
export async function profitByUserAndMonth(db: AppDatabase, live: LivePrices, filter: TradeFilter): Promise<UserMonthProfit[]> {
  const rows = await db
    .select({ userName: users.name, userId: users.id, month: istMonthSql, total: sql<string>`sum(${tradePnlSql(live)})` })
    .from(trades)
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    .leftJoin(exitTotals, eq(exitTotals.tradeId, trades.id))
    .innerJoin(users, eq(users.id, trades.userId))
    .where(tradeFilterWhere(filter))
    .groupBy(users.id, istMonthSql)
    .orderBy(asc(istMonthSql), asc(users.name));
  return rows.map((r) => ({ userName: r.userName, month: r.month, totalProfit: money(r.total) }));
}

// ---------------------------------------------------------------- filter choices

export async function listReportSymbolChoices(db: AppDatabase) {
  return db.select({ id: symbols.id, label: symbols.symbolCode }).from(symbols).orderBy(asc(symbols.symbolCode));
}

export async function listReportUserChoices(db: AppDatabase) {
  return db.select({ id: users.id, label: users.username, name: users.name }).from(users).orderBy(asc(users.username));
}

/** The filters as lines printed at the top of an export. */
export async function describeTradeFilter(
  db: AppDatabase,
  input: { startDate?: string; endDate?: string; symbolId?: number; userId?: number; activeLabel?: string },
): Promise<string[]> {
  const [symbol] = input.symbolId ? await db.select({ code: symbols.symbolCode }).from(symbols).where(eq(symbols.id, input.symbolId)) : [];
  const [user] = input.userId ? await db.select({ username: users.username }).from(users).where(eq(users.id, input.userId)) : [];
  const dates = input.startDate && input.endDate ? `${formatIstDate(istMidnight(input.startDate))} to ${formatIstDate(istMidnight(input.endDate))}` : "All dates";
  return [
    `Dates: ${dates}`,
    `Symbol: ${symbol?.code ?? "All"}`,
    `User: ${user?.username ?? "All"}`,
    ...(input.activeLabel ? [`Active: ${input.activeLabel}`] : []),
  ];
}
