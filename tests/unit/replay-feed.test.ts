import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bucketTicks } from "~/domain/candles";
import { istWallTimeToEpochMs } from "~/domain/dates";
import { registerProvider, type FeedSymbol, type FeedTick, type PriceFeed } from "~/market/feed";
import { openFeedFromEnv } from "~/market/feeds/index.server";
import { barToTicks, createReplayFeed, loadReplayBars, mapVendorTicker, type ReplayFeed } from "~/market/feeds/replay.server";
import { FIXTURES } from "../support/market";

const FOLDER = path.join(FIXTURES, "minute/replay");

const SYMBOLS: FeedSymbol[] = [
  { symbolCode: "NIFTY-I", startPrice: 19000, step: 50 },
  { symbolCode: "BANKNIFTY-I", startPrice: 44000, step: 100 },
  { symbolCode: "RELIANCE", startPrice: 2400, step: 10 },
];

/** A bar's start from its vendor stamp (the stamp is the bar's END in IST). */
const barStart = (day: number, hour: number, minute: number) => istWallTimeToEpochMs(2023, 11, day, hour, minute) - 60_000;

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Lets the real file reads finish while timers stay fake. Bounded by real elapsed time (not a
 * number of turns), so a busy machine cannot make it give up early.
 */
async function until(condition: () => boolean): Promise<void> {
  const started = performance.now();
  while (!condition() && performance.now() - started < 10_000) await new Promise((resolve) => setImmediate(resolve));
  if (!condition()) throw new Error("condition never became true");
}

function startReplay(speed: number): { feed: ReplayFeed; batches: FeedTick[][]; lines: string[] } {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  const batches: FeedTick[][] = [];
  const lines: string[] = [];
  const feed = createReplayFeed({ folder: FOLDER, speed, log: (line) => lines.push(line) });
  feed.start(SYMBOLS, (ticks) => batches.push(ticks));
  return { feed, batches, lines };
}

describe("mapVendorTicker", () => {
  it("maps the vendor's continuous futures to our -I codes", () => {
    expect(mapVendorTicker("NIFTY_F1")).toBe("NIFTY-I");
    expect(mapVendorTicker("BANKNIFTY_F1")).toBe("BANKNIFTY-I");
    expect(mapVendorTicker("finnifty_f1")).toBe("FINNIFTY-I");
    expect(mapVendorTicker("RELIANCE")).toBe("RELIANCE");
    expect(mapVendorTicker("NIFTY_F1", { NIFTY_F1: "NIFTY50-FUT" })).toBe("NIFTY50-FUT");
  });
});

describe("barToTicks", () => {
  it("prints open, low, high, close for a bar that closed up, with the volume split exactly", () => {
    const ticks = barToTicks({ symbolCode: "NIFTY-I", time: 1_000_000, open: 10, high: 12, low: 9, close: 11, volume: 3377 });
    expect(ticks.map((t) => t.price)).toEqual([10, 9, 12, 11]);
    expect(ticks.map((t) => t.volume)).toEqual([844, 844, 844, 845]);
    expect(ticks.map((t) => t.time)).toEqual([1_000_000, 1_015_000, 1_030_000, 1_045_000]);
  });

  it("prints open, high, low, close for a bar that closed down", () => {
    const ticks = barToTicks({ symbolCode: "X", time: 0, open: 10, high: 12, low: 9, close: 9.5, volume: 4 });
    expect(ticks.map((t) => t.price)).toEqual([10, 12, 9, 9.5]);
    expect(ticks.map((t) => t.volume)).toEqual([1, 1, 1, 1]);
  });
});

