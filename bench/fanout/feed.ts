// The synthetic feed both servers run: seeded, ticksPerSecond over all symbols, one batch every
// batchMs stamped with Date.now() at emission, each tick volume 1. counts[i] is the number of
// ticks symbol i has had, which is also the engine's quote.volume for it (and the ws `seq`),
// so a client can tell which ticks a later quote covers.
import type { FeedSymbol, FeedTick, PriceFeed } from "~/market/feed";
import { FANOUT, prng } from "./config";

export class SyntheticFeed implements PriceFeed {
  readonly name = "bench-synthetic";
  counts: number[] = [];
  emitted = 0;
  /** Batches that came due while the loop was blocked and went out late, in a burst. */
  lateBatches = 0;
  private symbols: FeedSymbol[] = [];
  private prices: number[] = [];
  private emit: ((ticks: FeedTick[]) => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly random = prng(FANOUT.seed);
  private startedAt = 0;
  private batches = 0;

  /** PriceFeed: the engine hands over its symbols; ticks flow only after begin(). */
  start(symbols: readonly FeedSymbol[], emit: (ticks: FeedTick[]) => void): void {
    this.symbols = [...symbols];
    this.prices = symbols.map((s) => s.startPrice);
    this.counts = symbols.map(() => 0);
    this.emit = emit;
  }

  async stop(): Promise<void> {
    this.halt();
  }

  begin(): void {
    if (this.timer || !this.emit) return;
    this.startedAt = performance.now();
    this.batches = 0;
    // Catch up by elapsed time, so a blocked loop or timer drift does not lower the offered
    // rate: the ticks a stall delayed go out late (their latency shows it), none is skipped.
    this.timer = setInterval(() => {
      const due = Math.floor((performance.now() - this.startedAt) / FANOUT.batchMs) - this.batches;
      if (due > 1) this.lateBatches += due - 1;
      for (let i = 0; i < Math.min(due, 1000); i++) this.batch();
    }, FANOUT.batchMs);
  }

  halt(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private batch(): void {
    this.batches++;
    const perBatch = (FANOUT.ticksPerSecond * FANOUT.batchMs) / 1000;
    const time = Date.now();
    const ticks: FeedTick[] = [];
    for (let k = 0; k < perBatch; k++) {
      const i = Math.floor(this.random() * this.symbols.length);
      const step = 0.05;
      const next = Math.max(step, this.prices[i] + (this.random() < 0.5 ? -step : step));
      this.prices[i] = Math.round(next * 100) / 100;
      this.counts[i]++;
      ticks.push({ symbolCode: this.symbols[i].symbolCode, price: this.prices[i], volume: 1, time });
    }
    this.emitted += ticks.length;
    this.emit!(ticks);
  }
}
