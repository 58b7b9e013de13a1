import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  aggregateCandles,
  BUCKET_SIZES_MINUTES,
  bucketStart,
  bucketTicks,
  type Candle,
  CHART_PAGE_TIMEFRAMES,
  CHART_UTC_OFFSET_SECONDS,
  DEFAULT_CHART_PAGE_TIMEFRAME,
  fromChartTime,
  isTimeframeId,
  mergeTickIntoCandle,
  type Tick,
  TIMEFRAMES,
  timeframeById,
  chartPageTimeframeOptions,
  type TimeframeId,
  toChartTime,
} from "~/domain/candles";
import { dedupeMinuteBars, parseMinuteCsv } from "~/market/minute-csv.server";
import { FIXTURES, SHARED_DATA } from "../support/market";


/** Epoch ms of an IST wall-clock time, e.g. ist("2024-07-08 09:15") (independent of the code under test). */
const ist = (text: string) => Date.parse(`${text.replace(" ", "T")}+05:30`);
const MIN = 60_000;

describe("bucketStart (docs/product-rules.md R-D13, counted from the 09:15 session open: docs/decisions/127)", () => {
  it("starts 15-minute buckets at 09:15 IST", () => {
    expect(bucketStart(ist("2024-07-08 09:15:00"), 15)).toBe(ist("2024-07-08 09:15:00"));
    expect(bucketStart(ist("2024-07-08 09:29:59.999"), 15)).toBe(ist("2024-07-08 09:15:00"));
    expect(bucketStart(ist("2024-07-08 09:30:00"), 15)).toBe(ist("2024-07-08 09:30:00"));
  });
  it("puts 09:14:59.999 IST in the 09:00 bucket and 09:15:00 in the 09:15 one", () => {
    expect(bucketStart(ist("2024-07-08 09:14:59.999"), 15)).toBe(ist("2024-07-08 09:00:00"));
    expect(bucketStart(ist("2024-07-08 09:15:00.000"), 15)).toBe(ist("2024-07-08 09:15:00"));
  });
  it("aligns 3 and 5 minute buckets to the IST clock, which the session's 09:15 is on", () => {
    expect(bucketStart(ist("2024-07-08 09:17:59"), 3)).toBe(ist("2024-07-08 09:15"));
    expect(bucketStart(ist("2024-07-08 09:18:00"), 3)).toBe(ist("2024-07-08 09:18"));
    expect(bucketStart(ist("2024-07-08 09:19:59"), 5)).toBe(ist("2024-07-08 09:15"));
    expect(bucketStart(ist("2024-07-08 09:20:00"), 5)).toBe(ist("2024-07-08 09:20"));
  });
  // Rule changed by docs/decisions/127: these started at IST clock multiples (09:00, 08:00, 12:00).
  it("starts 30 and 60 minute buckets at 09:15, 09:45 … and 09:15, 10:15 … 15:15", () => {
    expect(bucketStart(ist("2024-07-08 09:15"), 30)).toBe(ist("2024-07-08 09:15"));
    expect(bucketStart(ist("2024-07-08 09:44:59"), 30)).toBe(ist("2024-07-08 09:15"));
    expect(bucketStart(ist("2024-07-08 09:45"), 30)).toBe(ist("2024-07-08 09:45"));
    expect(bucketStart(ist("2024-07-08 09:15"), 60)).toBe(ist("2024-07-08 09:15"));
    expect(bucketStart(ist("2024-07-08 10:00"), 60)).toBe(ist("2024-07-08 09:15"));
    expect(bucketStart(ist("2024-07-08 10:15"), 60)).toBe(ist("2024-07-08 10:15"));
    expect(bucketStart(ist("2024-07-08 15:29:59"), 60)).toBe(ist("2024-07-08 15:15"));
  });
  it("starts 2-hour buckets at 09:15, 11:15, 13:15, 15:15 and 4-hour ones at 09:15 and 13:15", () => {
    expect(bucketStart(ist("2024-07-08 09:15"), 120)).toBe(ist("2024-07-08 09:15"));
    expect(bucketStart(ist("2024-07-08 11:14:59"), 120)).toBe(ist("2024-07-08 09:15"));
    expect(bucketStart(ist("2024-07-08 11:15"), 120)).toBe(ist("2024-07-08 11:15"));
    expect(bucketStart(ist("2024-07-08 15:29"), 120)).toBe(ist("2024-07-08 15:15"));
    expect(bucketStart(ist("2024-07-08 09:15"), 240)).toBe(ist("2024-07-08 09:15"));
    expect(bucketStart(ist("2024-07-08 12:00"), 240)).toBe(ist("2024-07-08 09:15"));
    expect(bucketStart(ist("2024-07-08 13:15"), 240)).toBe(ist("2024-07-08 13:15"));
    expect(bucketStart(ist("2024-07-08 15:29"), 240)).toBe(ist("2024-07-08 13:15"));
  });
  it("runs the same grid on every day, so each session's buckets start at 09:15 IST for every size", () => {
    for (const day of ["2024-07-08", "2024-07-09", "2024-12-31", "2025-01-01"]) {
      for (const size of BUCKET_SIZES_MINUTES) {
        expect(bucketStart(ist(`${day} 09:15`), size)).toBe(ist(`${day} 09:15`));
        expect(bucketStart(ist(`${day} 09:15`) - 1, size)).toBe(ist(`${day} 09:15`) - size * MIN);
      }
    }
  });
  it("always returns the bucket holding the instant", () => {
    for (const size of BUCKET_SIZES_MINUTES) {
      for (let t = ist("2024-07-08 00:00"); t < ist("2024-07-09 00:00"); t += 7 * MIN + 13_000) {
        const start = bucketStart(t, size);
        expect(start).toBeLessThanOrEqual(t);
        expect(t).toBeLessThan(start + size * MIN);
        // Bucket starts are whole multiples of the size counted from the 09:15 IST open.
        expect(Math.abs((start - ist("2024-07-08 09:15")) % (size * MIN))).toBe(0);
      }
    }
  });
  it("rejects unsupported sizes", () => {
    expect(() => bucketStart(0, 7)).toThrow(RangeError);
    expect(() => bucketStart(0, 0)).toThrow(RangeError);
    expect(() => bucketStart(0, 1440)).toThrow(RangeError);
  });
});

