import { describe, expect, it } from "vitest";
import type { Candle } from "~/domain/candles";
import {
  bollingerValues,
  computeStudies,
  macdValues,
  movingAverageValues,
  rsiValues,
  studyLineLabels,
  volumeAverageValues,
  vwapValues,
} from "~/domain/studies";
import { STUDY_NAMES } from "~/domain/user-settings";

// Wilder's worked RSI example (the closes of StockCharts' "RSI" ChartSchool sheet). The expected
// values below were computed independently (a plain Wilder average in Python, unrounded
// averages; StockCharts' sheet shows 70.53 for the first because it rounds the averages).
const CLOSES = [
  44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28, 46.0, 46.03, 46.41, 46.22, 45.64, 46.21, 46.25, 45.71, 46.45,
  45.78, 45.35, 44.03, 44.18, 44.22, 44.57, 43.42, 42.66, 43.13,
];
const DAY = 86_400_000;
const T0 = Date.parse("2024-01-01T00:00:00+05:30");
const candlesOf = (closes: readonly number[], volume = 1000): Candle[] =>
  closes.map((close, i) => ({ time: T0 + i * DAY, open: close, high: close + 0.5, low: close - 0.5, close, volume }));
const CANDLES = candlesOf(CLOSES);
const round = (values: (number | null)[], digits: number) => values.map((v) => (v === null ? null : Number(v.toFixed(digits))));

