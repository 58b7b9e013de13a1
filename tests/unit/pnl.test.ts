import { describe, expect, it } from "vitest";
import { computeTradePnl, createPnlTally, pnlRatio, priceDifference, roundTo2, summarisePnl, totalPnl } from "~/domain/pnl";

const buy = { tradeType: "BUY" as const, open: true, quantity: 10, buyPrice: 100, sellPrice: 0 };
const sell = { tradeType: "SELL" as const, open: true, quantity: 10, buyPrice: 0, sellPrice: 200 };

describe("computeTradePnl (docs/product-rules.md R-D9)", () => {
  it("open BUY follows the live close", () => {
    expect(computeTradePnl(buy, 112.5)).toEqual({ pnl: "125.00", pnlPercent: "12.50" });
    expect(computeTradePnl(buy, 90)).toEqual({ pnl: "-100.00", pnlPercent: "-10.00" });
  });

  it("open SELL gains when the live close falls", () => {
    expect(computeTradePnl(sell, 190)).toEqual({ pnl: "100.00", pnlPercent: "5.00" });
    expect(computeTradePnl(sell, 210)).toEqual({ pnl: "-100.00", pnlPercent: "-5.00" });
  });

  it("a missing live price counts as 0", () => {
    expect(computeTradePnl(buy, null)).toEqual({ pnl: "-1000.00", pnlPercent: "-100.00" });
    expect(computeTradePnl(buy, undefined)).toEqual({ pnl: "-1000.00", pnlPercent: "-100.00" });
    expect(computeTradePnl(sell, Number.NaN)).toEqual({ pnl: "2000.00", pnlPercent: "100.00" });
  });

  it("closed trades freeze at quantity x (sell - buy) whatever the live price", () => {
    const closedBuy = { ...buy, open: false, sellPrice: 105.25 };
    expect(computeTradePnl(closedBuy, 1)).toEqual({ pnl: "52.50", pnlPercent: "5.25" });
    const closedSell = { ...sell, open: false, buyPrice: 210 };
    // SELL's percentage divides by 1% of the sell price.
    expect(computeTradePnl(closedSell, 999)).toEqual({ pnl: "-100.00", pnlPercent: "-5.00" });
  });

  it("a zero divisor gives no per cent (null, shown —), not 0% (docs/decisions/172)", () => {
    expect(computeTradePnl({ ...buy, buyPrice: 0 }, 50)).toEqual({ pnl: "500.00", pnlPercent: null });
    expect(computeTradePnl({ ...sell, sellPrice: 0 }, 50)).toEqual({ pnl: "-500.00", pnlPercent: null });
    expect(computeTradePnl({ ...buy, open: false, buyPrice: 0, sellPrice: 10 }, null)).toEqual({ pnl: "100.00", pnlPercent: null });
  });

  it("a trade of 0 units has no per cent: issue 22's legacy trade showed 23,851.85% (docs/decisions/172)", () => {
    // A legacy open BUY of 0 units at 2.70 with the live close at 646.70: the per-unit move is
    // 23,851.85% of the buy price, but nothing was traded, so no percentage is honest.
    const legacy = { tradeType: "BUY" as const, open: true, quantity: 0, buyPrice: 2.7, sellPrice: 0 };
    expect(computeTradePnl({ ...legacy, quantity: 1 }, 646.7).pnlPercent).toBe("23851.85");
    expect(computeTradePnl(legacy, 646.7)).toEqual({ pnl: "0.00", pnlPercent: null });
    expect(computeTradePnl({ ...sell, quantity: 0 }, 190)).toEqual({ pnl: "0.00", pnlPercent: null });
    expect(computeTradePnl({ ...buy, quantity: -5 }, 120).pnlPercent).toBeNull();
    expect(computeTradePnl({ ...buy, quantity: 0.4 }, 120).pnlPercent).toBeNull();
    // One unit is enough for a percentage.
    expect(computeTradePnl({ ...buy, quantity: 1 }, 120).pnlPercent).toBe("20.00");
  });

  it("rounds to 2 decimals half away from zero, never -0", () => {
    expect(roundTo2(1.005)).toBe(1.01);
    expect(roundTo2(-1.005)).toBe(-1.01);
    expect(roundTo2(-0.001)).toBe(0);
    expect(Object.is(roundTo2(-0.001), -0)).toBe(false);
    expect(roundTo2(Number.POSITIVE_INFINITY)).toBe(0);
    // 3 x (100.1 - 100) = 0.29999999999999716 in floats.
    expect(computeTradePnl({ ...buy, quantity: 3 }, 100.1).pnl).toBe("0.30");
  });

  it("truncates a fractional quantity to an integer", () => {
    expect(computeTradePnl({ ...buy, quantity: 2.9 }, 101).pnl).toBe("2.00");
  });

  it("priceDifference is per unit", () => {
    expect(priceDifference(buy, 101)).toBe(1);
    expect(priceDifference(sell, 199)).toBe(1);
    expect(priceDifference({ ...buy, open: false, sellPrice: 99 }, 500)).toBe(-1);
  });
});

