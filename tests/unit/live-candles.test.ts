// The browser's live candles (docs/decisions/127): the bucket builder that folds live ticks into
// the chart's candles must give exactly the server's candles from the same ticks. The server's
// rule is docs/product-rules.md R-D13 (first open, extremes, last close, summed volume) over buckets counted
// from 09:15 IST: the candle writer folds ticks into minutes, and /chart-data aggregates the
// minutes (aggregateCandles here; tests/integration/live-candles.test.ts checks the SQL too).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  aggregateCandles,
  bucketTicks,
  type Candle,
  foldTick,
  foldTicks,
  spliceClosedCandles,
  type Tick,
  tickFromQuote,
  type QuoteSample,
  type TimeframeId,
} from "~/domain/candles";
import { istDateString } from "~/domain/dates";
import { barToTicks } from "~/market/feeds/replay.server";
import { dedupeMinuteBars, parseMinuteCsv } from "~/market/minute-csv.server";
import { SHARED_DATA } from "../support/market";

const MINUTE_DIR = path.join(SHARED_DATA, "intraday_1min");
const ist = (text: string) => Date.parse(`${text.replace(" ", "T")}+05:30`);
const MIN = 60_000;
const TIMEFRAMES: TimeframeId[] = ["M1", "M3", "M5", "M15", "H1", "H4"];

/** The server's candles from ticks: the candle writer's minutes, aggregated as /chart-data does. */
const serverCandles = (ticks: readonly Tick[], timeframe: TimeframeId) => aggregateCandles(bucketTicks(ticks, 1), timeframe);

describe("foldTick: the live candle", () => {
  const t0 = ist("2026-11-20 10:00");
  it("keeps the bucket's first price as the open while high, low, close and volume move", () => {
    let candles: readonly Candle[] = [];
    candles = foldTick(candles, { time: t0 + 1_000, price: 100, volume: 2 }, "M1");
    candles = foldTick(candles, { time: t0 + 2_000, price: 103, volume: 1 }, "M1");
    candles = foldTick(candles, { time: t0 + 3_000, price: 98, volume: 4 }, "M1");
    candles = foldTick(candles, { time: t0 + 4_000, price: 101 }, "M1");
    expect(candles).toEqual([{ time: t0, open: 100, high: 103, low: 98, close: 101, volume: 7 }]);
  });
  it("starts a new candle at a boundary and keeps the one it leaves behind", () => {
    const loaded: Candle[] = [{ time: t0 - 3 * MIN, open: 90, high: 95, low: 89, close: 94, volume: 500 }];
    let candles = foldTick(loaded, { time: t0 - 2 * MIN + 5_000, price: 96, volume: 3 }, "M3");
    expect(candles).toEqual([{ time: t0 - 3 * MIN, open: 90, high: 96, low: 89, close: 96, volume: 503 }]);
    candles = foldTick(candles, { time: t0, price: 97, volume: 1 }, "M3");
    candles = foldTick(candles, { time: t0 + 3 * MIN, price: 99, volume: 2 }, "M3");
    candles = foldTick(candles, { time: t0 + 3 * MIN + 1, price: 98.5, volume: 2 }, "M3");
    expect(candles).toEqual([
      { time: t0 - 3 * MIN, open: 90, high: 96, low: 89, close: 96, volume: 503 },
      { time: t0, open: 97, high: 97, low: 97, close: 97, volume: 1 },
      { time: t0 + 3 * MIN, open: 99, high: 99, low: 98.5, close: 98.5, volume: 4 },
    ]);
    expect(loaded).toHaveLength(1); // never mutated
  });
  it("ignores a tick older than the live candle and an unusable one, answering the same array", () => {
    const candles: Candle[] = [{ time: t0, open: 1, high: 2, low: 0.5, close: 1.5, volume: 9 }];
    expect(foldTick(candles, { time: t0 - 1, price: 50, volume: 1 }, "M1")).toBe(candles);
    expect(foldTick(candles, { time: Number.NaN, price: 50 }, "M1")).toBe(candles);
    expect(foldTicks(candles, [{ time: t0 - 1, price: 50 }], "M1")).toBe(candles);
  });
  it("buckets H4 at 09:15 and 13:15 IST and D1 at the IST day", () => {
    const ticks = [ist("2026-11-20 09:15"), ist("2026-11-20 13:14:59"), ist("2026-11-20 13:15"), ist("2026-11-20 15:29")].map((time, i) => ({ time, price: 10 + i }));
    expect(foldTicks([], ticks, "H4").map((c) => c.time)).toEqual([ist("2026-11-20 09:15"), ist("2026-11-20 13:15")]);
    expect(foldTicks([], ticks, "D1")).toEqual([{ time: ist("2026-11-20 00:00"), open: 10, high: 13, low: 10, close: 13, volume: 0 }]);
  });
});

describe("tickFromQuote", () => {
  const q = (time: number, last: number, volume: number, ltq: number): QuoteSample => ({ time, last, volume, ltq });
  it("counts the day's volume traded since the previous quote, prints the frames left out included", () => {
    expect(tickFromQuote(q(2_000, 101, 1_250, 50), q(1_000, 100, 1_000, 10))).toEqual({ time: 2_000, price: 101, volume: 250 });
  });
  it("takes the quote's own last print without a previous quote or when the day's volume started again", () => {
    expect(tickFromQuote(q(2_000, 101, 1_250, 50), undefined)).toEqual({ time: 2_000, price: 101, volume: 50 });
    expect(tickFromQuote(q(2_000, 101, 30, 30), q(1_000, 100, 9_000, 10))).toEqual({ time: 2_000, price: 101, volume: 30 });
  });
});

