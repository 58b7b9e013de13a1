// Each trade's charges, stored with every write through the real actions on a real database
// (docs/decisions/173, 174): an entry, part exits and the close charge the orders so far; the
// owner's own plan and role 1's rates charge its trades again at once; a trade no rates cover
// reads "—" and adds nothing; the list, the trade report, the PNL report and the export show
// gross, charges and net side by side, and gross - charges = net in each.
//
// The figures are worked by hand from the rates of migration 0009 (NSE, 2024-10-01):
// buy 100 @ 1,000 and sell 40 @ 1,005 and 60 @ 1,010 on the same day is equity intraday:
//   brokerage 0.03 % capped at Rs 20 per order: 20.00 + 12.06 + 18.18 = 50.24
//   STT 0.025 % of the sells (1,00,800): 25.20, to the rupee 25.00
//   exchange 0.00297 % of 2,00,800: 5.96376 -> 5.96; SEBI 0.0001 %: 0.2008 -> 0.20
//   stamp 0.003 % of the buy (1,00,000): 3.00
//   GST 18 % of 50.24 + 5.96376 + 0.2008 = 10.1528208 -> 10.15
//   total 94.55; gross PNL 40 x 5 + 60 x 10 = 800.00; net 705.45.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { trades } from "~/db/schema";
import { loader as listLoader } from "~/routes/_journal+/trades";
import { action as newAction } from "~/routes/_journal+/trades.new";
import { action as exitAction } from "~/routes/_journal+/trades.$id.exit";
import { action as chargesAction } from "~/routes/_journal+/charges";
import { action as ratesAction } from "~/routes/_journal+/charges.rates";
import { action as deleteRatesAction } from "~/routes/_journal+/charges.rates_.$id.delete";
import { loader as tradeReportLoader } from "~/routes/_reports+/reports.trade";
import { loader as pnlReportLoader } from "~/routes/_reports+/reports.pnl";
import { loader as calendarLoader } from "~/routes/_journal+/trades_.calendar";
import { loader as tradeExportLoader } from "~/routes/_reports+/reports.trade.export";
import { istDateString } from "~/domain/dates";
import { dispatchApi } from "~/api/dispatch.server";
import { createAuthSession } from "~/models/auth-session.server";
import { listChargeRates } from "~/models/charge-rate.server";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, ORIGIN } from "../support/requests";
import { insertReportTrade, journalMember } from "../support/factories";
import { createSymbol, uniqueCode } from "../support/market";

let t: TestContext;
let symbol: { id: number; symbolCode: string };
let admin: { user: { id: number }; cookie: string };
let trader: { user: { id: number }; cookie: string };
let tradeId: number;

beforeAll(async () => {
  t = await createTestContext();
  symbol = await createSymbol(t.context.db, uniqueCode("CHG"));
  admin = await journalMember(t.context, 1, []);
  trader = await journalMember(t.context, 4, [symbol.id]);
});
afterAll(async () => {
  await t?.close();
});

const storedCharges = async (id: number) => (await t.context.db.select({ charges: trades.charges }).from(trades).where(eq(trades.id, id)))[0]?.charges;

type ListRow = { id: number; pnl: string; charges: string | null; netPnl: string };
async function listRow(id: number): Promise<ListRow | undefined> {
  const res = await call(listLoader, getRequest("/trades", { cookie: trader.cookie }), t.context);
  return ((await res.json()) as { rows: ListRow[] }).rows.find((r) => r.id === id);
}

function exit(fields: Record<string, string>) {
  return call(exitAction, formRequest(`/trades/${tradeId}/exit`, { intent: "exit", ...fields }, { cookie: trader.cookie }), t.context, { id: String(tradeId) });
}

