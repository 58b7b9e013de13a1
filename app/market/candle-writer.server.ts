// Turns feed ticks into stored 1-minute candles. Ticks only touch memory; a timer writes the
// changed candles in one batched upsert per interval, so a burst of ticks never becomes a burst
// of queries (ARCHITECTURE "Keep the event loop free").
//
// A minute closes when a later minute's tick arrives for the symbol, when the feed's clock (the
// latest tick time seen, which a replay feed sets in the past) has passed it, or when the symbol
// has been silent for a while (end of session). A closed minute is written once more if it
// changed, then dropped from memory; a tick that arrives for a closed minute is ignored, since
// the stored candle holds the minute's totals and a partial rewrite would lower its volume.
import type { AppDatabase } from "~/db/client.server";
import { bucketStart, mergeTickIntoCandle, type Candle } from "~/domain/candles";
import type { FeedTick } from "~/market/feed";
import { upsertMinuteCandles } from "~/models/candle.server";

export interface CandleWriterOptions {
  db: AppDatabase;
  flushIntervalMs?: number;
  resolveSymbolId: (code: string) => number | undefined;
  log?: (line: string) => void;
  /** Wall clock, for the idle rule. */
  now?: () => number;
  /** A symbol silent this long (wall time) has its minute closed. */
  idleCloseMs?: number;
  /** While the database is down, closed minutes wait in memory up to this many; the oldest go first. */
  maxPendingCandles?: number;
}

export interface CandleWriterStats {
  ticks: number;
  ignoredUnknownSymbol: number;
  ignoredLate: number;
  ignoredInvalid: number;
  flushes: number;
  rowsWritten: number;
  failedFlushes: number;
  droppedPending: number;
}

type Row = Candle & { symbolId: number };

interface LiveCandle {
  candle: Candle;
  dirty: boolean;
  touchedAt: number;
}

const MINUTE_MS = 60_000;
/** A tick this much past a minute's end (by the feed's clock) closes it: room for slight disorder. */
const CLOSE_GRACE_MS = 1_500;

export class CandleWriter {
  private readonly db: AppDatabase;
  private readonly resolveSymbolId: (code: string) => number | undefined;
  private readonly log: (line: string) => void;
  private readonly now: () => number;
  private readonly idleCloseMs: number;
  private readonly maxPending: number;
  /** The running minute per symbol id. */
  private readonly live = new Map<number, LiveCandle>();
  /** Closed minutes that still have to be written, by "symbolId:time". */
  private readonly pending = new Map<string, Row>();
  /** Per symbol, the start of its latest closed minute: ticks at or before it are late. */
  private readonly closedThrough = new Map<number, number>();
  private feedClock = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setInterval> | undefined;
  private flushChain: Promise<void> = Promise.resolve();
  private closed = false;
  private lastErrorLoggedAt = 0;
  readonly stats: CandleWriterStats = {
    ticks: 0,
    ignoredUnknownSymbol: 0,
    ignoredLate: 0,
    ignoredInvalid: 0,
    flushes: 0,
    rowsWritten: 0,
    failedFlushes: 0,
    droppedPending: 0,
  };

  constructor(options: CandleWriterOptions) {
    this.db = options.db;
    this.resolveSymbolId = options.resolveSymbolId;
    this.log = options.log ?? ((line) => console.error(line));
    this.now = options.now ?? Date.now;
    this.idleCloseMs = options.idleCloseMs ?? 2 * MINUTE_MS;
    this.maxPending = options.maxPendingCandles ?? 100_000;
    const interval = options.flushIntervalMs ?? 1_000;
    this.timer = setInterval(() => void this.flush(), interval);
    // Shutdown calls close(); the timer alone must not hold the process open.
    this.timer.unref?.();
  }

