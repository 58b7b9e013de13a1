import { describe, expect, it } from "vitest";
import { NEUTRAL_GAUGE, overviewGauge, sectorGauge } from "~/domain/gauges";

describe("sectorGauge (docs/product-rules.md R-D19)", () => {
  it("is 100 × up / (up + down), 2 decimals", () => {
    expect(sectorGauge([1.5, -0.25, 2])).toBe(66.67);
    expect(sectorGauge([3, 1, -2, -4])).toBe(50);
    expect(sectorGauge([0.05, 0.1])).toBe(100);
    expect(sectorGauge([-1])).toBe(0);
    expect(sectorGauge([1, -1, -1])).toBe(33.33);
  });
  it("ignores unchanged and missing values", () => {
    expect(sectorGauge([1, 0, 0, -1, null, undefined, Number.NaN])).toBe(50);
    expect(sectorGauge([2, 0, 0, 0])).toBe(100);
  });
  it("reads 50 when nothing moved", () => {
    expect(NEUTRAL_GAUGE).toBe(50);
    expect(sectorGauge([])).toBe(50);
    expect(sectorGauge([0, 0, -0])).toBe(50);
  });
});

describe("overviewGauge", () => {
  it("weights each symbol by the size of its change %", () => {
    expect(overviewGauge([2, -1])).toBe(66.67);
    expect(overviewGauge([0.5, -1.5])).toBe(25);
    expect(overviewGauge([3, -1, -1, -1])).toBe(50);
    // Counting would say 75 (3 up, 1 down); weighting says 3 / (3 + 3) = 50.
    expect(sectorGauge([1, 1, 1, -3])).toBe(75);
    expect(overviewGauge([1, 1, 1, -3])).toBe(50);
  });
  it("reads 50 when nothing moved", () => {
    expect(overviewGauge([])).toBe(50);
    expect(overviewGauge([0, null])).toBe(50);
  });
});
