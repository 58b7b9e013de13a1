// Market holidays from the calendar table, for the simulated feed's exchange-hours gate and the
// demo history's trading days.
import { and, eq } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { calendarEntries } from "~/db/schema";
import { tradingDayCheckFromHolidays, type TradingDayCheck } from "~/domain/trading-calendar";

/** The holiday dates (YYYY-MM-DD) of a segment. */
export async function listMarketHolidays(db: AppDatabase, segment = "NSE"): Promise<Set<string>> {
  const rows = await db
    .select({ date: calendarEntries.date })
    .from(calendarEntries)
    .where(and(eq(calendarEntries.segment, segment), eq(calendarEntries.isHoliday, true)));
  return new Set(rows.map((r) => r.date));
}

/** A trading-day check built from the stored holidays (read once: restart to pick up edits). */
export async function loadTradingDayCheck(db: AppDatabase, segment = "NSE"): Promise<TradingDayCheck> {
  return tradingDayCheckFromHolidays(await listMarketHolidays(db, segment));
}
