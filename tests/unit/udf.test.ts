import { describe, expect, it } from "vitest";
import { aggregateTradingDays, historyResponse, marksResponse, timeframeForResolution, udfBarTime } from "~/domain/udf";

const ist = (text: string) => Date.parse(`${text.replace(" ", "T")}+05:30`);
const candle = (time: number, o: number, h: number, l: number, c: number, v = 10) => ({ time, open: o, high: h, low: l, close: c, volume: v });

describe("UDF resolutions", () => {
  it("maps the documents' resolutions to timeframes", () => {
    expect(timeframeForResolution("1")).toEqual({ timeframe: "M1", halfYears: false });
    expect(timeframeForResolution("2")?.timeframe).toBe("M2");
    expect(timeframeForResolution("15")?.timeframe).toBe("M15");
    expect(timeframeForResolution("240")?.timeframe).toBe("H4");
    expect(timeframeForResolution("1D")?.timeframe).toBe("D1");
    expect(timeframeForResolution("D")?.timeframe).toBe("D1");
    expect(timeframeForResolution("1W")?.timeframe).toBe("W1");
    expect(timeframeForResolution("1M")?.timeframe).toBe("MN");
    expect(timeframeForResolution("6M")).toEqual({ timeframe: "MN", halfYears: true });
    expect(timeframeForResolution("60")?.timeframe).toBe("H1");
    expect(timeframeForResolution("7")).toBeNull();
  });
});

describe("UDF history", () => {
  it("answers ok with parallel arrays, oldest first", () => {
    const bars = [candle(ist("2026-11-20 09:16"), 2, 3, 1, 2.5, 7), candle(ist("2026-11-20 09:15"), 1, 2, 0.5, 2, 5)];
    expect(historyResponse(bars, "1", null)).toEqual({
      s: "ok",
      t: [ist("2026-11-20 09:15") / 1000, ist("2026-11-20 09:16") / 1000],
      o: [1, 2],
      h: [2, 3],
      l: [0.5, 1],
      c: [2, 2.5],
      v: [5, 7],
    });
  });
  it("answers no_data with nextTime when older data exists, and without it otherwise", () => {
    const older = candle(ist("2026-11-18 00:00"), 1, 1, 1, 1);
    expect(historyResponse([], "1D", older)).toEqual({ s: "no_data", nextTime: Date.parse("2026-11-18T00:00:00Z") / 1000 });
    expect(historyResponse([], "1", null)).toEqual({ s: "no_data" });
  });
  it("stamps daily bars at 00:00 UTC of their IST date, intraday bars at their UTC start", () => {
    const day = candle(ist("2026-11-20 00:00"), 1, 1, 1, 1);
    expect(udfBarTime(day, "1D")).toBe(Date.parse("2026-11-20T00:00:00Z") / 1000);
    expect(udfBarTime(candle(ist("2026-11-20 09:15"), 1, 1, 1, 1), "5")).toBe(ist("2026-11-20 09:15") / 1000);
  });
  it("builds 6M bars from trading days, Jan–Jun and Jul–Dec, each at its first trading day", () => {
    const days = ["2026-01-02", "2026-02-02", "2026-06-01", "2026-07-01", "2026-12-01"].map((ymd, i) => ({
      ymd, open: 10 + i, high: 20 + i, low: 5 + i, close: 15 + i, volume: 100,
    }));
    const halves = aggregateTradingDays(days, "6M");
    expect(halves).toHaveLength(2);
    expect(halves[0]).toMatchObject({ open: 10, high: 22, low: 5, close: 17, volume: 300 });
    expect(halves[1]).toMatchObject({ open: 13, high: 24, low: 8, close: 19, volume: 200 });
    expect(halves.map((h) => udfBarTime(h, "6M"))).toEqual([Date.parse("2026-01-02T00:00:00Z") / 1000, Date.parse("2026-07-01T00:00:00Z") / 1000]);
  });
});

describe("UDF marks", () => {
  it("colours BUY keys green and SELL keys red", () => {
    const marks = marksResponse([
      { id: 1, time: 1_000_000, label: "K1 BUY", price: 100 },
      { id: 2, time: 2_000_000, label: "K2 SELL", price: 90 },
    ]);
    expect(marks.color).toEqual(["green", "red"]);
    expect(marks.time).toEqual([1000, 2000]);
    expect(marks.text).toEqual(["K1 BUY at 100.00", "K2 SELL at 90.00"]);
  });
});
