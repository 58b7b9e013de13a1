// The market calendar (docs/product-rules.md R-AC2 Calendar, R-AC7; the documents spell it "calender"):
// the entries list and their create/edit. The /calendar pages and the JSON API
// (admin/calender/*) call these. Holidays written here are what the feed's market-hours rule
// reads (loadTradingDayCheck).
import type { AppContext } from "~/config/context";
import { notFoundOutcome, succeed, type Outcome } from "~/domain/outcome";
import {
  createCalendarEntry as insertCalendarEntry,
  findCalendarEntry as findCalendarRow,
  listCalendarPage,
  updateCalendarEntry as updateCalendarRow,
  type CalendarRow,
} from "~/models/calendar.server";
import { CALENDAR_SAVED, type CalendarInput } from "~/schemas/calendar";

export type { CalendarRow };

type Db = Pick<AppContext, "db">;

/** Calendar entries, latest date first. */
export function listCalendarEntries(context: Db, page: number, pageSize: number): Promise<{ rows: CalendarRow[]; total: number }> {
  return listCalendarPage(context.db, page, pageSize);
}

export function findCalendarEntry(context: Db, id: number): Promise<CalendarRow | null> {
  return findCalendarRow(context.db, id);
}

export async function createCalendarEntry(context: Db, input: CalendarInput): Promise<{ id: number; message: string }> {
  const id = await insertCalendarEntry(context.db, input);
  return { id, message: CALENDAR_SAVED };
}

export async function updateCalendarEntry(context: Db, id: number, input: CalendarInput): Promise<Outcome<{ message: string }>> {
  if (!(await updateCalendarRow(context.db, id, input))) return notFoundOutcome();
  return succeed({ message: CALENDAR_SAVED });
}
