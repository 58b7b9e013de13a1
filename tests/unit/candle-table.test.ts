import { describe, expect, it } from "vitest";
import type { Candle } from "~/domain/candles";
import { candleReadoutLabel, candleTableCaption, candleTableRows, clampVisibleRange, TABLE_VIEW_MAX_ROWS } from "~/domain/candle-table";

// 26-11-2026 09:15 IST is 03:45 UTC.
const START = Date.UTC(2026, 10, 26, 3, 45);
const minute = (i: number, close = 100 + i): Candle => ({ time: START + i * 60_000, open: 100, high: close + 1, low: 99, close, volume: 10 });

describe("clampVisibleRange", () => {
  it("is the whole series without a range, and nothing for no candles", () => {
    expect(clampVisibleRange(5, null)).toEqual({ from: 0, to: 4 });
    expect(clampVisibleRange(0, { from: 1, to: 2 })).toEqual({ from: 0, to: -1 });
  });
  it("rounds a library's fractional logical range inward and clamps it to the candles", () => {
    expect(clampVisibleRange(100, { from: 10.4, to: 20.6 })).toEqual({ from: 11, to: 20 });
    expect(clampVisibleRange(100, { from: -0.5, to: 99.5 })).toEqual({ from: 0, to: 99 });
    expect(clampVisibleRange(100, { from: 90, to: 140 })).toEqual({ from: 90, to: 99 });
  });
  it("falls back to the whole series for a range with no whole candle in it or not a number", () => {
    expect(clampVisibleRange(10, { from: 3.2, to: 3.8 })).toEqual({ from: 0, to: 9 });
    expect(clampVisibleRange(10, { from: Number.NaN, to: 4 })).toEqual({ from: 0, to: 9 });
  });
});

describe("candleTableRows", () => {
  it("lists the visible candles newest first with IST times and Indian grouping", () => {
    const candles = [minute(0, 123456.5), minute(1, 2345678.25), minute(2, 99.999)];
    const { rows, visible } = candleTableRows(candles, null, true);
    expect(visible).toBe(3);
    expect(rows.map((r) => r.close)).toEqual(["100.00", "23,45,678.25", "1,23,456.50"]);
    expect(rows[0]).toMatchObject({ iso: "2026-11-26T03:47:00.000Z", time: "26-11-2026 09:17:00 AM", open: "100.00", high: "101.00", low: "99.00" });
    // The date is said once per day: on the newest row and where the day changes.
    expect(rows[1].time).toBe("09:16:00 AM");
    expect(rows[2].time).toBe("26-11-2026 09:15:00 AM");
  });
  it("lists the volume in whole units with Indian grouping, and nothing for a candle without quantity", () => {
    const candles = [{ ...minute(0), volume: 1234567 }, { ...minute(1), volume: 0 }];
    const { rows } = candleTableRows(candles, null, true);
    expect(rows.map((r) => r.volume)).toEqual(["", "12,34,567"]);
  });
  it("names the date on the first candle of each IST day", () => {
    const yesterday: Candle = { ...minute(0), time: START - 86_400_000 + 6 * 3_600_000 }; // 25-11 15:15 IST
    const { rows } = candleTableRows([yesterday, minute(0), minute(1)], null, true);
    expect(rows.map((r) => r.time)).toEqual(["26-11-2026 09:16:00 AM", "26-11-2026 09:15:00 AM", "25-11-2026 03:15:00 PM"]);
  });
  it("shows only the date on a daily chart", () => {
    const day: Candle = { time: Date.UTC(2026, 10, 25, 18, 30), open: 1, high: 2, low: 1, close: 2, volume: 0 }; // 00:00 IST 26-11
    expect(candleTableRows([day], null, false).rows[0].time).toBe("26-11-2026");
  });
  it("follows the visible range and lists at most the newest TABLE_VIEW_MAX_ROWS of it", () => {
    const candles = Array.from({ length: 300 }, (_, i) => minute(i));
    const zoomed = candleTableRows(candles, { from: 200, to: 219 }, true);
    expect(zoomed.visible).toBe(20);
    expect(zoomed.rows).toHaveLength(20);
    expect(zoomed.rows[0].close).toBe("319.00");
    expect(zoomed.rows[19].close).toBe("300.00");
    const all = candleTableRows(candles, null, true);
    expect(all.visible).toBe(300);
    expect(all.rows).toHaveLength(TABLE_VIEW_MAX_ROWS);
    expect(all.rows[0].close).toBe("399.00");
  });
  it("has no rows without candles", () => {
    expect(candleTableRows([], null, true)).toEqual({ rows: [], visible: 0 });
  });
});

describe("candleTableCaption and candleReadoutLabel", () => {
  it("says how many of the visible candles the table lists", () => {
    expect(candleTableCaption("NIFTY-I 1m", 60, 300)).toBe("NIFTY-I 1m: the newest 60 of 300 visible candles, newest first");
    expect(candleTableCaption("NIFTY-I 1m", 20, 20)).toBe("NIFTY-I 1m: 20 visible candles, newest first");
    expect(candleTableCaption("NIFTY-I 1m", 1, 1)).toBe("NIFTY-I 1m: 1 visible candle, newest first");
    expect(candleTableCaption("NIFTY-I 1m", 0, 0)).toBe("NIFTY-I 1m: no candles");
  });
  it("reads the candle's OHLC in words with its IST time", () => {
    expect(candleReadoutLabel(minute(0, 123456.5), true)).toBe("26-11-2026 09:15:00 AM IST: open 100.00, high 1,23,457.50, low 99.00, close 1,23,456.50");
  });
});
