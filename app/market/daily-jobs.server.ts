// The leader's daily jobs: after the close of a trading day, the day's minute candles roll into
// the daily table with the day's MA/WA/MD/WD; then minute candles older than INTRADAY_RETENTION_DAYS trading days are
// dropped (whole monthly partitions where possible). Checked every minute, run once a day.
import type { AppDatabase } from "~/db/client.server";
import { istDateString } from "~/domain/dates";
import { purgeIntradayBefore, rollupDay } from "~/models/candle.server";
import { refreshDailyLevels } from "./daily-levels.server";
import { isTradingDayYmd, SESSION_CLOSE_MINUTE_IST, tradingDaysBefore, type TradingDayCheck } from "../domain/trading-calendar";

/** Minutes after the close before the rollup runs (late prints settle). */
const ROLLUP_DELAY_MINUTES = 15;

export function istMinuteOfDay(timeMs: number): number {
  return Math.floor((timeMs / 60_000 + 330) % 1440);
}

/** The IST day to roll up at `now`, or null: a trading day, after the close plus the delay. */
export function dayDueForRollup(now: number, isTradingDay: TradingDayCheck, lastRolled: string | null): string | null {
  const today = istDateString(now);
  if (today === lastRolled || !isTradingDayYmd(today, isTradingDay)) return null;
  return istMinuteOfDay(now) >= SESSION_CLOSE_MINUTE_IST + ROLLUP_DELAY_MINUTES ? today : null;
}

export function startDailyJobs(deps: {
  db: AppDatabase;
  isTradingDay: TradingDayCheck;
  retentionDays: number;
  now?: () => number;
  everyMs?: number;
  log?: (line: string) => void;
}): () => void {
  const log = deps.log ?? ((line: string) => console.log(line));
  const now = deps.now ?? Date.now;
  let lastRolled: string | null = null;
  let running = false;
  const tick = async () => {
    if (running) return;
    const day = dayDueForRollup(now(), deps.isTradingDay, lastRolled);
    if (!day) return;
    running = true;
    try {
      const rows = await rollupDay(deps.db, day);
      // The day's MA, WA, MD and WD from the bars just rolled up (docs/product-rules.md R-D18, decision 129).
      await refreshDailyLevels(deps.db, { fromYmd: day, toYmd: day });
      const [cutoff] = tradingDaysBefore(day, deps.retentionDays, deps.isTradingDay);
      const purged = cutoff ? await purgeIntradayBefore(deps.db, cutoff) : null;
      lastRolled = day;
      log(`[daily] ${day}: ${rows} daily bars rolled up${purged ? `, minute candles before ${cutoff} purged (${purged.droppedPartitions} partitions, ${purged.deletedRows} rows)` : ""}`);
    } catch (error) {
      log(`[daily] ${day} failed, will retry: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), deps.everyMs ?? 60_000);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
