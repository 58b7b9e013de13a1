import { describe, expect, it } from "vitest";
import { createReviewTally, reviewFigures } from "~/domain/trade-review";

function review(trades: [string, string | null][]) {
  const tally = createReviewTally();
  for (const [pnl, r] of trades) tally.addTrade(pnl, r);
  return { stats: tally.stats(), figures: reviewFigures(tally.stats()) };
}

describe("review figures of closed trades in exit order (docs/decisions/170)", () => {
  it("computes every figure of a hand-worked example", () => {
    // PNL in exit order: +500, -200, -300, +1000, 0, -150
    // cumulative:          500,  300,    0,  1000, 1000, 850; peak 500 then 1000
    // drawdowns below the peak: 0, 200, 500, 0, 0, 150 -> max 500
    // wins 2 (1500), losses 3 (-650), one at 0; total 850 over 6 trades
    // R: 1.00, -1.00, none, 2.50, none, -0.50 -> 4 with R, sum 2.00, average 0.50
    const { stats, figures } = review([
      ["500.00", "1.00"],
      ["-200.00", "-1.00"],
      ["-300.00", null],
      ["1000.00", "2.50"],
      ["0.00", null],
      ["-150.00", "-0.50"],
    ]);
    expect(stats).toEqual({
      trades: 6,
      wins: 2,
      winTotal: "1500.00",
      losses: 3,
      lossTotal: "-650.00",
      largestWin: "1000.00",
      largestLoss: "-300.00",
      maxDrawdown: "500.00",
      rTotal: "2.00",
      rTrades: 4,
    });
    expect(figures).toEqual({
      trades: 6,
      wins: 2,
      losses: 3,
      totalPnl: "850.00",
      winRate: 33.33, // 2 / 6
      averageWin: "750.00", // 1500 / 2
      averageLoss: "-216.67", // -650 / 3 = -216.666..
      expectancy: "141.67", // 850 / 6 = 141.666..; = 1/3 x 750 + 1/2 x -216.67 to the paisa
      largestWin: "1000.00",
      largestLoss: "-300.00",
      maxDrawdown: "500.00",
      averageR: "0.50",
      rTrades: 4,
    });
  });

  it("counts a fall from 0 as a drawdown: the running peak starts at 0", () => {
    // -100, -50, +30: cumulative -100, -150, -120 -> drawdown 150
    expect(review([["-100.00", null], ["-50.00", null], ["30.00", null]]).stats.maxDrawdown).toBe("150.00");
  });

  it("has no drawdown when the cumulative PNL only rises", () => {
    expect(review([["10.00", null], ["0.00", null], ["20.00", null]]).stats.maxDrawdown).toBe("0.00");
  });

  it("takes the deepest of several drawdowns, not the last", () => {
    // 100, -80 (dd 80), +200 (peak 220), -50 (dd 50)
    expect(review([["100.00", null], ["-80.00", null], ["200.00", null], ["-50.00", null]]).stats.maxDrawdown).toBe("80.00");
  });

  it("with no trades: zeros, and none where an average needs a count", () => {
    const { figures } = review([]);
    expect(figures).toMatchObject({ trades: 0, winRate: 0, averageWin: null, averageLoss: null, expectancy: null, largestWin: null, largestLoss: null, maxDrawdown: "0.00", averageR: null, totalPnl: "0.00" });
  });

  it("all losses: no win figures, and the win rate is 0", () => {
    const { figures } = review([["-1.00", null], ["-2.00", null]]);
    expect(figures).toMatchObject({ winRate: 0, averageWin: null, largestWin: null, averageLoss: "-1.50", largestLoss: "-2.00", maxDrawdown: "3.00" });
  });

  it("stays exact beyond 2^53 paise", () => {
    const { figures } = review([["99999999999999999.99", null], ["0.02", null]]);
    expect(figures.totalPnl).toBe("100000000000000000.01");
    expect(figures.averageWin).toBe("50000000000000000.01"); // .005 rounds away from zero
  });
});
