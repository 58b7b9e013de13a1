import { describe, expect, it } from "vitest";
import { chartCount, defaultChartSymbols } from "~/domain/chart-layout";

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
