// The pages bench's server, in its own process (so process.cpuUsage() is the server's alone):
// for each database asked (argv: postgres, pglite or both), the app's real services on a fresh
// database with 100,000 trades (bench/lib/trade-app.ts) plus what the measured pages list (a
// watchlist, alerts, notifications, 320 days of daily candles), served by the built app behind
// the production pipeline (app/server/http-pipeline.server.ts); and the one-route floor app
// (floor.tsx) behind the same pipeline. Everything shares one process, so the ratios between
// them come from one process. It counts the SQL statements drizzle sends, watches the event
// loop, and runs the market engine on the simulated feed of one database when asked (the phase
// where everything runs together).
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import type { Env } from "~/config/env.server";
import { symbols as symbolsTable } from "~/db/schema";
import { appLoadContext, mountHttpPipeline } from "~/server/http-pipeline.server";
import { startMarket, type MarketRuntime } from "~/market/market.server";
import { createSimulatedFeed } from "~/market/feeds/simulated.server";
import { DEFAULT_FEED_SEED } from "~/market/feeds/index.server";
import { CandleWriter } from "~/market/candle-writer.server";
import { parentChannel, sleep } from "../lib/child";
import { cpuMicros, importAppBuild, openTradeApp, processCpuMicros, TRADE_SYMBOLS, type BenchDatabaseKind, type TradeApp } from "../lib/trade-app";
import { floorBuild } from "./floor";
import type { AppReady, LoopReading, Mark, MarketStarted, MarketStopped, Ready } from "./config";
import "~/config/context";

const kinds = process.argv.slice(2) as BenchDatabaseKind[];
const channel = parentChannel();

/** What the measured pages show: the admin's (user 1) watchlist, alerts and notifications, and daily candles for the dashboard's chart. */
const PAGE_DATA_SQL = [
  `insert into watchlists (user_id, watchlist_name, position) values (1, 'Bench list', 0)`,
  `insert into watchlist_symbols (watchlist_id, symbol_id, sector_id) select 1, id, sector_id from symbols where id <= 20`,
  `insert into alerts (user_id, name, symbol_id, price, condition, view_type, description)
     select 1, 'Bench alert ' || g, 1 + g % ${TRADE_SYMBOLS}, 1000 + g,
            (array['Equal to', 'Greater than', 'Less than'])[1 + g % 3]::alert_condition, array['Notify in App'], 'bench'
     from generate_series(1, 30) g`,
  `insert into notifications (user_id, symbol_id, message, created_at)
     select 1, 1 + g % ${TRADE_SYMBOLS}, 'BT' || lpad((1 + g % ${TRADE_SYMBOLS})::text, 3, '0') || ' crossed ' || (1000 + g), now() - g * interval '10 minutes'
     from generate_series(1, 40) g`,
  `insert into day_ohlc (symbol_id, trading_date, open, high, low, close, volume)
     select s.id, current_date - d, p, p + 6, p - 6, p + 1, 10000 + d
     from symbols s, generate_series(1, 320) d, lateral (select 1000 + s.id + (d * 7) % 41 as p) x`,
];

/** Counts every statement drizzle executes, on either driver (instrumentation of this process only). */
let queries = 0;
async function countQueries() {
  const { NodePgPreparedQuery } = await import("drizzle-orm/node-postgres");
  const { PglitePreparedQuery } = await import("drizzle-orm/pglite");
  for (const prototype of [NodePgPreparedQuery.prototype, PglitePreparedQuery.prototype] as unknown as { execute(...args: unknown[]): Promise<unknown> }[]) {
    const execute = prototype.execute;
    prototype.execute = function (this: unknown, ...args: unknown[]) {
      queries += 1;
      return execute.apply(this, args);
    };
  }
}

