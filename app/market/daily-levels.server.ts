// Fills MA, WA, MD and WD (docs/product-rules.md R-D18, docs/decisions/129) of stored day rows from the
// symbols' own daily bars: the bhav import and the day rollup call it for the days they wrote,
// in their transaction; the demo history calls it for the days it generated.
import type { AppDatabase } from "~/db/client.server";
import { dailyLevelSeries, LEVEL_LOOKBACK_SESSIONS } from "~/domain/daily-levels";
import { readLevelWindows, writeDayLevels, type StoredDayLevels } from "~/models/day-ohlc.server";

/**
 * Recomputes the levels of every stored day of `symbolIds` (every symbol when not given) from `fromYmd` to `toYmd` (inclusive)
 * and writes them (a level that needs more sessions than are stored keeps its stored value). Returns the rows written.
 * Later days are not touched: a day imported out of order leaves the days after it as they were.
 */
export async function refreshDailyLevels(db: AppDatabase, range: { symbolIds?: readonly number[]; fromYmd: string; toYmd: string }): Promise<number> {
  const ids = range.symbolIds ? [...new Set(range.symbolIds)] : undefined;
  const bars = await readLevelWindows(db, ids, range.fromYmd, range.toYmd, LEVEL_LOOKBACK_SESSIONS);
  const bySymbol = new Map<number, typeof bars>();
  for (const bar of bars) {
    const list = bySymbol.get(bar.symbolId);
    if (list) list.push(bar);
    else bySymbol.set(bar.symbolId, [bar]);
  }
  const rows: StoredDayLevels[] = [];
  for (const [symbolId, list] of bySymbol) {
    for (const [tradingDate, levels] of dailyLevelSeries(list)) {
      if (tradingDate >= range.fromYmd && tradingDate <= range.toYmd) rows.push({ symbolId, tradingDate, ...levels });
    }
  }
  return writeDayLevels(db, rows);
}