describe("bucketTicks", () => {
  const ticks: Tick[] = [
    { time: ist("2024-07-08 09:16:10"), price: 101, volume: 5 },
    { time: ist("2024-07-08 09:15:00"), price: 100, volume: 10 },
    { time: ist("2024-07-08 09:29:59.999"), price: 99.5 },
    { time: ist("2024-07-08 09:20:00"), price: 103.25, volume: 1 },
    { time: ist("2024-07-08 09:30:00"), price: 98, volume: 7 },
    { time: ist("2024-07-08 09:14:59.999"), price: 97, volume: 2 },
  ];
  it("opens on the first tick, closes on the last, high/low from tick prices, volume summed", () => {
    expect(bucketTicks(ticks, 15)).toEqual<Candle[]>([
      { time: ist("2024-07-08 09:00"), open: 97, high: 97, low: 97, close: 97, volume: 2 },
      { time: ist("2024-07-08 09:15"), open: 100, high: 103.25, low: 99.5, close: 99.5, volume: 16 },
      { time: ist("2024-07-08 09:30"), open: 98, high: 98, low: 98, close: 98, volume: 7 },
    ]);
  });
  it("keeps arrival order for ticks with the same time", () => {
    const t = ist("2024-07-08 09:15");
    const out = bucketTicks(
      [
        { time: t, price: 5 },
        { time: t, price: 7 },
        { time: t, price: 6 },
      ],
      5,
    );
    expect(out).toEqual([{ time: t, open: 5, high: 7, low: 5, close: 6, volume: 0 }]);
  });
  it("skips ticks without a usable price and leaves gaps empty", () => {
    const out = bucketTicks(
      [
        { time: ist("2024-07-08 09:15"), price: 10 },
        { time: ist("2024-07-08 09:16"), price: Number.NaN },
        { time: ist("2024-07-08 09:25"), price: 11 },
      ],
      3,
    );
    expect(out.map((c) => c.time)).toEqual([ist("2024-07-08 09:15"), ist("2024-07-08 09:24")]);
    expect(out[0].close).toBe(10);
  });
  it("gives no candles for no ticks", () => {
    expect(bucketTicks([], 15)).toEqual([]);
  });
  it("does not mutate its input", () => {
    const input = Object.freeze(ticks.map((t) => Object.freeze({ ...t })));
    expect(() => bucketTicks(input, 15)).not.toThrow();
    expect(input[0].price).toBe(101);
  });
});

