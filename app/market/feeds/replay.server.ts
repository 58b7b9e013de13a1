// Plays vendor 1-minute bar files (Ticker,YYYYMMDD,HH:MM,O,H,L,C,V; no header) as ticks: each
// bar becomes four prints (open, the nearer extreme, the other extreme, close) stamped with the
// bar's real historical times, so candles built from them land on the historical minutes.
// Bars play back to back in time order, one minute of bars per 60 s / speed of wall time;
// the nights and weekends between sessions are skipped.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Candle } from "~/domain/candles";
import type { FeedTick, PriceFeed } from "~/market/feed";
import { dedupeMinuteBars, parseMinuteCsv } from "~/market/minute-csv.server";

export interface ReplayFeedOptions {
  folder: string;
  /** FEED_SPEED: 1 plays a bar per minute, 60 a bar per second. */
  speed?: number;
  /** Vendor ticker → our symbol code; merged over DEFAULT_TICKER_MAP. */
  tickerMap?: Record<string, string>;
  log?: (line: string) => void;
}

export interface ReplayFeed extends PriceFeed {
  /** Settles when the last bar has been played, or when the feed is stopped or fails to load. */
  readonly finished: Promise<ReplaySummary>;
}

export interface ReplaySummary {
  files: number;
  bars: number;
  ticks: number;
  /** Tickers in the files that no started symbol matched (their bars are skipped). */
  unmatchedTickers: string[];
  parseErrors: number;
  duplicateBars: number;
  stopped: boolean;
  error?: string;
}

export interface ReplayBar extends Candle {
  symbolCode: string;
}

export const DEFAULT_TICKER_MAP: Readonly<Record<string, string>> = {
  NIFTY_F1: "NIFTY-I",
  BANKNIFTY_F1: "BANKNIFTY-I",
};

/** Prints per bar, and where in the bar's minute each is stamped. */
const TICKS_PER_BAR = 4;
const TICK_OFFSETS_MS = [0, 15_000, 30_000, 45_000];

/** NIFTY_F1 → NIFTY-I by the map; otherwise a continuous-future `_F1` suffix becomes `-I`. */
export function mapVendorTicker(ticker: string, tickerMap: Readonly<Record<string, string>> = DEFAULT_TICKER_MAP): string {
  const upper = ticker.trim().toUpperCase();
  const mapped = tickerMap[upper] ?? tickerMap[ticker];
  if (mapped !== undefined) return mapped.toUpperCase();
  return upper.endsWith("_F1") ? `${upper.slice(0, -3)}-I` : upper;
}

/**
 * A bar's four prints. A bar that closed up most likely dipped first (open, low, high, close);
 * one that closed down rallied first (open, high, low, close). The volume is split so that the
 * prints add up to the bar's volume exactly.
 */
export function barToTicks(bar: ReplayBar): FeedTick[] {
  const prices =
    bar.close >= bar.open ? [bar.open, bar.low, bar.high, bar.close] : [bar.open, bar.high, bar.low, bar.close];
  const total = Math.max(0, Math.round(bar.volume));
  const share = Math.floor(total / TICKS_PER_BAR);
  return prices.map((price, i) => ({
    symbolCode: bar.symbolCode,
    price,
    volume: i === TICKS_PER_BAR - 1 ? total - share * (TICKS_PER_BAR - 1) : share,
    time: bar.time + TICK_OFFSETS_MS[i],
  }));
}

/**
 * Reads and parses every file in the folder (one file at a time, so the event loop breathes
 * between them), drops repeated bars and maps tickers. Bars come out in time order; bars of the
 * same minute keep file order.
 */
