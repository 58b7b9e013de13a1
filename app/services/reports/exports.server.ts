// The report downloads: the Trade Report's trades and the User Report's Users List, streamed as
// xlsx or pdf. The export resource routes (/reports/trade/export, /reports/user/export) and the
// JSON API's downloadPdf answer from here, with the filters the report pages' parsers read.
import type { AppContext } from "~/config/context";
import { ROLE_NAMES, isRoleId } from "~/domain/access";
import { formatIstDate, istMidnight } from "~/domain/dates";
import { describeTradeFilter, livePricesOf, streamTradeReportRows } from "~/models/report.server";
import { streamUserReportRows } from "~/models/user-report.server";
import { TRADE_EXPORT_COLUMNS, userExportColumns } from "~/services/reports/columns";
import { downloadResponse, exportFilename } from "~/services/reports/download.server";
import { pdfReadable } from "~/services/reports/pdf.server";
import { xlsxReadable } from "~/services/reports/xlsx.server";
import { activeFilterLabel, type ExportFormat, type parseTradeReportParams, type parseUserReportParams } from "~/schemas/report";

/** Exactly the trades the Trade Report lists for its filters, newest first. */
export async function tradeReportDownload(context: AppContext, { input, filter }: ReturnType<typeof parseTradeReportParams>, format: ExportFormat): Promise<Response> {
  const rows = streamTradeReportRows(context.db, livePricesOf(context.liveBook), filter);
  const filename = exportFilename("trade-report", format, input);
  if (format === "xlsx") {
    return downloadResponse(xlsxReadable({ sheetName: "Trade Report", columns: TRADE_EXPORT_COLUMNS, rows }), filename, "xlsx");
  }
  const filters = await describeTradeFilter(context.db, { ...input, activeLabel: activeFilterLabel(input.active) });
  return downloadResponse(pdfReadable({ title: "Trade Report", filters, columns: TRADE_EXPORT_COLUMNS, rows }), filename, "pdf");
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