describe("totals", () => {
  it("Total PNL is the sum of the rounded rows, exact in paise", () => {
    expect(totalPnl(["0.10", "0.20"])).toBe("0.30");
    expect(totalPnl(Array.from({ length: 1000 }, () => "0.01"))).toBe("10.00");
    expect(totalPnl([])).toBe("0.00");
  });

  it("summarises profitable, loss and ratio; 0 is neither", () => {
    expect(summarisePnl(["100.00", "-40.50", "0.00", "20.25"])).toEqual({
      totalPnl: "79.75",
      totalTrades: 4,
      profitableTrades: 2,
      lossTrades: 1,
      totalProfit: "120.25",
      totalLoss: "-40.50",
      pnlRatio: 50,
      // No charges given: none counted, net = total (docs/decisions/174).
      totalCharges: "0.00",
      netPnl: "79.75",
    });
    // Charges given per trade are summed, and the net is the total less them, exactly.
    const tally = createPnlTally();
    tally.addTrade("100.00", "20.70");
    tally.addTrade("-40.50", "0.05");
    tally.addTrade("12.00", null);
    expect(tally.summary()).toMatchObject({ totalPnl: "71.50", totalCharges: "20.75", netPnl: "50.75" });
    expect(summarisePnl([])).toMatchObject({ totalTrades: 0, pnlRatio: 0, totalPnl: "0.00" });
    expect(pnlRatio(1, 3)).toBe(33.33);
  });
});

describe("missing figures (branches the list can meet)", () => {
  it("a non-finite quantity or price counts as 0, and Total PNL skips non-finite rows", () => {
    expect(computeTradePnl({ ...buy, quantity: Number.NaN }, 120)).toEqual({ pnl: "0.00", pnlPercent: null });
    expect(computeTradePnl({ ...buy, buyPrice: Number.NaN }, 120)).toEqual({ pnl: "1200.00", pnlPercent: null });
    expect(totalPnl(["NaN", "1.25", "Infinity"])).toBe("1.25");
  });

  it("a closed trade with no live price is unaffected by it", () => {
    expect(computeTradePnl({ ...sell, open: false, buyPrice: 190 }, null)).toEqual({ pnl: "100.00", pnlPercent: "5.00" });
  });
});

describe("exact beyond 2^53 paise (docs/decisions/118)", () => {
  // 99,99,99,99,999.99 x 10,00,000: 9,999,999,999,999,000,000 paise, past 2^53 and even 2^63.
  const huge = { tradeType: "SELL" as const, open: false, quantity: 1_000_000, buyPrice: 0, sellPrice: 99_999_999_999.99 };

  it("keeps every paisa of a PNL no double can hold", () => {
    expect(computeTradePnl(huge, null).pnl).toBe("99999999999990000.00");
    expect(computeTradePnl({ ...huge, buyPrice: 0.01 }, null).pnl).toBe("99999999999980000.00");
    expect(computeTradePnl({ ...huge, tradeType: "BUY", open: true, buyPrice: 99_999_999_999.99 }, 0.01).pnl).toBe("-99999999999980000.00");
    expect(computeTradePnl({ ...huge, quantity: 7, buyPrice: 0.01, sellPrice: 99_999_999_999.99 }, null).pnl).toBe("699999999999.86");
  });

  it("sums such figures exactly, and the percentage too", () => {
    const one = computeTradePnl(huge, null).pnl;
    expect(totalPnl([one, one, "0.01"])).toBe("199999999999980000.01");
    expect(summarisePnl([one, "-0.01"])).toMatchObject({ totalPnl: "99999999999989999.99", totalProfit: "99999999999990000.00", totalLoss: "-0.01" });
    // A penny bought, a crore-crore sold: the percentage is 9,99,99,99,99,99,800 % to the hundredth.
    expect(computeTradePnl({ ...huge, tradeType: "BUY", buyPrice: 0.01 }, null).pnlPercent).toBe("999999999999800.00");
  });

  it("reads a live close with more than 2 decimals exactly, rounding the PNL once", () => {
    // 3 x (100.005 - 100) = 0.015 → 0.02 (half away from zero); the float product is 0.0149999…
    expect(computeTradePnl({ ...buy, quantity: 3 }, 100.005).pnl).toBe("0.02");
    expect(computeTradePnl({ ...buy, quantity: 1 }, 1e-7).pnl).toBe("-100.00");
  });
});
