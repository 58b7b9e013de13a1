import { describe, expect, it } from "vitest";
import { chartLines } from "~/domain/chart-lines";

const base = {
  points: [
    { pointName: "MANDI_VISAMO_TARGET", displayName: "Mandi", price: 23_500 },
    { pointName: "WEEK_LOW", displayName: "", price: 23_800 },
    { pointName: "TEJI_VISAMO_TARGET", displayName: "Teji", price: 24_500 },
  ],
  prevClose: 24_000,
  levels: { ma: 24_100, md: 23_900, wa: null, wd: 24_050 },
  daglu: { per: 1, fromPer: 0.5, toPer: 1.5 },
};

describe("chartLines", () => {
  it("draws targets (red for LOW names, green otherwise) and the previous close by default", () => {
    const lines = chartLines({ ...base, settings: {} });
    expect(lines).toEqual([
      { label: "Mandi", price: 23_500, colour: "#26a69a" },
      { label: "WEEK_LOW", price: 23_800, colour: "#ef5350" },
      { label: "Teji", price: 24_500, colour: "#26a69a" },
      { label: "Prev Close", price: 24_000, colour: "#64748b" },
    ]);
  });
  it("hides targets when Show Targets is off and adds the levels that are switched on", () => {
    const lines = chartLines({ ...base, settings: { "Show Targets": "false", MA: "true", WA: "true", WD: "false" } });
    expect(lines.map((l) => l.label)).toEqual(["Prev Close", "MA"]); // WA has no value, WD is off
  });
  it("draws Daglu lines from the previous close when Daglu is on", () => {
    const lines = chartLines({ ...base, settings: { "Show Targets": "false", Daglu: "true" } });
    expect(lines.filter((l) => l.label.startsWith("Daglu")).map((l) => l.price)).toEqual([24_240, 23_760, 24_120, 24_360]);
  });
});
