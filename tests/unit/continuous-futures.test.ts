import { describe, expect, it } from "vitest";
import { continuousFutureSymbol, readContinuousFuture } from "~/domain/continuous-futures";
import { chargeSegmentOf } from "~/domain/charges";
import { continuousFutureCode } from "~/domain/tradebook";

describe("the continuous futures series, read once for charges, Kite and the tradebook", () => {
  it("reads the underlying and the month's position from -I, -II and -III", () => {
    expect(readContinuousFuture("NIFTY-I")).toEqual({ underlying: "NIFTY", position: 1 });
    expect(readContinuousFuture("BANKNIFTY-II")).toEqual({ underlying: "BANKNIFTY", position: 2 });
    expect(readContinuousFuture("RELIANCE-III")).toEqual({ underlying: "RELIANCE", position: 3 });
  });

  it("is null for equities, indices, a fourth month and a bare suffix", () => {
    for (const code of ["RELIANCE", "NIFTY 50", "NIFTY-IIII", "-I", "NIFTY-IV", "NIFTY-"]) expect(readContinuousFuture(code)).toBeNull();
  });

  it("writes a series' code back, and the three readers agree on it", () => {
    expect(continuousFutureSymbol("NIFTY", 2)).toBe("NIFTY-II");
    const series = continuousFutureCode("NIFTY26DECFUT", "2026-11-10");
    expect(series).toBe("NIFTY-II");
    expect(readContinuousFuture(series!)).toEqual({ underlying: "NIFTY", position: 2 });
    expect(chargeSegmentOf(series!, "2026-11-10", null)).toBe("INDEX_FUTURES");
    expect(chargeSegmentOf("TCS-I", "2026-11-10", null)).toBe("STOCK_FUTURES");
  });
});