describe("mergeTickIntoCandle", () => {
  const start = ist("2024-07-08 09:15");
  it("starts a candle from the first tick", () => {
    expect(mergeTickIntoCandle(undefined, { time: start + 30_000, price: 200, volume: 3 }, 15)).toEqual({
      time: start,
      open: 200,
      high: 200,
      low: 200,
      close: 200,
      volume: 3,
    });
  });
  it("updates high, low, close and volume inside the bucket without mutating", () => {
    const candle = Object.freeze({ time: start, open: 200, high: 201, low: 199, close: 200, volume: 3 });
    const up = mergeTickIntoCandle(candle, { time: start + 5 * MIN, price: 202.5, volume: 2 }, 15);
    expect(up).toEqual({ time: start, open: 200, high: 202.5, low: 199, close: 202.5, volume: 5 });
    const down = mergeTickIntoCandle(up, { time: start + 14 * MIN + 59_999, price: 198 }, 15);
    expect(down).toEqual({ time: start, open: 200, high: 202.5, low: 198, close: 198, volume: 5 });
    expect(candle.close).toBe(200);
  });
  it("opens a new candle when the tick falls in a later bucket", () => {
    const candle = { time: start, open: 200, high: 201, low: 199, close: 200, volume: 3 };
    expect(mergeTickIntoCandle(candle, { time: start + 15 * MIN, price: 204, volume: 1 }, 15)).toEqual({
      time: start + 15 * MIN,
      open: 204,
      high: 204,
      low: 204,
      close: 204,
      volume: 1,
    });
  });
  it("ignores a late tick from an earlier bucket", () => {
    const candle = { time: start, open: 200, high: 201, low: 199, close: 200, volume: 3 };
    expect(mergeTickIntoCandle(candle, { time: start - 1, price: 150, volume: 9 }, 15)).toBe(candle);
  });
});

describe("timeframes", () => {
  it("lists the chart's timeframes in order", () => {
    expect(TIMEFRAMES.map((t) => t.id)).toEqual([
      "M1", "M2", "M3", "M4", "M5", "M10", "M15", "M30", "H1", "H2", "H4", "D1", "W1", "MN",
    ]);
    expect(TIMEFRAMES.flatMap((t) => (t.kind === "minutes" ? [t.minutes] : []))).toEqual([
      1, 2, 3, 4, 5, 10, 15, 30, 60, 120, 240,
    ]);
    expect(TIMEFRAMES.filter((t) => t.kind !== "minutes").map((t) => t.kind)).toEqual(["D", "W", "M"]);
  });
  it("maps the /chart page selector, default 1D", () => {
    expect(CHART_PAGE_TIMEFRAMES.map((t) => `${t.label}=${t.timeframe}`)).toEqual([
      "3M=M3", "5M=M5", "15M=M15", "1HR=H1", "1D=D1", "1W=W1", "1M=MN",
    ]);
    expect(DEFAULT_CHART_PAGE_TIMEFRAME).toBe("D1");
  });
  it("recognises timeframe ids", () => {
    expect(isTimeframeId("H4")).toBe(true);
    expect(isTimeframeId("H3")).toBe(false);
    expect(isTimeframeId(5)).toBe(false);
    expect(timeframeById("M15")).toEqual({ id: "M15", kind: "minutes", minutes: 15 });
    expect(() => timeframeById("Y1" as TimeframeId)).toThrow(RangeError);
  });
});

