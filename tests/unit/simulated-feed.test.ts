import { afterEach, describe, expect, it, vi } from "vitest";
import { aggregateCandles } from "~/domain/candles";
import { istDateString, istWallTimeToEpochMs } from "~/domain/dates";
import type { FeedSymbol, FeedTick } from "~/market/feed";
import {
  annualVolatility,
  createSimulatedFeed,
  createTickSimulator,
  roundToTick,
  simulateMinuteBars,
} from "~/market/feeds/simulated.server";
import { isNseSessionOpen, tradingDaysBefore } from "~/domain/trading-calendar";

const SYMBOLS: FeedSymbol[] = [
  { symbolCode: "NIFTY-I", startPrice: 24000, step: 50 },
  { symbolCode: "RELIANCE", startPrice: 1300, step: 10 },
  { symbolCode: "SENSEX", startPrice: 79000, step: 100 },
  { symbolCode: "ITC", startPrice: 430.35, step: 2 },
];

/** A Wednesday (2026-03-11) at an IST wall time. */
const wednesday = (hour: number, minute: number, second = 0) => istWallTimeToEpochMs(2026, 3, 11, hour, minute, second);

function pricesBySymbol(batches: FeedTick[][]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const tick of batches.flat()) {
    const list = out.get(tick.symbolCode) ?? [];
    list.push(tick.price);
    out.set(tick.symbolCode, list);
  }
  return out;
}