  /** Folds a tick into its symbol's running minute. Never throws. */
  add(tick: FeedTick): void {
    if (this.closed) return;
    if (!Number.isFinite(tick.time) || !Number.isFinite(tick.price) || tick.price <= 0) {
      this.stats.ignoredInvalid++;
      return;
    }
    const symbolId = this.resolveSymbolId(tick.symbolCode);
    if (symbolId === undefined) {
      this.stats.ignoredUnknownSymbol++;
      return;
    }
    const minute = bucketStart(tick.time, 1);
    const entry = this.live.get(symbolId);
    if ((entry && minute < entry.candle.time) || minute <= (this.closedThrough.get(symbolId) ?? Number.NEGATIVE_INFINITY)) {
      this.stats.ignoredLate++;
      return;
    }
    if (entry && minute > entry.candle.time) this.closeMinute(symbolId, entry);
    const current = this.live.get(symbolId);
    const candle = mergeTickIntoCandle(current?.candle, { time: tick.time, price: tick.price, volume: tick.volume }, 1);
    this.live.set(symbolId, { candle, dirty: true, touchedAt: this.now() });
    this.stats.ticks++;
    if (tick.time > this.feedClock) this.feedClock = tick.time;
  }

  addAll(ticks: readonly FeedTick[]): void {
    for (const tick of ticks) this.add(tick);
  }

  /**
   * Writes every changed candle in one batched upsert. Never rejects: on a database error the
   * candles stay in memory for the next flush. Concurrent calls queue behind each other.
   */
  flush(): Promise<void> {
    this.flushChain = this.flushChain.then(() => this.flushOnce());
    return this.flushChain;
  }

  /** Stops the timer, closes every running minute and writes it. */
  async close(): Promise<void> {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.closed = true;
    for (const [symbolId, entry] of [...this.live]) this.closeMinute(symbolId, entry);
    await this.flush();
    if (this.pending.size > 0) this.log(`[candles] ${this.pending.size} minute candles could not be written before shutdown`);
  }

  /** Running minutes plus closed ones not yet written (for tests and /healthz). */
  get inMemory(): { live: number; pending: number } {
    return { live: this.live.size, pending: this.pending.size };
  }

  private closeMinute(symbolId: number, entry: LiveCandle): void {
    this.live.delete(symbolId);
    this.closedThrough.set(symbolId, entry.candle.time);
    if (entry.dirty) this.pending.set(`${symbolId}:${entry.candle.time}`, { ...entry.candle, symbolId });
  }

  private closeFinishedMinutes(): void {
    const wall = this.now();
    for (const [symbolId, entry] of [...this.live]) {
      const endedByFeedClock = entry.candle.time + MINUTE_MS + CLOSE_GRACE_MS <= this.feedClock;
      const idle = wall - entry.touchedAt >= this.idleCloseMs;
      if (endedByFeedClock || idle) this.closeMinute(symbolId, entry);
    }
  }

  private async flushOnce(): Promise<void> {
    this.closeFinishedMinutes();
    const closedRows = [...this.pending.values()];
    const liveRows: Row[] = [];
    for (const [symbolId, entry] of this.live) {
      if (!entry.dirty) continue;
      liveRows.push({ ...entry.candle, symbolId });
      entry.dirty = false;
    }
    this.pending.clear();
    const rows = [...closedRows, ...liveRows];
    if (rows.length === 0) return;
    try {
      await upsertMinuteCandles(this.db, rows);
      this.stats.flushes++;
      this.stats.rowsWritten += rows.length;
    } catch (error) {
      this.stats.failedFlushes++;
      this.restore(rows);
      // One line per 30 s is enough while the database is away.
      if (this.now() - this.lastErrorLoggedAt > 30_000) {
        this.lastErrorLoggedAt = this.now();
        this.log(`[candles] writing ${rows.length} minute candles failed, will retry: ${(error as Error).message}`);
      }
    }
  }

  /**
   * Puts a failed batch back. Whatever happened in memory since the snapshot is newer and wins:
   * a running minute that is still running is just marked dirty again.
   */
  private restore(rows: readonly Row[]): void {
    for (const row of rows) {
      const entry = this.live.get(row.symbolId);
      if (entry && entry.candle.time === row.time) {
        entry.dirty = true;
        continue;
      }
      const key = `${row.symbolId}:${row.time}`;
      if (!this.pending.has(key)) this.pending.set(key, row);
    }
    // Map iteration is insertion order, so the first keys are the oldest minutes.
    for (const key of this.pending.keys()) {
      if (this.pending.size <= this.maxPending) break;
      this.pending.delete(key);
      this.stats.droppedPending++;
    }
  }
}
