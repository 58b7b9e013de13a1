// bench/alerts: the tick engines' added cost per tick. Three market engines load the same 200
// symbols from one in-memory database: one has the alert engine attached with 100,000 active
// alerts (500 per symbol, levels within ±5% of the price), one has the SL/target watch attached
// with 100,000 open trades that each have an SL and a target (500 per symbol, each level 0.5-5%
// away from the price, BUY and SELL alike; docs/decisions/168), and one has no tick listeners at
// all. All ingest the same seeded feed, 800 ticks/s in batches of 8 every 10 ms, in rotating
// order; the time of each ingest call is summed per engine. The ratios with/without are the
// figures (target: under 2x each). Alerts that fire and levels that are hit are written and
// told as in production.
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "~/db/client.server";
import { alerts, symbols, trades, users } from "~/db/schema";
import { ALERT_CONDITIONS } from "~/domain/alerts";
import { LiveBook } from "~/realtime/live-book.server";
import { MarketEngine } from "~/market/engine.server";
import { attachAlertEngine } from "~/market/engines/alert-engine.server";
import { attachTradeWatch } from "~/market/engines/trade-watch.server";
import { mulberry32 } from "~/market/feeds/prng";
import type { FeedTick } from "~/market/feed";
import { PerformanceObserver } from "node:perf_hooks";

export const description = "tick engines: cost per tick with 100,000 active alerts, and with 100,000 open trades with SL and target, vs a tick without them (800 ticks/s)";

