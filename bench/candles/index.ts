// bench/candles: serving D1, H1 and H4 charts of one symbol that has a year of 1-minute candles,
// against reading the same number of stored daily rows, side by side in one run. The database is
// the bench's own: a fresh in-memory PGlite (or BENCH_DATABASE_URL, which must name an empty
// database made for the bench).
import { desc, eq } from "drizzle-orm";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "~/db/client.server";
import { dayOhlc, symbols } from "~/db/schema";
import { aggregateCandles } from "~/domain/candles";
import { istDateString } from "~/domain/dates";
import { simulateMinuteBars } from "~/market/feeds/simulated.server";
import { isTradingDayYmd, tradingDaysBefore } from "~/domain/trading-calendar";
import { analyzeCandleTables, getChartCandles, upsertMinuteCandles } from "~/models/candle.server";
import { upsertDailyBars } from "~/models/day-ohlc.server";

export const description = "D1, H1 and H4 chart candles over a year of 1-minute candles vs reading as many stored daily rows";

const TRADING_DAYS = Number(process.env.CANDLES_DAYS ?? 250);
const COUNTBACK = Number(process.env.CANDLES_COUNTBACK ?? 250);
const ROUNDS = Number(process.env.CANDLES_ROUNDS ?? 40);
const WARMUP = 5;
const TARGET_RATIO = 10;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
}

async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export async function run(): Promise<void> {
  const handle: DatabaseHandle = await openDatabase(process.env.BENCH_DATABASE_URL ?? "memory://");
  try {
    await migrateDatabase(handle);
    const db = handle.db;
    const [symbol] = await db.insert(symbols).values({ symbolCode: "BENCH-I", description: "bench symbol", referencePrice: 24_000 }).returning({ id: symbols.id });

    // A year of sessions (weekdays; the bench's calendar has no holidays), 375 minutes each.
    const now = new Date();
    const days = tradingDaysBefore(istDateString(now), TRADING_DAYS, (d) => isTradingDayYmd(d, () => true));
    let started = performance.now();
    const minutes = simulateMinuteBars({ symbolCode: "BENCH-I", startPrice: 24_000, seed: 7, days });
    await upsertMinuteCandles(db, minutes.map((m) => ({ ...m, symbolId: symbol.id })));
    // The daily rows the day rollup writes from those minutes.
    await upsertDailyBars(
      db,
      aggregateCandles(minutes, "D1").map((c) => ({ symbolId: symbol.id, tradingDate: istDateString(c.time), open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume })),
    );
    await analyzeCandleTables(db);
    console.log(`  ${minutes.length.toLocaleString("en-IN")} minute candles over ${days.length} sessions (${days[0]}..${days[days.length - 1]}) stored in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const to = now.getTime();
    const cases = {
      "D1 chart": () => getChartCandles(db, symbol.id, "D1", { countback: COUNTBACK, to }),
      "H1 chart": () => getChartCandles(db, symbol.id, "H1", { countback: COUNTBACK, to }),
      "H4 chart": () => getChartCandles(db, symbol.id, "H4", { countback: COUNTBACK, to }),
      // The baseline: the same number of stored rows, read as they are.
      "daily rows": () =>
        db
          .select({ tradingDate: dayOhlc.tradingDate, open: dayOhlc.open, high: dayOhlc.high, low: dayOhlc.low, close: dayOhlc.close, volume: dayOhlc.volume })
          .from(dayOhlc)
          .where(eq(dayOhlc.symbolId, symbol.id))
          .orderBy(desc(dayOhlc.tradingDate))
          .limit(COUNTBACK),
    } as const;
    const names = Object.keys(cases) as (keyof typeof cases)[];
    const counts = Object.fromEntries(await Promise.all(names.map(async (n) => [n, (await cases[n]()).length])));
    console.log(`  rows served per call: ${names.map((n) => `${n} ${counts[n]}`).join(", ")}`);

    for (let i = 0; i < WARMUP; i++) for (const n of names) await cases[n]();
    // Interleaved rounds, so drift on a shared machine hits every case alike.
    const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
    started = performance.now();
    for (let i = 0; i < ROUNDS; i++) for (const n of names) times[n].push(await timeIt(cases[n]));
    const median: Record<string, number> = {};
    for (const n of names) {
      const sorted = [...times[n]].sort((a, b) => a - b);
      median[n] = percentile(sorted, 0.5);
      console.log(`  ${n.padEnd(10)} median ${median[n].toFixed(2)} ms, p95 ${percentile(sorted, 0.95).toFixed(2)} ms (${ROUNDS} rounds)`);
    }
    for (const n of ["D1 chart", "H1 chart", "H4 chart"] as const) {
      const ratio = median[n] / median["daily rows"];
      console.log(`  ${ratio < TARGET_RATIO ? "PASS" : "FAIL"} ${n} / daily rows: ${ratio.toFixed(2)}x (target under ${TARGET_RATIO}x)`);
    }
    console.log(`  measured in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await handle.close();
  }
}
