import { describe, expect, it } from "vitest";
import {
  aggregateTradingDays,
  clampUdfSeconds,
  hasNoVolume,
  historyResponse,
  marksResponse,
  matchesUdfSearch,
  periodEndYmd,
  periodStartYmd,
  symbolInfo,
  timeframeForResolution,
  udfBarSpec,
  udfBarTime,
  udfExchange,
  udfMarksWindow,
  utcYmd,
} from "~/domain/udf";
import { bucketStart } from "~/domain/candles";
import { udfHistoryQuerySchema, udfParamError } from "~/schemas/udf";
import { udfQuery } from "~/services/udf.server";

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

describe("UDF rules (docs/decisions/122)", () => {
  it("aligns every intraday bucket to the 09:15 IST session, across days", () => {
    expect(bucketStart(ist("2026-11-20 09:15"), 2)).toBe(ist("2026-11-20 09:15"));
    expect(bucketStart(ist("2026-11-20 09:16:59"), 2)).toBe(ist("2026-11-20 09:15"));
    expect(bucketStart(ist("2026-11-20 13:14"), 240)).toBe(ist("2026-11-20 09:15"));
    expect(bucketStart(ist("2026-11-20 13:15"), 240)).toBe(ist("2026-11-20 13:15"));
    expect(bucketStart(ist("2026-11-20 10:14"), 60)).toBe(ist("2026-11-20 09:15"));
    expect(bucketStart(ist("2026-11-20 09:14"), 30)).toBe(ist("2026-11-20 08:45"));
    // The grid runs on through the night: 240-minute buckets at 21:15, 01:15, 05:15.
    expect(bucketStart(ist("2026-11-21 02:00"), 240)).toBe(ist("2026-11-21 01:15"));
    expect(() => bucketStart(0, 7)).toThrow(RangeError);
  });

  it("reads resolutions as session buckets or calendar periods", () => {
    expect(udfBarSpec("120")).toEqual({ kind: "minutes", minutes: 120 });
    expect(udfBarSpec("D")).toEqual({ kind: "D" });
    expect(udfBarSpec("1W")).toEqual({ kind: "W" });
    expect(udfBarSpec("M")).toEqual({ kind: "M" });
    expect(udfBarSpec("6M")).toEqual({ kind: "6M" });
    expect(udfBarSpec("2D")).toBeNull();
  });

  it("bounds periods on UTC dates: weeks from Monday, months, half-years", () => {
    expect(periodStartYmd("2025-04-16", "W")).toBe("2025-04-14");
    expect(periodStartYmd("2025-04-13", "W")).toBe("2025-04-07");
    expect(periodEndYmd("2025-04-13", "W")).toBe("2025-04-14");
    expect(periodEndYmd("2025-12-31", "M")).toBe("2026-01-01");
    expect(periodStartYmd("2025-09-30", "6M")).toBe("2025-07-01");
    expect(periodEndYmd("2025-09-30", "6M")).toBe("2026-01-01");
    expect(periodEndYmd("2025-02-28", "D")).toBe("2025-03-01");
    expect(utcYmd(Date.parse("2025-03-01T00:00:00Z") / 1000 - 1)).toBe("2025-02-28");
    expect(utcYmd(Date.UTC(1830, 0, 1) / 1000)).toBe("1830-01-01");
  });

  it("clamps times to real dates so an ancient or absurd `from` still reads as a date", () => {
    expect(clampUdfSeconds(-8_640_000_000_000)).toBe(Date.UTC(1800, 0, 1) / 1000);
    expect(clampUdfSeconds(Number.MAX_SAFE_INTEGER)).toBe(Date.UTC(9999, 11, 31) / 1000);
    expect(clampUdfSeconds(1_700_000_000)).toBe(1_700_000_000);
  });

  it("stamps a week on its first trading day when Monday is a holiday", () => {
    const week = aggregateTradingDays(
      [
        { ymd: "2025-04-15", open: 1, high: 5, low: 1, close: 2, volume: 3 },
        { ymd: "2025-04-17", open: 2, high: 6, low: 0.5, close: 4, volume: 4 },
      ],
      "W",
    );
    expect(week).toHaveLength(1);
    expect(udfBarTime(week[0], "1W")).toBe(Date.parse("2025-04-15T00:00:00Z") / 1000);
    expect(week[0]).toMatchObject({ open: 1, high: 6, low: 0.5, close: 4, volume: 7 });
  });

  it("puts daily marks on the day's 00:00 UTC and takes the whole IST day of the rightmost bar", () => {
    const event = { id: 1, time: ist("2026-11-20 10:30"), label: "K BUY", price: 1 };
    expect(marksResponse([event], "1D").time).toEqual([Date.parse("2026-11-20T00:00:00Z") / 1000]);
    expect(marksResponse([event], "5").time).toEqual([ist("2026-11-20 10:30") / 1000]);
    const day = Date.parse("2026-11-20T00:00:00Z") / 1000;
    expect(udfMarksWindow(day, day, "1D")).toEqual({ fromMs: ist("2026-11-20 00:00"), toMs: ist("2026-11-21 00:00") });
    expect(udfMarksWindow(1000, 2000, "15")).toEqual({ fromMs: 1_000_000, toMs: 2_900_000 });
  });

  it("lists the Sensex under BSE without volume, and filters search by exchange and type", () => {
    const sensex = { symbolCode: "SENSEX", description: "BSE Sensex", segment: "NSE" };
    const nifty = { symbolCode: "NIFTY-I", description: "Nifty futures", segment: "NSE" };
    expect(udfExchange(sensex)).toBe("BSE");
    expect(symbolInfo(sensex)).toMatchObject({ exchange: "BSE", has_no_volume: true, visible_plots_set: "ohlc" });
    expect(hasNoVolume("NIFTY-I")).toBe(false);
    expect(hasNoVolume("INFY")).toBe(false);
    expect(matchesUdfSearch(sensex, { type: "", exchange: "bse" })).toBe(true);
    expect(matchesUdfSearch(nifty, { type: "", exchange: "BSE" })).toBe(false);
    expect(matchesUdfSearch(nifty, { type: "index", exchange: "" })).toBe(true);
    expect(matchesUdfSearch(nifty, { type: "stock", exchange: "" })).toBe(false);
  });
});

describe("UDF history parameters", () => {
  const parse = (query: string) => udfQuery(new Request(`http://x/udf/history?${query}`), udfHistoryQuerySchema);

  it("accepts negative times and any countback", () => {
    const r = parse("symbol=NIFTY-I&resolution=6M&from=-4417200000&to=1700000000&countback=15793");
    expect(r.success && r.data).toMatchObject({ from: -4_417_200_000, countback: 15_793 });
  });

  it("names each wrong parameter, the first of a repeated one counting", () => {
    for (const [query, pattern] of [
      ["symbol=A&resolution=1&from=0&to=1&countback=0", /countback/],
      ["symbol=A&resolution=1&from=0&to=1&countback=-5", /countback/],
      ["symbol=A&resolution=1&from=1.5&to=1", /from/],
      ["symbol=A&resolution=1&from=0&to=", /\bto is|\bto must/],
      ["symbol=A&resolution=1&from=0&to=1e400", /\bto must/],
      ["resolution=1&from=0&to=1", /symbol is required/],
      ["symbol=A&resolution=1&from=0&to=abc&to=5", /\bto must/],
    ] as const) {
      const r = parse(query);
      expect(r.success, query).toBe(false);
      if (!r.success) expect(udfParamError(r.error), query).toMatch(pattern);
    }
  });
});
