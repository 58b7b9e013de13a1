// Reports (docs/product-rules.md R-AC3 "Reports", R-AC7 "Reports"), role 1 like the report pages. The
// figures come from the report pages' own service (services/reports.server.ts), which reads the
// filters with the pages' parsers, so a report and its API call never disagree. PNL is
// docs/product-rules.md R-D9 (open trades at the live price of one snapshot of the live book per request).
import * as z from "zod";
import type { AppContext } from "~/config/context";
import { LONG_PAGE_SIZE } from "~/domain/paging";
import type { TradeReportRow } from "~/domain/trade-rows";
import {
  pnlReportUsersOf,
  sectorReportOf,
  tradeReportSummaryOf,
  userProfitByMonth,
  userProfitByUser,
  userProfitByUserAndMonth,
} from "~/services/reports.server";
import { exportFormatSchema } from "~/schemas/report";
import { EXPORT_CONTENT_TYPES } from "~/services/reports/download.server";
import { tradeReportDownload, userReportDownload } from "~/services/reports/exports.server";
import { FORBIDDEN_MESSAGE } from "../messages";
import { documentedRangeQuery, parseDocumentedTradeReport, parseDocumentedUserReport, queryFlag } from "../report-params.server";
import { mayCall } from "../roles";
import { okStatus, pageQuery } from "../shapes";
import { jsonDecimal } from "../exact-json.server";
import { apiError, defineCall, valueOrApiError } from "../types.server";
import { searchParamsOf } from "~/schemas/request-input.server";

const rangeQuery = {
  startDate: z.string().max(10).optional().describe("YYYY-MM-DD, with endDate"),
  endDate: z.string().max(10).optional().describe("YYYY-MM-DD, inclusive (docs/product-rules.md R-D10)"),
};
const idQuery = z.string().max(12).optional();
/** The user report's charts: the documents' from_date/to_date and the report's role filter (2, 3, 4; default 4). */
const userReportQuery = z.object({
  from_date: z.string().max(10).optional().describe("YYYY-MM-DD, with to_date"),
  to_date: z.string().max(10).optional().describe("YYYY-MM-DD, inclusive"),
  role_id: z.string().max(2).optional(),
});


const tradeDataShape = z.object({
  id: z.number().int(),
  symbol_code: z.string(),
  tradeType: z.enum(["BUY", "SELL"]),
  sellPrice: z.number(),
  buyPrice: z.number(),
  quantity: z.number(),
  profit: z.number(),
});

const userPnlShape = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string(), status: z.boolean() }),
  tradeCount: z.number().int(),
  tradesCount: z.number().int().describe("profitable trades"),
  profitTrade: z.number().int().describe("profitable trades"),
  lossTrade: z.number().int().describe("loss trades"),
  totalProfit: z.number(),
  totalLoss: z.number(),
  totalPNL: z.number(),
  tradeData: z.array(tradeDataShape),
});
const pnlReportShape = z.object({ status: okStatus, trades: z.array(userPnlShape), count: z.number().int().nonnegative() });

const tradeData = (t: TradeReportRow) => ({
  id: t.id,
  symbol_code: t.symbolCode,
  tradeType: t.tradeType,
  sellPrice: t.sellPrice,
  buyPrice: t.buyPrice,
  quantity: t.quantity,
  profit: jsonDecimal(t.pnl),
});

/** The PNL report page's rows (per user, most trades first, with their latest trades). */
async function perUserReport(context: AppContext, request: Request, query: { currentPage?: number; pageSize?: number }) {
  const { users, total } = valueOrApiError(
    await pnlReportUsersOf(context, searchParamsOf(request), { page: query.currentPage ?? 1, pageSize: query.pageSize ?? LONG_PAGE_SIZE }),
  );
  return {
    status: 200,
    trades: users.map((u) => ({
      user: { id: u.userId, name: u.name, email: u.email, status: u.status },
      tradeCount: u.totalTrades,
      tradesCount: u.profitableTrades,
      profitTrade: u.profitableTrades,
      lossTrade: u.lossTrades,
      totalProfit: jsonDecimal(u.totalProfit),
      totalLoss: jsonDecimal(u.totalLoss),
      totalPNL: jsonDecimal(u.totalPnl),
      tradeData: u.trades.map(tradeData),
    })),
    count: total,
  };
}

const userFigureShape = z.object({ status: okStatus, data: z.array(z.object({ user: z.object({ name: z.string() }), totalProfit: z.number() })) });
const monthFigureShape = z.object({ status: okStatus, data: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), totalProfit: z.number() })) });
const userMonthShape = z.object({
  status: okStatus,
  data: z.array(z.object({ user: z.object({ name: z.string() }), month: z.string().regex(/^\d{4}-\d{2}$/), totalProfit: z.number() })),
});