describe("studies (docs/decisions/129)", () => {
  it("simple moving average: none before the period's candle, then the mean of the last closes", () => {
    const sma5 = movingAverageValues(CANDLES, 5);
    expect(sma5.slice(0, 4)).toEqual([null, null, null, null]);
    expect(round(sma5, 4).slice(4, 10)).toEqual([44.104, 44.202, 44.404, 44.658, 45.104, 45.454]);
    expect(round(sma5, 4).at(-1)).toBe(43.6);
    // The chart's default period: nothing until the 20th candle.
    const sma20 = movingAverageValues(CANDLES);
    expect(sma20.slice(0, 19).every((v) => v === null)).toBe(true);
    expect(sma20[19]).toBeCloseTo(CLOSES.slice(0, 20).reduce((a, b) => a + b, 0) / 20, 8);
  });

  it("RSI 14 (Wilder): the first value on the 15th close, then the worked example's values", () => {
    const rsi = rsiValues(CANDLES);
    expect(rsi.slice(0, 14).every((v) => v === null)).toBe(true);
    expect(round(rsi, 2).slice(14)).toEqual([
      70.46, 66.25, 66.48, 69.35, 66.29, 57.92, 62.88, 63.21, 56.01, 62.34, 54.67, 50.39, 40.02, 41.49, 41.9, 45.5, 37.32, 33.09, 37.79,
    ]);
  });

  it("RSI is 100 when nothing fell in the period", () => {
    const rising = candlesOf(Array.from({ length: 16 }, (_, i) => 100 + i));
    expect(rsiValues(rising).at(-1)).toBe(100);
  });

  it("Bollinger Bands 20, 2: SMA 20 +/- twice the population standard deviation", () => {
    const bb = bollingerValues(CANDLES, { period: 20, deviations: 2 });
    expect(bb.upper.slice(0, 19).every((v) => v === null)).toBe(true);
    expect(Number(bb.lower[19]!.toFixed(4))).toBe(43.7027);
    expect(Number(bb.middle[19]!.toFixed(4))).toBe(45.409);
    expect(Number(bb.upper[19]!.toFixed(4))).toBe(47.1153);
    expect(Number(bb.lower.at(-1)!.toFixed(4))).toBe(42.8618);
    expect(Number(bb.upper.at(-1)!.toFixed(4))).toBe(47.6202);
  });

  it("MACD: the line from the slow period's candle, signal and histogram once the signal has its period", () => {
    const m = macdValues(CANDLES, { fast: 3, slow: 6, signal: 4 });
    expect(m.macd.slice(0, 5)).toEqual([null, null, null, null, null]);
    // EMA(3) - EMA(6), both seeded with the first close (trading-signals' EMA), checked in Python.
    expect(round(m.macd, 4).slice(5, 13)).toEqual([0.1384, 0.2335, 0.3027, 0.3742, 0.3977, 0.3085, 0.2626, 0.1187]);
    expect(m.signal.slice(0, 8).every((v) => v === null)).toBe(true);
    expect(round(m.signal, 4).slice(8, 13)).toEqual([0.2858, 0.3306, 0.3218, 0.2981, 0.2263]);
    expect(m.histogram[8]!).toBeCloseTo(m.macd[8]! - m.signal[8]!, 8);
    expect(m.histogram[8]!).toBeCloseTo(0.3742 - 0.2858, 3);
    // The default 12, 26, 9: the MACD line on the 26th candle, its signal on the 34th.
    const longer = candlesOf([...CLOSES, ...CLOSES.map((c) => c + 1)]);
    const d = macdValues(longer);
    expect(d.macd.findIndex((v) => v !== null)).toBe(25);
    expect(d.signal.findIndex((v) => v !== null)).toBe(33);
    expect(d.histogram.findIndex((v) => v !== null)).toBe(33);
  });

  it("VWAP: typical price weighted by volume, starting again each IST session intraday", () => {
    const at = (ist: string) => Date.parse(`${ist}+05:30`);
    const bars: Candle[] = [
      { time: at("2024-07-08T15:15:00"), open: 10, high: 12, low: 9, close: 11, volume: 100 }, // tp 32/3
      { time: at("2024-07-08T15:20:00"), open: 11, high: 14, low: 10, close: 12, volume: 300 }, // tp 12
      { time: at("2024-07-08T15:25:00"), open: 12, high: 12, low: 12, close: 12, volume: 0 }, // no volume: keeps the value
      { time: at("2024-07-09T09:15:00"), open: 20, high: 21, low: 19, close: 20, volume: 50 }, // next session: tp 20
    ];
    const expectedFirst = ((32 / 3) * 100) / 100;
    const expectedSecond = ((32 / 3) * 100 + 12 * 300) / 400;
    const intraday = vwapValues(bars, true);
    expect(intraday[0]).toBeCloseTo(expectedFirst, 8);
    expect(intraday[1]).toBeCloseTo(expectedSecond, 8);
    expect(intraday[2]).toBeCloseTo(expectedSecond, 8);
    expect(intraday[3]).toBe(20);
    // Daily and longer: one anchor at the first candle, no reset.
    expect(vwapValues(bars, false)[3]).toBeCloseTo(((32 / 3) * 100 + 12 * 300 + 20 * 50) / 450, 8);
    // No volume yet (an index): no value.
    expect(vwapValues(candlesOf([1, 2, 3], 0), true)).toEqual([null, null, null]);
  });

  it("the Volume study's line is the 20-candle average of volume", () => {
    const bars = CANDLES.map((c, i) => ({ ...c, volume: (i + 1) * 10 }));
    const v = volumeAverageValues(bars);
    expect(v.slice(0, 19).every((x) => x === null)).toBe(true);
    expect(v[19]).toBe(105); // (10 + ... + 200) / 20
  });

  it("computeStudies draws each option of the setting where a trader looks for it, aligned with the candles", () => {
    const none = computeStudies(CANDLES, [], { intraday: false });
    expect(none).toEqual({ overlays: [], volume: [], panes: [] });
    const all = computeStudies(CANDLES, STUDY_NAMES, { intraday: false });
    expect(all.overlays.map((l) => l.study)).toEqual(["Moving Average", "Bollinger Bands", "Bollinger Bands", "Bollinger Bands", "VWAP"]);
    expect(all.volume.map((l) => l.label)).toEqual(["Volume MA 20"]);
    expect(all.panes.map((p) => p.label)).toEqual(["RSI 14", "MACD 12 26 9"]);
    expect(all.panes[0].range).toEqual({ min: 0, max: 100 });
    expect(all.panes[0].guides).toEqual([30, 70]);
    for (const line of [...all.overlays, ...all.volume, ...all.panes.flatMap((p) => p.lines)]) expect(line.values).toHaveLength(CANDLES.length);
    // Every option of the setting gives at least one line.
    for (const name of STUDY_NAMES) expect(studyLineLabels(computeStudies(CANDLES, [name], { intraday: false })).length).toBeGreaterThan(0);
    // Only what is asked for; unknown names are ignored.
    const rsiOnly = computeStudies(CANDLES, ["RSI", "Ichimoku"], { intraday: false });
    expect(studyLineLabels(rsiOnly)).toEqual(["RSI 14"]);
  });

  it("a live candle moving changes only the last values (the studies follow the chart's candles)", () => {
    const before = computeStudies(CANDLES, ["Moving Average"], { intraday: false }).overlays[0].values;
    const moved = CANDLES.map((c, i) => (i === CANDLES.length - 1 ? { ...c, close: c.close + 2 } : c));
    const after = computeStudies(moved, ["Moving Average"], { intraday: false }).overlays[0].values;
    expect(after.slice(0, -1)).toEqual(before.slice(0, -1));
    expect(after.at(-1)! - before.at(-1)!).toBeCloseTo(2 / 20, 8);
  });
});
