// "Save Symbol's Open Data" (docs/product-rules.md R-AC2, docs/product-rules.md R-D18): today's open of every active
// symbol, taken from its first stored 1-minute candle of the IST trading day, written to day_ohlc.
import { sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { istDateString, istMidnight, nextYmd } from "~/domain/dates";

export interface OpenDataResult {
  /** YYYY-MM-DD (IST). */
  tradingDate: string;
  symbols: number;
}

/**
 * One statement, so it is all or nothing: for each active symbol with a candle today, a missing
 * day row is created with open = high = low = close = that candle's open; an existing day row
 * gets only its open replaced (its high, low, close and the uploaded MA/MD/WA/WD stay).
 */
export async function saveTodaysOpen(db: AppDatabase, now: Date = new Date()): Promise<OpenDataResult> {
  const tradingDate = istDateString(now);
  const from = istMidnight(tradingDate).toISOString();
  const to = istMidnight(nextYmd(tradingDate)).toISOString();
  const result = await db.execute(sql`
    insert into day_ohlc (symbol_id, trading_date, open, high, low, close, volume)
    select distinct on (c.symbol_id) c.symbol_id, ${tradingDate}::date, c.open, c.open, c.open, c.open, 0
    from intraday_ohlc c
    join symbols s on s.id = c.symbol_id and s.status
    where c.ts >= ${from}::timestamptz and c.ts < ${to}::timestamptz
    order by c.symbol_id, c.ts
    on conflict (symbol_id, trading_date) do update set open = excluded.open, updated_at = now()
    returning symbol_id
  `);
  const rows = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
  return { tradingDate, symbols: rows.length };
}
