// The market engine owns the feed on the leading process: ticks update the live book, feed
// the candle writer and the tick engines (targets, keys, swings), and are coalesced per symbol
// into frames that the realtime hub fans out to subscribed clients.
import type { AppDatabase } from "~/db/client.server";
import { changeFromPrevClose, type Quote } from "~/domain/quotes";
import { istDateString, istMidnight, shiftYmd } from "~/domain/dates";
import { listActiveSymbols } from "~/models/symbol.server";
import { previousSessions } from "~/models/day-ohlc.server";

type ActiveSymbol = Awaited<ReturnType<typeof listActiveSymbols>>[number];
type PreviousSession = Awaited<ReturnType<typeof previousSessions>> extends Map<number, infer Session> ? Session : never;
import type { LiveBook } from "../realtime/live-book.server";
import type { FeedStatusReport, FeedTick, PriceFeed } from "./feed";

export interface EngineSymbol {
  id: number;
  symbolCode: string;
  sectorId: number | null;
  step: number;
  /** Previous session's close: the reference for change and change %. */
  prevClose: number;
  /** Previous session's settlement price (else close): the key ladder's base (docs/product-rules.md R-D17). */
  base: number;
}

/** Called for every tick after the live book is updated; must be cheap (no awaits). */
export type TickListener = (symbol: EngineSymbol, quote: Quote, previousPrice: number | null) => void;
/** Called once per frame with the latest quote of every symbol that changed in it. */
export type FrameListener = (quotes: Quote[]) => void;

export interface CandleSink {
  add(tick: FeedTick): void;
  close(): Promise<void>;
}

export interface MarketEngineOptions {
  db: AppDatabase;
  liveBook: LiveBook;
  feed: PriceFeed | null;
  candles?: CandleSink;
  /**
   * Coalescing frame: ticks of one symbol within a frame go out as its latest quote, and a
   * tick waits at most this long for its frame (DEFAULT_FRAME_MS).
   */
  frameMs?: number;
  now?: () => number;
  log?: (line: string) => void;
}

/**
 * A tick reaches LivePrices within this bound. It was a fixed 100 ms clock, and a tick waited
 * up to a whole frame before the fan-out (bench/fanout p99 102-144 ms). Now the frame is short
 * and each socket's batching is done by LivePrices (DEFAULT_HOLD_MS), 10 + 30 ms in all
 * (docs/decisions/162-fan-out-within-60-ms.md).
 */
export const DEFAULT_FRAME_MS = 10;

interface SymbolState {
  symbol: EngineSymbol;
  quote: Quote | null;
  /** IST day of the quote's open/high/low/volume. */
  day: string | null;
}

export class MarketEngine {
  private readonly states = new Map<string, SymbolState>();
  /** Active symbols with no price to start from (no session, no reference price). */
  private readonly priceless = new Set<string>();
  private readonly tickListeners: TickListener[] = [];
  private readonly frameListeners: FrameListener[] = [];
  private readonly dayListeners: ((endedDay: string) => void)[] = [];
  private pending = new Map<string, Quote>();
  /** Cancels the pending frame's timer; null when no frame is scheduled. */
  private frameTimer: (() => void) | null = null;
  /** When the last frame went out (performance.now()); -Infinity before the first one. */
  private lastFrameAt = -Infinity;
  private running = false;
  private startedAt = 0;
  /** Receiving time of the last tick ingested (feedStatus). */
  private lastTickAt: number | null = null;
  private readonly frameMs: number;
  /** The IST day of the last tick and its bounds [start, end): most ticks fall in it. */
  private tickDay = { day: "", start: 0, end: 0 };
  private readonly now: () => number;
  private readonly log: (line: string) => void;

  constructor(private readonly options: MarketEngineOptions) {
    this.frameMs = options.frameMs ?? DEFAULT_FRAME_MS;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((line) => console.log(line));
  }

  onTick(listener: TickListener) {
    this.tickListeners.push(listener);
  }

  onFrame(listener: FrameListener) {
    this.frameListeners.push(listener);
  }

  /** Called when the first tick of a new IST day arrives, with the day that ended. */
  onDayEnd(listener: (endedDay: string) => void) {
    this.dayListeners.push(listener);
  }

  symbol(code: string): EngineSymbol | undefined {
    return this.states.get(code.toUpperCase())?.symbol;
  }

  symbols(): EngineSymbol[] {
    return [...this.states.values()].map((s) => s.symbol);
  }

