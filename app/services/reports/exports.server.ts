// The report downloads: the Trade Report's trades, the PNL Report's users, the Min Max Report's
// trades and the User Report's Users List, streamed as xlsx or pdf. The export resource routes
// (/reports/{trade,pnl,min-max,user}/export) and the JSON API's downloadPdf answer from here,
// with the filters the report pages' parsers read. A report's totals row is tallied from the
// rows the file holds, so it is their exact sum and the figures of the screen's cards
// (docs/decisions/143).
import type { AppContext } from "~/config/context";
import { ROLE_NAMES, isRoleId } from "~/domain/access";
import { formatIstDate, istMidnight } from "~/domain/dates";
import { createPnlTally } from "~/domain/pnl";
import type { TradeReportRow } from "~/domain/trade-rows";
import type { SessionUser } from "~/auth/session.server";
import { describeTradeFilter, livePricesOf, streamTradeListRows, streamTradeReportRows, streamUserPnlRows, type UserPnlRow } from "~/models/report.server";
import { streamUserReportRows } from "~/models/user-report.server";
import { PNL_EXPORT_COLUMNS, pnlExportTotals, TRADE_EXPORT_COLUMNS, tradeExportTotals, userExportColumns } from "~/services/reports/columns";
import { downloadResponse, exportFilename, todaysListDownload } from "~/services/reports/download.server";
import { tradeJournalFilters } from "~/services/trades.server";
import type { ListExportFormat } from "~/schemas/user-admin";
import { pdfReadable } from "~/services/reports/pdf.server";
import { xlsxReadable } from "~/services/reports/xlsx.server";
import { activeFilterLabel, MIN_MAX_SORT_LABELS, type ExportFormat, type MinMaxSort, type parsePnlReportParams, type parseTradeReportParams, type parseUserReportParams } from "~/schemas/report";

/** Trade rows passed through as they are written, each PNL tallied for the totals row. */
async function* tallied<Row>(rows: AsyncIterable<Row>, add: (row: Row) => void): AsyncGenerator<Row> {
  for await (const row of rows) {
    add(row);
    yield row;
  }
}

/** A trade list as a file: the trade columns, a totals row with the trade report's cards. */
async function tradeListDownload(
  context: AppContext,
  options: { report: string; title: string; format: ExportFormat; dates: { startDate?: string; endDate?: string }; filters: () => Promise<string[]>; rows: AsyncIterable<TradeReportRow> },
): Promise<Response> {
  const tally = createPnlTally();
  const rows = tallied(options.rows, (row) => tally.addTrade(row.pnl, row.charges));
  const totals = () => tradeExportTotals(tally.summary());
  const filename = exportFilename(options.report, options.format, options.dates);
  if (options.format === "xlsx") {
    return downloadResponse(xlsxReadable({ sheetName: options.title, columns: TRADE_EXPORT_COLUMNS, rows, totals }), filename, "xlsx");
  }
  return downloadResponse(pdfReadable({ title: options.title, filters: await options.filters(), columns: TRADE_EXPORT_COLUMNS, rows, totals }), filename, "pdf");
}

/** Exactly the trades the Trade Report lists for its filters, newest first, and their totals. */
export function tradeReportDownload(context: AppContext, { input, filter }: ReturnType<typeof parseTradeReportParams>, format: ExportFormat): Promise<Response> {
  return tradeListDownload(context, {
    report: "trade-report",
    title: "Trade Report",
    format,
    dates: input,
    filters: () => describeTradeFilter(context.db, { ...input, activeLabel: activeFilterLabel(input.active) }),
    rows: streamTradeReportRows(context.db, livePricesOf(context.liveBook), filter),
  });
}

/** The Min Max PNL Report's trades for its filters, in its ?sort, and their totals. */
export function minMaxReportDownload(context: AppContext, { input, filter }: ReturnType<typeof parsePnlReportParams>, sort: MinMaxSort, format: ExportFormat): Promise<Response> {
  return tradeListDownload(context, {
    report: "min-max-report",
    title: "Trade Min Max PNL Report",
    format,
    dates: input,
    filters: async () => [...(await describeTradeFilter(context.db, input)).filter((line) => !line.startsWith("Symbol:")), `Sort: ${MIN_MAX_SORT_LABELS[sort]}`],
    rows: streamTradeReportRows(context.db, livePricesOf(context.liveBook), filter, undefined, sort),
  });
}

/** The PNL Report's users for its filters (most trades first), and the six cards as totals. */
export async function pnlReportDownload(context: AppContext, { input, filter }: ReturnType<typeof parsePnlReportParams>, format: ExportFormat): Promise<Response> {
  const tally = createPnlTally();
  const rows = tallied<UserPnlRow>(streamUserPnlRows(context.db, livePricesOf(context.liveBook), filter), (user) => tally.addSummary(user));
  const totals = () => pnlExportTotals(tally.summary());
  const filename = exportFilename("pnl-report", format, input);
  if (format === "xlsx") return downloadResponse(xlsxReadable({ sheetName: "Trade PNL Report", columns: PNL_EXPORT_COLUMNS, rows, totals }), filename, "xlsx");
  const filters = (await describeTradeFilter(context.db, input)).filter((line) => !line.startsWith("Symbol:"));
  return downloadResponse(pdfReadable({ title: "Trade PNL Report", filters, columns: PNL_EXPORT_COLUMNS, rows, totals }), filename, "pdf");
}

/** The User Report's Users List (AllUser or LoginUser) for its filters. */
export function userReportDownload(context: AppContext, { input, range, days }: ReturnType<typeof parseUserReportParams>, format: ExportFormat): Response {
  const rows = streamUserReportRows(context.db, { mode: input.mode, roleId: input.role_id, range });
  const columns = userExportColumns(input.mode);
  const filename = exportFilename(input.mode === "login" ? "login-user-report" : "user-report", format, input);
  if (format === "xlsx") return downloadResponse(xlsxReadable({ sheetName: "User Report", columns, rows }), filename, "xlsx");
  // LoginUser always covers days (today by default, docs/decisions/141); AllUser may cover all.
  const dates = days ? `${formatIstDate(istMidnight(days.startDate))} to ${formatIstDate(istMidnight(days.endDate))}` : "All dates";
  const filters = [`Users: ${input.mode === "login" ? "LoginUser" : "AllUser"}`, `Role: ${isRoleId(input.role_id) ? ROLE_NAMES[input.role_id] : input.role_id}`, `Dates: ${dates}`];
  return downloadResponse(pdfReadable({ title: "User Report", filters, columns, rows }), filename, "pdf");
}

/**
 * The trade list (/trades) as CSV or Excel: exactly the trades the page lists for the same URL
 * parameters and the same role (a customer: its own), every page of them, newest first, in the
 * trade report's columns and writers (docs/decisions/172). Streamed, formula-safe.
 */
export function tradeJournalDownload(context: AppContext, user: Pick<SessionUser, "id" | "roleId">, params: URLSearchParams, format: ListExportFormat): Response {
  const rows = streamTradeListRows(context.db, livePricesOf(context.liveBook), user, tradeJournalFilters(user, params));
  return todaysListDownload("trades", { sheetName: "Trade List", columns: TRADE_EXPORT_COLUMNS, rows }, format);
}
