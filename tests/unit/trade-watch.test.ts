// docs/decisions/168: the SL/target rule (BUY and SELL, equality, zero, already beyond), the
// screen's flag and message, and the index that visits only the levels a tick reaches.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  hitsAfterEdit,
  isLevelHit,
  levelHitFlag,
  levelHitFlags,
  levelHitMessage,
  levelsHitBy,
  watchedLevels,
  closesOnLevelHit,
  type WatchableTrade,
} from "~/domain/trade-watch";
import { TradeWatchIndex, type WatchedTradeRow } from "~/market/engines/trade-watch-index";

const open = (over: Partial<WatchableTrade> = {}): WatchableTrade => ({
  tradeType: "BUY",
  status: true,
  slPrice: 95,
  targetPrice: 110,
  slHitAt: null,
  targetHitAt: null,
  ...over,
});

describe("isLevelHit", () => {
  it("BUY: the SL at or below, the target at or above", () => {
    expect(isLevelHit("BUY", "sl", 95, 94.95)).toBe(true);
    expect(isLevelHit("BUY", "sl", 95, 95)).toBe(true); // equality counts
    expect(isLevelHit("BUY", "sl", 95, 95.05)).toBe(false);
    expect(isLevelHit("BUY", "target", 110, 110.05)).toBe(true);
    expect(isLevelHit("BUY", "target", 110, 110)).toBe(true);
    expect(isLevelHit("BUY", "target", 110, 109.95)).toBe(false);
  });
  it("SELL (a short): the SL at or above, the target at or below", () => {
    expect(isLevelHit("SELL", "sl", 105, 105.05)).toBe(true);
    expect(isLevelHit("SELL", "sl", 105, 105)).toBe(true);
    expect(isLevelHit("SELL", "sl", 105, 104.95)).toBe(false);
    expect(isLevelHit("SELL", "target", 90, 89.95)).toBe(true);
    expect(isLevelHit("SELL", "target", 90, 90)).toBe(true);
    expect(isLevelHit("SELL", "target", 90, 90.05)).toBe(false);
  });
  it("a 0 (or negative) level is no level, whatever the price", () => {
    for (const type of ["BUY", "SELL"] as const) {
      for (const level of ["sl", "target"] as const) {
        expect(isLevelHit(type, level, 0, 0)).toBe(false);
        expect(isLevelHit(type, level, 0, 1e9)).toBe(false);
        expect(isLevelHit(type, level, -5, 1)).toBe(false);
      }
    }
  });
  it("a price that is not a number reaches nothing", () => {
    expect(isLevelHit("BUY", "sl", 95, Number.NaN)).toBe(false);
    expect(isLevelHit("SELL", "sl", 95, Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe("levelsHitBy / watchedLevels", () => {
  it("an open trade already beyond its SL is hit by the first price seen (no move needed)", () => {
    expect(levelsHitBy(open({ slPrice: 407.05, targetPrice: 450 }), 400)).toEqual(["sl"]);
    expect(levelsHitBy(open({ tradeType: "SELL", slPrice: 100, targetPrice: 80 }), 120)).toEqual(["sl"]);
  });
  it("only open trades, only set levels, only levels not reached before", () => {
    expect(levelsHitBy(open({ status: false }), 1)).toEqual([]);
    expect(levelsHitBy(open({ slPrice: 0 }), 1)).toEqual([]);
    expect(levelsHitBy(open({ slHitAt: new Date() }), 1)).toEqual([]);
    expect(watchedLevels(open({ targetPrice: 0 }))).toEqual(["sl"]);
    expect(watchedLevels(open({ slHitAt: new Date(), targetHitAt: new Date() }))).toEqual([]);
    expect(watchedLevels(open())).toEqual(["sl", "target"]);
  });
  it("a price between the levels reaches neither; both when the levels are inverted", () => {
    expect(levelsHitBy(open(), 100)).toEqual([]);
    expect(levelsHitBy(open({ slPrice: 110, targetPrice: 95 }), 100)).toEqual(["sl", "target"]);
  });
});

describe("flags and messages", () => {
  const at = new Date("2026-11-27T04:12:10Z"); // 09:42:10 IST
  it("the flag: IST 24-hour time, Indian grouping; the date when not today", () => {
    expect(levelHitFlag("sl", { at, price: 407.05 }, new Date("2026-11-27T10:00:00Z"))).toBe("SL hit 09:42:10 at 407.05");
    expect(levelHitFlag("target", { at, price: 124100.5 }, new Date("2026-11-27T10:00:00Z"))).toBe("Target hit 09:42:10 at 1,24,100.50");
    expect(levelHitFlag("sl", { at, price: 407.05 }, new Date("2026-11-28T10:00:00Z"))).toBe("SL hit 27-11-2026 09:42:10 at 407.05");
    // 23:59 IST on the 27th is still the 27th in IST, though the 28th has begun nowhere in UTC yet.
    expect(levelHitFlag("sl", { at: new Date("2026-11-27T18:29:00Z"), price: 1 }, new Date("2026-11-27T12:00:00Z"))).toBe("SL hit 23:59:00 at 1.00");
  });
  it("flags of a trade: one per stored hit, with the full IST time", () => {
    const flags = levelHitFlags({ slHitAt: at, slHitPrice: 407.05, targetHitAt: null, targetHitPrice: null }, at);
    expect(flags).toEqual([{ level: "sl", text: "SL hit 09:42:10 at 407.05", at: at.toISOString(), full: "27-11-2026 09:42:10 AM", price: 407.05 }]);
    expect(levelHitFlags({ slHitAt: null, slHitPrice: null, targetHitAt: null, targetHitPrice: null }, at)).toEqual([]);
  });
  it("the notification names the level, symbol, side, size and price", () => {
    expect(levelHitMessage("sl", { symbolCode: "NIFTY-I", tradeType: "BUY", quantity: 75 }, 24100.5, false)).toBe("SL hit: NIFTY-I BUY 75 at 24,100.50");
    expect(levelHitMessage("target", { symbolCode: "TCS", tradeType: "SELL", quantity: 150000 }, 3000, true)).toBe("Target hit: TCS SELL 1,50,000 at 3,000.00 (trade closed)");
  });
  it("the setting is off unless it says true", () => {
    expect(closesOnLevelHit("true")).toBe(true);
    expect(closesOnLevelHit("false")).toBe(false);
    expect(closesOnLevelHit(null)).toBe(false);
  });
  it("an edit clears the hit of a level it changed and keeps the other", () => {
    expect(hitsAfterEdit({ slPrice: 95, targetPrice: 110 }, { slPrice: 96, targetPrice: 110 })).toEqual({ slHitAt: null, slHitPrice: null });
    expect(hitsAfterEdit({ slPrice: 95, targetPrice: 110 }, { slPrice: 95, targetPrice: 111 })).toEqual({ targetHitAt: null, targetHitPrice: null });
    expect(hitsAfterEdit({ slPrice: 95, targetPrice: 110 }, { slPrice: 95, targetPrice: 110 })).toEqual({});
  });
});

describe("TradeWatchIndex", () => {
  const row = (id: number, over: Partial<WatchedTradeRow> = {}): WatchedTradeRow => ({ id, symbolId: 1, ...open(), ...over });

  it("takes the levels a price reaches, once, on both sides and both trade types", () => {
    const index = new TradeWatchIndex();
    index.add(row(1)); // BUY sl 95, target 110
    index.add(row(2, { tradeType: "SELL", slPrice: 105, targetPrice: 90 }));
    index.add(row(3, { symbolId: 2 }));
    expect(index.size).toBe(6);
    expect(index.take(1, 100)).toEqual([]);
    expect(index.take(1, 105).map((l) => [l.tradeId, l.level])).toEqual([[2, "sl"]]);
    expect(index.take(1, 105)).toEqual([]); // once
    expect(index.take(1, 90).map((l) => [l.tradeId, l.level]).sort()).toEqual([
      [1, "sl"],
      [2, "target"],
    ]);
    expect(index.take(1, 200).map((l) => [l.tradeId, l.level])).toEqual([[1, "target"]]);
    expect(index.has(1)).toBe(false);
    expect(index.has(3, "sl")).toBe(true); // another symbol untouched
    expect(index.size).toBe(2);
  });

  it("equality reaches the level; 0 levels, closed and already-hit trades are not indexed", () => {
    const index = new TradeWatchIndex();
    index.add(row(1, { slPrice: 95, targetPrice: 0 }));
    index.add(row(2, { status: false }));
    index.add(row(3, { slHitAt: new Date(), targetPrice: 0 }));
    expect(index.size).toBe(1);
    expect(index.take(1, 95).map((l) => l.tradeId)).toEqual([1]);
  });

  it("a trade already beyond its level is taken by the first tick", () => {
    const index = new TradeWatchIndex();
    index.add(row(1, { slPrice: 407.05, targetPrice: 500 }));
    expect(index.take(1, 300).map((l) => l.level)).toEqual(["sl"]);
  });

  it("re-indexing an edited trade drops its old levels; a dropped trade is gone", () => {
    const index = new TradeWatchIndex();
    index.add(row(1));
    index.add(row(2));
    index.replaceTrades([1, 2], [row(1, { slPrice: 99 })]);
    expect(index.take(1, 98).map((l) => [l.tradeId, l.level])).toEqual([[1, "sl"]]);
    expect(index.has(2)).toBe(false);
    index.add(row(4, { symbolId: 5 }));
    index.add(row(4, { symbolId: 6 })); // moved to another symbol
    expect(index.take(5, 1)).toEqual([]);
    expect(index.take(6, 1).map((l) => l.tradeId)).toEqual([4]);
  });

  it("visits only the levels a tick reaches (plus one per side), whatever the number watched", () => {
    const index = new TradeWatchIndex();
    for (let i = 0; i < 20_000; i++) {
      const sell = i % 2 === 1;
      // BUY: SL 50.00-99.99, target 101-150; SELL mirrored.
      const below = (5000 + (i % 5000)) / 100;
      const above = (10100 + (i % 4900)) / 100;
      index.add(row(i, sell ? { tradeType: "SELL", slPrice: above, targetPrice: below } : { slPrice: below, targetPrice: above }));
    }
    expect(index.take(1, 100)).toEqual([]);
    expect(index.stats.visited).toBe(2);
    const reached = index.take(1, 99.99); // the levels at exactly 99.99: BUY SLs and SELL targets
    expect(reached.length).toBe(4);
    expect(reached.every((l) => l.price === 99.99)).toBe(true);
    expect(index.stats.visited).toBe(reached.length + 2);
  });

  it("agrees with the rule for any set of trades and prices (property)", () => {
    const trade = fc.record({
      tradeType: fc.constantFrom("BUY" as const, "SELL" as const),
      slPrice: fc.integer({ min: 0, max: 200 }),
      targetPrice: fc.integer({ min: 0, max: 200 }),
    });
    fc.assert(
      fc.property(fc.array(trade, { maxLength: 30 }), fc.array(fc.integer({ min: 1, max: 200 }), { maxLength: 10 }), (trades, prices) => {
        const index = new TradeWatchIndex();
        const state = trades.map((t, id) => ({ ...row(id, t) }));
        for (const t of state) index.add(t);
        for (const price of prices) {
          const expected = state.flatMap((t) => levelsHitBy(t, price).map((level) => `${t.id}:${level}`)).sort();
          const got = index.take(1, price).map((l) => `${l.tradeId}:${l.level}`).sort();
          expect(got).toEqual(expected);
          for (const key of got) {
            const [id, level] = key.split(":");
            const t = state[Number(id)];
            if (level === "sl") t.slHitAt = new Date();
            else t.targetHitAt = new Date();
          }
        }
      }),
    );
  });
});