/** 1-minute candles from a start, with the given closes (open = previous close). */
function minuteCandles(startMs: number, closes: number[], volume = 10): Candle[] {
  return closes.map((close, i) => {
    const open = i === 0 ? close : closes[i - 1];
    return {
      time: startMs + i * MIN,
      open,
      high: Math.max(open, close) + 0.5,
      low: Math.min(open, close) - 0.5,
      close,
      volume: volume + i,
    };
  });
}

describe("aggregateCandles", () => {
  it("M5: first open, max high, min low, last close, summed volume per IST bucket", () => {
    const oneMin = minuteCandles(ist("2024-07-08 09:15"), [100, 102, 101, 99, 103, 104, 104.5]);
    expect(aggregateCandles(oneMin, "M5")).toEqual<Candle[]>([
      { time: ist("2024-07-08 09:15"), open: 100, high: 103.5, low: 98.5, close: 103, volume: 10 + 11 + 12 + 13 + 14 },
      { time: ist("2024-07-08 09:20"), open: 103, high: 105, low: 102.5, close: 104.5, volume: 15 + 16 },
    ]);
  });
  it("sorts unsorted input and leaves it untouched", () => {
    const oneMin = minuteCandles(ist("2024-07-08 09:15"), [100, 102, 101, 99, 103, 104, 104.5]);
    const shuffled = Object.freeze([oneMin[4], oneMin[0], oneMin[6], oneMin[2], oneMin[1], oneMin[5], oneMin[3]]);
    expect(aggregateCandles(shuffled, "M5")).toEqual(aggregateCandles(oneMin, "M5"));
    expect(shuffled[0]).toBe(oneMin[4]);
  });
  it("M1 reproduces sorted 1-minute input", () => {
    const oneMin = minuteCandles(ist("2024-07-08 09:15"), [1, 2, 3]);
    expect(aggregateCandles([oneMin[2], oneMin[0], oneMin[1]], "M1")).toEqual(oneMin);
  });
  it("accepts a Timeframe object as well as an id", () => {
    const oneMin = minuteCandles(ist("2024-07-08 09:15"), [1, 2, 3, 4]);
    expect(aggregateCandles(oneMin, timeframeById("M2"))).toEqual(aggregateCandles(oneMin, "M2"));
    // 2-minute buckets count from the 09:15 open (docs/decisions/127; they counted from IST midnight).
    expect(aggregateCandles(oneMin, "M2").map((c) => c.time)).toEqual([ist("2024-07-08 09:15"), ist("2024-07-08 09:17")]);
  });
  it("D1 splits at IST midnight, not UTC midnight", () => {
    const candles: Candle[] = [
      { time: Date.parse("2024-07-08T18:29:00Z"), open: 1, high: 2, low: 0.5, close: 1.5, volume: 1 },
      { time: Date.parse("2024-07-08T18:30:00Z"), open: 3, high: 4, low: 2.5, close: 3.5, volume: 2 },
      { time: Date.parse("2024-07-08T23:59:00Z"), open: 5, high: 6, low: 4.5, close: 5.5, volume: 4 },
    ];
    expect(aggregateCandles(candles, "D1")).toEqual<Candle[]>([
      { time: ist("2024-07-08 00:00"), open: 1, high: 2, low: 0.5, close: 1.5, volume: 1 },
      { time: ist("2024-07-09 00:00"), open: 3, high: 6, low: 2.5, close: 5.5, volume: 6 },
    ]);
  });
  it("W1 weeks start on Monday 00:00 IST", () => {
    const candles: Candle[] = [
      { time: ist("2024-07-07 23:59"), open: 1, high: 1, low: 1, close: 1, volume: 1 }, // Sunday
      { time: ist("2024-07-08 00:00"), open: 2, high: 2, low: 2, close: 2, volume: 1 }, // Monday
      { time: ist("2024-07-14 23:59"), open: 3, high: 3, low: 3, close: 3, volume: 1 }, // Sunday
    ];
    expect(aggregateCandles(candles, "W1").map((c) => [c.time, c.open, c.close, c.volume])).toEqual([
      [ist("2024-07-01 00:00"), 1, 1, 1],
      [ist("2024-07-08 00:00"), 2, 3, 2],
    ]);
  });
  it("MN months start on the 1st 00:00 IST", () => {
    const candles: Candle[] = [
      { time: Date.parse("2024-07-31T18:29:00Z"), open: 1, high: 5, low: 1, close: 2, volume: 1 },
      { time: Date.parse("2024-07-31T18:30:00Z"), open: 3, high: 3, low: 0, close: 1, volume: 1 },
    ];
    expect(aggregateCandles(candles, "MN").map((c) => c.time)).toEqual([ist("2024-07-01 00:00"), ist("2024-08-01 00:00")]);
  });
  it("gives nothing for nothing", () => {
    expect(aggregateCandles([], "H1")).toEqual([]);
  });
});

