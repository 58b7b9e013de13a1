import { describe, expect, it } from "vitest";
import { AXIS_LABEL_PX, axisTickCount, candleAxisLabel, chartCount, chartPriceRange, defaultChartSymbols, drawnChartHeight, windowChartHeight, windowChartRoom, FULL_REDRAW_MAX_AGE_MS, layoutLabels, needsFullRedraw, PRICE_LABELS_PX } from "~/domain/chart-layout";

describe("chart layout", () => {
  it("reads the chart setting as 1, 2 or 4 (anything else is 1)", () => {
    expect(chartCount("4")).toBe(4);
    expect(chartCount("2")).toBe(2);
    expect(chartCount("1")).toBe(1);
    expect(chartCount("3")).toBe(1);
    expect(chartCount(undefined)).toBe(1);
  });
  it("fills charts with the indices first, then the user's symbols", () => {
    expect(defaultChartSymbols(["AXISBANK", "BANKNIFTY-I", "NIFTY-I", "SENSEX", "TCS"], 4)).toEqual(["NIFTY-I", "BANKNIFTY-I", "SENSEX", "AXISBANK"]);
    expect(defaultChartSymbols(["TCS"], 2)).toEqual(["TCS", "TCS"]);
    expect(defaultChartSymbols([], 2)).toEqual([]);
  });
});

describe("layoutLabels: line labels never cover each other (docs/decisions/127)", () => {
  const box = { height: 16, gap: 2, top: 0, bottom: 400 };
  const overlaps = (ys: number[], h: number) =>
    [...ys].sort((a, b) => a - b).some((y, i, sorted) => i > 0 && y - sorted[i - 1] < h - 1e-9);

  it("leaves labels that do not touch at their lines", () => {
    expect(layoutLabels([50, 100, 300], box)).toEqual([50, 100, 300]);
  });
  it("pushes two labels on the same line apart, one above and one below it, in input order", () => {
    // Pivot over Prev Close at one price.
    expect(layoutLabels([200, 200], box)).toEqual([191, 209]);
  });
  it("moves a crowded group as little as it can and keeps the lines' order", () => {
    const placed = layoutLabels([100, 104, 103, 300], box);
    expect(placed[3]).toBe(300);
    expect(overlaps(placed, 18)).toBe(false);
    // Order by line: 100 (first), 103 (third), 104 (second).
    expect(placed[0]).toBeLessThan(placed[2]);
    expect(placed[2]).toBeLessThan(placed[1]);
    // The group is centred on its lines: its mean stays theirs.
    expect((placed[0] + placed[1] + placed[2]) / 3).toBeCloseTo((100 + 104 + 103) / 3, 9);
  });
  it("keeps labels inside the box when they fit, pushing a group away from the edge", () => {
    const placed = layoutLabels([1, 2, 398], box);
    expect(placed).toEqual([8, 26, 392]);
  });
  it("stacks from the top when there is no room for all", () => {
    const placed = layoutLabels([5, 5, 5, 5], { height: 16, gap: 2, top: 0, bottom: 40 });
    expect(placed).toEqual([8, 26, 44, 62]);
  });
  it("never lets any two labels overlap, whatever the lines", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let run = 0; run < 200; run++) {
      const n = 1 + Math.floor(random() * 12);
      const wanted = Array.from({ length: n }, () => Math.round(random() * 420) - 10);
      const placed = layoutLabels(wanted, box);
      expect(placed).toHaveLength(n);
      expect(overlaps(placed, 18)).toBe(false);
      // The lines' order is the labels' order.
      const byLine = wanted.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y || a.i - b.i).map((x) => placed[x.i]);
      expect(byLine).toEqual([...byLine].sort((a, b) => a - b));
      if (n * 18 - 2 <= 400) for (const y of placed) expect(y).toBeGreaterThanOrEqual(8), expect(y).toBeLessThanOrEqual(392);
    }
  });
});

describe("axisTickCount: time labels by the chart's width (docs/decisions/179)", () => {
  it("gives one label per AXIS_LABEL_PX of the plot left beside the price labels", () => {
    expect(axisTickCount(PRICE_LABELS_PX + 4 * AXIS_LABEL_PX, 250)).toBe(4);
    expect(axisTickCount(PRICE_LABELS_PX + 4 * AXIS_LABEL_PX - 1, 250)).toBe(3);
    // A phone (390 px less the page's padding) has room for three or four; a desktop for eight.
    expect(axisTickCount(358, 250)).toBe(3);
    expect(axisTickCount(1200, 250)).toBe(8);
  });
  it("never draws fewer than one label or more than the candles less one", () => {
    expect(axisTickCount(10, 250)).toBe(1);
    expect(axisTickCount(Number.NaN, 250)).toBe(1);
    expect(axisTickCount(1200, 3)).toBe(2);
    expect(axisTickCount(1200, 1)).toBe(1);
  });
});

