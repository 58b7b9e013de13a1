// One fanout server in its own process (so process.cpuUsage() is the server's alone):
//   socketio: the project's real path: the embedded database in a process of its own, as
//             `npm start` runs it (in memory, migrated, 200 symbols with a previous day's bar;
//             its CPU in the window is counted with the server's), MarketEngine fed by the
//             synthetic feed, createRealtimeHub with an authenticate callback, LivePrices
//             publishing the engine's frames (startMarket).
//   ws:       the baseline: a bare ws server; a client sends its subscription list, and every
//             tick is JSON-sent to each subscribed client as its own message.
// Driven by the orchestrator over IPC: feed-start, window-start, window-end, exit.
import http from "node:http";
import os from "node:os";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "~/db/client.server";
import { dayOhlc, symbols } from "~/db/schema";
import { istDateString } from "~/domain/dates";
import { LiveBook } from "~/realtime/live-book.server";
import { startMarket, type MarketRuntime } from "~/market/market.server";
import { createRealtimeHub, type RealtimeHub } from "~/realtime/hub.server";
import { LivePrices } from "~/realtime/live-prices.server";
import type { SessionUser } from "~/models/auth-session.server";
import { parentChannel, sleep } from "../lib/child";
import { processCpuMicros } from "../lib/trade-app";
import { loadWs } from "../lib/ws";
import { FANOUT, symbolCodes, type ServerKind, type ServerReady, type WindowEnded, type WindowStarted } from "./config";
import { SyntheticFeed } from "./feed";

const kind = process.argv[2] as ServerKind;
const channel = parentChannel();
const codes = symbolCodes();
const feed = new SyntheticFeed();
let cleanup: () => Promise<void> = async () => {};

/** The feed's counts in symbolCodes() order (the engine may list symbols in its own order). */
let countsInCodeOrder: () => number[] = () => [];
let warned = 0;
/** How long each synchronous run of socket writes (LivePrices.flushDue) held the loop, in ms. */
const deliverMs: number[] = [];
let timingDeliver = false;

/** Times LivePrices.flushDue without changing it (instrumentation only, in this process). */
function timeDeliver() {
  const flushDue = LivePrices.prototype.flushDue;
  LivePrices.prototype.flushDue = function (this: LivePrices, ...args: Parameters<LivePrices["flushDue"]>) {
    const started = performance.now();
    try {
      return flushDue.apply(this, args);
    } finally {
      if (timingDeliver) deliverMs.push(performance.now() - started);
    }
  };
}

async function startSocketIo(): Promise<number> {
  // As `npm start` opens it (docs/decisions/163): the fan-out's process does not hold the
  // database's heap, and the database's own CPU in the window is added to the server's.
  const database: DatabaseHandle = await openDatabase("memory://", { embedded: "process" });
  databasePid = database.processId;
  await migrateDatabase(database);
  const db = database.db;
  const rows = await db
    .insert(symbols)
    .values(codes.map((code, i) => ({ symbolCode: code, description: `Bench symbol ${i}`, step: 1, referencePrice: 100 + i })))
    .returning({ id: symbols.id, code: symbols.symbolCode });
  const yesterday = istDateString(Date.now() - 86_400_000);
  await db.insert(dayOhlc).values(
    rows.map((r, i) => ({
      symbolId: r.id,
      tradingDate: yesterday,
      open: 100 + i,
      high: 101 + i,
      low: 99 + i,
      close: 100 + i,
      volume: 1000,
    }))
  );

  const httpServer = http.createServer();
  const hub: RealtimeHub = createRealtimeHub({
    httpServer,
    authenticate: async ({ token }) => {
      const match = token ? /^bench-(\d+)$/.exec(token) : null;
      if (!match) return null;
      const n = Number(match[1]);
      const user: SessionUser = {
        sessionId: token!,
        id: n + 1,
        name: `Bench ${n}`,
        username: `bench${n}`,
        email: `bench${n}@example.com`,
        roleId: 1,
        authenticatedAt: new Date(),
        totpEnabledAt: new Date(),
      };
      return user;
    },
    // Bench users are role 1: every symbol.
    symbolAccess: async () => "all",
  });
  const liveBook = new LiveBook();
  timeDeliver();
  const market: MarketRuntime = await startMarket({
    db,
    liveBook,
    hub,
    openFeed: () => feed,
    attachEngines: false,
    frameMs: FANOUT.frameMs,
    holdMs: FANOUT.holdMs,
    log: () => {},
  });
  for (let i = 0; i < 500 && !market.engine(); i++) await sleep(20);
  if (!market.engine()) throw new Error("the market engine did not start");

  // Any console.warn in the window is counted and reported, not printed per line: the
  // in-memory adapter warns on every serverSideEmit, which LivePrices once sent each frame.
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (warned++ === 0) warn("[fanout server] first console.warn (further ones only counted):", ...args);
  };
  countsInCodeOrder = () => {
    const index = new Map(
      market
        .engine()!
        .symbols()
        .map((s, i) => [s.symbolCode, i])
    );
    return codes.map((code) => feed.counts[index.get(code) ?? -1] ?? 0);
  };

  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  cleanup = async () => {
    feed.halt();
    await market.stop();
    await hub.close();
    await database.close();
  };
  return (httpServer.address() as AddressInfo).port;
}

