// The market calendar: holidays feed the exchange-hours rule of the price feed.
import { and, eq } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { calendarEntries } from "~/db/schema";

/** Holiday dates (YYYY-MM-DD) of a segment. */
export async function listHolidayDates(db: AppDatabase, segment = "NSE"): Promise<string[]> {
  const rows = await db
    .select({ date: calendarEntries.date })
    .from(calendarEntries)
    .where(and(eq(calendarEntries.segment, segment), eq(calendarEntries.isHoliday, true)));
  return rows.map((r) => r.date);
}
