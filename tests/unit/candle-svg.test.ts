// The server-drawn chart's candles as paths: every candle is drawn once, in its colour, where
// the price scale puts it.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { candlePaths, CandleSvg } from "~/components/charts/candle-svg";

const candle = (time: number, open: number, high: number, low: number, close: number, volume = 100) => ({ time, open, high, low, close, volume });

describe("candlePaths", () => {
  // One price unit is one pixel, downwards from 200.
  const geometry = { step: 10, body: 6, y: (p: number) => 200 - p, volumeTop: 300, volumeH: 50, maxVolume: 200 };

  it("draws each candle once, rising ones (close at or above open) in the up paths", () => {
    const candles = [candle(1, 10, 15, 8, 12), candle(2, 12, 13, 9, 10), candle(3, 10, 11, 9, 10)];
    const { up, down } = candlePaths(candles, geometry);
    expect(up.count).toBe(2);
    expect(down.count).toBe(1);
    expect(up.bodies.match(/z/g)).toHaveLength(2);
    expect(down.bodies.match(/z/g)).toHaveLength(1);
    expect(up.wicks.match(/M/g)).toHaveLength(2);
    expect(down.volumes.match(/z/g)).toHaveLength(1);
  });

  it("puts the wick from high to low and the body from the higher to the lower of open and close", () => {
    const { up, down } = candlePaths([candle(1, 10, 15, 8, 12, 200)], geometry);
    // x = left pad (8) + half a step (5) = 13; high 15 -> y 185, low 8 -> y 192.
    expect(up.wicks).toBe("M13 185V192");
    // Body: x 13 - 3 = 10, top y(12) = 188, height y(10) - y(12) = 2, width 6.
    expect(up.bodies).toBe("M10 188h6v2h-6z");
    // Full volume: the whole 50 px band, from 300 to 350.
    expect(up.volumes).toBe("M10 300h6v50h-6z");
    expect(down.bodies).toBe("");
  });

  it("gives a flat candle a body one pixel high", () => {
    const { up } = candlePaths([candle(1, 10, 10, 10, 10)], geometry);
    expect(up.bodies).toBe("M10 190h6v1h-6z");
  });
});

describe("CandleSvg line labels (docs/decisions/127)", () => {
  it("never draws one line's label over another's: Pivot and Prev Close at one price, Daglu near Week Low", () => {
    const candles = [candle(1, 100, 110, 95, 105), candle(2, 105, 112, 101, 108)];
    const lines = [
      { label: "Pivot", price: 104, colour: "#16a34a" },
      { label: "Prev Close", price: 104, colour: "#64748b" },
      { label: "Week Low", price: 96, colour: "#dc2626" },
      { label: "Daglu -", price: 96.1, colour: "#ef5350" },
    ];
    const html = renderToStaticMarkup(createElement(CandleSvg, { candles, lines, intraday: true, title: "T" }));
    const ys = [...html.matchAll(/<text[^>]*y="([\d.]+)"[^>]*data-line-label="([^"]+)"/g)].map((m) => Number(m[1]));
    expect(ys).toHaveLength(4);
    const sorted = [...ys].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i] - sorted[i - 1]).toBeGreaterThanOrEqual(13);
  });
});
