// The Calendar screen's entries (server-paged, 20 per page). Holidays written here are what
// loadTradingDayCheck (trading-calendar.server.ts) reads for the feed's market-hours rule.
import { and, count, eq, ne, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { calendarEntries } from "~/db/schema";
import type { CalendarSort } from "~/domain/admin-lists";
import type { ListOrder } from "~/domain/list-query";
import { pageOffset } from "~/domain/paging";
import { streamInBatches } from "./batches.server";
import { listOrder, searchCondition } from "./list-query.server";
import type { CalendarInput } from "~/schemas/calendar";

const columns = {
  id: calendarEntries.id,
  segment: calendarEntries.segment,
  note: calendarEntries.note,
  date: calendarEntries.date,
  isWeekFirstDay: calendarEntries.isWeekFirstDay,
  isWeekLastDay: calendarEntries.isWeekLastDay,
  isHoliday: calendarEntries.isHoliday,
  isMonthFirstDay: calendarEntries.isMonthFirstDay,
  isMonthLastDay: calendarEntries.isMonthLastDay,
  createdAt: calendarEntries.createdAt,
  updatedAt: calendarEntries.updatedAt,
};

export type CalendarRow = { id: number; segment: string; note: string; date: string; createdAt: Date; updatedAt: Date } & Record<
  "isWeekFirstDay" | "isWeekLastDay" | "isHoliday" | "isMonthFirstDay" | "isMonthLastDay",
  boolean
>;

function calendarListOrder(filter: ListOrder<CalendarSort>): SQL[] {
  const column = { date: sql`${calendarEntries.date}`, segment: sql`${calendarEntries.segment}` }[filter.sort];
  return listOrder(column, filter.dir, calendarEntries.id);
}

/** One page of the calendar: its notes searched, in the chosen order (latest date first by default). */
export async function listCalendarPage(db: AppDatabase, filter: ListOrder<CalendarSort> & { page: number; pageSize: number }): Promise<{ rows: CalendarRow[]; total: number }> {
  const where = searchCondition(filter.search, [calendarEntries.note]);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(calendarEntries)
      .where(where)
      .orderBy(...calendarListOrder(filter))
      .limit(filter.pageSize)
      .offset(pageOffset(filter.page, filter.pageSize)),
    db.select({ total: count() }).from(calendarEntries).where(where),
  ]);
  return { rows, total };
}

/** Every entry of the calendar's search in its order, a batch at a time (the list's export). */
export function streamCalendarList(db: AppDatabase, filter: ListOrder<CalendarSort>): AsyncGenerator<CalendarRow> {
  return streamInBatches((page, pageSize) => listCalendarPage(db, { ...filter, page, pageSize }));
}

export async function findCalendarEntry(db: AppDatabase, id: number): Promise<CalendarRow | null> {
  const [row] = await db.select(columns).from(calendarEntries).where(eq(calendarEntries.id, id)).limit(1);
  return row ?? null;
}

export async function createCalendarEntry(db: AppDatabase, input: CalendarInput): Promise<number> {
  const [row] = await db.insert(calendarEntries).values(input).returning({ id: calendarEntries.id });
  return row.id;
}

export async function updateCalendarEntry(db: AppDatabase, id: number, input: CalendarInput): Promise<boolean> {
  const rows = await db
    .update(calendarEntries)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(calendarEntries.id, id))
    .returning({ id: calendarEntries.id });
  return rows.length > 0;
}

/**
 * Serialises writes to one segment's day until the caller's transaction ends, so two saves of the
 * same day cannot both pass the "already has an entry" check (docs/decisions/145).
 */
export async function lockCalendarDay(tx: AppDatabase, segment: string, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${0x63616c}, hashtext(${`${segment}|${date}`}))`);
}

/** The entry already standing on a segment's day (another than exceptId), or null. */
export async function findCalendarEntryOn(db: AppDatabase, segment: string, date: string, exceptId?: number): Promise<CalendarRow | null> {
  const [row] = await db
    .select(columns)
    .from(calendarEntries)
    .where(and(eq(calendarEntries.segment, segment), eq(calendarEntries.date, date), exceptId ? ne(calendarEntries.id, exceptId) : undefined))
    .orderBy(calendarEntries.id)
    .limit(1);
  return row ?? null;
}

export async function deleteCalendarEntry(db: AppDatabase, id: number): Promise<CalendarRow | null> {
  const [row] = await db.delete(calendarEntries).where(eq(calendarEntries.id, id)).returning(columns);
  return row ?? null;
}
