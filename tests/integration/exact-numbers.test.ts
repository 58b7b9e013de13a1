// Issue 16 item 8 through the real loaders, actions and API on a real database: numbers are read
// as decimal notation only and ranges are checked after rounding to the column's scale (0x10
// and 1e-9 answer 4xx with the form's message and store nothing), and money stays exact beyond
// 2^53 paise on the page loaders, in the JSON API and in both exports (docs/decisions/118).
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dispatchApi } from "~/api/dispatch.server";
import { alerts, dayOhlc, trades } from "~/db/schema";
import { createAuthSession } from "~/models/auth-session.server";
import { action as alertNewAction } from "~/routes/_alerts+/alert.new";
import { loader as chartDataLoader } from "~/routes/_market+/chart-data";
import { loader as tradeExportLoader } from "~/routes/_reports+/reports.trade.export";
import { loader as tradeReportLoader } from "~/routes/_reports+/reports.trade";
import { loader as tradesLoader } from "~/routes/_journal+/trades";
import { loader as tradeNewLoader, action as tradeNewAction } from "~/routes/_journal+/trades.new";
import { loader as udfHistoryLoader } from "~/routes/_api+/udf.history";
import { ENTER_ALERT_PRICE } from "~/schemas/alert";
import { ENTER_BUY_PRICE, ENTER_QUANTITY, WHOLE_QUANTITY } from "~/schemas/trade";
import { TRADE_EXPORT_COLUMNS } from "~/services/reports/columns";
import { createTestContext, type TestContext } from "../support/context";
import { createUser, insertReportTrade } from "../support/factories";
import { createSymbol, uniqueCode } from "../support/market";
import { call, formRequest, getRequest, ORIGIN, sessionCookieFor } from "../support/requests";

let t: TestContext;
let symbol: { id: number; symbolCode: string };
let employee: { id: number; cookie: string; token: string };
let admin: { id: number; cookie: string; token: string };

async function member(roleId: 1 | 3) {
  const user = await createUser(t.context.db, { roleId });
  return { id: user.id, cookie: await sessionCookieFor(t.context, user.id), token: (await createAuthSession(t.context.db, user.id)).id };
}

beforeAll(async () => {
  t = await createTestContext();
  symbol = await createSymbol(t.context.db, uniqueCode("EXACT"));
  employee = await member(3);
  admin = await member(1);
});
afterAll(async () => {
  await t?.close();
});