describe("a trade's charges follow its orders", () => {
  it("an open equity entry is charged as delivery, its buy order alone", async () => {
    const res = await call(
      newAction,
      formRequest("/trades/new", { symbol: symbol.symbolCode, tradeType: "BUY", buyPrice: "1000", quantity: "100", targetPrice: "1100", slPrice: "950", description: "", reasonToTrade: "" }, { cookie: trader.cookie }),
      t.context,
    );
    expect(res.status).toBe(302);
    const [row] = await t.context.db.select({ id: trades.id }).from(trades).where(eq(trades.userId, trader.user.id));
    tradeId = row.id;
    // Delivery: no brokerage; STT 0.1 % of 1,00,000 = 100; exchange 2.97; SEBI 0.10; stamp
    // 0.015 % = 15.00; GST 18 % of 3.07 = 0.5526 -> 0.55. Total 118.62.
    expect(await storedCharges(tradeId)).toBe("118.62");
  });

  it("a part exit and the last exit on the same day make it intraday, charged on all three orders", async () => {
    expect((await exit({ quantity: "40", price: "1005" })).status).toBe(302);
    expect((await exit({ quantity: "60", price: "1010" })).status).toBe(302);
    expect(await storedCharges(tradeId)).toBe("94.55");
    expect(await listRow(tradeId)).toMatchObject({ pnl: "800.00", charges: "94.55", netPnl: "705.45" });
  });

  it("the owner's own plan charges its trades again at once, and clearing it goes back", async () => {
    let res = await call(chargesAction, formRequest("/charges", { intent: "save-plan", brokerageKind: "flat", brokerageValue: "10" }, { cookie: trader.cookie }), t.context);
    expect(res.status).toBe(302);
    // Flat Rs 10 x 3 orders = 30.00; GST 18 % of 30 + 5.96376 + 0.2008 = 6.5096208 -> 6.51;
    // 30 + 25 + 5.96 + 0.20 + 3.00 + 6.51 = 70.67.
    expect(await storedCharges(tradeId)).toBe("70.67");
    expect(await listRow(tradeId)).toMatchObject({ charges: "70.67", netPnl: "729.33" });
    res = await call(chargesAction, formRequest("/charges", { intent: "clear-plan" }, { cookie: trader.cookie }), t.context);
    expect(res.status).toBe(302);
    expect(await storedCharges(tradeId)).toBe("94.55");
  });

  it("a rates row role 1 adds from the trade's day charges it again; deleting the row restores the old figure", async () => {
    const today = istDateString(new Date());
    const res = await call(
      ratesAction,
      formRequest(
        "/charges/rates",
        { segment: "EQUITY_INTRADAY", effectiveFrom: today, sttBuy: "0", sttSell: "0.05", exchange: "0.00297", sebi: "0.0001", stampBuy: "0.003", gst: "18", brokerageKind: "percent", brokerageValue: "0.03", brokerageCap: "20" },
        { cookie: admin.cookie },
      ),
      t.context,
    );
    expect(res.status).toBe(302);
    // STT 0.05 % of 1,00,800 = 50.40 -> 50.00, 25 more than before.
    expect(await storedCharges(tradeId)).toBe("119.55");
    const added = (await listChargeRates(t.context.db)).find((r) => r.segment === "EQUITY_INTRADAY" && r.effectiveFrom === today);
    expect(added).toBeDefined();
    const removed = await call(deleteRatesAction, formRequest(`/charges/rates/${added!.id}/delete`, {}, { cookie: admin.cookie }), t.context, { id: String(added!.id) });
    expect(removed.status).toBe(302);
    expect(await storedCharges(tradeId)).toBe("94.55");
  });

  it("a trade from before any rates reads no charges and its net is its gross", async () => {
    const old = await insertReportTrade(t.context.db, {
      userId: trader.user.id,
      symbolId: symbol.id,
      tradeType: "BUY",
      quantity: 10,
      buyPrice: 100,
      sellPrice: 112.5,
      open: false,
      tradeDateTime: new Date("2020-06-01T05:00:00Z"),
    });
    expect(await storedCharges(old)).toBeNull();
    // Its row in the reports reads "—" and adds nothing to the charges (next test).
  });
});

