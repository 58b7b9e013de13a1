// bench/alerts: the alert engine's added cost per tick. Two market engines load the same 200
// symbols from one in-memory database; one has the alert engine attached with 100,000 active
// alerts (500 per symbol, levels within ±5% of the price), the other has no tick listeners at
// all. Both ingest the same seeded feed, 800 ticks/s in batches of 8 every 10 ms, in alternating
// order; the time of each ingest call is summed per engine. The ratio with/without is the
// figure (target: under 2x). Alerts that fire are written and pushed as in production.
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "~/db/client.server";
import { alerts, symbols, users } from "~/db/schema";
import { ALERT_CONDITIONS } from "~/domain/alerts";
import { LiveBook } from "~/realtime/live-book.server";
import { MarketEngine } from "~/market/engine.server";
import { attachAlertEngine } from "~/market/engines/alert-engine.server";
import { mulberry32 } from "~/market/feeds/prng";
import type { FeedTick } from "~/market/feed";

export const description = "alert engine: cost per tick with 100,000 active alerts vs a tick with no alerts (800 ticks/s)";

const SYMBOLS = 200;
const ALERTS = 100_000;
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
  const noAlerts = new MarketEngine({ db, liveBook: new LiveBook(), feed: null, log: () => {} });
  const withAlerts = new MarketEngine({ db, liveBook: new LiveBook(), feed: null, log: () => {} });
  await Promise.all([noAlerts.load(), withAlerts.load()]);
  let pushed = 0;
  const stubHub = { io: { on() {}, off() {} } as never, emitToEntitled: () => void pushed++ };
  const alertEngine = await attachAlertEngine(withAlerts, { db, hub: stubHub, refreshMs: 3_600_000, log: (l) => console.log(l) });
  console.log(`  setup: ${SYMBOLS} symbols, ${alertEngine.index.size.toLocaleString("en-IN")} alerts indexed in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

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

  const totals = { without: 0, with: 0, ticks: 0 };
  const batches = (SECONDS + WARMUP_SECONDS) * (TICKS_PER_SECOND / BATCH);
  const warmupBatches = WARMUP_SECONDS * (TICKS_PER_SECOND / BATCH);
  for (let b = 0; b < batches; b++) {
    const batch = nextBatch();
    // Alternate which engine goes first, so neither gets the warmer cache every time.
    const order = b % 2 === 0 ? ([noAlerts, withAlerts] as const) : ([withAlerts, noAlerts] as const);
    for (const engine of order) {
      const t0 = performance.now();
      engine.ingest(batch);
      const dt = performance.now() - t0;
      if (b >= warmupBatches) totals[engine === withAlerts ? "with" : "without"] += dt;
    }
    if (b >= warmupBatches) totals.ticks += batch.length;
    // Real time between batches: the fired alerts' writes run in it, as they would live.
    await new Promise((r) => setTimeout(r, 1000 / (TICKS_PER_SECOND / BATCH)));
  }
  await alertEngine.idle();
  alertEngine.stop();
  await noAlerts.stop();
  await withAlerts.stop();
  const [{ fired }] = await db.select({ fired: sql<number>`count(*)::int` }).from(alerts).where(sql`${alerts.active} = false`);
  await database.close();

  const usWithout = (totals.without * 1000) / totals.ticks;
  const usWith = (totals.with * 1000) / totals.ticks;
  const ratio = usWith / usWithout;
  console.log(`  ticks measured: ${totals.ticks.toLocaleString("en-IN")} over ${SECONDS} s; alerts fired: ${fired} (${pushed} pushed)`);
  console.log(`  engine tick, no alerts:          ${usWithout.toFixed(2)} us/tick`);
  console.log(`  engine tick, 100,000 alerts:     ${usWith.toFixed(2)} us/tick (added ${(usWith - usWithout).toFixed(2)} us)`);
  console.log(`  ratio with/without: ${ratio.toFixed(2)}x  ${ratio < 2 ? "PASS" : "FAIL"} (target < 2x)`);
}