const sampleRange = { startDate: "2020-01-01", endDate: "2030-12-31" };

/** downloadPdf's report types and the report page whose rule each carries. */
const DOWNLOAD_REPORTS = { users: "/reports/user", trades: "/reports/trade" } as const;
export const REPORT_TYPE_MESSAGE = "Choose users or trades";
/** The two files the report pages' Excel and Pdf links give (app/services/reports/download.server.ts). */
const DOWNLOAD_TYPES = Object.values(EXPORT_CONTENT_TYPES);

/** A PDF starts with %PDF-, an xlsx (a ZIP archive) with PK\x03\x04. */
export function isPdfOrXlsx(bytes: Uint8Array): boolean {
  const starts = (prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
  return starts([0x25, 0x50, 0x44, 0x46, 0x2d]) || starts([0x50, 0x4b, 0x03, 0x04]);
}

export const reportCalls = [
  defineCall({
    id: "downloadPdf",
    method: "GET",
    path: "/api/downloadPdf",
    tag: "Reports",
    summary:
      "A report as a file, the same file as the report page's Excel and Pdf links: fileType pdf or xlsx; reportType trades (the Trade Report's trades: " +
      "from_date, to_date, active all/1/0 default 0, userId, symbolId) or users (the User Report's Users List: from_date, to_date, role_id 2/3/4 default 4, " +
      "login 1 for sign-ins). Each reportType carries its report page's rule (role 1). Content-Disposition names the report and its dates. " +
      "A bad fileType, reportType or date, half a range or an end before the start answers 400 (JSON, errors[0].msg).",
    page: DOWNLOAD_REPORTS.users,
    query: z.object({
      ...documentedRangeQuery,
      fileType: exportFormatSchema,
      reportType: z.enum(["users", "trades"], { error: REPORT_TYPE_MESSAGE }),
      role_id: z.string().max(2).optional(),
      login: queryFlag("login"),
      active: z.string().max(3).optional(),
      userId: idQuery,
      symbolId: idQuery,
    }),
    status: 200,
    download: DOWNLOAD_TYPES,
    response: z.instanceof(Uint8Array).refine(isPdfOrXlsx, "a PDF (%PDF-) or an xlsx (PK) file"),
    handle: async ({ context, user, query }) => {
      if (!mayCall(user.roleId, { page: DOWNLOAD_REPORTS[query.reportType] })) apiError(403, FORBIDDEN_MESSAGE);
      if (query.reportType === "users") return userReportDownload(context, parseDocumentedUserReport(query), query.fileType);
      return tradeReportDownload(context, parseDocumentedTradeReport(query), query.fileType);
    },
    sample: () => ({ query: { from_date: sampleRange.startDate, to_date: sampleRange.endDate, fileType: "pdf", reportType: "trades", active: "all" } }),
    invalid: { query: { fileType: "docx", reportType: "trades" }, message: "Choose xlsx or pdf" },
  }),
  defineCall({
    id: "admin/reports/trade/summary",
    method: "GET",
    path: "/api/admin/reports/trade/summary",
    tag: "Reports",
    summary:
      "The Trade Report's cards for its filters (startDate, endDate, active all/1/0 default 0, userId, symbolId): totalPNL.totalProfit (the net PNL), totalTrades, " +
      "totalProfitableTrade, totalLossTrade, totalProfit, totalLoss. Half a date range or an end before the start answers 400.",
    page: "/reports/trade",
    query: z.object({ ...rangeQuery, active: z.string().max(3).optional(), userId: idQuery, symbolId: idQuery }),
    status: 200,
    response: z.object({
      status: okStatus,
      totalPNL: z.object({ totalProfit: z.number() }),
      totalTrades: z.number().int(),
      totalProfitableTrade: z.number().int(),
      totalLossTrade: z.number().int(),
      totalProfit: z.number(),
      totalLoss: z.number(),
    }),
    handle: async ({ context, request }) => {
      const s = valueOrApiError(await tradeReportSummaryOf(context, searchParamsOf(request)));
      return {
        status: 200,
        totalPNL: { totalProfit: jsonDecimal(s.totalPnl) },
        totalTrades: s.totalTrades,
        totalProfitableTrade: s.profitableTrades,
        totalLossTrade: s.lossTrades,
        totalProfit: jsonDecimal(s.totalProfit),
        totalLoss: jsonDecimal(s.totalLoss),
      };
    },
    sample: () => ({ query: { ...sampleRange, active: "all" } }),
  }),
  defineCall({
    id: "admin/reports/trade/pnl",
    method: "GET",
    path: "/api/admin/reports/trade/pnl",
    tag: "Reports",
    summary:
      "The PNL Report (startDate, endDate, userId; open and closed trades): trades[] per user, most trades first, 20 per page (currentPage, pageSize), with count. " +
      "tradeCount, tradesCount and profitTrade (profitable), lossTrade, totalProfit, totalLoss, totalPNL and tradeData[] (the user's latest 50 trades).",
    page: "/reports/pnl",
    query: z.object({ ...rangeQuery, userId: idQuery, ...pageQuery }),
    status: 200,
    response: pnlReportShape,
    handle: async ({ context, request, query }) => perUserReport(context, request, query),
    sample: () => ({ query: sampleRange }),
  }),
  defineCall({
    id: "admin/reports/trade/min-max",
    method: "GET",
    path: "/api/admin/reports/trade/min-max",
    tag: "Reports",
    summary: "The Min Max PNL Report's data with the PNL report's parameters and answer (trades[] with tradeCount and tradeData[], whose profit gives each user's min and max).",
    page: "/reports/min-max",
    query: z.object({ ...rangeQuery, userId: idQuery, ...pageQuery }),
    status: 200,
    response: pnlReportShape,
    handle: async ({ context, request, query }) => perUserReport(context, request, query),
    sample: (f) => ({ query: { ...sampleRange, userId: String(f.users[3].id) } }),
  }),
  defineCall({
    id: "admin/reports/trade/sector",
    method: "GET",
    path: "/api/admin/reports/trade/sector",
    tag: "Reports",
    summary: "Profitable and loss trades per sector (startDate, endDate; symbols without a sector as 'Other'): trades[] of {sector_name, profitabletrades, losstrades}.",
    page: "/reports/trade-analysis",
    query: z.object(rangeQuery),
    status: 200,
    response: z.object({ status: okStatus, trades: z.array(z.object({ sector_name: z.string(), profitabletrades: z.number().int(), losstrades: z.number().int() })) }),
    handle: async ({ context, request }) => {
      const rows = valueOrApiError(await sectorReportOf(context, searchParamsOf(request)));
      return { status: 200, trades: rows.map((r) => ({ sector_name: r.sectorName, profitabletrades: r.profitableTrades, losstrades: r.lossTrades })) };
    },
    sample: () => ({ query: sampleRange }),
  }),
  defineCall({
    id: "admin/reports/users",
    method: "GET",
    path: "/api/admin/reports/users",
    tag: "Reports",
    summary: "The User Report's 'profit by user' chart (from_date, to_date, role_id 2/3/4, default 4): data[] of {user.name, totalProfit}, highest first.",
    page: "/reports/user",
    query: userReportQuery,
    status: 200,
    response: userFigureShape,
    handle: async ({ context, query }) => {
      const rows = await userProfitByUser(context, parseDocumentedUserReport(query));
      return { status: 200, data: rows.map((r) => ({ user: { name: r.label }, totalProfit: jsonDecimal(r.value) })) };
    },
    sample: () => ({ query: { from_date: sampleRange.startDate, to_date: sampleRange.endDate } }),
  }),
  defineCall({
    id: "admin/reports/profits",
    method: "GET",
    path: "/api/admin/reports/profits",
    tag: "Reports",
    summary: "The User Report's 'profit by month' chart (from_date, to_date, role_id): data[] of {month YYYY-MM (IST), totalProfit}, oldest first.",
    page: "/reports/user",
    query: userReportQuery,
    status: 200,
    response: monthFigureShape,
    handle: async ({ context, query }) => {
      const rows = await userProfitByMonth(context, parseDocumentedUserReport(query));
      return { status: 200, data: rows.map((r) => ({ month: r.label, totalProfit: jsonDecimal(r.value) })) };
    },
    sample: () => ({ query: { from_date: sampleRange.startDate, to_date: sampleRange.endDate, role_id: "3" } }),
  }),
  defineCall({
    id: "admin/reports/monthUserProfits",
    method: "GET",
    path: "/api/admin/reports/monthUserProfits",
    tag: "Reports",
    summary: "The User Report's 'profit by user per month' chart (from_date, to_date, role_id): data[] of {user.name, month, totalProfit}.",
    page: "/reports/user",
    roles: [1],
    query: userReportQuery,
    status: 200,
    response: userMonthShape,
    handle: async ({ context, query }) => {
      const rows = await userProfitByUserAndMonth(context, parseDocumentedUserReport(query));
      return { status: 200, data: rows.map((r) => ({ user: { name: r.userName }, month: r.month, totalProfit: jsonDecimal(r.totalProfit) })) };
    },
    sample: () => ({ query: { from_date: sampleRange.startDate, to_date: sampleRange.endDate } }),
  }),
];
