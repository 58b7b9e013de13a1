// Decision 143 (issue 19, defect 8): the report files carry what the screen shows. The trade
// and min-max files have every screen column (Target and SL included), an empty cell in Excel and
// "—" in the PDF for a price a trade does not have, and a totals row equal to the report's own
// cards; the PNL report has Excel and PDF files of its user rows with its six cards as totals.
// Each file is the real route's streamed body, opened with exceljs and unpdf, and compared with
// the report page's own loader data for the same filters.
import { refreshTradeCharges } from "~/models/trade-charges.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { extractText } from "unpdf";
import { trades } from "~/db/schema";
import { istWallTimeToEpochMs } from "~/domain/dates";
import { formatRupees } from "~/domain/format";
import type { Quote } from "~/domain/quotes";
import { listTradeReportPage, listUserPnlPage, livePricesOf, streamTradeReportRows, streamUserPnlRows } from "~/models/report.server";
import { loader as tradeReportLoader } from "~/routes/_reports+/reports.trade";
import { loader as tradeExportLoader } from "~/routes/_reports+/reports.trade.export";
import { loader as pnlReportLoader } from "~/routes/_reports+/reports.pnl";
import { loader as minMaxLoader } from "~/routes/_reports+/reports.min-max";
import { TRADE_TABLE_HEADERS } from "~/components/reports/trade-rows";
import { createTestContext, type TestContext } from "../support/context";
import { call, getRequest, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";
import { createSectorRow, createSymbolRow } from "../support/admin";

// The PNL and min-max export routes are looked up by path so that this file also runs (and fails
// for the missing routes) on the code before them.
const routeModule = (name: string) => import(/* @vite-ignore */ `~/routes/_reports+/${name}`) as Promise<{ loader: Parameters<typeof call>[0] }>;

let t: TestContext;
let admin: string;
const ids = { asha: 0, bala: 0, chetan: 0, openBuy: 0, openSell: 0, closed: 0 };
const MARCH = "startDate=2026-03-01&endDate=2026-03-31";
const ist = (d: number, h = 10) => new Date(istWallTimeToEpochMs(2026, 3, d, h, 0));
const quote = (symbolCode: string, last: number): Quote => ({ symbolCode, last, open: last, high: last, low: last, prevClose: last, change: 0, changePercent: 0, ask: last, bid: last, ltq: 1, volume: 1, time: Date.now() });

beforeAll(async () => {
  t = await createTestContext();
  const db = t.context.db;
  admin = await sessionCookieFor(t.context, (await createUser(db, { roleId: 1 })).id);
  ids.asha = (await createUser(db, { roleId: 4, name: "Asha Totals", username: "asha_tot" })).id;
  ids.bala = (await createUser(db, { roleId: 4, name: "Bala Totals", username: "bala_tot" })).id;
  ids.chetan = (await createUser(db, { roleId: 3, name: "Chetan Totals", username: "chetan_tot" })).id;
  const sector = await createSectorRow(db, "Totals Sector");
  const sym = await createSymbolRow(db, sector.id, "TOTSYM");
  t.context.liveBook.set(quote(sym.symbolCode, 1250.75));
  // Each trade charged as every write path charges it (docs/decisions/174).
  const add = async (v: Partial<typeof trades.$inferInsert> & { userId: number; tradeDateTime: Date }) => {
    const id = (await db.insert(trades).values({ symbolId: sym.id, tradeType: "BUY", quantity: 1, buyPrice: 0, sellPrice: 0, status: false, ...v }).returning({ id: trades.id }))[0].id;
    await refreshTradeCharges(db, { tradeIds: [id] });
    return id;
  };
  // Open BUY, no sell leg, no target, no SL: 100 x (1,250.75 - 1,200.25) = 5,050.00.
  ids.openBuy = await add({ userId: ids.asha, tradeType: "BUY", quantity: 100, buyPrice: 1200.25, status: true, tradeDateTime: ist(20) });
  // Open SELL, no buy leg, target and SL set: 40 x (1,300.00 - 1,250.75) = 1,970.00.
  ids.openSell = await add({ userId: ids.bala, tradeType: "SELL", quantity: 40, sellPrice: 1300, targetPrice: 1200, slPrice: 1325.5, status: true, tradeDateTime: ist(19) });
  // Closed BUY with target, no SL: 1,000 x (1,180.10 - 1,234.56) = -54,460.00.
  ids.closed = await add({ userId: ids.asha, tradeType: "BUY", quantity: 1000, buyPrice: 1234.56, sellPrice: 1180.1, targetPrice: 1300, status: false, tradeDateTime: ist(18), exitDateTime: ist(18, 14) });
  // Ties: same PNL (+10.00) for three closed trades of Bala and Chetan, so keyset paging on (pnl, id) is exercised.
  for (const [userId, d] of [[ids.bala, 10], [ids.chetan, 11], [ids.chetan, 12]] as const) await add({ userId, quantity: 2, buyPrice: 100, sellPrice: 105, tradeDateTime: ist(d) });
  // Outside March: filtered out by the dates.
  await add({ userId: ids.chetan, quantity: 1, buyPrice: 1, sellPrice: 999, tradeDateTime: new Date(istWallTimeToEpochMs(2026, 4, 2, 10, 0)) });
});

afterAll(async () => {
  await t?.close();
});

async function loaderJson(loader: Parameters<typeof call>[0], path: string) {
  const res = await call(loader, getRequest(path, { cookie: admin }), t.context);
  expect(res.status).toBe(200);
  return res.json();
}

async function download(loader: Parameters<typeof call>[0], path: string) {
  const res = await call(loader, getRequest(path, { cookie: admin }), t.context);
  expect(res.status).toBe(200);
  return { res, body: await res.arrayBuffer() };
}

/** The sheet as header → value objects, its data rows, and its totals row (the last, bold, under a blank row). */
async function readSheet(body: ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body);
  const sheet = workbook.worksheets[0];
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const objectOf = (n: number) => Object.fromEntries(headers.map((h, i) => [h, sheet.getRow(n).getCell(i + 1).value]));
  const last = sheet.rowCount;
  expect(sheet.getRow(last - 1).cellCount).toBe(0); // the blank row keeps the totals out of the filter
  expect(sheet.getRow(last).font?.bold).toBe(true);
  const rows = Array.from({ length: last - 3 }, (_, i) => objectOf(i + 2));
  return { sheet, headers, rows, totals: objectOf(last), totalsLabel: sheet.getRow(last).getCell(1).value };
}

