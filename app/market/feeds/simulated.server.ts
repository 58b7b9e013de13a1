// The default price feed: every symbol walks from its start price as a seeded geometric random
// walk (docs/decisions/011-feeds-and-candles.md). Reproducible: each symbol draws from its own
// PRNG streams derived from (seed, symbol code), so the n-th tick of a symbol has the same price
// whatever the wall clock, the timer jitter or the other symbols do.
// Also the generator of 1-minute history for the demo seed (simulateMinuteBars).
import type { Candle } from "~/domain/candles";
import { istMidnight } from "~/domain/dates";
import type { FeedSymbol, FeedTick, PriceFeed } from "~/market/feed";
import { isNseSessionOpen, SESSION_MINUTES, SESSION_OPEN_MINUTE_IST, type TradingDayCheck } from "~/domain/trading-calendar";
import { hashSeed, standardNormal, streamFor } from "./prng";

/** NSE's price tick: 5 paise. */
export const NSE_TICK_SIZE = 0.05;
/** 252 sessions of 375 minutes: volatility is quoted per year of trading time. */
const TRADING_SECONDS_PER_YEAR = 252 * SESSION_MINUTES * 60;
const MINUTES_PER_TRADING_YEAR = 252 * SESSION_MINUTES;
const DEFAULT_TICK_INTERVAL_MS = 250;

export interface SimulatedFeedOptions {
  seed: number;
  tickIntervalMs?: number;
  /** "always" ticks around the clock (demo); "exchange" only 09:15–15:30 IST on trading days. */
  hours?: "always" | "exchange";
  /** Holidays; weekends are never trading days whatever this says. */
  isTradingDay?: TradingDayCheck;
  now?: () => number;
}

/** Rounds to the 0.05 tick, without binary fractions leaking out (24000.050000000003). */
export function roundToTick(price: number): number {
  return Number((Math.round(price / NSE_TICK_SIZE) * NSE_TICK_SIZE).toFixed(2));
}

/** Index futures (NIFTY-I …) and the Sensex move like indices; everything else like a stock. */
export function isIndexSymbol(code: string): boolean {
  const upper = code.toUpperCase();
  return upper.endsWith("-I") || upper === "SENSEX";
}

/** A spot index is not traded itself, so its prints carry no quantity (like the seeded SENSEX bar). */
function isSpotIndex(code: string): boolean {
  return code.toUpperCase() === "SENSEX";
}

/** Annualised volatility: 15 % for indices, 25–30 % for stocks (fixed per code, not per seed). */
export function annualVolatility(code: string): number {
  if (isIndexSymbol(code)) return 0.15;
  return 0.25 + 0.05 * (hashSeed(0, code.toUpperCase()) / 4294967296);
}

interface SymbolWalk {
  code: string;
  /** Unrounded price: rounding each step to 0.05 would freeze slow, cheap stocks. */
  price: number;
  /** Price and quantity draws. */
  random: () => number;
  /** Whether the symbol ticks in an interval: a separate stream, so skipping never shifts prices. */
  schedule: () => number;
  activity: number;
  sigmaPerTick: number;
  meanQuantity: number;
}

/**
 * The feed without timers: `next(time)` produces one interval's batch. Exported for tests and for
 * anything that wants simulated ticks on its own clock.
 */
