import { describe, expect, it } from "vitest";
import { formatNumber, formatPercent, formatRupees, MISSING_VALUE } from "~/domain/format";

describe("formatRupees", () => {
  it("groups digits the Indian way with 2 decimals", () => {
    expect(formatRupees(100000)).toBe("1,00,000.00");
    expect(formatRupees(12345678.9)).toBe("1,23,45,678.90");
    expect(formatRupees(999.999)).toBe("1,000.00");
    expect(formatRupees(0)).toBe("0.00");
    expect(formatRupees(12.5)).toBe("12.50");
  });
  it("keeps the minus sign of negatives", () => {
    expect(formatRupees(-1234567.891)).toBe("-12,34,567.89");
    expect(formatRupees(-100000)).toBe("-1,00,000.00");
    expect(formatRupees(-0.5)).toBe("-0.50");
  });
  it("never shows a negative zero", () => {
    expect(formatRupees(-0)).toBe("0.00");
    expect(formatRupees(-0.001)).toBe("0.00");
  });
  it("shows a dash for missing values", () => {
    expect(MISSING_VALUE).toBe("—");
    expect(formatRupees(null)).toBe("—");
    expect(formatRupees(undefined)).toBe("—");
    expect(formatRupees(Number.NaN)).toBe("—");
    expect(formatRupees(Number.POSITIVE_INFINITY)).toBe("—");
  });
});

describe("formatNumber", () => {
  it("uses the given number of decimals", () => {
    expect(formatNumber(1234.5678)).toBe("1,234.57");
    expect(formatNumber(1234.5678, 3)).toBe("1,234.568");
    expect(formatNumber(1234567, 0)).toBe("12,34,567");
    expect(formatNumber(-0.4, 0)).toBe("0");
  });
  it("rejects a bad decimals count", () => {
    expect(() => formatNumber(1, -1)).toThrow(RangeError);
    expect(() => formatNumber(1, 1.5)).toThrow(RangeError);
  });
  it("shows a dash for missing values", () => {
    expect(formatNumber(null, 0)).toBe("—");
  });
});

describe("formatPercent", () => {
  it("writes a percentage with 2 decimals", () => {
    expect(formatPercent(1.234)).toBe("1.23%");
    expect(formatPercent(-0.5)).toBe("-0.50%");
    expect(formatPercent(0)).toBe("0.00%");
    expect(formatPercent(12345.6)).toBe("12,345.60%");
  });
  it("shows a dash for missing values", () => {
    expect(formatPercent(undefined)).toBe("—");
    expect(formatPercent(Number.NaN)).toBe("—");
  });
});