describe("chart time", () => {
  it("shifts by 19,800 s so a UTC axis reads IST", () => {
    expect(CHART_UTC_OFFSET_SECONDS).toBe(19_800);
    expect(toChartTime(ist("2024-07-08 09:15"))).toBe(Date.parse("2024-07-08T09:15:00Z") / 1000);
    expect(toChartTime(ist("2024-07-08 09:15:00.999"))).toBe(Date.parse("2024-07-08T09:15:00Z") / 1000);
    expect(fromChartTime(toChartTime(ist("2024-07-08 09:15")))).toBe(ist("2024-07-08 09:15"));
  });
});

const MINUTE_FILE = path.join(SHARED_DATA, "intraday_1min/NIFTY_F1_1min_201710.csv");
const hasRealData = existsSync(MINUTE_FILE);
if (!hasRealData) console.warn(`[candles.test] real data not found at ${SHARED_DATA}: skipping real-data aggregation tests`);

/**
 * Independent oracle: group by session hour (09:15–10:15 IST …, docs/decisions/127): shifted by
 * +05:15 from UTC, a session hour is a whole hour of the shifted clock.
 */
function hourlyOracle(candles: Candle[]): Map<string, Candle> {
  const groups = new Map<string, Candle>();
  for (const c of [...candles].sort((a, b) => a.time - b.time)) {
    const shifted = new Date(c.time + 315 * MIN);
    const key = `${shifted.toISOString().slice(0, 13)}`;
    const g = groups.get(key);
    const { open, high, low, close, volume } = c;
    if (!g) groups.set(key, { time: Date.parse(`${key}:15:00+05:30`), open, high, low, close, volume });
    else {
      g.high = Math.max(g.high, c.high);
      g.low = Math.min(g.low, c.low);
      g.close = c.close;
      g.volume += c.volume;
    }
  }
  return groups;
}