  /** Loads the active symbols and their previous sessions; fills the book with last closes. */
  async load(): Promise<void> {
    const today = istDateString(this.now());
    const [active, sessions] = await Promise.all([listActiveSymbols(this.options.db), previousSessions(this.options.db, today)]);
    this.states.clear();
    this.priceless.clear();
    for (const s of active) this.addSymbol(s, sessions.get(s.id));
  }

  private addSymbol(s: ActiveSymbol, session: PreviousSession | undefined): void {
    const prevClose = session?.close ?? s.referencePrice ?? 0;
    if (prevClose <= 0) {
      // Nothing to start a price from: the symbol waits for data (and a restart).
      this.priceless.add(s.symbolCode.toUpperCase());
      return;
    }
    const symbol: EngineSymbol = {
      id: s.id,
      symbolCode: s.symbolCode.toUpperCase(),
      sectorId: s.sectorId,
      step: s.step,
      prevClose,
      base: session?.base ?? prevClose,
    };
    this.states.set(symbol.symbolCode, { symbol, quote: null, day: null });
    // Until the first tick, the book shows the last close with no change.
    if (!this.options.liveBook.get(symbol.symbolCode)) {
      this.options.liveBook.set(restingQuote(symbol, session ? Date.parse(`${session.tradingDate}T10:00:00Z`) : 0));
    }
  }

  /**
   * Keeps the engine, and a feed that can follow (PriceFeed.follow), in step with the active
   * symbols: a symbol switched on in the admin console is priced and streamed, one switched off
   * is not, without a restart. Returns whether anything changed.
   */
  async syncSymbols(): Promise<boolean> {
    const active = await listActiveSymbols(this.options.db);
    const activeCodes = new Set(active.map((s) => s.symbolCode.toUpperCase()));
    const added = active.filter((s) => !this.states.has(s.symbolCode.toUpperCase()) && !this.priceless.has(s.symbolCode.toUpperCase()));
    const removed = [...this.states.keys()].filter((code) => !activeCodes.has(code));
    if (added.length === 0 && removed.length === 0) return false;
    let priced = 0;
    if (added.length > 0) {
      const sessions = await previousSessions(this.options.db, istDateString(this.now()));
      for (const s of added) {
        this.addSymbol(s, sessions.get(s.id));
        if (this.states.has(s.symbolCode.toUpperCase())) priced += 1;
      }
    }
    for (const code of removed) this.states.delete(code);
    if (priced === 0 && removed.length === 0) return false;
    if (this.running) this.options.feed?.follow?.(this.feedSymbols());
    this.log(`[market] symbols in step: ${priced} added, ${removed.length} removed`);
    return true;
  }

  private feedSymbols() {
    return [...this.states.values()].map(({ symbol }) => ({
      symbolCode: symbol.symbolCode,
      startPrice: this.options.liveBook.get(symbol.symbolCode)?.last ?? symbol.prevClose,
      step: symbol.step,
    }));
  }

  async start(): Promise<void> {
    if (this.running) return;
    if (this.states.size === 0) await this.load();
    this.running = true;
    this.startedAt = Date.now();
    const feed = this.options.feed;
    if (feed) {
      const feedSymbols = this.feedSymbols();
      feed.start(feedSymbols, (ticks) => this.ingest(ticks));
      this.log(`[market] ${feed.name} feed started for ${feedSymbols.length} symbols`);
    }
  }

  /**
   * What the feed says of itself (/healthz, /Token): a live provider its link state; the
   * simulated and replay feeds say so, so their prices are never taken for the market's.
   */
  feedStatus(): FeedStatusReport | null {
    const feed = this.options.feed;
    if (!feed) return null;
    if (feed.status) return feed.status();
    const state = feed.name.startsWith("replay") ? "replay" : "simulated";
    return { name: feed.name, state, since: this.startedAt, lastTickAt: this.lastTickAt, detail: null };
  }

  async stop(): Promise<void> {
    this.running = false;
    this.cancelFrame();
    await this.options.feed?.stop();
    this.flushFrame();
    await this.options.candles?.close();
  }