export function createTickSimulator(
  symbols: readonly FeedSymbol[],
  options: { seed: number; tickIntervalMs?: number },
): { next(timeMs: number): FeedTick[]; follow(symbols: readonly FeedSymbol[]): void } {
  const intervalSeconds = (options.tickIntervalMs ?? DEFAULT_TICK_INTERVAL_MS) / 1000;
  const walkOf = (s: FeedSymbol): SymbolWalk => {
    const index = isIndexSymbol(s.symbolCode);
    // Indices print in almost every interval; a stock in a bit over half of them.
    const activity = index ? 0.9 : 0.6;
    // A symbol that skips intervals moves more per tick, so its volatility per unit time holds.
    const sigmaPerTick = annualVolatility(s.symbolCode) * Math.sqrt(intervalSeconds / activity / TRADING_SECONDS_PER_YEAR);
    return {
      code: s.symbolCode,
      price: s.startPrice,
      random: streamFor(options.seed, s.symbolCode, "ticks"),
      schedule: streamFor(options.seed, s.symbolCode, "schedule"),
      activity,
      sigmaPerTick,
      meanQuantity: isSpotIndex(s.symbolCode) ? 0 : index ? 150 : 200,
    };
  };
  const priced = (list: readonly FeedSymbol[]) => list.filter((s) => Number.isFinite(s.startPrice) && s.startPrice > 0);
  let walks: SymbolWalk[] = priced(symbols).map(walkOf);
  return {
    next(timeMs: number): FeedTick[] {
      const ticks: FeedTick[] = [];
      for (const walk of walks) {
        if (walk.schedule() >= walk.activity) continue;
        const z = standardNormal(walk.random);
        walk.price *= Math.exp(walk.sigmaPerTick * z - (walk.sigmaPerTick * walk.sigmaPerTick) / 2);
        // Geometric quantity: mostly small prints, now and then a large one.
        const u = walk.random();
        const volume = walk.meanQuantity === 0 ? 0 : 1 + Math.floor(-Math.log(1 - u) * walk.meanQuantity);
        const price = Math.max(NSE_TICK_SIZE, roundToTick(walk.price));
        ticks.push({
          symbolCode: walk.code,
          price,
          volume,
          time: timeMs,
          bid: roundToTick(Math.max(NSE_TICK_SIZE, price - NSE_TICK_SIZE)),
          ask: roundToTick(price + NSE_TICK_SIZE),
        });
      }
      return ticks;
    },
    /** The active symbols changed: a symbol kept walks on from where it is, a new one starts its own seeded path. */
    follow(next: readonly FeedSymbol[]) {
      const current = new Map(walks.map((walk) => [walk.code, walk]));
      walks = priced(next).map((s) => current.get(s.symbolCode) ?? walkOf(s));
    },
  };
}

export function createSimulatedFeed(options: SimulatedFeedOptions): PriceFeed {
  const tickIntervalMs = options.tickIntervalMs ?? DEFAULT_TICK_INTERVAL_MS;
  if (!Number.isInteger(options.seed)) throw new RangeError(`Simulated feed seed must be an integer, got ${options.seed}`);
  if (!(tickIntervalMs > 0)) throw new RangeError(`tickIntervalMs must be positive, got ${tickIntervalMs}`);
  const hours = options.hours ?? "always";
  const now = options.now ?? Date.now;
  let timer: ReturnType<typeof setInterval> | undefined;
  let simulator: ReturnType<typeof createTickSimulator> | null = null;

  return {
    name: `simulated(seed=${options.seed}, hours=${hours})`,
    start(symbols, emit) {
      if (timer !== undefined) clearInterval(timer);
      const current = createTickSimulator(symbols, { seed: options.seed, tickIntervalMs });
      simulator = current;
      timer = setInterval(() => {
        const time = now();
        // Outside the session nothing is drawn, so the path resumes where it stopped.
        if (hours === "exchange" && !isNseSessionOpen(time, options.isTradingDay)) return;
        const batch = current.next(time);
        if (batch.length > 0) emit(batch);
      }, tickIntervalMs);
      // The HTTP server keeps the process alive; a forgotten feed must not.
      timer.unref?.();
    },
    follow(symbols) {
      simulator?.follow(symbols);
    },
    async stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      simulator = null;
    },
  };
}

// ---------------------------------------------------------------- minute history

