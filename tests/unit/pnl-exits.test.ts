// PNL with partial exits (docs/decisions/167, 171), against figures worked by hand.
import { describe, expect, it } from "vitest";
import { computeTradePnl, exitPnl, splitTradePnl, sumExits, todayMarkToMarket, type PnlInput } from "~/domain/pnl";

const buy: PnlInput = { tradeType: "BUY", open: true, quantity: 10, buyPrice: 100, sellPrice: 0 };
const sell: PnlInput = { tradeType: "SELL", open: true, quantity: 8, buyPrice: 0, sellPrice: 250 };

describe("sumExits", () => {
  it("adds units and units x price exactly", () => {
    expect(sumExits([{ quantity: 3, price: 110.5 }, { quantity: 2, price: 95.25 }])).toEqual({ units: 5, value: "522.00" });
    expect(sumExits([])).toEqual({ units: 0, value: "0.00" });
    // 0.1 + 0.2 in floats is 0.30000000000000004; in paise it is 30.
    expect(sumExits([{ quantity: 1, price: 0.1 }, { quantity: 1, price: 0.2 }]).value).toBe("0.30");
  });
});

describe("splitTradePnl with exits", () => {
  it("BUY, two exits and an open remainder at the live price", () => {
    // Realised 3 x 10.50 + 2 x (-4.75) = 22.00; unrealised 5 x 4.37 = 21.85.
    const exits = sumExits([{ quantity: 3, price: 110.5 }, { quantity: 2, price: 95.25 }]);
    expect(splitTradePnl({ ...buy, exits }, 104.37)).toEqual({ pnl: "43.85", pnlPercent: "4.39", realised: "22.00", unrealised: "21.85", openQuantity: 5 });
    expect(computeTradePnl({ ...buy, exits }, 104.37)).toEqual({ pnl: "43.85", pnlPercent: "4.39" });
  });

  it("SELL, one exit, the remainder at a live price with 3 places", () => {
    // Realised 5 x (250 - 240.10) = 49.50; unrealised 3 x (250 - 251.333) = -3.999 -> -4.00.
    const exits = sumExits([{ quantity: 5, price: 240.1 }]);
    expect(splitTradePnl({ ...sell, exits }, 251.333)).toEqual({ pnl: "45.50", pnlPercent: "2.28", realised: "49.50", unrealised: "-4.00", openQuantity: 3 });
  });

  it("a trade closed by its exits: all realised, the sell price plays no part", () => {
    const exits = sumExits([{ quantity: 4, price: 110 }, { quantity: 6, price: 90 }]);
    expect(splitTradePnl({ ...buy, open: false, sellPrice: 500, exits }, 999)).toEqual({ pnl: "-20.00", pnlPercent: "-2.00", realised: "-20.00", unrealised: "0.00", openQuantity: 0 });
  });

  it("exact paise where floats would drift", () => {
    const exits = sumExits([{ quantity: 3, price: 0.1 }, { quantity: 3, price: 0.2 }]);
    expect(splitTradePnl({ ...buy, buyPrice: 0.3, exits }, 0.3).realised).toBe("-0.90");
  });

  it("rounds the open part alone, so realised + unrealised is the PNL to the paisa", () => {
    // Realised 1.00; open 1 x (9.995 - 10) = -0.005 -> -0.01 (half away from zero); PNL 0.99, not round(0.995) = 1.00.
    const split = splitTradePnl({ ...buy, quantity: 2, buyPrice: 10, exits: sumExits([{ quantity: 1, price: 11 }]) }, 9.995);
    expect(split).toMatchObject({ realised: "1.00", unrealised: "-0.01", pnl: "0.99" });
  });

  it("without exits it is R-D9: open all unrealised, closed all realised", () => {
    expect(splitTradePnl(buy, 112.5)).toEqual({ pnl: "125.00", pnlPercent: "12.50", realised: "0.00", unrealised: "125.00", openQuantity: 10 });
    expect(splitTradePnl({ ...buy, open: false, sellPrice: 105.25 }, 1)).toEqual({ pnl: "52.50", pnlPercent: "5.25", realised: "52.50", unrealised: "0.00", openQuantity: 0 });
    expect(computeTradePnl({ ...buy, exits: { units: 0, value: "0.00" } }, 112.5)).toEqual(computeTradePnl(buy, 112.5));
  });

  it("a missing live price counts as 0 for the open units, as R-D9 does", () => {
    const exits = sumExits([{ quantity: 6, price: 101 }]);
    expect(splitTradePnl({ ...buy, exits }, null)).toMatchObject({ realised: "6.00", unrealised: "-400.00", pnl: "-394.00" });
  });
});

describe("exitPnl", () => {
  it("prices one exit against the entry by the side", () => {
    expect(exitPnl(buy, { quantity: 3, price: 110.5 })).toBe("31.50");
    expect(exitPnl(buy, { quantity: 2, price: 95.25 })).toBe("-9.50");
    expect(exitPnl(sell, { quantity: 5, price: 240.1 })).toBe("49.50");
  });
});

describe("todayMarkToMarket", () => {
  const exits = { units: 4, value: "440.00" };
  it("a carried position moves from the previous close, today's from the entry", () => {
    expect(todayMarkToMarket({ ...buy, exits }, { live: 105, prevClose: 103, carried: true })).toBe("12.00");
    expect(todayMarkToMarket({ ...buy, exits }, { live: 105, prevClose: 103, carried: false })).toBe("30.00");
    expect(todayMarkToMarket({ ...sell, sellPrice: 200, exits }, { live: 195, prevClose: 198, carried: true })).toBe("12.00");
  });
  it("no previous close: from the entry; no live price or closed: 0", () => {
    expect(todayMarkToMarket({ ...buy, exits }, { live: 105, prevClose: 0, carried: true })).toBe("30.00");
    expect(todayMarkToMarket({ ...buy, exits }, { live: null, prevClose: 103, carried: true })).toBe("0.00");
    expect(todayMarkToMarket({ ...buy, open: false, exits }, { live: 105, prevClose: 103, carried: true })).toBe("0.00");
  });
});