async function api(who: { token: string }, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { Authorization: `Bearer ${who.token}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await dispatchApi(new Request(ORIGIN + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), t.context);
  return { status: res.status, text: await res.text() };
}

async function fieldErrors(res: Response): Promise<Record<string, string[]>> {
  expect(res.status).toBe(400);
  return ((await res.json()) as { error: Record<string, string[]> }).error;
}

const countOf = async (table: typeof alerts | typeof trades, userId: number) => (await t.context.db.select({ id: table.id }).from(table).where(eq(table.userId, userId))).length;

// ------------------------------------------------------------------ decimal notation only

describe("the alert form and its JSON API", () => {
  const alertForm = (price: string) => ({ name: "Probe", symbol: symbol.symbolCode, price, condition: "Greater than", viewType: ["Notify in App"], description: "probe" });
  const alertJson = (price: unknown) => ({ name: "Probe", symbolId: symbol.id, price, condition: "Greater than", viewType: ["Notify in App"], description: "probe" });

  it("refuses 0x10, 1e-9 and a price that rounds to 0.00 with the form's message, storing nothing", async () => {
    const post = (price: string) => call(alertNewAction, formRequest("/alert/new", alertForm(price), { cookie: employee.cookie }), t.context);
    expect((await fieldErrors(await post("0x10"))).price).toEqual([ENTER_ALERT_PRICE]);
    expect((await fieldErrors(await post("1e-9"))).price).toEqual([ENTER_ALERT_PRICE]);
    expect((await fieldErrors(await post("Infinity"))).price).toEqual([ENTER_ALERT_PRICE]);
    expect((await fieldErrors(await post("0.004"))).price).toEqual(["Price must be greater than 0"]);
    expect((await fieldErrors(await post("1000000000000"))).price).toEqual(["Price must be at most 9,99,99,99,99,999.99"]);
    expect(await countOf(alerts, employee.id)).toBe(0);
    // A price that rounds to a paisa is stored rounded.
    const ok = await post("0.005");
    expect(ok.status).toBe(302);
    const [row] = await t.context.db.select().from(alerts).where(eq(alerts.userId, employee.id));
    expect(row.price).toBe(0.01);
    await t.context.db.delete(alerts).where(eq(alerts.userId, employee.id));
  });

  it("the API refuses \"0x10\" and \"1e-9\" as text and 1e-9 as a JSON number (rounds to 0.00), storing nothing", async () => {
    for (const [price, message] of [
      ["0x10", ENTER_ALERT_PRICE],
      ["1e-9", ENTER_ALERT_PRICE],
      [" ", ENTER_ALERT_PRICE],
      [1e-9, "Price must be greater than 0"],
      [0.004, "Price must be greater than 0"],
      [1e12, "Price must be at most 9,99,99,99,99,999.99"],
    ] as const) {
      const res = await api(employee, "POST", "/api/admin/alert/create", alertJson(price));
      expect(res.status, String(price)).toBe(400);
      expect(JSON.parse(res.text).errors[0], String(price)).toEqual({ msg: message, path: "price" });
    }
    expect(await countOf(alerts, employee.id)).toBe(0);
    const ok = await api(employee, "POST", "/api/admin/alert/create", alertJson("16"));
    expect(ok.status).toBe(201);
    const [row] = await t.context.db.select().from(alerts).where(eq(alerts.userId, employee.id));
    expect(row.price).toBe(16);
    await t.context.db.delete(alerts).where(eq(alerts.userId, employee.id));
  });
});

describe("the trade form and its JSON API", () => {
  const tradeForm = (fields: Record<string, string>) => ({ symbol: symbol.symbolCode, tradeType: "BUY", buyPrice: "100", quantity: "10", ...fields });
  const post = (fields: Record<string, string>) => call(tradeNewAction, formRequest("/trades/new", tradeForm(fields), { cookie: employee.cookie }), t.context);

  it("refuses 0x10 and 1e-9 in a price or the quantity with the field's message, storing nothing", async () => {
    const notation = "Buy price must be a number written in digits, such as 1250.50";
    expect((await fieldErrors(await post({ buyPrice: "0x10" }))).buyPrice).toEqual([notation]);
    expect((await fieldErrors(await post({ buyPrice: "1e-9" }))).buyPrice).toEqual([notation]);
    expect((await fieldErrors(await post({ buyPrice: "0b11" }))).buyPrice).toEqual([notation]);
    expect((await fieldErrors(await post({ targetPrice: "1e5" }))).targetPrice).toEqual(["Target price must be a number written in digits, such as 1250.50"]);
    expect((await fieldErrors(await post({ slPrice: "-0.01" }))).slPrice).toEqual(["SL price cannot be negative"]);
    expect((await fieldErrors(await post({ sellPrice: "1000000000000" }))).sellPrice).toEqual(["Sell price must be at most 9,99,99,99,99,999.99"]);
    expect((await fieldErrors(await post({ quantity: "0x10" }))).quantity).toEqual([WHOLE_QUANTITY]);
    expect((await fieldErrors(await post({ quantity: "1e3" }))).quantity).toEqual([WHOLE_QUANTITY]);
    expect(await countOf(trades, employee.id)).toBe(0);
  });

  it("shows every message at once: the form's starting quantity of 0 and a missing buy price", async () => {
    const errors = await fieldErrors(await post({ buyPrice: "", quantity: "0" }));
    expect(errors).toMatchObject({ buyPrice: [ENTER_BUY_PRICE], quantity: [ENTER_QUANTITY] });
    expect(await countOf(trades, employee.id)).toBe(0);
  });

  it("the API refuses the same as text, and a JSON fraction of a quantity, storing nothing", async () => {
    const body = { symbol_code: symbol.symbolCode, tradeType: "BUY", buyPrice: 100, quantity: 10 };
    for (const [change, path, message] of [
      [{ buyPrice: "0x10" }, "buyPrice", "Buy price must be a number written in digits, such as 1250.50"],
      [{ buyPrice: "1e-9" }, "buyPrice", "Buy price must be a number written in digits, such as 1250.50"],
      [{ buyPrice: "Infinity" }, "buyPrice", "Buy price must be a number written in digits, such as 1250.50"],
      [{ quantity: "0x10" }, "quantity", WHOLE_QUANTITY],
      [{ quantity: 2.5 }, "quantity", WHOLE_QUANTITY],
      [{ quantity: 0 }, "quantity", "Please enter a quantity of at least 1"],
    ] as const) {
      const res = await api(employee, "POST", "/api/admin/trade/create", { ...body, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(JSON.parse(res.text).errors[0], JSON.stringify(change)).toEqual({ msg: message, path });
    }
    expect(await countOf(trades, employee.id)).toBe(0);
  });

  it("the chart's Buy link prefills a decimal price only", async () => {
    const prefill = async (price: string) => {
      const res = await call(tradeNewLoader, getRequest(`/trades/new?symbol=${symbol.symbolCode}&side=BUY&price=${encodeURIComponent(price)}`, { cookie: employee.cookie }), t.context);
      return ((await res.json()) as { defaults: { buyPrice?: string } }).defaults.buyPrice;
    };
    expect(await prefill("123.45")).toBe("123.45");
    expect(await prefill("0x10")).toBeUndefined();
    expect(await prefill("1e3")).toBeUndefined();
    expect(await prefill("Infinity")).toBeUndefined();
  });
});

describe("numbers in URL parameters and paths", () => {
  it("/chart-data and the UDF history refuse a hex countback", async () => {
    const chart = await call(chartDataLoader, getRequest(`/chart-data?symbol=${symbol.symbolCode}&countback=0x10`, { cookie: employee.cookie }), t.context);
    expect(chart.status).toBe(400);
    expect(((await chart.json()) as { errors: { msg: string }[] }).errors[0].msg).toBe("countback must be a whole number written in digits, such as 25");
    const udf = await call(udfHistoryLoader, getRequest(`/udf/history?symbol=${symbol.symbolCode}&resolution=D&from=0x10&to=1700000000`, { cookie: employee.cookie }), t.context);
    expect(((await udf.json()) as { s: string; errmsg: string }).errmsg).toMatch(/from must be a Unix time in whole seconds/);
  });

  it("the bonus split's path factor must be decimal: /0x10/ changes nothing", async () => {
    await t.context.db.insert(dayOhlc).values({ symbolId: symbol.id, tradingDate: "2026-01-05", open: 100, high: 110, low: 90, close: 105 });
    const res = await api(admin, "POST", `/api/admin/dayohlc/list/${symbol.id}/0x10/mul`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).message).toBe("Please enter number.");
    const [bar] = await t.context.db.select().from(dayOhlc).where(eq(dayOhlc.symbolId, symbol.id));
    expect(bar.close).toBe(105);
  });
});

// ------------------------------------------------------------------ money beyond 2^53 paise

describe("a PNL beyond 2^53 paise", () => {
  // 99,99,99,99,999.99 x 10,00,000 units: 9,999,999,999,999,000,000 paise, past 2^53 (and 2^63).
  const OPEN_PNL = "99999999999990000.00"; // open SELL, no live price: qty x (sell - 0)
  const CLOSED_A = "99999999999980000.00"; // closed SELL 10,00,000 x (99,99,99,99,999.99 - 0.01)
  const CLOSED_B = "100000299999979999.94"; // closed SELL 10,00,003 x the same: 20 digits, beyond a spreadsheet's 15
  const LOSS = "-0.01";
  const TOTAL = "300000299999949999.93";
  let trader: { id: number; cookie: string; token: string };
  let openId = 0;

  beforeAll(async () => {
    trader = await member(3);
    const code = uniqueCode("HUGE");
    const huge = await createSymbol(t.context.db, code);
    // Through the form: the column's largest prices and a million units are accepted.
    const res = await call(
      tradeNewAction,
      formRequest("/trades/new", { symbol: code, tradeType: "SELL", sellPrice: "99999999999.99", buyPrice: "0.01", quantity: "1000000" }, { cookie: trader.cookie }),
      t.context,
    );
    expect(res.status).toBe(302);
    const [created] = await t.context.db.select().from(trades).where(eq(trades.userId, trader.id));
    openId = created.id;
    const at = new Date("2026-03-10T06:00:00Z");
    const closed = { userId: trader.id, symbolId: huge.id, tradeType: "SELL" as const, buyPrice: 0.01, sellPrice: 99_999_999_999.99, open: false, tradeDateTime: at };
    await insertReportTrade(t.context.db, { ...closed, quantity: 1_000_000 });
    await insertReportTrade(t.context.db, { ...closed, quantity: 1_000_003, tradeDateTime: new Date(at.getTime() - 60_000) });
    await insertReportTrade(t.context.db, { ...closed, tradeType: "BUY", buyPrice: 10.01, sellPrice: 10, quantity: 1, tradeDateTime: new Date(at.getTime() - 120_000) });
  });

  it("the trade list's loader carries the exact figure", async () => {
    const res = await call(tradesLoader, getRequest("/trades", { cookie: trader.cookie }), t.context);
    const data = (await res.json()) as { rows: { id: number; pnl: string; pnlPercent: string }[] };
    expect(data.rows.find((r) => r.id === openId)).toMatchObject({ pnl: OPEN_PNL, pnlPercent: "100.00" });
  });

  it("the trade report's rows and cards are exact to the paisa", async () => {
    const res = await call(tradeReportLoader, getRequest(`/reports/trade?active=all&userId=${trader.id}`, { cookie: admin.cookie }), t.context);
    expect(res.status).toBe(200);
    const data = (await res.json()) as { summary: Record<string, unknown>; rows: { pnl: string; pnlText: string }[] };
    expect(data.summary).toMatchObject({ totalTrades: 4, totalPnl: TOTAL, totalProfit: "300000299999949999.94", totalLoss: LOSS, profitableTrades: 3, lossTrades: 1 });
    expect(data.rows.map((r) => r.pnl).sort()).toEqual([OPEN_PNL, CLOSED_A, CLOSED_B, LOSS].sort());
    expect(data.rows.map((r) => r.pnlText)).toContain("1,00,00,02,99,99,99,79,999.94");
  });

  it("the JSON API writes the figures as numbers with every digit", async () => {
    const summary = await api(admin, "GET", `/api/admin/reports/trade/summary?active=all&userId=${trader.id}`);
    expect(summary.status).toBe(200);
    expect(summary.text).toContain(`"totalPNL":{"totalProfit":${TOTAL}}`);
    expect(summary.text).toContain(`"totalProfit":300000299999949999.94`);
    expect(summary.text).toContain(`"totalLoss":${LOSS}`);
    const list = await api(trader, "GET", `/api/admin/trade/list/${trader.id}`);
    expect(list.status).toBe(200);
    expect(list.text).toContain(`"pnl":${OPEN_PNL},"pnlPercent":100.00`);
    // Still JSON: a plain parser reads them as numbers (the nearest double).
    expect(JSON.parse(summary.text).totalPNL.totalProfit).toBe(Number(TOTAL));
  });

  it("the xlsx keeps each figure exact: a number cell where Excel holds it, else the digits as text", async () => {
    const res = await call(tradeExportLoader, getRequest(`/reports/trade/export?format=xlsx&active=all&userId=${trader.id}`, { cookie: admin.cookie }), t.context);
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const column = TRADE_EXPORT_COLUMNS.findIndex((c) => c.header === "PNL") + 1;
    const cells: unknown[] = [];
    // The trades' rows, then (decision 143) the totals row, whose sum keeps every digit too.
    sheet.eachRow((row, n) => n > 1 && n < sheet.rowCount && cells.push(row.getCell(column).value));
    expect(cells.sort()).toEqual([Number(OPEN_PNL), Number(CLOSED_A), CLOSED_B, -0.01].sort());
    expect(sheet.getRow(sheet.rowCount).getCell(column).value).toBe(TOTAL);
    expect(Number(OPEN_PNL).toString()).toBe("99999999999990000"); // 13 significant digits: exact in a number cell
  });

  it("the pdf prints every digit, grouped the Indian way", async () => {
    const res = await call(tradeExportLoader, getRequest(`/reports/trade/export?format=pdf&active=all&userId=${trader.id}`, { cookie: admin.cookie }), t.context);
    expect(res.status).toBe(200);
    const { text } = await extractText(new Uint8Array(await res.arrayBuffer()), { mergePages: true });
    for (const figure of ["99,99,99,99,99,99,90,000.00", "99,99,99,99,99,99,80,000.00", "1,00,00,02,99,99,99,79,999.94", "-0.01"]) expect(text).toContain(figure);
  });
});
