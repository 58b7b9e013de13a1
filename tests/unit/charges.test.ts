import { describe, expect, it } from "vitest";
import { chargeSegmentOf, chargesFor, describePlan, netPnl, ordersOf, ratesOn, shownRate, tradeChargesOn, type ChargeRates } from "~/domain/charges";

// The published NSE rates in force from 2024-10-01 (as the seed stores them, docs/decisions/173).
const intraday: ChargeRates = {
  segment: "EQUITY_INTRADAY",
  effectiveFrom: "2024-10-01",
  sttBuy: "0",
  sttSell: "0.025",
  exchange: "0.00297",
  sebi: "0.0001",
  stampBuy: "0.003",
  gst: "18",
  brokerage: { kind: "percent", rate: "0.03", cap: "20" },
};
const delivery: ChargeRates = {
  ...intraday,
  segment: "EQUITY_DELIVERY",
  sttBuy: "0.1",
  sttSell: "0.1",
  stampBuy: "0.015",
  brokerage: { kind: "flat", perOrder: "0" },
};
const indexFutures: ChargeRates = {
  ...intraday,
  segment: "INDEX_FUTURES",
  sttSell: "0.02",
  exchange: "0.00173",
  stampBuy: "0.002",
};

describe("chargesFor, against examples worked by hand", () => {
  it("equity intraday: buy 100 @ 1,000, sell 100 @ 1,010", () => {
    // brokerage min(30, 20) + min(30.30, 20) = 40; STT 0.025 % of 1,01,000 = 25.25 -> 25 (nearest rupee);
    // exchange 0.00297 % of 2,01,000 = 5.9697 -> 5.97; SEBI 0.0001 % = 0.201 -> 0.20; stamp 0.003 % of
    // 1,00,000 = 3.00; GST 18 % of (40 + 5.9697 + 0.201) = 8.310726 -> 8.31; total 82.48.
    const charges = chargesFor(
      [
        { side: "BUY", quantity: 100, price: 1000 },
        { side: "SELL", quantity: 100, price: 1010 },
      ],
      intraday,
    );
    expect(charges).toEqual({ brokerage: "40.00", stt: "25.00", exchange: "5.97", sebi: "0.20", stamp: "3.00", gst: "8.31", total: "82.48" });
    expect(netPnl("1000.00", charges.total)).toBe("917.52");
  });

  it("equity delivery: buy 50 @ 2,450.50, sell 50 @ 2,512.35 with no brokerage", () => {
    // values 1,22,525.00 and 1,25,617.50; STT 0.1 % each side = 248.1425 -> 248; exchange 0.00297 % of
    // 2,48,142.50 = 7.36983225 -> 7.37; SEBI 0.2481425 -> 0.25; stamp 0.015 % of 1,22,525 = 18.37875 -> 18.38;
    // GST 18 % of (0 + 7.36983225 + 0.2481425) = 1.371235455 -> 1.37; total 275.37.
    const charges = chargesFor(
      [
        { side: "BUY", quantity: 50, price: 2450.5 },
        { side: "SELL", quantity: 50, price: 2512.35 },
      ],
      delivery,
    );
    expect(charges).toEqual({ brokerage: "0.00", stt: "248.00", exchange: "7.37", sebi: "0.25", stamp: "18.38", gst: "1.37", total: "275.37" });
  });

  it("index futures short: sell 75 @ 24,350, buy 75 @ 24,210.40 on a flat Rs 20 plan", () => {
    // sell 18,26,250.00, buy 18,15,780.00; brokerage 2 x 20; STT 0.02 % of the sell = 365.25 -> 365;
    // exchange 0.00173 % of 36,42,030 = 63.007119 -> 63.01; SEBI 3.64203 -> 3.64; stamp 0.002 % of
    // 18,15,780 = 36.3156 -> 36.32; GST 18 % of 106.649149 = 19.19684682 -> 19.20; total 527.17.
    const charges = chargesFor(
      [
        { side: "SELL", quantity: 75, price: 24350 },
        { side: "BUY", quantity: 75, price: 24210.4 },
      ],
      indexFutures,
      { kind: "flat", perOrder: "20" },
    );
    expect(charges).toEqual({ brokerage: "40.00", stt: "365.00", exchange: "63.01", sebi: "3.64", stamp: "36.32", gst: "19.20", total: "527.17" });
    expect(netPnl("10470.00", charges.total)).toBe("9942.83");
  });

  it("a percentage plan under its cap charges the percentage of each order, a partial exit is an order of its own", () => {
    // 0.03 % of 5,000 = 1.50, of 2,020 = 0.606, of 3,036 = 0.9108: 3.0168 -> 3.02 (cap 20 not reached).
    const charges = chargesFor(
      [
        { side: "BUY", quantity: 10, price: 500 },
        { side: "SELL", quantity: 4, price: 505 },
        { side: "SELL", quantity: 6, price: 506 },
      ],
      intraday,
    );
    expect(charges.brokerage).toBe("3.02");
    // The flat plan charges per executed order: three orders.
    expect(chargesFor([{ side: "BUY", quantity: 10, price: 500 }, { side: "SELL", quantity: 4, price: 505 }, { side: "SELL", quantity: 6, price: 506 }], intraday, { kind: "flat", perOrder: "20" }).brokerage).toBe("60.00");
    // A percentage plan without a cap.
    expect(chargesFor([{ side: "BUY", quantity: 1000, price: 1000 }], intraday, { kind: "percent", rate: "0.03", cap: null }).brokerage).toBe("300.00");
  });

  it("no orders, or orders of nothing, cost nothing; STT of half a rupee rounds up", () => {
    expect(chargesFor([], intraday).total).toBe("0.00");
    expect(chargesFor([{ side: "BUY", quantity: 0, price: 100 }], delivery, { kind: "flat", perOrder: "20" }).total).toBe("0.00");
    // 0.025 % of 2,000 = 0.50 -> 1 rupee.
    expect(chargesFor([{ side: "SELL", quantity: 20, price: 100 }], { ...intraday, brokerage: { kind: "flat", perOrder: "0" } }).stt).toBe("1.00");
  });

  it("stays exact beyond 2^53 paise", () => {
    const charges = chargesFor([{ side: "BUY", quantity: 10_000_000, price: 999_999_999.99 }], delivery);
    // The buy is worth 99,99,99,99,99,99,00,000.00 rupees (10^18 paise, beyond 2^53): STT 0.1 % of it is
    // 9,99,99,99,99,999.00 and the exchange charge 0.00297 % is 2,96,99,99,99,997.03 to the paisa.
    expect(charges.stt).toBe("9999999999900.00");
    expect(charges.exchange).toBe("296999999997.03");
  });
});