function onTickGrid(price: number): boolean {
  return Math.abs(price * 20 - Math.round(price * 20)) < 1e-6;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("createTickSimulator", () => {
  it("repeats the same path for the same seed and symbols", () => {
    const a = createTickSimulator(SYMBOLS, { seed: 42 });
    const b = createTickSimulator(SYMBOLS, { seed: 42 });
    for (let i = 0; i < 200; i++) expect(b.next(1000 + i)).toEqual(a.next(1000 + i));
  });

  it("takes a different path for another seed", () => {
    const one = createTickSimulator(SYMBOLS, { seed: 42 });
    const other = createTickSimulator(SYMBOLS, { seed: 43 });
    const first = pricesBySymbol(Array.from({ length: 100 }, (_, i) => one.next(i)));
    const second = pricesBySymbol(Array.from({ length: 100 }, (_, i) => other.next(i)));
    expect(first.get("NIFTY-I")).not.toEqual(second.get("NIFTY-I"));
    expect(first.get("RELIANCE")).not.toEqual(second.get("RELIANCE"));
    expect(first.size).toBe(4);
  });

  it("gives a symbol the same prices whatever other symbols are simulated beside it", () => {
    const all = createTickSimulator(SYMBOLS, { seed: 7 });
    const alone = createTickSimulator([SYMBOLS[1]], { seed: 7 });
    const fromAll = pricesBySymbol(Array.from({ length: 300 }, (_, i) => all.next(i))).get("RELIANCE");
    const fromAlone = pricesBySymbol(Array.from({ length: 300 }, (_, i) => alone.next(i))).get("RELIANCE");
    expect(fromAlone).toEqual(fromAll);
  });

  it("follows the active symbols: a symbol kept walks on undisturbed, a new one starts its own path, a dropped one stops", () => {
    const followed = createTickSimulator([SYMBOLS[1]], { seed: 7 });
    const steady = createTickSimulator([SYMBOLS[1]], { seed: 7 });
    const before = Array.from({ length: 100 }, (_, i) => followed.next(i));
    steady.next(-1);
    Array.from({ length: 99 }, (_, i) => steady.next(i + 1));
    followed.follow([SYMBOLS[1], SYMBOLS[3]]);
    const after = Array.from({ length: 200 }, (_, i) => followed.next(100 + i));
    const steadyAfter = Array.from({ length: 200 }, (_, i) => steady.next(100 + i));
    expect(pricesBySymbol(after).get("RELIANCE")).toEqual(pricesBySymbol(steadyAfter).get("RELIANCE"));
    expect(pricesBySymbol(before).has("ITC")).toBe(false);
    expect(pricesBySymbol(after).get("ITC")!.length).toBeGreaterThan(50);
    // ITC's path is its own seeded one, as if it had been there from the start.
    const itcAlone = createTickSimulator([SYMBOLS[3]], { seed: 7 });
    expect(pricesBySymbol(after).get("ITC")).toEqual(pricesBySymbol(Array.from({ length: 200 }, (_, i) => itcAlone.next(i))).get("ITC"));

    followed.follow([SYMBOLS[3]]);
    expect(pricesBySymbol(Array.from({ length: 50 }, (_, i) => followed.next(300 + i))).has("RELIANCE")).toBe(false);
  });

  it("prints on NSE's 0.05 tick with bid and ask one tick around the price and a positive LTQ", () => {
    const simulator = createTickSimulator(SYMBOLS, { seed: 1 });
    const ticks = Array.from({ length: 500 }, (_, i) => simulator.next(i)).flat();
    expect(ticks.length).toBeGreaterThan(1000);
    for (const tick of ticks) {
      expect(onTickGrid(tick.price)).toBe(true);
      expect(tick.bid).toBeCloseTo(tick.price - 0.05, 9);
      expect(tick.ask).toBeCloseTo(tick.price + 0.05, 9);
      // A spot index is not traded itself (as the seeded SENSEX bar has no volume).
      if (tick.symbolCode === "SENSEX") expect(tick.volume).toBe(0);
      else expect(tick.volume).toBeGreaterThanOrEqual(1);
    }
  });

  it("ticks a random subset of symbols in each interval", () => {
    const simulator = createTickSimulator(SYMBOLS, { seed: 5 });
    const sizes = Array.from({ length: 400 }, (_, i) => simulator.next(i).length);
    expect(new Set(sizes).size).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(SYMBOLS.length);
    // Stocks print in about 60 % of intervals, indices in about 90 %.
    const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
    expect(mean).toBeGreaterThan(2.6);
    expect(mean).toBeLessThan(3.4);
  });

  it("moves at the annual volatility scaled to the tick interval", () => {
    const intervalMs = 250;
    const simulator = createTickSimulator([SYMBOLS[0], SYMBOLS[1]], { seed: 11, tickIntervalMs: intervalMs });
    const prices = pricesBySymbol(Array.from({ length: 40_000 }, (_, i) => simulator.next(i)));
    for (const [code, activity] of [
      ["NIFTY-I", 0.9],
      ["RELIANCE", 0.6],
    ] as const) {
      const series = prices.get(code) as number[];
      const returns = series.slice(1).map((p, i) => Math.log(p / series[i]));
      const sd = Math.sqrt(returns.reduce((s, r) => s + r * r, 0) / returns.length);
      const expected = annualVolatility(code) * Math.sqrt(intervalMs / 1000 / activity / (252 * 375 * 60));
      expect(sd / expected).toBeGreaterThan(0.9);
      expect(sd / expected).toBeLessThan(1.1);
    }
    expect(annualVolatility("NIFTY-I")).toBe(0.15);
    expect(annualVolatility("SENSEX")).toBe(0.15);
    expect(annualVolatility("RELIANCE")).toBeGreaterThanOrEqual(0.25);
    expect(annualVolatility("RELIANCE")).toBeLessThanOrEqual(0.3);
  });
});

describe("createSimulatedFeed", () => {
  it("emits one batch per interval and stops on stop()", async () => {
    vi.useFakeTimers();
    const batches: FeedTick[][] = [];
    const feed = createSimulatedFeed({ seed: 3, tickIntervalMs: 250 });
    feed.start(SYMBOLS, (ticks) => batches.push(ticks));
    vi.advanceTimersByTime(2_500);
    const emitted = batches.length;
    expect(emitted).toBeGreaterThanOrEqual(9);
    expect(emitted).toBeLessThanOrEqual(10);
    await feed.stop();
    vi.advanceTimersByTime(2_500);
    expect(batches.length).toBe(emitted);
  });

  it("gives the n-th tick of each symbol the same price whatever the clock and timer timing", () => {
    vi.useFakeTimers();
    const regular: FeedTick[][] = [];
    createSimulatedFeed({ seed: 99 }).start(SYMBOLS, (t) => regular.push(t));
    vi.advanceTimersByTime(250 * 200);

    // Another run: a clock that jumps about, timers advanced in uneven steps, and an exchange-hours
    // feed that starts closed: nothing is drawn while closed, so the path only resumes later.
    let clock = wednesday(9, 14, 50);
    const irregular: FeedTick[][] = [];
    createSimulatedFeed({ seed: 99, hours: "exchange", now: () => clock }).start(SYMBOLS, (t) => irregular.push(t));
    vi.advanceTimersByTime(5_000);
    expect(irregular).toHaveLength(0);
    clock = wednesday(9, 15);
    for (let i = 0; i < 60; i++) {
      clock += 1_234 * (i % 3);
      vi.advanceTimersByTime(250 * (1 + (i % 7)));
    }
    const a = pricesBySymbol(regular);
    const b = pricesBySymbol(irregular);
    for (const { symbolCode } of SYMBOLS) {
      const n = Math.min(a.get(symbolCode)!.length, b.get(symbolCode)!.length);
      expect(n).toBeGreaterThan(50);
      expect(b.get(symbolCode)!.slice(0, n)).toEqual(a.get(symbolCode)!.slice(0, n));
    }
  });

  it("ticks only 09:15-15:30 IST on trading days in exchange mode", () => {
    vi.useFakeTimers();
    let clock = 0;
    let holiday: string | null = null;
    const batches: FeedTick[][] = [];
    const feed = createSimulatedFeed({
      seed: 1,
      hours: "exchange",
      now: () => clock,
      isTradingDay: (ymd) => ymd !== holiday,
    });
    feed.start(SYMBOLS, (t) => batches.push(t));
    const emitsAt = (time: number) => {
      clock = time;
      const before = batches.length;
      vi.advanceTimersByTime(1_000);
      return batches.length > before;
    };
    expect(emitsAt(wednesday(9, 14, 59))).toBe(false);
    expect(emitsAt(wednesday(9, 15, 0))).toBe(true);
    expect(emitsAt(wednesday(15, 29, 59))).toBe(true);
    expect(emitsAt(wednesday(15, 30, 0))).toBe(false);
    expect(emitsAt(wednesday(3, 0, 0))).toBe(false);
    // Saturday and Sunday, even though the callback would accept them.
    expect(emitsAt(istWallTimeToEpochMs(2026, 3, 14, 11, 0))).toBe(false);
    expect(emitsAt(istWallTimeToEpochMs(2026, 3, 15, 11, 0))).toBe(false);
    holiday = "2026-03-11";
    expect(emitsAt(wednesday(11, 0))).toBe(false);
    holiday = null;
    expect(emitsAt(wednesday(11, 0))).toBe(true);
  });

  it("ticks at any hour in always mode (the demo)", () => {
    vi.useFakeTimers();
    const batches: FeedTick[][] = [];
    const feed = createSimulatedFeed({ seed: 1, now: () => istWallTimeToEpochMs(2026, 3, 14, 2, 0) });
    feed.start(SYMBOLS, (t) => batches.push(t));
    vi.advanceTimersByTime(1_000);
    expect(batches.length).toBeGreaterThan(0);
    expect(batches[0][0].time).toBe(istWallTimeToEpochMs(2026, 3, 14, 2, 0));
  });

  it("refuses a seed that is not an integer", () => {
    expect(() => createSimulatedFeed({ seed: 1.5 })).toThrow(/integer/);
  });
});

describe("isNseSessionOpen", () => {
  it("opens at 09:15:00.000 and closes at 15:30:00.000 IST", () => {
    expect(isNseSessionOpen(wednesday(9, 14, 59))).toBe(false);
    expect(isNseSessionOpen(wednesday(9, 15, 0) - 1)).toBe(false);
    expect(isNseSessionOpen(wednesday(9, 15, 0))).toBe(true);
    expect(isNseSessionOpen(wednesday(15, 30, 0) - 1)).toBe(true);
    expect(isNseSessionOpen(wednesday(15, 30, 0))).toBe(false);
  });
});

describe("simulateMinuteBars", () => {
  const days = tradingDaysBefore("2026-03-12", 5);

  it("makes 375 consistent one-minute candles per day from 09:15 to 15:29 IST", () => {
    const bars = simulateMinuteBars({ symbolCode: "NIFTY-I", startPrice: 24000, seed: 9, days });
    expect(days).toEqual(["2026-03-05", "2026-03-06", "2026-03-09", "2026-03-10", "2026-03-11"]);
    expect(bars).toHaveLength(5 * 375);
    days.forEach((day, d) => {
      const [y, m, dd] = day.split("-").map(Number);
      expect(bars[d * 375].time).toBe(istWallTimeToEpochMs(y, m, dd, 9, 15));
      expect(bars[d * 375 + 374].time).toBe(istWallTimeToEpochMs(y, m, dd, 15, 29));
    });
    for (let i = 1; i < bars.length; i++) expect(bars[i].time).toBeGreaterThan(bars[i - 1].time);
    for (const bar of bars) {
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
      expect(bar.volume).toBeGreaterThan(0);
      for (const p of [bar.open, bar.high, bar.low, bar.close]) expect(onTickGrid(p)).toBe(true);
    }
    expect(bars[0].open).toBe(24000);
  });

  it("opens each day near the previous close, within a realistic day's range", () => {
    const bars = simulateMinuteBars({ symbolCode: "RELIANCE", startPrice: 1300, seed: 4, days });
    const daily = aggregateCandles(bars, "D1");
    expect(daily.map((d) => istDateString(d.time))).toEqual(days);
    for (let d = 1; d < daily.length; d++) {
      expect(Math.abs(daily[d].open / daily[d - 1].close - 1)).toBeLessThan(0.02);
    }
    for (const day of daily) {
      const range = (day.high - day.low) / day.open;
      expect(range).toBeGreaterThan(0.002);
      expect(range).toBeLessThan(0.08);
    }
  });

  it("is deterministic for the seed and differs for another", () => {
    const options = { symbolCode: "NIFTY-I", startPrice: 24000, days };
    expect(simulateMinuteBars({ ...options, seed: 1 })).toEqual(simulateMinuteBars({ ...options, seed: 1 }));
    expect(simulateMinuteBars({ ...options, seed: 1 })).not.toEqual(simulateMinuteBars({ ...options, seed: 2 }));
  });

  it("reproduces a target day exactly and leads into it without a jump", () => {
    const target = { open: 24120.5, high: 24310, low: 23950.25, close: 24005.75, volume: 150_000 };
    const bars = simulateMinuteBars({
      symbolCode: "NIFTY-I",
      startPrice: 22000,
      seed: 8,
      days,
      dayTargets: { "2026-03-11": target },
    });
    const daily = aggregateCandles(bars, "D1");
    const last = daily[daily.length - 1];
    expect({ open: last.open, high: last.high, low: last.low, close: last.close, volume: last.volume }).toEqual(target);
    // The free days are tilted towards the target's open: no 9 % gap from 22000.
    expect(Math.abs(target.open / daily[daily.length - 2].close - 1)).toBeLessThan(0.015);
    for (const bar of bars) {
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
    }
  });

  it("reproduces a target day that closes where it opened, volume split in whole units", () => {
    const target = { open: 100, high: 103, low: 97, close: 100, volume: 375 };
    const bars = simulateMinuteBars({ symbolCode: "ITC", startPrice: 100, seed: 2, days: ["2026-03-11"], dayTargets: { "2026-03-11": target } });
    const [day] = aggregateCandles(bars, "D1");
    expect(day).toMatchObject(target);
    expect(bars.every((b) => Number.isInteger(b.volume) && b.volume >= 0)).toBe(true);
    expect(bars.reduce((sum, b) => sum + b.volume, 0)).toBe(375);
  });

  it("rounds to the 0.05 tick without float noise", () => {
    expect(roundToTick(24000.024)).toBe(24000);
    expect(roundToTick(24000.026)).toBe(24000.05);
    expect(roundToTick(0.1 + 0.2)).toBe(0.3);
  });
});