async function listen(server: http.Server): Promise<number> {
  // As server.ts: an idle keep-alive connection outlives the client's.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

interface AppCopy {
  ready: AppReady;
  trades: TradeApp;
  market: MarketRuntime | null;
}

/** One copy of the app on a fresh database of `kind`, listening. */
async function openApp(kind: BenchDatabaseKind): Promise<AppCopy> {
  const started = performance.now();
  // PGlite as `npm start` runs it: a data folder, in a process of its own (docs/decisions/163).
  const trades = await openTradeApp(kind, "bench_pages", PAGE_DATA_SQL, { pgliteAsNpmStart: true });
  const { services, env, httpServer, cookiesFor } = trades;
  const symbols = await services.db.select({ code: symbolsTable.symbolCode, price: symbolsTable.referencePrice }).from(symbolsTable).orderBy(symbolsTable.id);
  // Every symbol has a live quote, as with the feed running; the feed itself runs only in the
  // phase that asks for it, so it adds no CPU to the per-request figures.
  for (const { code, price: reference } of symbols) {
    const price = reference ?? 1000;
    services.liveBook.set({ symbolCode: code, last: price + 2, open: price, high: price + 5, low: price - 5, prevClose: price, change: 2, changePercent: Math.round((200 / price) * 100) / 100, ask: price + 2.05, bid: price + 1.95, ltq: 10, volume: 10_000, time: Date.now() });
  }
  const build = await importAppBuild();
  httpServer.on("request", pipeline(env, createRequestHandler({ build, mode: "production", getLoadContext: appLoadContext(services, cookiesFor) })));
  const port = await listen(httpServer);
  // PAGES_COMPARE=<folder>: that folder's build/index.js (another commit's build) beside this one.
  const compareFolder = process.env.PAGES_COMPARE;
  let comparePort: number | undefined;
  if (compareFolder) {
    const other = await importAppBuild(path.join(compareFolder, "build/index.js"));
    comparePort = await listen(http.createServer(pipeline(env, createRequestHandler({ build: other, mode: "production", getLoadContext: appLoadContext(services, cookiesFor) }))));
  }
  return {
    trades,
    market: null,
    ready: { kind, port, comparePort, cookie: trades.cookie, token: trades.sessionId, symbols: symbols.map((s) => s.code), setupMs: performance.now() - started },
  };
}

function pipeline(env: Env, handler: express.RequestHandler) {
  const app = express();
  mountHttpPipeline(app, { isProduction: true, bodyLimitBytes: env.BODY_LIMIT_BYTES, handler });
  return app;
}

/** The live feed as server.ts runs it: the simulated feed, the candle writer and every tick engine. */
async function startFeed(copy: AppCopy) {
  const { services, env } = copy.trades;
  const market = await startMarket({
    db: services.db,
    liveBook: services.liveBook,
    hub: services.hub,
    databaseUrl: env.DATABASE_URL,
    openFeed: () => createSimulatedFeed({ seed: DEFAULT_FEED_SEED, hours: "always" }),
    createCandleSink: (resolveSymbolId) => new CandleWriter({ db: services.db, resolveSymbolId }),
    log: () => {},
  });
  copy.market = market;
  for (let i = 0; i < 500 && !market.engine(); i++) await sleep(20);
  if (!market.engine()) throw new Error("the market engine did not start");
}

channel.on("start", async () => {
  await countQueries();
  const copies = new Map<BenchDatabaseKind, AppCopy>();
  for (const kind of kinds) copies.set(kind, await openApp(kind));
  const first = [...copies.values()][0].trades;
  // The floor's loader reads only the nonce from its context; it gets the same context anyway.
  const floorBuildOfApp = floorBuild(await importAppBuild());
  const floorServer = http.createServer(pipeline(first.env, createRequestHandler({ build: floorBuildOfApp, mode: "production", getLoadContext: appLoadContext(first.services, first.cookiesFor) })));
  const floorPort = await listen(floorServer);

  const copyOf = (message: Record<string, unknown>) => {
    const copy = copies.get(message.kind as BenchDatabaseKind);
    if (!copy) throw new Error(`no app on ${String(message.kind)}`);
    return copy;
  };
  let histogram: IntervalHistogram | null = null;
  channel.on("mark", () =>
    channel.send<Mark>({
      type: "mark",
      cpuMicros: cpuMicros(),
      databaseCpuMicros: Object.fromEntries([...copies].map(([kind, copy]) => [kind, processCpuMicros(copy.trades.database.processId)])),
      queries,
    }),
  );
  // The same 10 ms resolution as /healthz: an idle loop reads about 10 ms.
  channel.on("loop-start", () => {
    histogram?.disable();
    histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    channel.send({ type: "loop-started" });
  });
  channel.on("loop-read", () => {
    histogram?.disable();
    const ms = (ns: number) => Math.round(ns / 1e5) / 10;
    channel.send<LoopReading>({ type: "loop", p99Ms: histogram?.count ? ms(histogram.percentile(99)) : 0, maxMs: histogram?.count ? ms(histogram.max) : 0 });
  });
  channel.on("market-start", async (message) => {
    await startFeed(copyOf(message));
    channel.send<MarketStarted>({ type: "market-started" });
  });
  channel.on("market-stop", async (message) => {
    const copy = copyOf(message);
    await copy.market?.stop();
    copy.market = null;
    channel.send<MarketStopped>({ type: "market-stopped" });
  });
  channel.on("exit", async () => {
    floorServer.close();
    for (const copy of copies.values()) {
      await copy.market?.stop();
      await copy.trades.close();
    }
    process.exit(0);
  });
  channel.send<Ready>({ type: "ready", floorPort, apps: [...copies.values()].map((c) => c.ready) });
});
