// The trade form's side rules (issue 22, docs/decisions/172): the traded side's price above 0,
// and a target and an SL on their side of the entry for the trade type (0 or blank = none).
import { describe, expect, it } from "vitest";
import {
  BUY_PRICE_ABOVE_ZERO,
  ENTER_BUY_PRICE,
  ENTER_QUANTITY,
  ENTER_SELL_PRICE,
  SELL_PRICE_ABOVE_ZERO,
  SL_ABOVE_SELL,
  SL_BELOW_BUY,
  TARGET_ABOVE_BUY,
  TARGET_BELOW_SELL,
  tradeSchema,
} from "~/schemas/trade";

const base = { symbol: "NIFTY-I", quantity: "10", description: "", reasonToTrade: "" };

/** Field → messages, as a form shows them; {} when the input is accepted. */
function errors(input: Record<string, string>): Record<string, string[]> {
  const parsed = tradeSchema.safeParse(input);
  if (parsed.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (out[String(issue.path[0])] ??= []).push(issue.message);
  return out;
}

const buy = (fields: Record<string, string>) => errors({ ...base, tradeType: "BUY", ...fields });
const sell = (fields: Record<string, string>) => errors({ ...base, tradeType: "SELL", ...fields });

describe("the traded side's price", () => {
  it("BUY needs a buy price above 0; its sell price may be 0 (not traded yet)", () => {
    expect(buy({})).toEqual({ buyPrice: [ENTER_BUY_PRICE] });
    expect(buy({ buyPrice: "0" })).toEqual({ buyPrice: [BUY_PRICE_ABOVE_ZERO] });
    expect(buy({ buyPrice: "0.00" })).toEqual({ buyPrice: [BUY_PRICE_ABOVE_ZERO] });
    expect(buy({ buyPrice: "0.01", sellPrice: "0" })).toEqual({});
  });

  it("SELL needs a sell price above 0; its buy price may be 0", () => {
    expect(sell({ buyPrice: "100" })).toEqual({ sellPrice: [ENTER_SELL_PRICE] });
    expect(sell({ sellPrice: "0" })).toEqual({ sellPrice: [SELL_PRICE_ABOVE_ZERO] });
    expect(sell({ sellPrice: "250.5", buyPrice: "0" })).toEqual({});
  });

  it("quantity > 0 still holds, and is shown beside a side message", () => {
    expect(buy({ buyPrice: "100", quantity: "0" })).toEqual({ quantity: [ENTER_QUANTITY] });
    expect(buy({ buyPrice: "100", slPrice: "120", quantity: "0" })).toEqual({ quantity: [ENTER_QUANTITY], slPrice: [SL_BELOW_BUY] });
  });
});

describe("target and SL on the right side of the entry", () => {
  it("BUY: SL below the buy price, target above it", () => {
    expect(buy({ buyPrice: "100", slPrice: "95", targetPrice: "110" })).toEqual({});
    expect(buy({ buyPrice: "100", slPrice: "99.99", targetPrice: "100.01" })).toEqual({});
    expect(buy({ buyPrice: "100", slPrice: "105" })).toEqual({ slPrice: [SL_BELOW_BUY] });
    expect(buy({ buyPrice: "100", slPrice: "100" })).toEqual({ slPrice: [SL_BELOW_BUY] });
    expect(buy({ buyPrice: "100", targetPrice: "90" })).toEqual({ targetPrice: [TARGET_ABOVE_BUY] });
    expect(buy({ buyPrice: "100", targetPrice: "100" })).toEqual({ targetPrice: [TARGET_ABOVE_BUY] });
    expect(buy({ buyPrice: "100", slPrice: "110", targetPrice: "95" })).toEqual({ slPrice: [SL_BELOW_BUY], targetPrice: [TARGET_ABOVE_BUY] });
  });

  it("SELL (a short): SL above the sell price, target below it", () => {
    expect(sell({ sellPrice: "200", slPrice: "210", targetPrice: "180" })).toEqual({});
    expect(sell({ sellPrice: "200", slPrice: "190" })).toEqual({ slPrice: [SL_ABOVE_SELL] });
    expect(sell({ sellPrice: "200", slPrice: "200" })).toEqual({ slPrice: [SL_ABOVE_SELL] });
    expect(sell({ sellPrice: "200", targetPrice: "220" })).toEqual({ targetPrice: [TARGET_BELOW_SELL] });
    expect(sell({ sellPrice: "200", slPrice: "150", targetPrice: "250" })).toEqual({ slPrice: [SL_ABOVE_SELL], targetPrice: [TARGET_BELOW_SELL] });
  });

  it("0 or blank means none: no side to check", () => {
    expect(buy({ buyPrice: "100", slPrice: "0", targetPrice: "0" })).toEqual({});
    expect(sell({ sellPrice: "200", slPrice: "", targetPrice: "" })).toEqual({});
  });

  it("the side is the entry's: a BUY's exit (sell) price does not move the rule", () => {
    // A closed BUY sold at 90 keeps its SL below the buy price, not the sell price.
    expect(buy({ buyPrice: "100", sellPrice: "90", slPrice: "95", targetPrice: "110" })).toEqual({});
  });

  it("a price that is itself wrong is reported alone, not measured against the entry", () => {
    const bad = buy({ buyPrice: "100", slPrice: "-5" });
    expect(Object.keys(bad)).toEqual(["slPrice"]);
    expect(bad.slPrice).not.toContain(SL_BELOW_BUY);
  });
});