/** A day's bar that generated minutes must reproduce exactly (e.g. a bar already stored). */
export interface DayTarget {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface SimulateMinuteBarsOptions {
  symbolCode: string;
  startPrice: number;
  seed: number;
  /** IST trading days (YYYY-MM-DD), ascending. */
  days: readonly string[];
  /**
   * Days whose minutes must aggregate to exactly this bar. The days before such a day are tilted
   * by a smooth drift so that they end near its open, instead of gapping to it.
   */
  dayTargets?: Readonly<Record<string, DayTarget>>;
  /** A typical day's total volume (default: 2,500 a minute for indices, 1,500 for stocks). */
  averageDailyVolume?: number;
}

/** Random-walk steps per minute: enough for a minute's high and low to differ from open and close. */
const SUBSTEPS = 4;
/** Standard deviation of the overnight gap, as a fraction of the price. */
const GAP_SIGMA = 0.003;

/** Higher volatility after the open and into the close, scaled so a day keeps the annual figure. */
const INTRADAY_VOLATILITY_SHAPE = (() => {
  const raw = Array.from({ length: SESSION_MINUTES }, (_, m) => 1 + 0.8 * Math.exp(-m / 20) + 0.3 * Math.exp(-(SESSION_MINUTES - 1 - m) / 15));
  const rms = Math.sqrt(raw.reduce((sum, f) => sum + f * f, 0) / raw.length);
  return raw.map((f) => f / rms);
})();

/** The familiar U-shaped volume profile: heavy at the open, quiet at lunch, busier into the close. */
const INTRADAY_VOLUME_SHAPE = Array.from(
  { length: SESSION_MINUTES },
  (_, m) => 0.6 + 2.5 * Math.exp(-m / 25) + 1.2 * Math.exp(-(SESSION_MINUTES - 1 - m) / 30),
);

/** One day's price path: SUBSTEPS points per minute after the open (SESSION_MINUTES × SUBSTEPS + 1). */
function simulateDayPath(random: () => number, open: number, sigmaPerMinute: number): number[] {
  const points = [open];
  let price = open;
  for (let m = 0; m < SESSION_MINUTES; m++) {
    const sigma = (sigmaPerMinute * INTRADAY_VOLATILITY_SHAPE[m]) / Math.sqrt(SUBSTEPS);
    for (let k = 0; k < SUBSTEPS; k++) {
      price *= Math.exp(sigma * standardNormal(random) - (sigma * sigma) / 2);
      points.push(price);
    }
  }
  return points;
}

/** Piecewise-linear, non-decreasing map through knots whose x values strictly increase. */
function monotoneMap(knots: [number, number][]): (value: number) => number {
  return (value) => {
    if (knots.length === 1 || value <= knots[0][0]) return knots[0][1] + (value - knots[0][0]);
    for (let i = 1; i < knots.length; i++) {
      const [x0, y0] = knots[i - 1];
      const [x1, y1] = knots[i];
      if (value <= x1) return y0 + ((value - x0) / (x1 - x0)) * (y1 - y0);
    }
    const [xn, yn] = knots[knots.length - 1];
    return yn + (value - xn);
  };
}

/**
 * Bends a path so that it opens at O, closes at C and reaches H and L: first a linear bridge to
 * the close, then a monotone map of the values (O and C stay put, the path's extremes go to H and
 * L). Monotone, so every minute's high stays at or above its open and close. A path that never
 * left the [O, C] range cannot be stretched to H or L this way: forceDayExtremes finishes the job.
 */
function fitPathToDay(points: number[], target: DayTarget): number[] {
  const last = points.length - 1;
  const drift = target.close - points[last];
  const bridged = points.map((p, k) => p + (drift * k) / last);
  bridged[0] = target.open;
  bridged[last] = target.close;
  const lowEnd = Math.min(target.open, target.close);
  const highEnd = Math.max(target.open, target.close);
  const pathLow = Math.min(...bridged);
  const pathHigh = Math.max(...bridged);
  const knots: [number, number][] = [];
  if (pathLow < lowEnd) knots.push([pathLow, Math.min(target.low, lowEnd)]);
  knots.push([lowEnd, lowEnd]);
  if (highEnd > lowEnd) knots.push([highEnd, highEnd]);
  if (pathHigh > highEnd) knots.push([pathHigh, Math.max(target.high, highEnd)]);
  return bridged.map(monotoneMap(knots));
}

/** Gives the day's lowest-low and highest-high minutes the target's low and high when the fit fell short. */
function forceDayExtremes(bars: Candle[], target: DayTarget): void {
  const lowest = bars.reduce((a, b) => (b.low < a.low ? b : a));
  if (lowest.low > target.low) lowest.low = target.low;
  const highest = bars.reduce((a, b) => (b.high > a.high ? b : a));
  if (highest.high < target.high) highest.high = target.high;
}

function barsFromPath(points: number[], dayStartMs: number, volumes: number[]): Candle[] {
  return volumes.map((volume, m) => {
    const segment = points.slice(m * SUBSTEPS, (m + 1) * SUBSTEPS + 1);
    return {
      time: dayStartMs + m * 60_000,
      open: segment[0],
      high: Math.max(...segment),
      low: Math.min(...segment),
      close: segment[segment.length - 1],
      volume,
    };
  });
}

/** Splits `total` in proportion to the weights, in whole units, summing exactly (largest remainder). */
function distributeVolume(weights: number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (w / sum) * total : 0));
  const out = exact.map(Math.floor);
  let remainder = Math.round(total - out.reduce((a, b) => a + b, 0));
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac);
  for (let k = 0; remainder > 0 && order.length > 0; k = (k + 1) % order.length, remainder--) out[order[k].i]++;
  return out;
}

