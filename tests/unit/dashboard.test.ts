import { describe, expect, it } from "vitest";
import { dashboardFooter, dashboardHasChart, marqueeDurationSeconds, summaryCardKinds } from "~/domain/dashboard";
import { chartMarkers, swingMarkersOn } from "~/domain/chart-markers";
import { expandedList, topMovers } from "~/domain/overview";
import type { Candle } from "~/domain/candles";

describe("dashboard cards and chart by role", () => {
  it("gives role 1 users by role, symbols, open trades and today's alerts", () => {
    expect(summaryCardKinds(1)).toEqual(["admins", "subAdmins", "employees", "customers", "activeSymbols", "openTrades", "todaysAlerts"]);
  });
  it("gives role 2 the accounts it manages and no chart", () => {
    expect(summaryCardKinds(2)).toEqual(["employees", "customers"]);
    expect(dashboardHasChart(2)).toBe(false);
  });
  it("gives roles 3 and 4 their own figures and a chart", () => {
    for (const role of [3, 4] as const) {
      expect(summaryCardKinds(role)).toEqual(["myOpenTrades", "myActiveAlerts", "mySymbols"]);
      expect(dashboardHasChart(role)).toBe(true);
    }
    expect(dashboardHasChart(1)).toBe(true);
  });
});

describe("dashboard footer", () => {
  it("shows the previous plus and minus key labels it is given and the first target point", () => {
    const points = [
      { name: "Mandi", pointName: "MANDI_VISAMO_TARGET", price: 23_500 },
      { name: "Teji", pointName: "TEJI_VISAMO_TARGET", price: 24_500 },
    ];
    expect(dashboardFooter({ plus: "K2 BUY", minus: "K3 SELL" }, points)).toEqual({
      previousPlusKey: "K2 BUY",
      previousMinusKey: "K3 SELL",
      firstTarget: { name: "Mandi", pointName: "MANDI_VISAMO_TARGET", price: 23_500 },
    });
  });
  it("shows nothing for a day without keys or points", () => {
    expect(dashboardFooter({ plus: null, minus: null }, [])).toEqual({ previousPlusKey: null, previousMinusKey: null, firstTarget: null });
  });
});

describe("banner speed", () => {
  it("scrolls at 8 px per 85 ms frame: a longer text takes longer", () => {
    // 1200 px of banner + 0 px of text at 94.1 px/s.
    expect(marqueeDurationSeconds("")).toBe(12.8);
    expect(marqueeDurationSeconds("x".repeat(100))).toBe(21.3);
  });
});

const candle = (i: number, o: number, h: number, l: number, c: number): Candle => ({ time: i * 60_000, open: o, high: h, low: l, close: c, volume: 1 });

describe("chart markers", () => {
  // Up from the start; a close below the seed low (9) confirms the high of candle 4 (15).
  const candles = [candle(0, 10, 11, 9, 10), candle(1, 10, 12, 10, 11), candle(2, 11, 13, 10, 12), candle(3, 12, 14, 11, 13), candle(4, 13, 15, 12, 14), candle(5, 14, 14, 8, 8.5)];

  it("marks confirmed swing highs in red when Swing is on, none when off", () => {
    const on = chartMarkers(candles, [], true);
    expect(on).toEqual([{ time: 4 * 60_000, price: 15, label: "SH", colour: "#ef5350", kind: "swing-high" }]);
    expect(chartMarkers(candles, [], false)).toEqual([]);
  });
  it("puts a key on the candle holding its time, green for BUY and red for SELL, and drops one before the first candle", () => {
    const keys = [
      { label: "K1 BUY", price: 12.5, at: 2 * 60_000 + 30_000 },
      { label: "K1 SELL", price: 9, at: 5 * 60_000 + 59_000 },
      { label: "K0 BUY", price: 9, at: -1 },
    ];
    expect(chartMarkers(candles, keys, false)).toEqual([
      { time: 2 * 60_000, price: 12.5, label: "K1 BUY", colour: "#26a69a", kind: "key" },
      { time: 5 * 60_000, price: 9, label: "K1 SELL", colour: "#ef5350", kind: "key" },
    ]);
  });
  it("reads the Swing setting, on unless switched off", () => {
    expect(swingMarkersOn({})).toBe(true);
    expect(swingMarkersOn({ Swing: "true" })).toBe(true);
    expect(swingMarkersOn({ Swing: "false" })).toBe(false);
  });
});

describe("top movers", () => {
  const rows = [
    { symbolCode: "AAA", last: 1, change: 1, changePercent: 1 },
    { symbolCode: "BBB", last: 1, change: 3, changePercent: 3 },
    { symbolCode: "CCC", last: 1, change: 0, changePercent: 0 },
    { symbolCode: "DDD", last: 1, change: -2, changePercent: -2 },
    { symbolCode: "EEE", last: 1, change: -0.5, changePercent: -0.5 },
    { symbolCode: "FFF", last: 1, change: 3, changePercent: 3 },
  ];
  it("ranks gainers largest first (ties by code) and losers most negative first, unchanged in neither", () => {
    expect(topMovers(rows, "gainers", null).map((r) => r.symbolCode)).toEqual(["BBB", "FFF", "AAA"]);
    expect(topMovers(rows, "losers", null).map((r) => r.symbolCode)).toEqual(["DDD", "EEE"]);
  });
  it("cuts the list to the limit", () => {
    expect(topMovers(rows, "gainers", 2).map((r) => r.symbolCode)).toEqual(["BBB", "FFF"]);
  });
  it("expands only the named list", () => {
    expect(expandedList("gainers")).toBe("gainers");
    expect(expandedList("losers")).toBe("losers");
    expect(expandedList("all")).toBeNull();
    expect(expandedList(null)).toBeNull();
  });
});

describe("the server-rendered chart draws the markers", () => {
  it("puts swing and key markers on their candles in the SVG", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { createElement } = await import("react");
    const { CandleSvg } = await import("~/components/charts/candle-svg");
    const candles = [candle(0, 10, 11, 9, 10), candle(1, 10, 12, 10, 11), candle(2, 11, 13, 10, 12), candle(3, 12, 14, 11, 13), candle(4, 13, 15, 12, 14), candle(5, 14, 14, 8, 8.5)];
    const markers = chartMarkers(candles, [{ label: "K1 BUY", price: 12.5, at: 2 * 60_000 }], true);
    const html = renderToStaticMarkup(createElement(CandleSvg, { candles, markers, intraday: true, title: "T" }));
    expect(html).toContain('data-marker="swing-high"');
    expect(html).toContain('data-marker="key" data-label="K1 BUY"');
    expect(html).toContain(">K1 BUY</text>");
  });
});