const pdfText = async (body: ArrayBuffer) => (await extractText(new Uint8Array(body), { mergePages: true })).text;

describe("the trade report's files", () => {
  it("xlsx: every screen column, empty cells for prices the trade does not have, and the cards as totals", async () => {
    const page = await loaderJson(tradeReportLoader, `/reports/trade?active=all&${MARCH}`);
    const { headers, rows, totals, totalsLabel } = await readSheet((await download(tradeExportLoader, `/reports/trade/export?format=xlsx&active=all&${MARCH}`)).body);
    expect(headers).toEqual(["Trade Id", ...TRADE_TABLE_HEADERS]);
    expect(rows.map((r) => r["Trade Id"])).toEqual(page.rows.map((r: { id: number }) => r.id));
    const byId = new Map(rows.map((r) => [r["Trade Id"], r]));
    expect(byId.get(ids.openBuy)).toMatchObject({ "Buy Price": 1200.25, "Sell Price": null, "Target Price": null, "SL Price": null, "Current Price": 1250.75, PNL: 5050, "Exit Date Time": null });
    expect(byId.get(ids.openSell)).toMatchObject({ "Buy Price": null, "Sell Price": 1300, "Target Price": 1200, "SL Price": 1325.5, PNL: 1970 });
    expect(byId.get(ids.closed)).toMatchObject({ "Buy Price": 1234.56, "Sell Price": 1180.1, "Target Price": 1300, "SL Price": null, PNL: -54460, "Exit Date Time": new Date("2026-03-18T14:00:00Z") });
    // The totals are the page's cards.
    expect(page.summary).toMatchObject({ totalTrades: 6, profitableTrades: 5, lossTrades: 1, totalPnl: "-47410.00" });
    expect(totals.PNL).toBe(Number(page.summary.totalPnl));
    // Gross, charges and net side by side (docs/decisions/174): each row's net is its PNL less its charges, the totals the cards'.
    for (const row of rows) expect(Math.round((Number(row.PNL) - Number(row.Charges)) * 100)).toBe(Math.round(Number(row["Net PNL"]) * 100));
    expect(Number(page.summary.totalCharges)).toBeGreaterThan(0);
    expect(totals).toMatchObject({ Charges: Number(page.summary.totalCharges), "Net PNL": Number(page.summary.netPnl) });
    expect(totalsLabel).toBe(`Total: ${page.summary.totalTrades} trades, ${page.summary.profitableTrades} profitable, ${page.summary.lossTrades} loss`);
  });

  it("xlsx of a half date pair still applies the user filter (the pair alone is dropped)", async () => {
    const page = await loaderJson(tradeReportLoader, `/reports/trade?active=all&userId=${ids.asha}&startDate=2026-03-01`);
    expect(page.input.rangeError).toBe("Please choose both a start and an end date");
    const { rows, totals } = await readSheet((await download(tradeExportLoader, `/reports/trade/export?format=xlsx&active=all&userId=${ids.asha}&startDate=2026-03-01`)).body);
    expect(rows.map((r) => r["Trade Id"]).sort()).toEqual([ids.openBuy, ids.closed].sort());
    expect(totals.PNL).toBe(Number(page.summary.totalPnl));
  });

  it("pdf: Target and SL columns, '—' for the missing prices, and the totals in Indian grouping", async () => {
    const page = await loaderJson(tradeReportLoader, `/reports/trade?active=1&${MARCH}`);
    const text = await pdfText((await download(tradeExportLoader, `/reports/trade/export?format=pdf&active=1&${MARCH}`)).body);
    for (const header of TRADE_TABLE_HEADERS) expect(text).toContain(header);
    expect(text).toContain("1,200.25");
    expect(text).toContain("1,325.50");
    // Open BUY: sell, target, SL and exit absent (4); open SELL: buy and exit absent (2).
    expect(text.match(/—/g)).toHaveLength(6);
    expect(page.summary.totalPnl).toBe("7020.00");
    expect(text).toContain(`Total: 2 trades, 2 profitable, 0 loss`);
    expect(text).toContain(formatRupees(page.summary.totalPnl)); // 7,020.00
  });
});

