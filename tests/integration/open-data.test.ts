// "Save Symbol's Open Data" (POST /dayohlc/open) through the real action: today's first
// 1-minute candle of each active symbol becomes its day's open.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { dayOhlc } from "~/db/schema";
import { canReach, type RoleId } from "~/domain/access";
import { istDateString, istMidnight } from "~/domain/dates";
import { upsertMinuteCandles } from "~/models/candle.server";
import { saveTodaysOpen } from "~/models/open-data.server";
import { action, loader } from "~/routes/_market+/dayohlc.open";
import { createTestContext, type TestContext } from "../support/context";
import { cookiePerRole, createUser } from "../support/factories";
import { createSymbol, uniqueCode } from "../support/market";
import { call, cookiesFrom, formRequest, getRequest, sessionCookieFor } from "../support/requests";

let t: TestContext;
let cookies: Record<RoleId, string>;
const today = istDateString(new Date());
const MINUTE = 60_000;
const marketOpen = istMidnight(today).getTime() + (9 * 60 + 15) * MINUTE;

beforeAll(async () => {
  t = await createTestContext();
  cookies = await cookiePerRole(t.context);
});
afterAll(async () => {
  await t?.close();
});

async function dayRow(symbolId: number, date = today) {
  const [row] = await t.context.db
    .select()
    .from(dayOhlc)
    .where(and(eq(dayOhlc.symbolId, symbolId), eq(dayOhlc.tradingDate, date)));
  return row ?? null;
}

async function toastOf(response: Response): Promise<string | undefined> {
  const session = await t.context.cookies.toast.getSession(cookiesFrom(response));
  return (session.get("toast") as { message: string } | undefined)?.message;
}

const candle = (symbolId: number, time: number, open: number) => ({ symbolId, time, open, high: open + 2, low: open - 2, close: open + 1, volume: 100 });

describe("POST /dayohlc/open", () => {
  it("is in the access table for role 1 only (the settings page's admin tool)", () => {
    expect(canReach(1, "/dayohlc/open")).toBe(true);
    for (const role of [2, 3, 4] as RoleId[]) expect(canReach(role, "/dayohlc/open")).toBe(false);
  });

  it("stores today's open of every active symbol from its first 1-minute candle", async () => {
    const fresh = await createSymbol(t.context.db, uniqueCode("OPENA"));
    const stored = await createSymbol(t.context.db, uniqueCode("OPENB"));
    const inactive = await createSymbol(t.context.db, uniqueCode("OPENC"), { status: false });
    const yesterdayOnly = await createSymbol(t.context.db, uniqueCode("OPEND"));
    await t.context.db.insert(dayOhlc).values({
      symbolId: stored.id,
      tradingDate: today,
      open: 1,
      high: 999,
      low: 0.5,
      close: 500,
      volume: 42,
      ma: 10,
      wd: 20,
    });
    await upsertMinuteCandles(t.context.db, [
      // Written out of order: the earliest minute is the open, not the first row written.
      candle(fresh.id, marketOpen + MINUTE, 251),
      candle(fresh.id, marketOpen, 250.5),
      candle(stored.id, marketOpen + 5 * MINUTE, 777),
      candle(inactive.id, marketOpen, 10),
      candle(yesterdayOnly.id, marketOpen - 24 * 60 * MINUTE, 30),
    ]);

    const res = await call(action, formRequest("/dayohlc/open", { redirectTo: "/setting" }, { cookie: cookies[1] }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/setting");
    expect(await toastOf(res)).toBe("Open data saved for 2 symbols.");

    expect(await dayRow(fresh.id)).toMatchObject({ open: 250.5, high: 250.5, low: 250.5, close: 250.5, volume: 0, settlePrice: null });
    // An existing day keeps everything but its open.
    expect(await dayRow(stored.id)).toMatchObject({ open: 777, high: 999, low: 0.5, close: 500, volume: 42, ma: 10, wd: 20 });
    expect(await dayRow(inactive.id)).toBeNull();
    expect(await dayRow(yesterdayOnly.id)).toBeNull();

    // Again: the same symbols, the same values.
    const again = await call(action, formRequest("/dayohlc/open", {}, { cookie: cookies[1] }), t.context);
    expect(again.headers.get("Location")).toBe("/setting");
    expect(await toastOf(again)).toBe("Open data saved for 2 symbols.");
    expect(await dayRow(fresh.id)).toMatchObject({ open: 250.5, close: 250.5 });
  });

  it("goes back to a local path only", async () => {
    const away = await call(action, formRequest("/dayohlc/open", { redirectTo: "//evil.example/x" }, { cookie: cookies[1] }), t.context);
    expect(away.headers.get("Location")).toBe("/");
    const local = await call(action, formRequest("/dayohlc/open", { redirectTo: "/setting?panel=admin" }, { cookie: cookies[1] }), t.context);
    expect(local.headers.get("Location")).toBe("/setting?panel=admin");
  });

  it("takes an empty body, as the documents send it", async () => {
    const res = await call(
      action,
      new Request("http://localhost:3000/dayohlc/open", { method: "POST", headers: { Cookie: cookies[1] } }),
      t.context,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/setting");
  });

  it("answers a GET with 405 and changes nothing", async () => {
    const symbol = await createSymbol(t.context.db, uniqueCode("OPENG"));
    await upsertMinuteCandles(t.context.db, [candle(symbol.id, marketOpen, 99)]);
    const res = await call(loader, getRequest("/dayohlc/open", { cookie: cookies[1] }), t.context);
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
    expect(await dayRow(symbol.id)).toBeNull();
  });

  it("refuses other roles with the guard's answer and stores nothing", async () => {
    const symbol = await createSymbol(t.context.db, uniqueCode("OPENR"));
    await upsertMinuteCandles(t.context.db, [candle(symbol.id, marketOpen, 55)]);
    for (const [role, to] of [
      [2, "/dashboard"],
      [3, "/login"],
      [4, "/login"],
    ] as const) {
      const res = await call(action, formRequest("/dayohlc/open", {}, { cookie: cookies[role] }), t.context);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(to);
    }
    const visitor = await call(action, formRequest("/dayohlc/open", {}), t.context);
    expect(visitor.headers.get("Location")).toBe("/login");
    expect(await dayRow(symbol.id)).toBeNull();
  });

  it("saves 0 symbols on a day without candles, and says why", async () => {
    expect(await saveTodaysOpen(t.context.db, new Date("2001-01-01T06:00:00Z"))).toEqual({ tradingDate: "2001-01-01", symbols: 0 });
    const empty = await createTestContext();
    try {
      const admin = await createUser(empty.context.db, { roleId: 1 });
      const cookie = await sessionCookieFor(empty.context, admin.id);
      const res = await call(action, formRequest("/dayohlc/open", {}, { cookie }), empty.context);
      const session = await empty.context.cookies.toast.getSession(cookiesFrom(res));
      expect(session.get("toast")).toEqual({
        type: "info",
        message: `Open data saved for 0 symbols: no 1-minute candles are stored yet for today (${today}).`,
      });
    } finally {
      await empty.close();
    }
  });
});
