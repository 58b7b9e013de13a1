// The reports (docs/product-rules.md R-AC2, R-AC3, R-AC7, R-AC9), once for the report pages and the JSON API's
// report calls: both read the filters with the pages' own parsers (app/schemas/report.ts) and
// ask the same figures here, so a report and its call never disagree. PNL is docs/product-rules.md R-D9: open
// trades at the live price of one snapshot of the live book per request (livePricesOf).
// A date range a report drops is named: the page shows it above the report and still answers;
// the API refuses the call (400) — the *Of functions return that refusal.
// The downloads are app/services/reports/exports.server.ts.
import { summariseTradeRisk } from "~/models/trade-review.server";
import { averageFigure } from "~/domain/trade-review";
import type { AppContext } from "~/config/context";
import { refuse, succeed, type Outcome } from "~/domain/outcome";
import type { PnlSummary } from "~/domain/pnl";
import type { TradeReportRow } from "~/domain/trade-rows";
import {
  countTradesBySector,
  countTradesByUser,
  listReportSymbolChoices,
  listReportUserChoices,
  listTradeReportPage,
  listTradesOfUsers,
  listUserPnlPage,
  livePricesOf,
  prevClosesOf,
  profitByMonth,
  profitByUser,
  profitByUserAndMonth,
  sectorProfitAndLoss,
  summariseTrades,
  summariseTradesWithSplit,
  type LivePrices,
  type NamedAmount,
  type SectorPnlRow,
  type TradeFilter,
  type UserMonthProfit,
  type UserPnlRow,
} from "~/models/report.server";
import { listUserReportPage } from "~/models/user-report.server";
import { istDateString, istMidnight } from "~/domain/dates";
import { minMaxSortSchema, parsePnlReportParams, parseTradeReportParams, type DateRangeInput, type parseUserReportParams } from "~/schemas/report";

export type { TradeReportRow };

type ReportContext = Pick<AppContext, "db" | "liveBook">;
type Paging = { page: number; pageSize: number };
type Range = TradeFilter["range"];
type UserReportParams = ReturnType<typeof parseUserReportParams>;

/** A dropped date range as the API's refusal, named on the range's first field. */
function rangeRefusal(input: DateRangeInput): Outcome<never> | null {
  return input.rangeError ? refuse(input.rangeError, "startDate") : null;
}

// ---------------------------------------------------------------- Trade Report

/** The Trade Report: its cards, one page of trades and the filters' choices. */
export async function loadTradeReport(context: ReportContext, params: URLSearchParams, paging: Paging) {
  const { input, filter } = parseTradeReportParams(params);
  const live = livePricesOf(context.liveBook);
  // The cards carry the PNL split and today's MTM (docs/decisions/171), from the same snapshot.
  const marks = { prevCloses: prevClosesOf(context.liveBook), todayStart: istMidnight(istDateString(new Date())) };
  const [summary, { rows, total }, symbolChoices, userChoices, risk] = await Promise.all([
    summariseTradesWithSplit(context.db, live, filter, marks),
    listTradeReportPage(context.db, live, filter, paging),
    listReportSymbolChoices(context.db),
    listReportUserChoices(context.db),
    summariseTradeRisk(context.db, live, filter),
  ]);
  return { input, summary, rows, total, symbolChoices, userChoices, risk: { ...risk, averageR: averageFigure(risk.rTotal, risk.rTrades) } };
}

/** The Trade Report's cards alone. */
export async function tradeReportSummaryOf(context: ReportContext, params: URLSearchParams): Promise<Outcome<PnlSummary>> {
  const { input, filter } = parseTradeReportParams(params);
  return rangeRefusal(input) ?? succeed(await summariseTrades(context.db, livePricesOf(context.liveBook), filter));
}

// ---------------------------------------------------------------- PNL and Min Max reports

/** The PNL report's users (most trades first), each with its latest trades. */
async function usersWithTrades(context: ReportContext, live: LivePrices, filter: TradeFilter, paging: Paging) {
  const { rows, total } = await listUserPnlPage(context.db, live, filter, paging);
  const tradesByUser = await listTradesOfUsers(context.db, live, filter, rows.map((r) => r.userId));
  const users: (UserPnlRow & { trades: TradeReportRow[] })[] = rows.map((u) => ({ ...u, trades: tradesByUser.get(u.userId) ?? [] }));
  return { users, total };
}

