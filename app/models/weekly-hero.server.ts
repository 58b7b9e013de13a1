// The weekly hero (GET admin/all-w-hero; docs/decisions/101-weekly-hero.md): the open of the
// current week's first trading day of every active symbol the user may see. Which day that is
// is the pure rule weekFirstTradingDay (app/domain/weekly-hero.ts); this reads what it needs.
import { and, asc, between, eq, inArray, or } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { calendarEntries, dayOhlc, symbols } from "~/db/schema";
import { currentIstWeek, weekFirstTradingDay } from "~/domain/weekly-hero";
import { isTradingDayYmd, tradingDayCheckFromHolidays } from "~/domain/trading-calendar";
import { listActiveSymbols, listVisibleSymbols } from "~/models/symbol.server";

/** The market calendar's segment of the symbols (as the feed's holiday check). */
const SEGMENT = "NSE";

export interface WeeklyHero {
  /** The week's first trading day, YYYY-MM-DD. */
  date: string;
  open: number;
  symbolCode: string;
  symbolId: number;
}

/** The week's first trading day (IST), or null before the week has one. */
export async function findWeekFirstTradingDay(db: AppDatabase, now: Date | number = Date.now()): Promise<string | null> {
  const week = currentIstWeek(now);
  const active = await listActiveSymbols(db);
  const [entries, bars] = await Promise.all([
    db
      .select({ date: calendarEntries.date, isWeekFirstDay: calendarEntries.isWeekFirstDay, isHoliday: calendarEntries.isHoliday })
      .from(calendarEntries)
      .where(
        and(
          eq(calendarEntries.segment, SEGMENT),
          between(calendarEntries.date, week.start, week.end),
          or(eq(calendarEntries.isWeekFirstDay, true), eq(calendarEntries.isHoliday, true)),
        ),
      ),
    // The days of the week so far with a bar of an active symbol (the primary key's symbol_id
    // leads, so the lookup is per symbol).
    active.length === 0
      ? Promise.resolve([])
      : db
          .selectDistinct({ date: dayOhlc.tradingDate })
          .from(dayOhlc)
          .where(and(inArray(dayOhlc.symbolId, active.map((s) => s.id)), between(dayOhlc.tradingDate, week.start, week.today))),
  ]);
  const holidays = tradingDayCheckFromHolidays(entries.filter((e) => e.isHoliday).map((e) => e.date));
  return weekFirstTradingDay({
    today: week.today,
    markedFirstDays: entries.filter((e) => e.isWeekFirstDay).map((e) => e.date),
    barDates: bars.map((b) => b.date),
    isTradingDay: (ymd) => isTradingDayYmd(ymd, holidays),
  });
}

/** Each active symbol the user may see (a customer: its subscription) with its bar on the week's first trading day, by code. */
export async function listWeeklyHeroes(db: AppDatabase, user: { id: number; roleId: number }, now: Date | number = Date.now()): Promise<WeeklyHero[]> {
  const [day, visible] = await Promise.all([findWeekFirstTradingDay(db, now), listVisibleSymbols(db, user)]);
  if (day === null || visible.length === 0) return [];
  const rows = await db
    .select({ symbolId: dayOhlc.symbolId, open: dayOhlc.open, symbolCode: symbols.symbolCode })
    .from(dayOhlc)
    .innerJoin(symbols, eq(symbols.id, dayOhlc.symbolId))
    .where(and(eq(dayOhlc.tradingDate, day), inArray(dayOhlc.symbolId, visible.map((s) => s.id))))
    .orderBy(asc(symbols.symbolCode));
  return rows.map((r) => ({ date: day, ...r }));
}