describe("chargeSegmentOf", () => {
  it("continuous futures by their underlying, equities by whether they closed the day they opened", () => {
    expect(chargeSegmentOf("NIFTY-I", "2026-11-02", null)).toBe("INDEX_FUTURES");
    expect(chargeSegmentOf("banknifty-ii", "2026-11-02", "2026-11-03")).toBe("INDEX_FUTURES");
    expect(chargeSegmentOf("RELIANCE-I", "2026-11-02", "2026-11-02")).toBe("STOCK_FUTURES");
    expect(chargeSegmentOf("RELIANCE", "2026-11-02", "2026-11-02")).toBe("EQUITY_INTRADAY");
    expect(chargeSegmentOf("RELIANCE", "2026-11-02", "2026-11-03")).toBe("EQUITY_DELIVERY");
    expect(chargeSegmentOf("RELIANCE", "2026-11-02", null)).toBe("EQUITY_DELIVERY");
    expect(chargeSegmentOf("SENSEX", "2026-11-02", "2026-11-02")).toBe("EQUITY_INTRADAY");
  });
});

describe("ratesOn", () => {
  it("takes the segment's latest row in force on the day", () => {
    const older = { ...indexFutures, effectiveFrom: "2023-04-01", sttSell: "0.0125" };
    const table = [indexFutures, older, intraday];
    expect(ratesOn(table, "INDEX_FUTURES", "2024-09-30")?.sttSell).toBe("0.0125");
    expect(ratesOn(table, "INDEX_FUTURES", "2024-10-01")?.sttSell).toBe("0.02");
    expect(ratesOn(table, "INDEX_FUTURES", "2023-03-31")).toBeNull();
    expect(ratesOn(table, "STOCK_FUTURES", "2026-01-01")).toBeNull();
  });
});

