// Decision 143: what the report screens print for a trade (a price it does not have is "—", not
// 0.00; figures in Indian grouping to the paisa; times in IST), the date pair's own rule (the
// other filters apply without it), and the running totals an export writes under its rows.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { toTradeRowView, type TradeRowSource } from "~/components/reports/trade-row-view";
import { shownTradePrices } from "~/domain/trade-rows";
import { createPnlTally, summarisePnl } from "~/domain/pnl";
import { CHOOSE_BOTH_DATES, dateRangeProblem, dateRangeSchema, END_BEFORE_START } from "~/schemas/report";

const row = (over: Partial<TradeRowSource>): TradeRowSource => ({
  id: 1,
  symbolCode: "RELIANCE",
  userName: "Asha",
  tradeType: "BUY",
  quantity: 250,
  buyPrice: 123456.5,
  sellPrice: 0,
  targetPrice: 0,
  slPrice: 0,
  currentPrice: 124000,
  pnl: "135875.00",
  pnlPercent: "0.44",
  charges: "20.70",
  netPnl: "135854.30",
  tradeDateTime: new Date("2026-03-15T06:00:00Z"),
  exitDateTime: null,
  open: true,
  slHitAt: null,
  slHitPrice: null,
  targetHitAt: null,
  targetHitPrice: null,
  ...over,
});

describe("a trade row on the report screens", () => {
  it("shows '—' for an open BUY's sell leg and a missing target and SL, figures grouped the Indian way, times in IST", () => {
    const view = toTradeRowView(row({}));
    expect(view).toMatchObject({
      buyPrice: "1,23,456.50",
      sellPrice: "—",
      targetPrice: "—",
      slPrice: "—",
      currentPrice: "1,24,000.00",
      pnlText: "1,35,875.00",
      pnlPercent: "0.44%",
      tradeDateTime: "15-03-2026 11:30:00 AM",
      exitDateTime: "—",
      status: "Active",
    });
  });

  it("shows '—' for an open SELL's buy leg, and the target and SL when set", () => {
    const view = toTradeRowView(row({ tradeType: "SELL", buyPrice: 0, sellPrice: 2500.05, targetPrice: 2400, slPrice: 2550.1 }));
    expect(view).toMatchObject({ buyPrice: "—", sellPrice: "2,500.05", targetPrice: "2,400.00", slPrice: "2,550.10" });
  });

  it("keeps a closed trade's prices, 0 included: both legs were traded", () => {
    const view = toTradeRowView(row({ open: false, buyPrice: 0, sellPrice: 10, currentPrice: null, exitDateTime: new Date("2026-03-15T09:00:00Z") }));
    expect(view).toMatchObject({ buyPrice: "0.00", sellPrice: "10.00", currentPrice: "—", exitDateTime: "15-03-2026 02:30:00 PM", status: "De-Active" });
  });

  it("an open trade's untraded leg is shown when it holds a price", () => {
    expect(shownTradePrices({ tradeType: "BUY", open: true, buyPrice: 10, sellPrice: 12, targetPrice: 0, slPrice: 9 })).toEqual({ buyPrice: 10, sellPrice: 12, targetPrice: null, slPrice: 9 });
  });
});

describe("the date pair of the trade, PNL and min-max filters", () => {
  it("needs both ends, and the end not before the start; nothing given is no problem", () => {
    expect(dateRangeProblem(undefined, undefined)).toBeUndefined();
    expect(dateRangeProblem("2026-03-01", undefined)).toBe(CHOOSE_BOTH_DATES);
    expect(dateRangeProblem(undefined, "2026-03-01")).toBe(CHOOSE_BOTH_DATES);
    expect(dateRangeProblem("2026-03-02", "2026-03-01")).toBe(END_BEFORE_START);
    expect(dateRangeProblem("2026-03-01", "2026-03-01")).toBeUndefined();
  });

  it("a dropped pair keeps the days given, so the form shows them back with the message", () => {
    expect(dateRangeSchema.parse({ startDate: "2026-03-01" })).toEqual({ startDate: undefined, endDate: undefined, rangeError: CHOOSE_BOTH_DATES, entered: { startDate: "2026-03-01", endDate: undefined } });
    expect(dateRangeSchema.parse({ startDate: "2026-03-02", endDate: "2026-03-01" }).entered).toEqual({ startDate: "2026-03-02", endDate: "2026-03-01" });
    expect(dateRangeSchema.parse({ startDate: "2026-03-01", endDate: "2026-03-02" })).toEqual({ startDate: "2026-03-01", endDate: "2026-03-02", rangeError: undefined });
  });
});

describe("an export's running totals", () => {
  const figure = fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }).map((paise) => (paise / 100).toFixed(2));

  it("tallied one trade at a time are the cards of the whole list", () => {
    fc.assert(
      fc.property(fc.array(figure, { maxLength: 60 }), (pnls) => {
        const tally = createPnlTally();
        for (const p of pnls) tally.addTrade(p);
        expect(tally.summary()).toEqual(summarisePnl(pnls));
      }),
    );
  });

  it("tallied one group at a time (a PNL report user) are the cards of all their trades", () => {
    fc.assert(
      fc.property(fc.array(fc.array(figure, { minLength: 1, maxLength: 8 }), { maxLength: 12 }), (groups) => {
        const tally = createPnlTally();
        for (const g of groups) tally.addSummary(summarisePnl(g));
        expect(tally.summary()).toEqual(summarisePnl(groups.flat()));
      }),
    );
  });
});