describe("loadReplayBars", () => {
  it("reads every file, drops repeated bars and sorts by time", async () => {
    const { bars, files, parseErrors, duplicateBars } = await loadReplayBars(FOLDER);
    expect(files).toBe(3);
    expect(parseErrors).toBe(1);
    expect(duplicateBars).toBe(1);
    expect(bars).toHaveLength(8);
    expect(bars.map((b) => `${b.symbolCode}@${new Date(b.time).toISOString()}`)).toEqual([
      "BANKNIFTY-I@2023-11-15T03:45:00.000Z",
      "NIFTY-I@2023-11-15T03:45:00.000Z",
      "FINNIFTY-I@2023-11-15T03:45:00.000Z",
      "NIFTY-I@2023-11-15T03:46:00.000Z",
      "RELIANCE@2023-11-15T03:46:00.000Z",
      "BANKNIFTY-I@2023-11-15T03:47:00.000Z",
      "NIFTY-I@2023-11-15T03:47:00.000Z",
      "NIFTY-I@2023-11-16T03:45:00.000Z",
    ]);
  });
});

describe("createReplayFeed", () => {
  it("plays the bars in time order as ticks stamped with their historical times", async () => {
    const { feed, batches, lines } = startReplay(600);
    vi.advanceTimersByTime(0);
    await until(() => batches.length > 0);
    vi.advanceTimersByTime(10_000);
    const summary = await feed.finished;
    expect(summary).toMatchObject({ files: 3, bars: 7, ticks: 28, unmatchedTickers: ["FINNIFTY-I"], stopped: false });
    expect(lines.some((l) => l.includes("skipping unknown symbols FINNIFTY-I"))).toBe(true);

    const ticks = batches.flat();
    expect(ticks).toHaveLength(28);
    for (let i = 1; i < ticks.length; i++) {
      // Batches go out in playback order; within a minute the ticks' times only move forward.
      expect(Math.floor(ticks[i].time / 60_000)).toBeGreaterThanOrEqual(Math.floor(ticks[i - 1].time / 60_000));
    }
    expect(ticks[0]).toEqual({ symbolCode: "BANKNIFTY-I", price: 44000, volume: 300, time: barStart(15, 9, 16) });
    expect(ticks[1]).toEqual({ symbolCode: "NIFTY-I", price: 19650, volume: 750, time: barStart(15, 9, 16) });

    // Candles rebuilt from the ticks are the file's bars, on the historical minutes.
    const nifty = bucketTicks(ticks.filter((t) => t.symbolCode === "NIFTY-I"), 1);
    expect(nifty).toEqual([
      { time: barStart(15, 9, 16), open: 19650, high: 19652.8, low: 19648.9, close: 19651.5, volume: 3000 },
      { time: barStart(15, 9, 17), open: 19651.5, high: 19656.6, low: 19648, close: 19649.9, volume: 4050 },
      { time: barStart(15, 9, 18), open: 19649.9, high: 19662.8, low: 19649, close: 19660.5, volume: 3377 },
      { time: barStart(16, 9, 16), open: 19700, high: 19710, low: 19690, close: 19705, volume: 5000 },
    ]);
    const bank = bucketTicks(ticks.filter((t) => t.symbolCode === "BANKNIFTY-I"), 1);
    expect(bank.map((c) => [c.time, c.open, c.high, c.low, c.close, c.volume])).toEqual([
      [barStart(15, 9, 16), 44000, 44020, 43990, 44010, 1200],
      [barStart(15, 9, 18), 44010, 44030, 44000, 44005, 800],
    ]);
    expect(ticks.filter((t) => t.symbolCode === "RELIANCE").map((t) => t.price)).toEqual([2400, 2398, 2405, 2401]);
  });

  it("plays one minute of bars per 60 s / speed, a quarter of it per print", async () => {
    // speed 60: a minute of bars per second, a print every 250 ms.
    const { feed, batches } = startReplay(60);
    vi.advanceTimersByTime(0);
    await until(() => batches.length > 0);
    expect(batches).toHaveLength(1);
    expect(batches[0].map((t) => t.price)).toEqual([44000, 19650]);
    vi.advanceTimersByTime(249);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(batches).toHaveLength(2);
    expect(batches[1].map((t) => t.price)).toEqual([43990, 19648.9]); // both closed up: lows first
    vi.advanceTimersByTime(750);
    expect(batches).toHaveLength(5);
    // The second minute's opens, one second after the first minute's.
    expect(batches[4].map((t) => [t.symbolCode, t.price])).toEqual([
      ["NIFTY-I", 19651.5],
      ["RELIANCE", 2400],
    ]);
    // Four minutes of bars (the night between the two sessions is skipped) take four seconds.
    vi.advanceTimersByTime(2_749);
    expect(batches).toHaveLength(15);
    vi.advanceTimersByTime(1);
    expect(batches).toHaveLength(16);
    await expect(feed.finished).resolves.toMatchObject({ ticks: 28 });
  });

  it("sends slots that fell due together as one batch when the timer runs late", async () => {
    const { feed, batches } = startReplay(60);
    vi.advanceTimersByTime(0);
    await until(() => batches.length > 0);
    // Jump the clock without running timers, then let the single pending timer fire.
    vi.setSystemTime(Date.now() + 1_000);
    vi.advanceTimersByTime(250);
    expect(batches).toHaveLength(2);
    expect(batches[1]).toHaveLength(2 + 2 + 2 + 2 + 2);
    await feed.stop();
  });

  it("stops emitting on stop()", async () => {
    const { feed, batches } = startReplay(60);
    vi.advanceTimersByTime(0);
    await until(() => batches.length > 0);
    await feed.stop();
    vi.advanceTimersByTime(10_000);
    expect(batches).toHaveLength(1);
    await expect(feed.finished).resolves.toMatchObject({ stopped: true });
  });

  it("rejects a speed that is not positive", () => {
    expect(() => createReplayFeed({ folder: FOLDER, speed: 0 })).toThrow(/positive/);
  });

  it("reports a missing folder without throwing into the engine", async () => {
    const feed = createReplayFeed({ folder: path.join(FOLDER, "missing"), log: () => {} });
    feed.start(SYMBOLS, () => {});
    await expect(feed.finished).resolves.toMatchObject({ error: expect.stringContaining("ENOENT") });
  });
});