const SYMBOLS = 200;
const ALERTS = 100_000;
const TRADES = 100_000;
const TICKS_PER_SECOND = 800;
const BATCH = 8;
const SECONDS = Number(process.env.ALERTS_BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = 2;

export async function run(): Promise<void> {
  const setupStarted = performance.now();
  const database = await openDatabase("memory://");
  await migrateDatabase(database);
  const db = database.db;
  const random = mulberry32(20260401);
  const [owner] = await db
    .insert(users)
    .values({ name: "Bench", username: "bench", email: "bench@example.test", passwordHash: "x", roleId: 3 })
    .returning({ id: users.id });
  const symbolRows = await db
    .insert(symbols)
    .values(Array.from({ length: SYMBOLS }, (_, i) => ({ symbolCode: `B${String(i).padStart(3, "0")}`, referencePrice: Math.round((100 + random() * 4900) * 100) / 100 })))
    .returning({ id: symbols.id, symbolCode: symbols.symbolCode, referencePrice: symbols.referencePrice });
  const perSymbol = ALERTS / SYMBOLS;
  for (let start = 0; start < ALERTS; start += 5000) {
    await db.insert(alerts).values(
      Array.from({ length: 5000 }, (_, k) => {
        const i = start + k;
        const s = symbolRows[Math.floor(i / perSymbol)];
        const base = s.referencePrice ?? 100;
        return {
          userId: owner.id,
          symbolId: s.id,
          name: `A${i}`,
          price: Math.round(base * (0.95 + random() * 0.1) * 100) / 100,
          condition: ALERT_CONDITIONS[i % 3],
          viewType: ["Notify in App"],
          description: "bench",
        };
      }),
    );
  }
  // Open trades: an SL 0.5-5% on the losing side of the price and a target 0.5-5% on the winning side.
  const tradesPerSymbol = TRADES / SYMBOLS;
  for (let start = 0; start < TRADES; start += 5000) {
    await db.insert(trades).values(
      Array.from({ length: 5000 }, (_, k) => {
        const i = start + k;
        const s = symbolRows[Math.floor(i / tradesPerSymbol)];
        const base = s.referencePrice ?? 100;
        const away = () => base * (0.005 + random() * 0.045);
        const buy = i % 2 === 0;
        const below = Math.round((base - away()) * 100) / 100;
        const above = Math.round((base + away()) * 100) / 100;
        return {
          userId: owner.id,
          symbolId: s.id,
          tradeType: buy ? ("BUY" as const) : ("SELL" as const),
          quantity: 10,
          buyPrice: buy ? base : 0,
          sellPrice: buy ? 0 : base,
          slPrice: buy ? below : above,
          targetPrice: buy ? above : below,
        };
      }),
    );
  }
  const noAlerts = new MarketEngine({ db, liveBook: new LiveBook(), feed: null, log: () => {} });
  const withAlerts = new MarketEngine({ db, liveBook: new LiveBook(), feed: null, log: () => {} });
  const withTrades = new MarketEngine({ db, liveBook: new LiveBook(), feed: null, log: () => {} });
  await Promise.all([noAlerts.load(), withAlerts.load(), withTrades.load()]);
  let pushed = 0;
  let told = 0;
  const stubHub = { io: { on() {}, off() {} } as never, emitToEntitled: () => void pushed++ };
  const tradeHub = { io: { on() {}, off() {} } as never, emitToEntitled: () => void told++ };
  const alertDeps: any = { db, hub: stubHub, refreshMs: 3_600_000, log: (l: string) => console.log(l) };
  const alertEngine = await attachAlertEngine(withAlerts, alertDeps);
  const MODE = process.env.PROF_MODE ?? "normal";
  if (MODE === "nowrite") alertDeps.db = { transaction: async () => [] };
  let firedNow = 0;
  const origTake = alertEngine.index.take.bind(alertEngine.index);
  alertEngine.index.take = (s: number, p: number, c: number) => { const r = origTake(s, p, c); firedNow += r.length; return MODE === "notake" ? [] : r; };
  const gcs: { start: number; dur: number; kind: number }[] = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) gcs.push({ start: e.startTime, dur: e.duration, kind: (e as any).detail?.kind ?? 0 }); }).observe({ entryTypes: ["gc"] });
  const intervals: { who: string; t0: number; t1: number; fired: number }[] = [];
  const tradeWatch = await attachTradeWatch(withTrades, { db, hub: tradeHub, refreshMs: 3_600_000, log: (l) => console.log(l) });
  console.log(
    `  setup: ${SYMBOLS} symbols, ${alertEngine.index.size.toLocaleString("en-IN")} alerts and ${tradeWatch.index.size.toLocaleString("en-IN")} SL/target levels indexed in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );

  // A seeded random walk per symbol: steps of up to ±0.05% a tick.
  const prices = symbolRows.map((s) => s.referencePrice ?? 100);
  let time = Date.now();
  const nextBatch = (): FeedTick[] =>
    Array.from({ length: BATCH }, () => {
      const i = Math.floor(random() * SYMBOLS);
      prices[i] = Math.max(1, Math.round(prices[i] * (1 + (random() - 0.5) * 0.001) * 100) / 100);
      time += 1000 / TICKS_PER_SECOND;
      return { symbolCode: symbolRows[i].symbolCode, price: prices[i], volume: 1, time };
    });

  const totals = { without: 0, with: 0, trades: 0, ticks: 0 };
  const orders = [
    [noAlerts, withAlerts, withTrades],
    [withAlerts, withTrades, noAlerts],
    [withTrades, noAlerts, withAlerts],
  ] as const;
  const batches = (SECONDS + WARMUP_SECONDS) * (TICKS_PER_SECOND / BATCH);
  const warmupBatches = WARMUP_SECONDS * (TICKS_PER_SECOND / BATCH);
  for (let b = 0; b < batches; b++) {
    const batch = nextBatch();
    // Rotate which engine goes first, so none gets the warmer cache every time.
    for (const engine of orders[b % 3]) {
      const before = firedNow;
      const t0 = performance.now();
      engine.ingest(batch);
      const t1 = performance.now();
      const dt = t1 - t0;
      if (b >= warmupBatches) intervals.push({ who: engine === withAlerts ? "with" : engine === withTrades ? "trades" : "without", t0, t1, fired: firedNow - before });
      if (b >= warmupBatches) totals[engine === withAlerts ? "with" : engine === withTrades ? "trades" : "without"] += dt;
    }
    if (b >= warmupBatches) totals.ticks += batch.length;
    // Real time between batches: the fired alerts' writes run in it, as they would live.
    await new Promise((r) => setTimeout(r, 1000 / (TICKS_PER_SECOND / BATCH)));
  }
  await alertEngine.idle();
  await new Promise((r) => setTimeout(r, 100));
  {
    const agg: Record<string, { n: number; sum: number; firedN: number; firedSum: number; gcN: number; gcSum: number; max: number; sumNoGc: number }> = {};
    let gi = 0;
    gcs.sort((a, b) => a.start - b.start);
    for (const iv of intervals) {
      const a = (agg[iv.who] ??= { n: 0, sum: 0, firedN: 0, firedSum: 0, gcN: 0, gcSum: 0, max: 0, sumNoGc: 0 });
      const dt = iv.t1 - iv.t0;
      a.n++; a.sum += dt; a.max = Math.max(a.max, dt);
      if (iv.fired > 0) { a.firedN++; a.firedSum += dt; }
      let gc = 0;
      for (const g of gcs) if (g.start >= iv.t0 && g.start < iv.t1) { gc += g.dur; a.gcN++; }
      a.gcSum += gc;
      if (gc === 0) a.sumNoGc += dt;
    }
    for (const [k, a] of Object.entries(agg)) console.log(`  PROF ${k}: batches ${a.n} sum ${a.sum.toFixed(1)}ms max ${a.max.toFixed(2)}ms; fired batches ${a.firedN} sum ${a.firedSum.toFixed(1)}ms (mean ${(a.firedSum / Math.max(1, a.firedN) * 1000).toFixed(0)}us) non-fired mean ${((a.sum - a.firedSum) / Math.max(1, a.n - a.firedN) * 1000).toFixed(0)}us; gc in ingest ${a.gcN} ${a.gcSum.toFixed(1)}ms`);
    const first = intervals[0].t0, last = intervals[intervals.length - 1].t1;
    const inWin = gcs.filter((g) => g.start >= first && g.start <= last);
    const byKind: Record<number, { n: number; d: number }> = {};
    for (const g of inWin) { const k = (byKind[g.kind] ??= { n: 0, d: 0 }); k.n++; k.d += g.dur; }
    console.log(`  PROF gc in window: ${JSON.stringify(byKind)} (1=minor 2=major 4=incremental 8=weakcb)`);
    console.log(`  PROF heap ${JSON.stringify(process.memoryUsage())}`);
  }
  await tradeWatch.idle();
  alertEngine.stop();
  tradeWatch.stop();
  await noAlerts.stop();
  await withAlerts.stop();
  await withTrades.stop();
  const [{ fired }] = await db.select({ fired: sql<number>`count(*)::int` }).from(alerts).where(sql`${alerts.active} = false`);
  const [{ hit }] = await db
    .select({ hit: sql<number>`(count(${trades.slHitAt}) + count(${trades.targetHitAt}))::int` })
    .from(trades);
  await database.close();

  const usWithout = (totals.without * 1000) / totals.ticks;
  const usWith = (totals.with * 1000) / totals.ticks;
  const ratio = usWith / usWithout;
  console.log(`  ticks measured: ${totals.ticks.toLocaleString("en-IN")} over ${SECONDS} s; alerts fired: ${fired} (${pushed} pushed)`);
  console.log(`  engine tick, no alerts:          ${usWithout.toFixed(2)} us/tick`);
  console.log(`  engine tick, 100,000 alerts:     ${usWith.toFixed(2)} us/tick (added ${(usWith - usWithout).toFixed(2)} us)`);
  console.log(`  ratio with/without: ${ratio.toFixed(2)}x  ${ratio < 2 ? "PASS" : "FAIL"} (target < 2x)`);
  const usTrades = (totals.trades * 1000) / totals.ticks;
  const tradeRatio = usTrades / usWithout;
  console.log(`  SL/target levels hit: ${hit} (${told} events)`);
  console.log(`  engine tick, no open trades:     ${usWithout.toFixed(2)} us/tick`);
  console.log(`  engine tick, 1,00,000 open trades with SL and target: ${usTrades.toFixed(2)} us/tick (added ${(usTrades - usWithout).toFixed(2)} us)`);
  console.log(`  SL/target watch ratio with/without: ${tradeRatio.toFixed(2)}x  ${tradeRatio < 2 ? "PASS" : "FAIL"} (target < 2x)`);
}