describe("the PNL report's files", () => {
  it("xlsx: the screen's user rows, figures to the paisa, and its six cards as the totals row", async () => {
    const { loader } = await routeModule("reports.pnl.export");
    const page = await loaderJson(pnlReportLoader, `/reports/pnl?${MARCH}`);
    const { res, body } = await download(loader, `/reports/pnl/export?format=xlsx&${MARCH}`);
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="pnl-report_2026-03-01_to_2026-03-31.xlsx"');
    const { headers, rows, totals, totalsLabel } = await readSheet(body);
    expect(headers).toEqual(["User Name", "Email", "Status", "Trades", "Profitable", "Loss", "Total Profit", "Total Loss", "PNL", "Charges", "Net PNL", "PNL Ratio"]);
    expect(rows).toEqual(
      page.users.map((u: { name: string; email: string; status: boolean; totalTrades: number; profitableTrades: number; lossTrades: number; totalProfit: string; totalLoss: string; totalPnl: string; totalCharges: string; netPnl: string; pnlRatio: number }) => ({
        "User Name": u.name,
        Email: u.email,
        Status: u.status ? "Active" : "Inactive",
        Trades: u.totalTrades,
        Profitable: u.profitableTrades,
        Loss: u.lossTrades,
        "Total Profit": Number(u.totalProfit),
        "Total Loss": Number(u.totalLoss),
        PNL: Number(u.totalPnl),
        Charges: Number(u.totalCharges),
        "Net PNL": Number(u.netPnl),
        "PNL Ratio": u.pnlRatio,
      })),
    );
    expect(totalsLabel).toBe("Total");
    const s = page.summary;
    expect(totals).toMatchObject({ Trades: s.totalTrades, Profitable: s.profitableTrades, Loss: s.lossTrades, "Total Profit": Number(s.totalProfit), "Total Loss": Number(s.totalLoss), PNL: Number(s.totalPnl), Charges: Number(s.totalCharges), "Net PNL": Number(s.netPnl), "PNL Ratio": s.pnlRatio });
    expect(s).toMatchObject({ totalTrades: 6, totalProfit: "7050.00", totalLoss: "-54460.00", totalPnl: "-47410.00", pnlRatio: 83.33 });
  });

  it("xlsx applies the user filter; pdf prints the filters, the rows and the totals", async () => {
    const { loader } = await routeModule("reports.pnl.export");
    const { rows, totals } = await readSheet((await download(loader, `/reports/pnl/export?format=xlsx&userId=${ids.asha}&${MARCH}`)).body);
    expect(rows.map((r) => r["User Name"])).toEqual(["Asha Totals"]);
    expect(totals.PNL).toBe(-49410);
    const text = await pdfText((await download(loader, `/reports/pnl/export?format=pdf&${MARCH}`)).body);
    expect(text).toContain("Trade PNL Report");
    expect(text).toContain("Dates: 01-03-2026 to 31-03-2026");
    expect(text).toContain("User: All");
    for (const name of ["Asha Totals", "Bala Totals", "Chetan Totals"]) expect(text).toContain(name);
    for (const figure of ["-49,410.00", "-54,460.00", "7,050.00", "-47,410.00", "83.33%"]) expect(text).toContain(figure);
  });
});

