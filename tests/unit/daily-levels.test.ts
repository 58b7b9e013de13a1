import { describe, expect, it } from "vitest";
import { dailyLevelSeries, type LevelBar } from "~/domain/daily-levels";

/** Sessions on consecutive dates from 2024-03-01 (the rule counts sessions, not calendar days). */
const bars = (n: number, close: (i: number) => number, spread = (i: number) => i % 3): LevelBar[] =>
  Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(2024, 2, 1 + i)).toISOString().slice(0, 10);
    return { tradingDate: d, close: close(i), high: close(i) + 1 + spread(i), low: close(i) - 1 - spread(i) };
  });

describe("dailyLevelSeries: MA, WA, MD, WD (docs/product-rules.md R-D18, docs/decisions/129)", () => {
  it("WA and WD from the 5th session, MA and MD from the 20th; null before", () => {
    const series = dailyLevelSeries(bars(21, (i) => 100 + i));
    const days = [...series.keys()];
    expect(days).toHaveLength(21);
    expect(series.get(days[3])).toEqual({ ma: null, wa: null, md: null, wd: null });
    const fifth = series.get(days[4])!;
    expect(fifth.wa).toBe(102); // (100 + 101 + 102 + 103 + 104) / 5
    expect(fifth.ma).toBeNull();
    expect(fifth.md).toBeNull();
    expect(series.get(days[18])!.ma).toBeNull();
    const twentieth = series.get(days[19])!;
    expect(twentieth.ma).toBe(109.5); // mean of 100..119
    expect(twentieth.wa).toBe(117); // mean of 115..119
  });

  it("MD and WD are the middle of the window's highest high and lowest low", () => {
    // Closes 100..119; highs close + 1 + (i % 3), lows close - 1 - (i % 3).
    const series = dailyLevelSeries(bars(20, (i) => 100 + i));
    const last = series.get("2024-03-20")!;
    // 20 sessions: highest high 119 + 1 + (19 % 3 = 1) = 121; lowest low 100 - 1 - 0 = 99.
    expect(last.md).toBe(110);
    // 5 sessions (i = 15..19): highest high 121 (i = 19: 119 + 1 + 1; i = 17: 117 + 1 + 2 = 120);
    // lowest low i = 15: 115 - 1 - 0 = 114. Middle (121 + 114) / 2.
    expect(last.wd).toBe(117.5);
  });

  it("a day's levels include its own bar, sort by date and round to paise", () => {
    const given = bars(5, (i) => [10.01, 10.02, 10.04, 10.05, 10.07][i], () => 0).reverse();
    const series = dailyLevelSeries(given);
    expect([...series.keys()]).toEqual(["2024-03-01", "2024-03-02", "2024-03-03", "2024-03-04", "2024-03-05"]);
    expect(series.get("2024-03-05")!.wa).toBe(10.04); // 50.19 / 5 = 10.038
    // A later bar for the same day replaces the earlier one.
    const corrected = dailyLevelSeries([...given, { tradingDate: "2024-03-05", close: 15.07, high: 16.07, low: 14.07 }]);
    expect(corrected.get("2024-03-05")!.wa).toBe(11.04);
  });
});