describe("describePlan and shownRate", () => {
  it("write rates without trailing zeros and rupees with Indian grouping", () => {
    expect(shownRate("0.025000")).toBe("0.025");
    expect(shownRate("18.000000")).toBe("18");
    expect(shownRate("0")).toBe("0");
    expect(describePlan({ kind: "flat", perOrder: "100000.000000" })).toBe("₹1,00,000.00 per order");
    expect(describePlan({ kind: "percent", rate: "0.030000", cap: "20.00" })).toBe("0.03 % of each order, at most ₹20.00");
    expect(describePlan({ kind: "percent", rate: "0.5", cap: null })).toBe("0.5 % of each order");
  });
});

describe("ordersOf", () => {
  const base = { quantity: 100, buyPrice: 1000, sellPrice: 1010, exits: [] };
  it("a closed trade without exits is an entry and one exit of the whole quantity", () => {
    expect(ordersOf({ ...base, tradeType: "BUY", open: false })).toEqual([
      { side: "BUY", quantity: 100, price: 1000 },
      { side: "SELL", quantity: 100, price: 1010 },
    ]);
    // A short enters with its SELL.
    expect(ordersOf({ ...base, tradeType: "SELL", open: false })).toEqual([
      { side: "SELL", quantity: 100, price: 1010 },
      { side: "BUY", quantity: 100, price: 1000 },
    ]);
  });

  it("an open trade has only its entry and the exits it has made", () => {
    expect(ordersOf({ ...base, tradeType: "BUY", open: true })).toEqual([{ side: "BUY", quantity: 100, price: 1000 }]);
    expect(ordersOf({ ...base, tradeType: "BUY", open: true, exits: [{ quantity: 40, price: 1005 }] })).toEqual([
      { side: "BUY", quantity: 100, price: 1000 },
      { side: "SELL", quantity: 40, price: 1005 },
    ]);
    // The charges of the first example: the same trade, closed, charged as its two orders.
    expect(chargesFor(ordersOf({ ...base, tradeType: "BUY", open: false }), intraday).total).toBe("82.48");
  });
});

describe("tradeChargesOn (docs/decisions/174)", () => {
  const trade = { symbolCode: "INFY", tradeType: "BUY" as const, quantity: 100, buyPrice: 1000, sellPrice: 1010, open: false, exits: [], openedOn: "2026-11-27", closedOn: "2026-11-27" };
  it("charges a trade by its segment's rates of its entry day: the first example, closed the day it opened, is intraday", () => {
    expect(tradeChargesOn(trade, [intraday, delivery], null)).toBe("82.48");
  });
  it("the owner's plan replaces the default brokerage: Rs 10 a order is 20.00 less brokerage and 3.60 less GST", () => {
    expect(tradeChargesOn(trade, [intraday, delivery], { kind: "flat", perOrder: "10" })).toBe("58.88");
  });
  it("no row in force on its day: no charges, and the net is the gross", () => {
    expect(tradeChargesOn({ ...trade, openedOn: "2020-06-01", closedOn: "2020-06-01" }, [intraday, delivery], null)).toBeNull();
    expect(netPnl("125.00", null)).toBe("125.00");
  });
});