function roundCandle(c: Candle): Candle {
  const open = roundToTick(c.open);
  const close = roundToTick(c.close);
  return {
    time: c.time,
    open,
    // Rounding is monotone, so these max/min only guard against float noise at a knot.
    high: Math.max(roundToTick(c.high), open, close),
    low: Math.min(roundToTick(c.low), open, close),
    close,
    volume: c.volume,
  };
}

/**
 * 375 one-minute candles per IST trading day (bucket starts 09:15 … 15:29 IST), a seeded random
 * walk at the symbol's annual volatility with an overnight gap between days. Deterministic for
 * (seed, symbolCode, startPrice, days, dayTargets).
 */
export function simulateMinuteBars(options: SimulateMinuteBarsOptions): Candle[] {
  const random = streamFor(options.seed, options.symbolCode, "minutes");
  const index = isIndexSymbol(options.symbolCode);
  const sigmaPerMinute = annualVolatility(options.symbolCode) / Math.sqrt(MINUTES_PER_TRADING_YEAR);
  const meanShape = INTRADAY_VOLUME_SHAPE.reduce((a, b) => a + b, 0) / SESSION_MINUTES;
  // Lognormal noise of sigma 0.4 has mean e^0.08; divided out so a day averages the asked volume.
  const baseVolume =
    options.averageDailyVolume !== undefined
      ? options.averageDailyVolume / SESSION_MINUTES / meanShape / Math.exp(0.08)
      : index
        ? 2500
        : 1500;
  const days: Candle[][] = [];
  let previousClose = options.startPrice;
  let untilted = 0;

  options.days.forEach((ymd, dayIndex) => {
    const dayStartMs = istMidnight(ymd).getTime() + SESSION_OPEN_MINUTE_IST * 60_000;
    const gap = Math.exp(GAP_SIGMA * standardNormal(random));
    const weights = INTRADAY_VOLUME_SHAPE.map((shape) => shape * Math.exp(0.4 * standardNormal(random)));
    const target = options.dayTargets?.[ymd];
    let bars: Candle[];
    if (target) {
      // Tilt the free days before this one so that they close one gap below its open.
      if (dayIndex > untilted) tiltDays(days.slice(untilted, dayIndex), target.open / gap);
      const path = fitPathToDay(simulateDayPath(random, target.open, sigmaPerMinute), target);
      bars = barsFromPath(path, dayStartMs, distributeVolume(weights, target.volume));
      forceDayExtremes(bars, target);
      untilted = dayIndex + 1;
    } else {
      const open = dayIndex === 0 ? options.startPrice : previousClose * gap;
      const volumes = weights.map((w) => Math.max(1, Math.round(baseVolume * w)));
      bars = barsFromPath(simulateDayPath(random, open, sigmaPerMinute), dayStartMs, volumes);
    }
    days.push(bars);
    previousClose = bars[bars.length - 1].close;
  });
  return days.flat().map(roundCandle);
}

/** Multiplies the bars by a drift growing smoothly from 1 so that the last close becomes `endClose`. */
function tiltDays(days: Candle[][], endClose: number): void {
  const bars = days.flat();
  if (bars.length === 0) return;
  const rate = Math.log(endClose / bars[bars.length - 1].close);
  bars.forEach((bar, i) => {
    const factor = Math.exp((rate * (i + 1)) / bars.length);
    bar.open *= factor;
    bar.high *= factor;
    bar.low *= factor;
    bar.close *= factor;
  });
}
