// A chart's previous session: the one symbol's last day before the given date, the same answer
// as the all-symbols reader the engines use (its settlement price as the base when there is one).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOhlc } from "~/db/schema";
import { previousSession, previousSessions } from "~/models/day-ohlc.server";
import { createTestContext, type TestContext } from "../support/context";
import { createSymbol, uniqueCode } from "../support/market";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

describe("previousSession", () => {
  it("answers the symbol's last day before the date, as previousSessions does, and null when there is none", async () => {
    const symbol = await createSymbol(t.context.db, uniqueCode("PREV"));
    const other = await createSymbol(t.context.db, uniqueCode("PREV"));
    await t.context.db.insert(dayOhlc).values([
      { symbolId: symbol.id, tradingDate: "2026-11-19", open: 100, high: 110, low: 90, close: 101.25, volume: 1 },
      { symbolId: symbol.id, tradingDate: "2026-11-20", open: 100, high: 110, low: 90, close: 104.5, settlePrice: 104.4, volume: 1 },
      { symbolId: symbol.id, tradingDate: "2026-11-23", open: 100, high: 110, low: 90, close: 99, volume: 1 },
      { symbolId: other.id, tradingDate: "2026-11-21", open: 1, high: 1, low: 1, close: 1, volume: 1 },
    ]);
    const one = await previousSession(t.context.db, symbol.id, "2026-11-23");
    expect(one).toEqual({ symbolId: symbol.id, tradingDate: "2026-11-20", close: 104.5, base: 104.4 });
    expect(one).toEqual((await previousSessions(t.context.db, "2026-11-23")).get(symbol.id));
    expect((await previousSession(t.context.db, symbol.id, "2026-11-20"))?.base).toBe(101.25);
    expect(await previousSession(t.context.db, symbol.id, "2026-11-19")).toBeNull();
  });
});
