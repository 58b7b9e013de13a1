// Bonus Splitting through the real loader and action: the documents' messages, multiply and
// divide on both price tables, other symbols untouched, one transaction, nothing on GET.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { dayOhlc, intradayOhlc } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import { upsertMinuteCandles } from "~/models/candle.server";
import { action, loader } from "~/routes/_admin+/BonusSplitting";
import { ENTER_NUMBER, SELECT_OPERATION, SELECT_SCRIPT } from "~/schemas/bonus-split";
import { createTestContext, type TestContext } from "../support/context";
import { cookiePerRole } from "../support/factories";
import { createSymbol, uniqueCode } from "../support/market";
import { call, cookiesFrom, formRequest, getRequest } from "../support/requests";

let t: TestContext;
let cookies: Record<RoleId, string>;

beforeAll(async () => {
  t = await createTestContext();
  cookies = await cookiePerRole(t.context);
});
afterAll(async () => {
  await t?.close();
});

const OCT_31 = Date.parse("2017-10-31T09:00:00Z");
const NOV_01 = Date.parse("2017-11-01T03:45:00Z");

/** A symbol with two daily rows (one with MA/MD/WA/WD and settlement, one without) and minute candles in two months. */
async function symbolWithHistory(intradayPrice = 300) {
  const symbol = await createSymbol(t.context.db, uniqueCode("BONUS"));
  await t.context.db.insert(dayOhlc).values([
    { symbolId: symbol.id, tradingDate: "2017-10-31", open: 100.55, high: 120, low: 90.1, close: 110, settlePrice: 109.99, volume: 5000, ma: 105, md: 95, wa: 101, wd: 99 },
    { symbolId: symbol.id, tradingDate: "2017-11-01", open: 200, high: 210, low: 190, close: 205, volume: 7000 },
  ]);
  await upsertMinuteCandles(t.context.db, [
    { symbolId: symbol.id, time: OCT_31, open: intradayPrice, high: intradayPrice + 10, low: intradayPrice - 10, close: intradayPrice + 5, volume: 10 },
    { symbolId: symbol.id, time: NOV_01, open: 200, high: 201, low: 199, close: 200.5, volume: 20 },
    { symbolId: symbol.id, time: NOV_01 + 60_000, open: 200.5, high: 202, low: 200, close: 201, volume: 30 },
  ]);
  return symbol;
}

async function pricesOf(symbolId: number) {
  const daily = await t.context.db
    .select({ d: dayOhlc.tradingDate, o: dayOhlc.open, h: dayOhlc.high, l: dayOhlc.low, c: dayOhlc.close, s: dayOhlc.settlePrice, v: dayOhlc.volume, ma: dayOhlc.ma, md: dayOhlc.md, wa: dayOhlc.wa, wd: dayOhlc.wd })
    .from(dayOhlc)
    .where(eq(dayOhlc.symbolId, symbolId))
    .orderBy(asc(dayOhlc.tradingDate));
  const intraday = await t.context.db
    .select({ o: intradayOhlc.open, h: intradayOhlc.high, l: intradayOhlc.low, c: intradayOhlc.close, v: intradayOhlc.volume })
    .from(intradayOhlc)
    .where(eq(intradayOhlc.symbolId, symbolId))
    .orderBy(asc(intradayOhlc.ts));
  return { daily, intraday };
}

async function post(fields: Record<string, string>, role: RoleId = 1) {
  return call(action, formRequest("/BonusSplitting", fields, { cookie: cookies[role] }), t.context);
}

async function toastOf(response: Response): Promise<string | undefined> {
  const session = await t.context.cookies.toast.getSession(cookiesFrom(response));
  return (session.get("toast") as { message: string } | undefined)?.message;
}

