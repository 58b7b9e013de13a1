import { describe, expect, it } from "vitest";
import { computeTradePnl, pnlRatio, priceDifference, roundTo2, summarisePnl, totalPnl } from "~/domain/pnl";

const buy = { tradeType: "BUY" as const, open: true, quantity: 10, buyPrice: 100, sellPrice: 0 };
const sell = { tradeType: "SELL" as const, open: true, quantity: 10, buyPrice: 0, sellPrice: 200 };

describe("computeTradePnl (DECISIONS 9)", () => {
  it("open BUY follows the live close", () => {
    expect(computeTradePnl(buy, 112.5)).toEqual({ pnl: 125, pnlPercent: 12.5 });
    expect(computeTradePnl(buy, 90)).toEqual({ pnl: -100, pnlPercent: -10 });
  });

  it("open SELL gains when the live close falls", () => {
    expect(computeTradePnl(sell, 190)).toEqual({ pnl: 100, pnlPercent: 5 });
    expect(computeTradePnl(sell, 210)).toEqual({ pnl: -100, pnlPercent: -5 });
  });

  it("a missing live price counts as 0", () => {
    expect(computeTradePnl(buy, null)).toEqual({ pnl: -1000, pnlPercent: -100 });
    expect(computeTradePnl(buy, undefined)).toEqual({ pnl: -1000, pnlPercent: -100 });
    expect(computeTradePnl(sell, Number.NaN)).toEqual({ pnl: 2000, pnlPercent: 100 });
  });

  it("closed trades freeze at quantity x (sell - buy) whatever the live price", () => {
    const closedBuy = { ...buy, open: false, sellPrice: 105.25 };
    expect(computeTradePnl(closedBuy, 1)).toEqual({ pnl: 52.5, pnlPercent: 5.25 });
    const closedSell = { ...sell, open: false, buyPrice: 210 };
    // SELL's percentage divides by 1% of the sell price.
    expect(computeTradePnl(closedSell, 999)).toEqual({ pnl: -100, pnlPercent: -5 });
  });

  it("a zero divisor gives 0 per cent", () => {
    expect(computeTradePnl({ ...buy, buyPrice: 0 }, 50)).toEqual({ pnl: 500, pnlPercent: 0 });
    expect(computeTradePnl({ ...sell, sellPrice: 0 }, 50)).toEqual({ pnl: -500, pnlPercent: 0 });
  });

  it("rounds to 2 decimals half away from zero, never -0", () => {
    expect(roundTo2(1.005)).toBe(1.01);
    expect(roundTo2(-1.005)).toBe(-1.01);
    expect(roundTo2(-0.001)).toBe(0);
    expect(Object.is(roundTo2(-0.001), -0)).toBe(false);
    expect(roundTo2(Number.POSITIVE_INFINITY)).toBe(0);
    // 3 x (100.1 - 100) = 0.29999999999999716 in floats.
    expect(computeTradePnl({ ...buy, quantity: 3 }, 100.1).pnl).toBe(0.3);
  });

  it("truncates a fractional quantity to an integer", () => {
    expect(computeTradePnl({ ...buy, quantity: 2.9 }, 101).pnl).toBe(2);
  });

  it("priceDifference is per unit", () => {
    expect(priceDifference(buy, 101)).toBe(1);
    expect(priceDifference(sell, 199)).toBe(1);
    expect(priceDifference({ ...buy, open: false, sellPrice: 99 }, 500)).toBe(-1);
  });
});

describe("totals", () => {
  it("Total PNL is the sum of the rounded rows, exact in paise", () => {
    expect(totalPnl([0.1, 0.2])).toBe(0.3);
    expect(totalPnl(Array.from({ length: 1000 }, () => 0.01))).toBe(10);
    expect(totalPnl([])).toBe(0);
  });

  it("summarises profitable, loss and ratio; 0 is neither", () => {
    expect(summarisePnl([100, -40.5, 0, 20.25])).toEqual({
      totalPnl: 79.75,
      totalTrades: 4,
      profitableTrades: 2,
      lossTrades: 1,
      totalProfit: 120.25,
      totalLoss: -40.5,
      pnlRatio: 50,
    });
    expect(summarisePnl([])).toMatchObject({ totalTrades: 0, pnlRatio: 0, totalPnl: 0 });
    expect(pnlRatio(1, 3)).toBe(33.33);
  });
});

describe("missing figures (branches the list can meet)", () => {
  it("a non-finite quantity or price counts as 0, and Total PNL skips non-finite rows", () => {
    expect(computeTradePnl({ ...buy, quantity: Number.NaN }, 120)).toEqual({ pnl: 0, pnlPercent: 20 });
    expect(computeTradePnl({ ...buy, buyPrice: Number.NaN }, 120)).toEqual({ pnl: 1200, pnlPercent: 0 });
    expect(totalPnl([Number.NaN, 1.25, Number.POSITIVE_INFINITY])).toBe(1.25);
  });

  it("a closed trade with no live price is unaffected by it", () => {
    expect(computeTradePnl({ ...sell, open: false, buyPrice: 190 }, null)).toEqual({ pnl: 100, pnlPercent: 5 });
  });
});