describe("the P&L calendar and the review count the net PNL", () => {
  it("today's cell, the month and the review's total are 705.45: the 800.00 gross less its 94.55 charges", async () => {
    const res = await call(calendarLoader, getRequest("/trades/calendar", { cookie: trader.cookie }), t.context);
    expect(res.status).toBe(200);
    const data = (await res.json()) as {
      calendar: { monthPnl: string; weeks: { days: { ymd: string; pnl: string | null }[] }[] };
      review: { totalPnl: string; largestWin: string | null; averageR: string | null };
    };
    const today = istDateString(new Date());
    expect(data.calendar.weeks.flatMap((w) => w.days).find((d) => d.ymd === today)?.pnl).toBe("705.45");
    expect(data.calendar.monthPnl).toBe("705.45");
    expect(data.review).toMatchObject({ totalPnl: "705.45", largestWin: "705.45" });
    // R stays the gross PNL over the risk, as the trade shows it: 800 / (|1,000 - 950| x 100) = 0.16.
    expect(data.review.averageR).toBe("0.16");
  });
});

describe("the reports and the export show gross, charges and net", () => {
  it("the trade report's cards and rows, the PNL report's user row and the Excel file agree: gross - charges = net", async () => {
    const query = `?active=all&userId=${trader.user.id}`;
    const report = (await (await call(tradeReportLoader, getRequest(`/reports/trade${query}`, { cookie: admin.cookie }), t.context)).json()) as {
      summary: { totalPnl: string; totalCharges: string; netPnl: string };
      rows: { id: number; pnl: string; charges: string | null; chargesText: string; netPnl: string; netPnlText: string }[];
    };
    // The intraday trade (800.00, 94.55) and the 2020 trade (125.00, no rates).
    expect(report.summary).toMatchObject({ totalPnl: "925.00", totalCharges: "94.55", netPnl: "830.45" });
    expect(report.rows.find((r) => r.id === tradeId)).toMatchObject({ chargesText: "94.55", netPnlText: "705.45" });
    expect(report.rows.find((r) => r.id !== tradeId)).toMatchObject({ chargesText: "—", netPnlText: "125.00" });

    const pnl = (await (await call(pnlReportLoader, getRequest(`/reports/pnl?userId=${trader.user.id}`, { cookie: admin.cookie }), t.context)).json()) as {
      users: { userId: number; totalPnl: string; totalCharges: string; netPnl: string }[];
    };
    expect(pnl.users.find((u) => u.userId === trader.user.id)).toMatchObject({ totalPnl: "925.00", totalCharges: "94.55", netPnl: "830.45" });

    const file = await call(tradeExportLoader, getRequest(`/reports/trade/export${query}&format=xlsx`, { cookie: admin.cookie }), t.context);
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    const sheet = book.worksheets[0];
    const headerRow = sheet.getRow(1).values as unknown[];
    const column = (name: string) => headerRow.indexOf(name);
    expect(column("Charges")).toBe(column("PNL") + 1);
    expect(column("Net PNL")).toBe(column("PNL") + 2);
    const lines: { id: number; pnl: number; charges: unknown; net: number }[] = [];
    sheet.eachRow((row, n) => {
      const id = Number(row.getCell(column("Trade Id")).value);
      if (n > 1 && Number.isInteger(id) && id > 0) {
        lines.push({ id, pnl: Number(row.getCell(column("PNL")).value), charges: row.getCell(column("Charges")).value, net: Number(row.getCell(column("Net PNL")).value) });
      }
    });
    expect(lines.find((l) => l.id === tradeId)).toEqual({ id: tradeId, pnl: 800, charges: 94.55, net: 705.45 });
    expect(lines.find((l) => l.id !== tradeId)).toMatchObject({ pnl: 125, charges: null, net: 125 });
  });

  it("the JSON API's trade rows carry charges and netPnl", async () => {
    const token = (await createAuthSession(t.context.db, trader.user.id)).id;
    const res = await dispatchApi(new Request(`${ORIGIN}/api/admin/trade/list/${trader.user.id}?currentPage=1&pageSize=20&active=all`, { headers: { Authorization: `Bearer ${token}` } }), t.context);
    expect(res.status).toBe(200);
    const rows = ((await res.json()) as { data: { rows: { id: number; pnl: number; charges: number | null; netPnl: number }[] } }).data.rows;
    expect(rows.find((r) => r.id === tradeId)).toMatchObject({ pnl: 800, charges: 94.55, netPnl: 705.45 });
  });
});