describe("spliceClosedCandles", () => {
  const c = (time: number, close: number): Candle => ({ time, open: close, high: close, low: close, close, volume: 1 });
  it("puts the server's closed candles over the span they cover, keeping older local ones and the live one", () => {
    const local = [c(1, 1), c(2, 2), c(3, 3), c(4, 4), c(5, 5)];
    expect(spliceClosedCandles(local, [c(3, 30), c(4, 40)], 5)).toEqual([c(1, 1), c(2, 2), c(3, 30), c(4, 40), c(5, 5)]);
    // A closed candle the browser never saw (a quote-less bucket) appears; one past liveStart is not taken.
    expect(spliceClosedCandles([c(1, 1), c(5, 5)], [c(2, 20), c(3, 30), c(6, 60)], 5)).toEqual([c(1, 1), c(2, 20), c(3, 30), c(5, 5)]);
    expect(spliceClosedCandles(local, [], 5)).toEqual(local);
  });
  it("corrects the live candle by the server's: its open and extremes, the browser's close, the larger volume", () => {
    const live = { time: 5, open: 101, high: 104, low: 100.5, close: 103, volume: 40 };
    const server = [c(4, 40), { time: 5, open: 100, high: 103, low: 99, close: 102, volume: 35 }, c(6, 60)];
    expect(spliceClosedCandles([c(4, 4), live], server, 5)).toEqual([c(4, 40), { time: 5, open: 100, high: 104, low: 99, close: 103, volume: 40 }]);
    // A server ahead of the browser: its later candle waits for a later read.
    expect(spliceClosedCandles([c(4, 4), live], [c(6, 60)], 5)).toEqual([c(4, 4), live]);
  });
});

const files = existsSync(MINUTE_DIR) ? readdirSync(MINUTE_DIR).filter((f) => f.endsWith(".csv")).sort() : [];
if (files.length === 0) console.warn(`[live-candles.test] real minute files not found in ${MINUTE_DIR}: skipping the real-data comparisons`);

/** The replay feed's ticks of a vendor file: four prints per bar whose volumes add up to the bar's. */
function ticksOf(file: string): Tick[] {
  const { rows } = parseMinuteCsv(readFileSync(path.join(MINUTE_DIR, file), "utf8"));
  const bars = dedupeMinuteBars(rows).rows;
  return bars.flatMap((b) => barToTicks({ symbolCode: b.ticker, time: b.time, open: b.open, high: b.high, low: b.low, close: b.close, volume: b.volume }));
}

/** The live book's quotes for those ticks: the day's running volume and the last print. */
function quotesOf(ticks: readonly Tick[]): QuoteSample[] {
  let day = "";
  let volume = 0;
  return ticks.map((t) => {
    const ymd = istDateString(t.time);
    if (ymd !== day) [day, volume] = [ymd, 0];
    volume += t.volume ?? 0;
    return { time: t.time, last: t.price, volume, ltq: t.volume ?? 0 };
  });
}

describe.skipIf(files.length === 0)("the browser's candles equal the server's on the real minute files", () => {
  for (const file of files) {
    const ticks = ticksOf(file);
    it(`${file}: a chart loaded mid-bucket and fed every later tick equals the server's candles (${TIMEFRAMES.join(", ")})`, () => {
      expect(ticks.length).toBeGreaterThan(4 * 5_000);
      // The page loads part-way through a bucket of the third session (the loader's candles hold
      // the live candle as far as it has gone), then folds every later tick across every boundary.
      const cut = ticks.findIndex((t) => t.time >= ticks[0].time + 2 * 86_400_000 + 97 * MIN + 20_000);
      for (const tf of TIMEFRAMES) {
        const loaded = serverCandles(ticks.slice(0, cut), tf);
        const live = foldTicks(loaded, ticks.slice(cut), tf);
        const server = serverCandles(ticks, tf);
        expect(live.length).toBeGreaterThan(loaded.length);
        expect(live).toEqual(server);
      }
    });
  }

  it("one quote at a time, as the page receives them: every quote, or one frame's latest quote in three", () => {
    const ticks = ticksOf(files[0]);
    const sessions = [...new Set(ticks.map((t) => istDateString(t.time)))].slice(0, 4);
    const part = ticks.filter((t) => sessions.includes(istDateString(t.time)));
    const quotes = quotesOf(part);
    const cut = Math.floor(quotes.length / 3) + 7;
    for (const tf of TIMEFRAMES) {
      const server = serverCandles(part, tf);
      const loaded = serverCandles(part.slice(0, cut), tf);
      let candles: readonly Candle[] = loaded;
      quotes.slice(cut).forEach((quote, i) => {
        candles = foldTick(candles, tickFromQuote(quote, quotes[cut + i - 1]), tf);
      });
      expect(candles).toEqual(server);

      // Frames dropped: only every third quote arrives. The day's volume still counts every print,
      // and once the server's candles are spliced in, the closed ones are the server's again and
      // the live one has the server's open and extremes with the latest close.
      const later = quotes.slice(cut);
      const arrived = later.filter((_, i) => i % 3 === 2 || i === later.length - 1);
      let sampled: readonly Candle[] = loaded;
      let previous: QuoteSample | undefined = quotes[cut - 1];
      for (const quote of arrived) {
        sampled = foldTick(sampled, tickFromQuote(quote, previous), tf);
        previous = quote;
      }
      const liveStart = sampled[sampled.length - 1].time;
      const spliced = spliceClosedCandles(sampled, server, liveStart);
      expect(spliced.slice(0, -1)).toEqual(server.filter((c) => c.time < liveStart));
      const { time, open, high, low, close } = server[server.length - 1];
      expect(spliced[spliced.length - 1]).toMatchObject({ time, open, high, low, close });
    }
  });
});