export async function loadReplayBars(
  folder: string,
  tickerMap: Readonly<Record<string, string>> = DEFAULT_TICKER_MAP,
): Promise<{ bars: ReplayBar[]; files: number; parseErrors: number; duplicateBars: number }> {
  const entries = await readdir(folder, { withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && !e.name.startsWith(".")).map((e) => e.name).sort();
  const bars: ReplayBar[] = [];
  let parseErrors = 0;
  let duplicateBars = 0;
  for (const name of files) {
    const { rows, errors } = parseMinuteCsv(await readFile(path.join(folder, name), "utf8"));
    // Vendor files repeat whole sessions; playing them twice would double the volume.
    const { rows: unique, duplicates } = dedupeMinuteBars(rows);
    parseErrors += errors.length;
    duplicateBars += duplicates.length;
    for (const bar of unique) {
      bars.push({
        symbolCode: mapVendorTicker(bar.ticker, tickerMap),
        time: bar.time,
        open: bar.open,
        high: bar.high,
        low: bar.low,
        close: bar.close,
        volume: bar.volume,
      });
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Array.prototype.sort is stable: same-minute bars keep their file order.
  bars.sort((a, b) => a.time - b.time);
  return { bars, files: files.length, parseErrors, duplicateBars };
}

/** Groups time-sorted bars into one step per distinct minute. */
function minuteSteps(bars: readonly ReplayBar[]): ReplayBar[][] {
  const steps: ReplayBar[][] = [];
  for (const bar of bars) {
    const current = steps[steps.length - 1];
    if (current !== undefined && current[0].time === bar.time) current.push(bar);
    else steps.push([bar]);
  }
  return steps;
}

export function createReplayFeed(options: ReplayFeedOptions): ReplayFeed {
  const speed = options.speed ?? 1;
  if (!(Number.isFinite(speed) && speed > 0)) throw new RangeError(`Replay speed must be a positive number, got ${speed}`);
  const tickerMap: Record<string, string> = { ...DEFAULT_TICKER_MAP };
  for (const [vendor, code] of Object.entries(options.tickerMap ?? {})) tickerMap[vendor.toUpperCase()] = code;
  const log = options.log ?? ((line: string) => console.log(line));
  const stepMs = 60_000 / speed;
  const slotMs = stepMs / TICKS_PER_BAR;

  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let started = false;
  let settle: (summary: ReplaySummary) => void = () => {};
  const finished = new Promise<ReplaySummary>((resolve) => (settle = resolve));
  const summary: ReplaySummary = {
    files: 0,
    bars: 0,
    ticks: 0,
    unmatchedTickers: [],
    parseErrors: 0,
    duplicateBars: 0,
    stopped: false,
  };

  function play(steps: ReplayBar[][], emit: (ticks: FeedTick[]) => void): void {
    const totalSlots = steps.length * TICKS_PER_BAR;
    const ticksOfStep = new Map<number, FeedTick[][]>();
    const slotTicks = (slot: number): FeedTick[] => {
      const step = Math.floor(slot / TICKS_PER_BAR);
      let perBar = ticksOfStep.get(step);
      if (!perBar) {
        perBar = steps[step].map(barToTicks);
        ticksOfStep.set(step, perBar);
        ticksOfStep.delete(step - 1);
      }
      return perBar.map((ticks) => ticks[slot % TICKS_PER_BAR]);
    };
    // Due times count from the start, so timer lateness never accumulates into drift; slots
    // that fell due together (a late timer, or a very high speed) go out as one batch.
    const startedAt = Date.now();
    let cursor = 0;
    const pump = () => {
      timer = undefined;
      if (stopped) return;
      const now = Date.now();
      const batch: FeedTick[] = [];
      while (cursor < totalSlots && startedAt + cursor * slotMs <= now) batch.push(...slotTicks(cursor++));
      if (batch.length > 0) {
        summary.ticks += batch.length;
        emit(batch);
      }
      if (cursor >= totalSlots) {
        log(`[feed] replay finished: ${summary.bars} bars, ${summary.ticks} ticks`);
        settle(summary);
        return;
      }
      timer = setTimeout(pump, Math.max(0, startedAt + cursor * slotMs - Date.now()));
      timer.unref?.();
    };
    pump();
  }

  return {
    name: `replay(${options.folder}, speed=${speed})`,
    finished,
    start(symbols, emit) {
      if (started) throw new Error("The replay feed was already started; create a new one to replay again");
      started = true;
      const wanted = new Set(symbols.map((s) => s.symbolCode.toUpperCase()));
      loadReplayBars(options.folder, tickerMap)
        .then(({ bars, files, parseErrors, duplicateBars }) => {
          const playable = bars.filter((b) => wanted.has(b.symbolCode));
          summary.files = files;
          summary.parseErrors = parseErrors;
          summary.duplicateBars = duplicateBars;
          summary.bars = playable.length;
          summary.unmatchedTickers = [...new Set(bars.filter((b) => !wanted.has(b.symbolCode)).map((b) => b.symbolCode))].sort();
          log(
            `[feed] replay of ${options.folder}: ${files} files, ${playable.length} bars to play` +
              (summary.unmatchedTickers.length > 0 ? `, skipping unknown symbols ${summary.unmatchedTickers.join(", ")}` : "") +
              (parseErrors > 0 ? `, ${parseErrors} unreadable rows` : "") +
              (duplicateBars > 0 ? `, ${duplicateBars} repeated bars dropped` : ""),
          );
          if (stopped) return;
          play(minuteSteps(playable), emit);
        })
        .catch((error: unknown) => {
          summary.error = (error as Error).message;
          log(`[feed] replay of ${options.folder} failed: ${summary.error}`);
          settle(summary);
        });
    },
    async stop() {
      stopped = true;
      summary.stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      settle(summary);
    },
  };
}