describe("openFeedFromEnv", () => {
  it("defaults to the simulated feed, and FEED=off gives no feed", () => {
    expect(openFeedFromEnv({})?.name).toMatch(/^simulated\(seed=\d+, hours=always\)$/);
    expect(openFeedFromEnv({ FEED: "simulated", FEED_SEED: "7", FEED_HOURS: "exchange" })?.name).toBe(
      "simulated(seed=7, hours=exchange)",
    );
    expect(openFeedFromEnv({ FEED: "off" })).toBeNull();
  });

  it("opens a replay of a folder at FEED_SPEED", () => {
    expect(openFeedFromEnv({ FEED: `replay:${FOLDER}`, FEED_SPEED: "30" })?.name).toBe(`replay(${FOLDER}, speed=30)`);
    expect(() => openFeedFromEnv({ FEED: "replay:" })).toThrow(/needs a folder/);
    expect(() => openFeedFromEnv({ FEED: `replay:${FOLDER}`, FEED_SPEED: "fast" })).toThrow(/FEED_SPEED/);
  });

  it("builds a registered provider from its credentials", () => {
    const made: PriceFeed = { name: "acme-live", start: () => {}, stop: async () => {} };
    registerProvider("acme", (credentials) => (credentials.apiToken === "t" ? made : made));
    expect(openFeedFromEnv({ FEED: "acme" }, { providerCredentials: { apiToken: "t", apiSecret: "s" } })).toBe(made);
    expect(() => openFeedFromEnv({ FEED: "acme" })).toThrow(/token and secret/);
  });

  it("names the valid values for anything else", () => {
    expect(() => openFeedFromEnv({ FEED: "simulate" })).toThrow(
      'Unknown FEED "simulate": FEED must be "simulated", "replay:<folder>", "off" or the name of a registered live-rate provider.',
    );
    expect(() => openFeedFromEnv({ FEED_SEED: "x" })).toThrow(/FEED_SEED/);
    expect(() => openFeedFromEnv({ FEED_HOURS: "night" })).toThrow(/FEED_HOURS/);
  });
});
