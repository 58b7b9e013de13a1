import { describe, expect, it } from "vitest";
import { entryPrice, initialRisk, rMultiple, tradeRisk } from "~/domain/risk";

const buy = { tradeType: "BUY" as const, quantity: 50, buyPrice: 412.5, sellPrice: 0, slPrice: 404.25 };
const sell = { tradeType: "SELL" as const, quantity: 25, buyPrice: 0, sellPrice: 1520, slPrice: 1544.8 };

describe("initial risk = |entry - SL| x quantity (docs/decisions/170)", () => {
  it("a BUY enters at its buy price", () => {
    // |412.50 - 404.25| x 50 = 8.25 x 50 = 412.50
    expect(entryPrice(buy)).toBe(412.5);
    expect(initialRisk(buy)).toBe("412.50");
  });

  it("a SELL (a short) enters at its sell price; its SL sits above", () => {
    // |1520.00 - 1544.80| x 25 = 24.80 x 25 = 620.00
    expect(entryPrice(sell)).toBe(1520);
    expect(initialRisk(sell)).toBe("620.00");
  });

  it("the distance counts whichever side the SL is on", () => {
    // a BUY with its SL above the entry: |100 - 103.10| x 3 = 9.30
    expect(initialRisk({ tradeType: "BUY", quantity: 3, buyPrice: 100, sellPrice: 0, slPrice: 103.1 })).toBe("9.30");
  });

  it("is exact where floats are not: 0.1 + 0.2 style prices and huge sizes", () => {
    // |0.30 - 0.10| x 3 = 0.60 (0.3 - 0.1 in floats is 0.19999999999999998)
    expect(initialRisk({ tradeType: "BUY", quantity: 3, buyPrice: 0.3, sellPrice: 0, slPrice: 0.1 })).toBe("0.60");
    // |99,99,99,99,999.99 - 0.01| x 10,000,000 = 99,99,99,99,999.98 x 10^7, beyond 2^53 paise
    expect(initialRisk({ tradeType: "BUY", quantity: 10_000_000, buyPrice: 99_999_999_999.99, sellPrice: 0, slPrice: 0.01 })).toBe("999999999999800000.00");
  });

  it("has no risk without an SL, with a zero quantity or with the SL at the entry", () => {
    expect(initialRisk({ ...buy, slPrice: 0 })).toBeNull();
    expect(initialRisk({ ...buy, quantity: 0 })).toBeNull();
    expect(initialRisk({ ...buy, slPrice: 412.5 })).toBeNull();
    expect(initialRisk({ ...buy, slPrice: Number.NaN })).toBeNull();
  });
});

describe("R-multiple = PNL / initial risk", () => {
  it("divides and rounds half away from zero to 2 decimals", () => {
    // 825.00 / 412.50 = 2.00
    expect(rMultiple("825.00", "412.50")).toBe("2.00");
    // -412.50 / 412.50 = -1.00: the stop-loss hit exactly
    expect(rMultiple("-412.50", "412.50")).toBe("-1.00");
    // 100 / 300 = 0.333.. -> 0.33; 200 / 300 = 0.666.. -> 0.67
    expect(rMultiple("100.00", "300.00")).toBe("0.33");
    expect(rMultiple("200.00", "300.00")).toBe("0.67");
    // 1.00 / 200.00 = 0.005 -> 0.01 and -0.01 (half away from zero)
    expect(rMultiple("1.00", "200.00")).toBe("0.01");
    expect(rMultiple("-1.00", "200.00")).toBe("-0.01");
    // -0.99 / 200 = -0.00495 -> 0.00, never -0.00
    expect(rMultiple("-0.99", "200.00")).toBe("0.00");
  });

  it("is none without a risk", () => {
    expect(rMultiple("500.00", null)).toBeNull();
    expect(rMultiple("500.00", "0.00")).toBeNull();
    expect(rMultiple("500.00", "not a figure")).toBeNull();
  });

  it("tradeRisk gives both for a trade and its PNL", () => {
    // SELL: risk 620.00; covered at 1495.20: PNL (1520 - 1495.20) x 25 = 620.00 -> 1R
    expect(tradeRisk(sell, "620.00")).toEqual({ risk: "620.00", r: "1.00" });
    expect(tradeRisk({ ...sell, slPrice: 0 }, "620.00")).toEqual({ risk: null, r: null });
  });
});