describe("the min-max report's files", () => {
  it("xlsx: the trades in the page's sort, with a totals row equal to the sum of the PNL column", async () => {
    const { loader } = await routeModule("reports.min-max.export");
    for (const sort of ["pnl-asc", "pnl-desc", "date-asc"]) {
      const page = await loaderJson(minMaxLoader, `/reports/min-max?sort=${sort}&${MARCH}`);
      const { res, body } = await download(loader, `/reports/min-max/export?format=xlsx&sort=${sort}&${MARCH}`);
      expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="min-max-report_2026-03-01_to_2026-03-31.xlsx"');
      const { headers, rows, totals } = await readSheet(body);
      expect(headers).toEqual(["Trade Id", ...TRADE_TABLE_HEADERS]);
      expect(rows.map((r) => r["Trade Id"])).toEqual(page.rows.map((r: { id: number }) => r.id));
      expect(totals.PNL).toBe(-47410);
    }
    const { rows } = await readSheet((await download(loader, `/reports/min-max/export?format=xlsx&userId=${ids.chetan}&${MARCH}`)).body);
    expect(rows).toHaveLength(2);
  });

  it("pdf names its sort and filters and prints '—' for the open trades' missing prices", async () => {
    const { loader } = await routeModule("reports.min-max.export");
    const text = await pdfText((await download(loader, `/reports/min-max/export?format=pdf&sort=pnl-desc&${MARCH}`)).body);
    expect(text).toContain("Trade Min Max PNL Report");
    expect(text).toContain("Sort: PNL: highest first");
    expect(text).toContain("Target Price");
    expect(text).toContain("—");
    expect(text).toContain("-54,460.00");
    expect(text).toContain("Total: 6 trades, 5 profitable, 1 loss");
  });
});

describe("the export cursors", () => {
  it("stream every trade in each min-max sort across small keyset batches, ties in PNL included", async () => {
    const live = livePricesOf(t.context.liveBook);
    const filter = { active: "all" as const };
    for (const sort of ["pnl-desc", "pnl-asc", "date-desc", "date-asc"] as const) {
      const streamed: number[] = [];
      for await (const row of streamTradeReportRows(t.context.db, live, filter, 2, sort)) streamed.push(row.id);
      const { rows } = await listTradeReportPage(t.context.db, live, filter, { page: 1, pageSize: 100, sort });
      expect(streamed).toEqual(rows.map((r) => r.id));
    }
  });

  it("stream every PNL report user in the page's order across small batches, ties in trade count included", async () => {
    const live = livePricesOf(t.context.liveBook);
    const streamed: number[] = [];
    for await (const row of streamUserPnlRows(t.context.db, live, {}, 1)) streamed.push(row.userId);
    const { rows } = await listUserPnlPage(t.context.db, live, {}, { page: 1, pageSize: 100 });
    expect(streamed).toEqual(rows.map((r) => r.userId));
    expect(streamed).toHaveLength(3);
  });
});