describe.skipIf(!hasRealData)("aggregation on real NIFTY 1-minute bars (Oct 2017)", () => {
  const parsed = hasRealData ? parseMinuteCsv(readFileSync(MINUTE_FILE, "utf8")) : { rows: [], errors: [] };
  const bars = dedupeMinuteBars(parsed.rows).rows;

  it("H1 equals first open / max high / min low / last close / summed volume of each session hour", () => {
    const h1 = aggregateCandles(bars, "H1");
    const oracle = hourlyOracle(bars);
    expect(h1.length).toBe(oracle.size);
    for (const c of h1) {
      const expected = oracle.get(new Date(c.time + 315 * MIN).toISOString().slice(0, 13));
      expect(c).toEqual(expected);
    }
  });
  // Rule changed by docs/decisions/127: the hours were 09:00 (bars 09:16–10:00) and 10:00 (10:01–11:00).
  it("H1 on 3 Oct 2017 matches the file's bars 09:16–10:15 and 10:16–11:15", () => {
    const h1 = aggregateCandles(bars, "H1");
    const first = h1.find((c) => c.time === ist("2017-10-03 09:15"));
    const second = h1.find((c) => c.time === ist("2017-10-03 10:15"));
    expect(first).toEqual({ time: ist("2017-10-03 09:15"), open: 9895, high: 9896, low: 9842, close: 9851.05, volume: 2_090_100 });
    expect(second).toEqual({ time: ist("2017-10-03 10:15"), open: 9851.9, high: 9878, low: 9846, close: 9876, volume: 772_875 });
  });
  it("D1, W1 and MN follow the IST calendar", () => {
    const d1 = aggregateCandles(bars, "D1");
    expect(d1).toHaveLength(19);
    expect(d1[0]).toEqual({ time: ist("2017-10-03 00:00"), open: 9895, high: 9896, low: 9838.2, close: 9868.45, volume: 6_690_226 });
    const w1 = aggregateCandles(bars, "W1");
    expect(w1.map((c) => c.time)).toEqual(
      ["2017-10-02", "2017-10-09", "2017-10-16", "2017-10-23", "2017-10-30"].map((d) => ist(`${d} 00:00`)),
    );
    const mn = aggregateCandles(bars, "MN");
    expect(mn).toHaveLength(1);
    expect(mn[0].time).toBe(ist("2017-10-01 00:00"));
    expect(mn[0].open).toBe(9895);
    expect(mn[0].close).toBe(10368.5);
    expect(mn[0].volume).toBe(bars.reduce((s, b) => s + b.volume, 0));
    expect(mn[0].high).toBe(Math.max(...bars.map((b) => b.high)));
    expect(mn[0].low).toBe(Math.min(...bars.map((b) => b.low)));
  });
  it("the sum of M15 volumes equals the sum of H4 volumes equals the total", () => {
    const total = bars.reduce((s, b) => s + b.volume, 0);
    for (const tf of ["M15", "H4"] as const) {
      expect(aggregateCandles(bars, tf).reduce((s, c) => s + c.volume, 0)).toBe(total);
    }
    expect(aggregateCandles(bars, "M15").find((c) => c.time === ist("2017-10-03 09:15"))?.open).toBe(9895);
  });
});

describe("aggregation on the minute fixture", () => {
  const { rows } = parseMinuteCsv(readFileSync(path.join(FIXTURES, "minute/NIFTY_sample.csv"), "utf8"));
  it("M15 buckets 09:16–09:30 and 09:31–09:45 bar stamps into 09:15 and 09:30", () => {
    const m15 = aggregateCandles(rows, "M15");
    expect(m15.slice(0, 2)).toEqual<Candle[]>([
      { time: ist("2023-11-15 09:15"), open: 19650, high: 19670.9, low: 19647.2, close: 19665.5, volume: 56_925 },
      { time: ist("2023-11-15 09:30"), open: 19665.5, high: 19671.1, low: 19647.1, close: 19660.1, volume: 56_850 },
    ]);
  });
  it("H1 and D1 keep the days apart", () => {
    // Session hours (docs/decisions/127; they were 09:00, 15:00, 09:00).
    expect(aggregateCandles(rows, "H1").map((c) => c.time)).toEqual([
      ist("2023-11-15 09:15"),
      ist("2023-11-15 15:15"),
      ist("2023-11-16 09:15"),
    ]);
    expect(aggregateCandles(rows, "D1")).toEqual<Candle[]>([
      { time: ist("2023-11-15 00:00"), open: 19650, high: 19706, low: 19647.1, close: 19701.1, volume: 205_725 },
      { time: ist("2023-11-16 00:00"), open: 19735, high: 19741.3, low: 19728.6, close: 19738.25, volume: 301_875 },
    ]);
  });
});

describe("the /chart page's timeframe selector", () => {
  it("offers the page's choices, and names a drawn timeframe outside them first", () => {
    expect(chartPageTimeframeOptions("D1").map((o) => o.label)).toEqual(["3M", "5M", "15M", "1HR", "1D", "1W", "1M"]);
    const linked = chartPageTimeframeOptions("M1");
    expect(linked[0]).toEqual({ value: "M1", label: "M1" });
    expect(linked.filter((o) => o.value === "M1")).toHaveLength(1);
    expect(chartPageTimeframeOptions("M3").filter((o) => o.value === "M3")).toHaveLength(1);
  });
});
