// Demo sector-gauge history: the sector-analysis chart of a fresh demo shows the last minute
// session's gauges (docs/product-rules.md R-D19), every 5 minutes, computed from the demo minute candles the
// way the engine computes them live (each symbol's close against its previous session's close).
import { sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { sectorGauge } from "~/domain/gauges";
import { bucketStart } from "~/domain/candles";
import { insertSectorGaugePoints } from "~/models/market-events.server";
import { rowsOf } from "~/db/rows";

const STEP_MINUTES = 5;

export async function seedDemoSectorGauges(db: AppDatabase): Promise<number> {
  // The latest IST day that has minute candles, its minutes of symbols in an active sector, and
  // each such symbol's close of the session before that day.
  const minutes = rowsOf<{ symbol_id: number; sector_id: number; t: number; close: number; prev_close: number }>(
    await db.execute(sql`
      with last_day as (
        select date_trunc('day', max(ts) at time zone 'Asia/Kolkata') as day from intraday_ohlc
      ), bounds as (
        select (day at time zone 'Asia/Kolkata') as from_ts, ((day + interval '1 day') at time zone 'Asia/Kolkata') as to_ts,
               day::date as day from last_day
      )
      select i.symbol_id, s.sector_id, (extract(epoch from i.ts) * 1000)::float8 as t, i.close::float8 as close,
             (select d.close::float8 from day_ohlc d, bounds b2 where d.symbol_id = i.symbol_id and d.trading_date < b2.day
              order by d.trading_date desc limit 1) as prev_close
      from intraday_ohlc i
      join symbols s on s.id = i.symbol_id and s.status and s.sector_id is not null
      join sectors sc on sc.id = s.sector_id and sc.status
      cross join bounds b
      where i.ts >= b.from_ts and i.ts < b.to_ts
      order by i.ts`),
  );
  const latestChange = new Map<number, Map<number, number>>(); // sector → symbol → change
  const points: { sectorId: number; ts: Date; percentage: number }[] = [];
  let bucket: number | null = null;
  const flush = (at: number) => {
    for (const [sectorId, changes] of latestChange) points.push({ sectorId, ts: new Date(at), percentage: sectorGauge([...changes.values()]) });
  };
  for (const m of minutes) {
    if (m.prev_close === null) continue;
    const b = bucketStart(Number(m.t), STEP_MINUTES);
    if (bucket !== null && b !== bucket) flush(bucket);
    bucket = b;
    const bySymbol = latestChange.get(m.sector_id) ?? new Map<number, number>();
    bySymbol.set(m.symbol_id, Number(m.close) - Number(m.prev_close));
    latestChange.set(m.sector_id, bySymbol);
  }
  if (bucket !== null) flush(bucket);
  await insertSectorGaugePoints(db, points);
  return points.length;
}
