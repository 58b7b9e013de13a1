// 1-minute candles (intraday_ohlc, partitioned by month: docs/decisions/003).
import { sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { intradayOhlc } from "~/db/schema";
import type { Candle } from "~/domain/candles";

const CHUNK = 1000;
const knownPartitions = new WeakMap<AppDatabase, Set<string>>();

function monthKey(ms: number): { name: string; from: string; to: string } {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const from = new Date(Date.UTC(y, m, 1)).toISOString();
  const to = new Date(Date.UTC(y, m + 1, 1)).toISOString();
  return { name: `intraday_ohlc_${y}${String(m + 1).padStart(2, "0")}`, from, to };
}

/**
 * Creates the monthly partitions (UTC months) covering these times, if missing. A month whose
 * rows already sit in the DEFAULT partition keeps them there (PostgreSQL refuses the new
 * partition then); that is logged, not fatal.
 */
export async function ensureMonthPartitions(db: AppDatabase, times: readonly number[]): Promise<void> {
  let known = knownPartitions.get(db);
  if (!known) knownPartitions.set(db, (known = new Set()));
  const months = new Map(times.map((t) => monthKey(t)).map((k) => [k.name, k]));
  for (const month of months.values()) {
    if (known.has(month.name)) continue;
    try {
      await db.execute(
        sql.raw(
          `CREATE TABLE IF NOT EXISTS ${month.name} PARTITION OF intraday_ohlc FOR VALUES FROM ('${month.from}') TO ('${month.to}')`,
        ),
      );
    } catch (error) {
      console.warn(`[candles] partition ${month.name} not created: ${(error as Error).message}`);
    }
    known.add(month.name);
  }
}

/**
 * Writes 1-minute candles. A candle already stored for the same minute is merged: its open
 * stays, high and low widen, close and volume take the new values (the writer sends the
 * minute's running totals).
 */
export async function upsertMinuteCandles(
  db: AppDatabase,
  rows: readonly (Candle & { symbolId: number })[],
): Promise<number> {
  if (rows.length === 0) return 0;
  await ensureMonthPartitions(db, rows.map((r) => r.time));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await db
      .insert(intradayOhlc)
      .values(
        chunk.map((c) => ({
          symbolId: c.symbolId,
          ts: new Date(c.time),
          open: c.open,
          high: c.high,
          low: c.low,
          close: c.close,
          volume: Math.round(c.volume),
        })),
      )
      .onConflictDoUpdate({
        target: [intradayOhlc.symbolId, intradayOhlc.ts],
        set: {
          high: sql`greatest(${intradayOhlc.high}, excluded.high)`,
          low: sql`least(${intradayOhlc.low}, excluded.low)`,
          close: sql`excluded.close`,
          volume: sql`excluded.volume`,
        },
      });
  }
  return rows.length;
}