  /** Applies ticks (from the feed, or a test) to the book, the candles and the listeners. */
  ingest(ticks: readonly FeedTick[]): void {
    if (ticks.length > 0) this.lastTickAt = Date.now();
    for (const tick of ticks) {
      const state = this.states.get(tick.symbolCode.toUpperCase());
      if (!state || !Number.isFinite(tick.price) || tick.price <= 0) continue;
      const previousPrice = state.quote?.last ?? null;
      const day = this.istDay(tick.time);
      if (state.day !== null && day !== state.day) {
        // A new session: yesterday's last price becomes the previous close.
        const ended = state.day;
        state.symbol.prevClose = state.quote?.last ?? state.symbol.prevClose;
        state.symbol.base = state.symbol.prevClose;
        state.quote = null;
        for (const listener of this.dayListeners) listener(ended);
      }
      state.day = day;
      const quote = nextQuote(state.symbol, state.quote, tick);
      state.quote = quote;
      this.options.liveBook.set(quote);
      this.pending.set(quote.symbolCode, quote);
      this.options.candles?.add(tick);
      for (const listener of this.tickListeners) {
        try {
          listener(state.symbol, quote, previousPrice);
        } catch (error) {
          this.log(`[market] tick listener failed: ${(error as Error).message}`);
        }
      }
    }
    if (this.running && this.pending.size > 0) this.scheduleFrame();
  }

  /** istDateString of a tick's time, reusing the last tick's day: the call was most of ingest's CPU (bench/fanout profile). */
  private istDay(time: number): string {
    const cached = this.tickDay;
    if (time >= cached.start && time < cached.end) return cached.day;
    const day = istDateString(time);
    // Not from a time outside any day (NaN): that is recomputed each time, as before.
    if (Number.isFinite(time)) this.tickDay = { day, start: istMidnight(day).getTime(), end: istMidnight(shiftYmd(day, 1)).getTime() };
    return day;
  }

  /**
   * A frame goes out at most frameMs after its first tick, and frames are at least frameMs
   * apart. After a quiet spell (no frame for frameMs) the frame goes out as soon as the batch
   * that brought the tick has been ingested, not on the next beat of a fixed clock; under a
   * steady feed this is one frame every frameMs. No timer runs while nothing is pending.
   */
  private scheduleFrame(): void {
    if (this.frameTimer) return;
    const fire = () => {
      this.frameTimer = null;
      this.flushFrame();
    };
    // Clamped, so a frame never waits longer than frameMs whatever the clock did.
    const wait = Math.min(this.frameMs, this.lastFrameAt + this.frameMs - performance.now());
    if (wait <= 0) {
      // setImmediate, not now: the rest of the feed's batch (other ingest calls in this turn)
      // rides in the same frame.
      const immediate = setImmediate(fire).unref();
      this.frameTimer = () => clearImmediate(immediate);
    } else {
      const timeout = setTimeout(fire, wait).unref();
      this.frameTimer = () => clearTimeout(timeout);
    }
  }

  private cancelFrame(): void {
    this.frameTimer?.();
    this.frameTimer = null;
  }

  /** Sends the frame now (the engine schedules it within frameMs of its first tick). */
  flushFrame(): void {
    if (this.pending.size === 0) return;
    this.lastFrameAt = performance.now();
    this.cancelFrame();
    const quotes = [...this.pending.values()];
    this.pending = new Map();
    for (const listener of this.frameListeners) {
      try {
        listener(quotes);
      } catch (error) {
        this.log(`[market] frame listener failed: ${(error as Error).message}`);
      }
    }
  }
}

function restingQuote(symbol: EngineSymbol, time: number): Quote {
  const p = symbol.prevClose;
  return {
    symbolCode: symbol.symbolCode,
    last: p,
    open: p,
    high: p,
    low: p,
    prevClose: p,
    change: 0,
    changePercent: 0,
    ask: p,
    bid: p,
    ltq: 0,
    volume: 0,
    time,
  };
}

/** The quote after one tick: the day's open is its first price, high/low its extremes. */
export function nextQuote(symbol: EngineSymbol, previous: Quote | null, tick: FeedTick): Quote {
  const price = tick.price;
  const { change, changePercent } = changeFromPrevClose(price, symbol.prevClose);
  return {
    symbolCode: symbol.symbolCode,
    last: price,
    open: previous?.open ?? price,
    high: previous ? Math.max(previous.high, price) : price,
    low: previous ? Math.min(previous.low, price) : price,
    prevClose: symbol.prevClose,
    change,
    changePercent,
    ask: tick.ask ?? price,
    bid: tick.bid ?? price,
    ltq: tick.volume,
    volume: (previous?.volume ?? 0) + tick.volume,
    time: tick.time,
  };
}