async function startWs(): Promise<number> {
  const { WebSocketServer } = loadWs("engine.io");
  type Client = InstanceType<typeof import("ws").WebSocket>;
  const subscribers: Set<Client>[] = codes.map(() => new Set());
  const indexOf = new Map(codes.map((c, i) => [c, i]));
  const seq = codes.map(() => 0);
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  server.on("connection", (socket: Client) => {
    const mine: number[] = [];
    socket.once("message", (data) => {
      const { subs } = JSON.parse(String(data)) as { subs: string[] };
      for (const code of subs) {
        const i = indexOf.get(code);
        if (i === undefined) continue;
        subscribers[i].add(socket);
        mine.push(i);
      }
      socket.send(JSON.stringify({ ok: true, subscribed: mine.length }));
    });
    socket.on("close", () => {
      for (const i of mine) subscribers[i].delete(socket);
    });
  });
  feed.start(
    codes.map((code, i) => ({ symbolCode: code, startPrice: 100 + i, step: 1 })),
    (ticks) => {
      for (const tick of ticks) {
        const i = indexOf.get(tick.symbolCode)!;
        const message = JSON.stringify({ code: tick.symbolCode, price: tick.price, time: tick.time, seq: ++seq[i] });
        for (const socket of subscribers[i]) socket.send(message);
      }
    }
  );
  countsInCodeOrder = () => [...feed.counts];
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  cleanup = async () => {
    feed.halt();
    for (const client of server.clients) client.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return (server.address() as AddressInfo).port;
}

const loopDelay = monitorEventLoopDelay({ resolution: 5 });
let windowStart: { cpu: NodeJS.CpuUsage; databaseCpuUs: number; at: number; warned: number; emitted: number; late: number } | null = null;
/** The embedded database's own process (socketio), whose CPU counts with the server's. */
let databasePid: number | undefined;
const gc = { count: 0, totalMs: 0, maxMs: 0, on: false };
new PerformanceObserver((list) => {
  if (!gc.on) return;
  for (const entry of list.getEntries()) {
    gc.count++;
    gc.totalMs += entry.duration;
    gc.maxMs = Math.max(gc.maxMs, entry.duration);
  }
}).observe({ entryTypes: ["gc"] });

channel.on("feed-start", () => {
  feed.begin();
  channel.send({ type: "feed-started" });
});

channel.on("window-start", () => {
  loopDelay.reset();
  loopDelay.enable();
  Object.assign(gc, { count: 0, totalMs: 0, maxMs: 0, on: true });
  deliverMs.length = 0;
  timingDeliver = true;
  windowStart = { cpu: process.cpuUsage(), databaseCpuUs: processCpuMicros(databasePid), at: performance.now(), warned, emitted: feed.emitted, late: feed.lateBatches };
  const message: WindowStarted = { type: "window-started", t0: Date.now(), counts: countsInCodeOrder() };
  channel.send(message);
});

channel.on("window-end", () => {
  // Stop the feed first: the counts are final, and the last frame still goes out.
  feed.halt();
  const cpu = process.cpuUsage(windowStart!.cpu);
  const databaseCpuUs = processCpuMicros(databasePid) - windowStart!.databaseCpuUs;
  const elapsedMs = performance.now() - windowStart!.at;
  loopDelay.disable();
  gc.on = false;
  timingDeliver = false;
  const sortedDeliver = [...deliverMs].sort((a, b) => a - b);
  const notes: string[] = [];
  const warnings = warned - windowStart!.warned;
  if (warnings > 0) notes.push(`${warnings} console.warn lines in the window (the in-memory adapter's "serverSideEmit() unsupported")`);
  const message: WindowEnded = {
    type: "window-ended",
    t1: Date.now(),
    counts: countsInCodeOrder(),
    elapsedMs,
    cpuUserUs: cpu.user,
    cpuSystemUs: cpu.system,
    databaseCpuUs,
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    rssMb: process.memoryUsage().rss / 1024 / 1024,
    ticksEmitted: feed.emitted - windowStart!.emitted,
    lateBatches: feed.lateBatches - windowStart!.late,
    gc: { count: gc.count, totalMs: gc.totalMs, maxMs: gc.maxMs },
    frameFanout:
      sortedDeliver.length === 0
        ? null
        : {
            count: sortedDeliver.length,
            p50Ms: sortedDeliver[Math.floor(sortedDeliver.length / 2)],
            maxMs: sortedDeliver[sortedDeliver.length - 1],
          },
    loadAverage: os.loadavg()[0],
    notes,
  };
  channel.send(message);
});

channel.on("exit", async () => {
  const timer = setTimeout(() => process.exit(0), 3000);
  try {
    await cleanup();
  } finally {
    clearTimeout(timer);
    process.exit(0);
  }
});

const started = performance.now();
const starting =
  kind === "socketio"
    ? startSocketIo()
    : kind === "ws"
    ? startWs()
    : Promise.reject(new Error(`unknown server kind ${kind}`));
starting
  .then((port) => {
    const ready: ServerReady = { type: "ready", port, setupMs: performance.now() - started };
    channel.send(ready);
  })
  .catch((error) => {
    channel.fail(error);
    setTimeout(() => process.exit(1), 100);
  });