describe("drawnChartHeight: the room a chart keeps for its library (docs/decisions/180)", () => {
  it("is the price chart and its volume chart in normal mode, the one pane in advanced mode", () => {
    expect(drawnChartHeight(535, "normal")).toBe(535 + 118);
    expect(drawnChartHeight(520, "normal")).toBe(520 + 114);
    expect(drawnChartHeight(535, "advance")).toBe(535);
  });
  it("for a chart that fills the window, is the window less the reserve, never under 300 px, in px and as CSS", () => {
    expect(windowChartHeight(1000, 280)).toBe(720);
    expect(windowChartHeight(500, 280)).toBe(300);
    expect(windowChartRoom(280, "advance")).toBe("max(300px, 100svh - 280px)");
    expect(windowChartRoom(280, "normal")).toBe("calc(max(300px, 100svh - 280px) * 1.22)");
  });
});

describe("chartPriceRange", () => {
  it("holds every candle and every line, with 4% room", () => {
    expect(chartPriceRange([{ high: 110, low: 100 }], [95, 120])).toEqual({ min: 95 - 1, max: 120 + 1 });
    expect(chartPriceRange([], [50])).toEqual({ min: 49 - 0.08, max: 51 + 0.08 });
    expect(chartPriceRange([], [])).toBeNull();
  });
});

describe("candleAxisLabel", () => {
  const ist = (text: string) => Date.parse(`${text.replace(" ", "T")}+05:30`);
  it("names the day at a session's first candle and the time after it", () => {
    expect(candleAxisLabel(ist("2026-11-20 09:15"), ist("2026-11-19 15:29"), true)).toBe("20 Nov");
    expect(candleAxisLabel(ist("2026-11-20 09:16"), ist("2026-11-20 09:15"), true)).toBe("09:16");
    expect(candleAxisLabel(ist("2026-11-20 13:15"), undefined, true)).toBe("20 Nov");
  });
  it("names days on daily charts and the year at its first candle", () => {
    expect(candleAxisLabel(ist("2026-11-20 00:00"), ist("2026-11-19 00:00"), false)).toBe("20 Nov");
    expect(candleAxisLabel(ist("2027-01-01 00:00"), ist("2026-12-31 00:00"), false)).toBe("2027");
  });
});

describe("needsFullRedraw: when the live candle alone may move", () => {
  const c = (time: number, close: number, extra: Partial<{ open: number; high: number; low: number; volume: number }> = {}) => ({
    time,
    open: extra.open ?? close,
    high: extra.high ?? close,
    low: extra.low ?? close,
    close,
    volume: extra.volume ?? 10,
  });
  const drawnCandles = [c(1, 100), c(2, 101), c(3, 102, { high: 103, low: 101 })];
  const drawn = { candles: drawnCandles, range: { min: 95, max: 110 }, volumeMax: 50, at: 1_000 };

  it("keeps the drawing while the live candle moves inside the scales", () => {
    expect(needsFullRedraw(drawn, [c(1, 100), c(2, 101), c(3, 104, { high: 105, low: 101, volume: 30 })], 2_000)).toBe(false);
  });
  it("redraws when a bucket closes (a new live candle) or a closed candle changed", () => {
    expect(needsFullRedraw(drawn, [...drawnCandles, c(4, 102)], 2_000)).toBe(true);
    expect(needsFullRedraw(drawn, [c(2, 101), c(3, 102), c(4, 102)], 2_000)).toBe(true);
    expect(needsFullRedraw(drawn, [c(1, 100), c(2, 101.5), c(3, 102)], 2_000)).toBe(true);
  });
  it("redraws when the live candle leaves the price or the volume scale", () => {
    expect(needsFullRedraw(drawn, [c(1, 100), c(2, 101), c(3, 111, { low: 101 })], 2_000)).toBe(true);
    expect(needsFullRedraw(drawn, [c(1, 100), c(2, 101), c(3, 102, { low: 94 })], 2_000)).toBe(true);
    expect(needsFullRedraw(drawn, [c(1, 100), c(2, 101), c(3, 102, { volume: 51 })], 2_000)).toBe(true);
  });
  it("redraws a drawing older than the longest age, and an empty or unscaled one", () => {
    expect(needsFullRedraw(drawn, drawnCandles, 1_000 + FULL_REDRAW_MAX_AGE_MS)).toBe(true);
    expect(needsFullRedraw(drawn, drawnCandles, 1_000 + FULL_REDRAW_MAX_AGE_MS - 1)).toBe(false);
    expect(needsFullRedraw(drawn, [], 2_000)).toBe(true);
    expect(needsFullRedraw({ ...drawn, range: null }, drawnCandles, 2_000)).toBe(true);
  });
});