/** The PNL Report: its six cards, one page of users with their trades, and the user choices. */
export async function loadPnlReport(context: ReportContext, params: URLSearchParams, paging: Paging) {
  const { input, filter } = parsePnlReportParams(params);
  const live = livePricesOf(context.liveBook);
  const [summary, { users, total }, userChoices] = await Promise.all([
    summariseTrades(context.db, live, filter),
    usersWithTrades(context, live, filter, paging),
    listReportUserChoices(context.db),
  ]);
  return { input, summary, users, total, userChoices };
}

/** The PNL Report's users with their trades (the API's pnl and min-max calls). */
export async function pnlReportUsersOf(context: ReportContext, params: URLSearchParams, paging: Paging) {
  const { input, filter } = parsePnlReportParams(params);
  return rangeRefusal(input) ?? succeed(await usersWithTrades(context, livePricesOf(context.liveBook), filter, paging));
}

/** The Min Max PNL Report: the PNL report's trades as one table in the URL's ?sort. */
export async function loadMinMaxReport(context: ReportContext, params: URLSearchParams, paging: Paging) {
  const { input, filter } = parsePnlReportParams(params);
  const sort = minMaxSortSchema.parse(params.get("sort") ?? undefined);
  const [{ rows, total }, userChoices] = await Promise.all([
    listTradeReportPage(context.db, livePricesOf(context.liveBook), filter, { ...paging, sort }),
    listReportUserChoices(context.db),
  ]);
  return { input, sort, rows, total, userChoices };
}

// ---------------------------------------------------------------- Trade Analysis

function sectorResults(context: ReportContext, live: LivePrices, range: Range): Promise<SectorPnlRow[]> {
  return sectorProfitAndLoss(context.db, live, { range });
}

/** Trade Analysis: each chart over its own range; the sector table shares the Sector Trade chart's. */
export async function loadTradeAnalysis(context: ReportContext, ranges: { tradeUser: Range; sectorTrade: Range; profitUser: Range }) {
  const live = livePricesOf(context.liveBook);
  const [tradeUser, sectorTrade, profitUser, sectors] = await Promise.all([
    countTradesByUser(context.db, { range: ranges.tradeUser }),
    countTradesBySector(context.db, { range: ranges.sectorTrade }),
    profitByUser(context.db, live, { range: ranges.profitUser }),
    sectorResults(context, live, ranges.sectorTrade),
  ]);
  return { tradeUser, sectorTrade, profitUser, sectors };
}

/** The sector table for the report's startDate/endDate. */
export async function sectorReportOf(context: ReportContext, params: URLSearchParams): Promise<Outcome<SectorPnlRow[]>> {
  const { input, filter } = parsePnlReportParams(params);
  return rangeRefusal(input) ?? succeed(await sectorResults(context, livePricesOf(context.liveBook), filter.range));
}

// ---------------------------------------------------------------- User Reports

/** The User Report's charts run over the chosen role's trades, open and closed, in its range. */
const userChartFilter = ({ input, range }: UserReportParams): TradeFilter => ({ range, roleId: input.role_id, active: "all" });

export function userProfitByMonth(context: ReportContext, report: UserReportParams, live = livePricesOf(context.liveBook)): Promise<NamedAmount[]> {
  return profitByMonth(context.db, live, userChartFilter(report));
}

export function userProfitByUser(context: ReportContext, report: UserReportParams, live = livePricesOf(context.liveBook)): Promise<NamedAmount[]> {
  return profitByUser(context.db, live, userChartFilter(report));
}

export function userProfitByUserAndMonth(context: ReportContext, report: UserReportParams, live = livePricesOf(context.liveBook)): Promise<UserMonthProfit[]> {
  return profitByUserAndMonth(context.db, live, userChartFilter(report));
}

/**
 * The User Report: one page of its Users List and its three profit charts (one live snapshot).
 * A half or reversed range is refused: the page says why and lists nothing, rather than
 * quietly showing every date (docs/decisions/141); the API answers it with 400.
 */
export async function loadUserReport(context: ReportContext, report: UserReportParams, paging: Paging) {
  if (report.input.rangeError) {
    return { refused: report.input.rangeError, rows: [], total: 0, byMonth: [] as NamedAmount[], byUser: [] as NamedAmount[], byUserMonth: [] as UserMonthProfit[] };
  }
  const live = livePricesOf(context.liveBook);
  const [{ rows, total }, byMonth, byUser, byUserMonth] = await Promise.all([
    listUserReportPage(context.db, { mode: report.input.mode, roleId: report.input.role_id, range: report.range }, paging),
    userProfitByMonth(context, report, live),
    userProfitByUser(context, report, live),
    userProfitByUserAndMonth(context, report, live),
  ]);
  return { refused: null, rows, total, byMonth, byUser, byUserMonth };
}