describe("the form", () => {
  it("lists the symbols for role 1", async () => {
    const symbol = await createSymbol(t.context.db, uniqueCode("LIST"), { status: false });
    const res = await call(loader, getRequest("/BonusSplitting", { cookie: cookies[1] }), t.context);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { symbols: { id: number; symbolCode: string }[] };
    // Inactive symbols are listed too: their history can need adjusting.
    expect(body.symbols).toContainEqual({ id: symbol.id, symbolCode: symbol.symbolCode });
  });

  it("shows the documents' messages", async () => {
    const empty = await post({ symbolId: "", number: "", operation: "" });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toEqual({ symbolId: [SELECT_SCRIPT], number: [ENTER_NUMBER], operation: [SELECT_OPERATION] });

    const symbol = await symbolWithHistory();
    const before = await pricesOf(symbol.id);
    const zero = await post({ symbolId: String(symbol.id), number: "0", operation: "Multiply" });
    expect((await zero.json()).error).toEqual({ number: [ENTER_NUMBER] });
    const noOperation = await post({ symbolId: String(symbol.id), number: "2" });
    expect((await noOperation.json()).error).toEqual({ operation: [SELECT_OPERATION] });
    const unknown = await post({ symbolId: "987654", number: "2", operation: "Multiply" });
    expect((await unknown.json()).error).toEqual({ symbolId: [SELECT_SCRIPT] });
    expect(await pricesOf(symbol.id)).toEqual(before);
    expect(before.daily[0].o).toBe(100.55);
  });

  it("never changes anything on GET, whatever the query says", async () => {
    const symbol = await symbolWithHistory();
    const before = await pricesOf(symbol.id);
    const res = await call(loader, getRequest(`/BonusSplitting?symbolId=${symbol.id}&number=2&operation=Multiply`, { cookie: cookies[1] }), t.context);
    expect(res.status).toBe(200);
    expect(await pricesOf(symbol.id)).toEqual(before);
  });

  it("is role 1's only: other roles get the guard's answer and nothing changes", async () => {
    const symbol = await symbolWithHistory();
    const before = await pricesOf(symbol.id);
    for (const [role, to] of [
      [2, "/dashboard"],
      [3, "/login"],
      [4, "/login"],
    ] as const) {
      const res = await post({ symbolId: String(symbol.id), number: "2", operation: "Multiply" }, role);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(to);
    }
    expect(await pricesOf(symbol.id)).toEqual(before);
  });
});

describe("adjusting", () => {
  it("multiplies the symbol's daily and intraday prices, and names it in the toast", async () => {
    const symbol = await symbolWithHistory();
    const other = await symbolWithHistory();
    const otherBefore = await pricesOf(other.id);
    const res = await post({ symbolId: String(symbol.id), number: "2", operation: "Multiply" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/BonusSplitting");
    expect(await toastOf(res)).toBe(`Bonus split applied to ${symbol.symbolCode}: 2 daily and 3 intraday rows multiplied by 2.`);

    const after = await pricesOf(symbol.id);
    expect(after.daily).toEqual([
      { d: "2017-10-31", o: 201.1, h: 240, l: 180.2, c: 220, s: 219.98, v: 5000, ma: 210, md: 190, wa: 202, wd: 198 },
      { d: "2017-11-01", o: 400, h: 420, l: 380, c: 410, s: null, v: 7000, ma: null, md: null, wa: null, wd: null },
    ]);
    // Both months (partitions) of minute candles; volumes stay as traded.
    expect(after.intraday).toEqual([
      { o: 600, h: 620, l: 580, c: 610, v: 10 },
      { o: 400, h: 402, l: 398, c: 401, v: 20 },
      { o: 401, h: 404, l: 400, c: 402, v: 30 },
    ]);
    expect(await pricesOf(other.id)).toEqual(otherBefore);
  });

  it("divides, rounding to the stored 2 decimals", async () => {
    const symbol = await symbolWithHistory();
    const res = await post({ symbolId: String(symbol.id), number: "3", operation: "Division" });
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toBe(`Bonus split applied to ${symbol.symbolCode}: 2 daily and 3 intraday rows divided by 3.`);
    const after = await pricesOf(symbol.id);
    expect(after.daily[0]).toEqual({ d: "2017-10-31", o: 33.52, h: 40, l: 30.03, c: 36.67, s: 36.66, v: 5000, ma: 35, md: 31.67, wa: 33.67, wd: 33 });
    expect(after.intraday[1]).toEqual({ o: 66.67, h: 67, l: 66.33, c: 66.83, v: 20 });
  });

  it("changes nothing when a price would not fit: the daily rows are rolled back with the intraday ones", async () => {
    // Daily prices x 1e9 still fit numeric(14,2); the minute candle at 5,000 does not.
    const symbol = await symbolWithHistory(5000);
    const before = await pricesOf(symbol.id);
    const res = await post({ symbolId: String(symbol.id), number: "1000000000", operation: "Multiply" });
    expect(res.status).toBe(400);
    expect((await res.json()).error[""]).toEqual(["The adjusted prices would be too large to store. Nothing was changed."]);
    expect(await pricesOf(symbol.id)).toEqual(before);
  });

  it("a symbol without stored prices adjusts 0 rows", async () => {
    const symbol = await createSymbol(t.context.db, uniqueCode("EMPTY"));
    const res = await post({ symbolId: String(symbol.id), number: "2", operation: "Division" });
    expect(await toastOf(res)).toBe(`Bonus split applied to ${symbol.symbolCode}: 0 daily and 0 intraday rows divided by 2.`);
  });
});
