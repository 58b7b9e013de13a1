// Wires live data on one process: live prices for this process's sockets (every process), and
// — on the process that holds leadership — the market engine with its feed, candle writer and
// tick engines.
import type { AppDatabase } from "~/db/client.server";
import type { RealtimeHub } from "~/realtime/hub.server";
import { LivePrices } from "~/realtime/live-prices.server";
import { SERVER_EVENTS, type FeedStatePayload } from "~/realtime/events";
import { TOP_BAR_INDICES } from "~/domain/quotes";
import { listActiveSymbols } from "~/models/symbol.server";
import type { LiveBook } from "../realtime/live-book.server";
import type { PriceFeed } from "./feed";
import { MarketEngine, type CandleSink } from "./engine.server";
import { attachTargetWatcher } from "./engines/target-watcher.server";
import { attachKeyEngine } from "./engines/key-engine.server";
import { attachSwingWatcher } from "./engines/swing-watcher.server";
import { attachOverviewPublisher } from "./engines/overview-publisher.server";
import { attachAlertEngine, type NotifyAway } from "./engines/alert-engine.server";
import { attachTradeWatch } from "./engines/trade-watch.server";
import { startDailyJobs } from "./daily-jobs.server";
import type { TradingDayCheck } from "../domain/trading-calendar";
import { advisoryLockLeadership, singleProcessLeadership, type Leadership } from "./leadership.server";

export interface MarketRuntime {
  livePrices: LivePrices;
  leadership: Leadership;
  /** The engine while this process leads; null on followers. */
  engine(): MarketEngine | null;
  stop(): Promise<void>;
}

export interface StartMarketOptions {
  db: AppDatabase;
  liveBook: LiveBook;
  hub: RealtimeHub;
  /** Web Push for fired alerts and SL/target hits to users with no tab open (docs/decisions/153); none when not given. */
  notifyAway?: NotifyAway;
  /** postgres:// → advisory-lock leadership across processes; otherwise this process leads. */
  databaseUrl?: string;
  openFeed: () => PriceFeed | null;
  createCandleSink?: (resolveSymbolId: (code: string) => number | undefined) => CandleSink;
  /** Attach the tick engines (targets, keys, swings, alerts, the SL/target watch); default: all of them. */
  attachEngines?: boolean;
  frameMs?: number;
  /** LivePrices' per-socket batching (DEFAULT_HOLD_MS when not given). */
  holdMs?: number;
  /** How often the feed's state is compared with what the sockets were told (FEED_STATE_CHECK_MS when not given). */
  feedStateMs?: number;
  /** How often the active symbols are read again (SYMBOL_REFRESH_MS when not given). */
  symbolRefreshMs?: number;
  /** Daily rollup and retention (on the leader); off when not given. */
  dailyJobs?: { isTradingDay: TradingDayCheck; retentionDays: number };
  log?: (line: string) => void;
}

/** How often the leader compares the feed's state with what it last told the sockets. */
export const FEED_STATE_CHECK_MS = 2_000;

function watchFeedState(engine: MarketEngine, hub: RealtimeHub, everyMs: number): () => void {
  let told: string | null = null;
  const timer = setInterval(() => {
    const status = engine.feedStatus();
    if (!status || status.state === "simulated" || status.state === "replay") return;
    const payload: FeedStatePayload = { state: status.state, since: status.since };
    const key = `${payload.state}:${payload.since}`;
    if (key === told) return;
    told = key;
    hub.io.emit(SERVER_EVENTS.feedState, payload);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** A symbol switched on is priced and streamed within this long. */
export const SYMBOL_REFRESH_MS = 15_000;

export async function startMarket(options: StartMarketOptions): Promise<MarketRuntime> {
  const log = options.log ?? ((line: string) => console.log(line));
  let known = new Set((await listActiveSymbols(options.db)).map((s) => s.symbolCode.toUpperCase()));
  // Symbols switched on or off in the admin console: every process's list of known codes, and
  // on the leader the engine and its feed (MarketEngine.syncSymbols), within this interval.
  const refresh = setInterval(async () => {
    try {
      known = new Set((await listActiveSymbols(options.db)).map((s) => s.symbolCode.toUpperCase()));
      await engine?.syncSymbols();
    } catch (error) {
      log(`[market] symbol refresh failed: ${(error as Error).message}`);
    }
  }, options.symbolRefreshMs ?? SYMBOL_REFRESH_MS);
  refresh.unref();

  const livePrices = new LivePrices({
    io: options.hub.io,
    clustered: () => options.hub.clustered,
    liveBook: options.liveBook,
    isKnownSymbol: (code) => known.has(code),
    alwaysVisible: new Set(TOP_BAR_INDICES.map((i) => i.code)),
    holdMs: options.holdMs,
  });

  let engine: MarketEngine | null = null;
  let stopEngines: () => Promise<void> = async () => {};
  const callbacks = {
    log,
    onAcquire: async () => {
      // The sink resolves codes lazily, through the engine it is handed to.
      let next: MarketEngine | null = null;
      const candles = options.createCandleSink?.((code) => next?.symbol(code)?.id);
      next = new MarketEngine({
        db: options.db,
        liveBook: options.liveBook,
        feed: options.openFeed(),
        candles,
        frameMs: options.frameMs,
        log,
      });
      await next.load();
      next.onFrame((quotes) => livePrices.publish(quotes));
      if (options.attachEngines !== false) {
        await attachTargetWatcher(next, { db: options.db, hub: options.hub, log });
        const keys = await attachKeyEngine(next, { db: options.db, hub: options.hub, log });
        livePrices.keyLabels = keys.labels;
        attachSwingWatcher(next, { hub: options.hub });
        const alerts = await attachAlertEngine(next, { db: options.db, hub: options.hub, notifyAway: options.notifyAway, log });
        const tradeWatch = await attachTradeWatch(next, { db: options.db, hub: options.hub, notifyAway: options.notifyAway, log });
        const stopOverview = attachOverviewPublisher(next, { db: options.db, hub: options.hub, liveBook: options.liveBook, log });
        stopEngines = async () => {
          stopOverview();
          keys.stop();
          alerts.stop();
          tradeWatch.stop();
          await Promise.all([keys.flush(), alerts.idle(), tradeWatch.idle()]);
        };
      }
      if (options.dailyJobs) {
        const stopDaily = startDailyJobs({ db: options.db, ...options.dailyJobs, log });
        const stopOthers = stopEngines;
        stopEngines = async () => {
          stopDaily();
          await stopOthers();
        };
      }
      await next.start();
      engine = next;
      // A live provider's state changes reach every page's top bar (docs/decisions/175).
      const stopFeedState = watchFeedState(next, options.hub, options.feedStateMs ?? FEED_STATE_CHECK_MS);
      const stopBefore = stopEngines;
      stopEngines = async () => {
        stopFeedState();
        await stopBefore();
      };
    },
    onLose: async () => {
      const current = engine;
      engine = null;
      await current?.stop();
      await stopEngines();
    },
  };
  const leadership =
    options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)
      ? advisoryLockLeadership({ connectionString: options.databaseUrl }, callbacks)
      : singleProcessLeadership(callbacks);

  return {
    livePrices,
    leadership,
    engine: () => engine,
    stop: async () => {
      clearInterval(refresh);
      await leadership.stop();
    },
  };
}
