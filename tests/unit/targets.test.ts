import { describe, expect, it } from "vitest";
import {
  CHART_DOWN_COLOUR,
  CHART_NEUTRAL_COLOUR,
  CHART_UP_COLOUR,
  keyLabelColour,
  keyLabelTone,
  referenceLineColour,
  referenceLineTone,
  targetsHit,
} from "~/domain/targets";

const points = [
  { id: 1, pointName: "MANDI_VISAMO_TARGET", price: 24_100 },
  { id: 2, pointName: "TEJI_VISAMO_TARGET", price: 24_500 },
  { id: 3, pointName: "MANDI_PRAVAH_POINT", price: 30_000 },
  { id: 4, pointName: "TEJI_PRAVAH_POINT", price: 1 },
  { id: 5, pointName: "MANDI_VISAMO_TARGET", price: 23_900 },
  { id: 6, pointName: "DAY_LOW", price: 24_300 },
];

describe("targetsHit (docs/product-rules.md R-D15)", () => {
  it("deletes MANDI at low <= price and TEJI at high >= price, including equality", () => {
    expect(targetsHit(points, { low: 24_100, high: 24_500 })).toEqual([1, 2]);
  });
  it("keeps targets the day has not reached", () => {
    expect(targetsHit(points, { low: 24_100.05, high: 24_499.95 })).toEqual([]);
  });
  it("hits every MANDI target at or above the low", () => {
    expect(targetsHit(points, { low: 23_850, high: 24_200 })).toEqual([1, 5]);
  });
  it("never deletes other point names, however far the range goes", () => {
    expect(targetsHit(points, { low: 0, high: 1_000_000 })).toEqual([1, 2, 5]);
  });
  it("matches names ignoring case and spaces, and keeps id types", () => {
    expect(
      targetsHit(
        [
          { id: "a", pointName: " teji_visamo_target ", price: 10 },
          { id: "b", pointName: "Mandi_Visamo_Target", price: 5 },
        ],
        { low: 5, high: 10 },
      ),
    ).toEqual(["a", "b"]);
  });
  it("ignores a missing day range", () => {
    expect(targetsHit(points, { low: Number.NaN, high: Number.NaN })).toEqual([]);
  });
});

describe("referenceLineColour", () => {
  it("is red when the name contains LOW, else green", () => {
    expect(referenceLineColour("DAY_LOW")).toBe("#ef5350");
    expect(referenceLineColour("LOW_RANGE")).toBe(CHART_DOWN_COLOUR);
    expect(referenceLineColour("week low")).toBe(CHART_DOWN_COLOUR);
    expect(referenceLineColour("TEJI_VISAMO_TARGET")).toBe("#26a69a");
    expect(referenceLineColour("MANDI_VISAMO_TARGET")).toBe(CHART_UP_COLOUR);
    expect(referenceLineColour("DAY_HIGH")).toBe(CHART_UP_COLOUR);
  });
});

describe("keyLabelColour", () => {
  it("is green for BUY, red for SELL, neutral otherwise", () => {
    expect(keyLabelColour("Chavi 1 BUY")).toBe(CHART_UP_COLOUR);
    expect(keyLabelColour("Chavi 1 SELL")).toBe(CHART_DOWN_COLOUR);
    expect(keyLabelColour("Chavi 1")).toBe(CHART_NEUTRAL_COLOUR);
    expect(keyLabelColour("")).toBe(CHART_NEUTRAL_COLOUR);
  });
  it("decides by the last word when the display name itself says BUY or SELL", () => {
    expect(keyLabelColour("Buyback SELL")).toBe(CHART_DOWN_COLOUR);
    expect(keyLabelColour("Sell-off BUY")).toBe(CHART_UP_COLOUR);
  });
  it("falls back to containing BUY or SELL", () => {
    expect(keyLabelColour("BUY zone")).toBe(CHART_UP_COLOUR);
    expect(keyLabelColour("SELL-side")).toBe(CHART_DOWN_COLOUR);
  });
});

describe("keyLabelTone and referenceLineTone (the page's text takes the theme's tone, the chart its colour)", () => {
  it("names the same side as the chart colour", () => {
    expect(keyLabelTone("Chavi 1 BUY")).toBe("up");
    expect(keyLabelTone("Buyback SELL")).toBe("down");
    expect(keyLabelTone("SELL-side")).toBe("down");
    expect(keyLabelTone("BUY zone")).toBe("up");
    expect(keyLabelTone("Chavi 1")).toBe("neutral");
    expect(referenceLineTone("week low")).toBe("down");
    expect(referenceLineTone("DAY_HIGH")).toBe("up");
  });
});
