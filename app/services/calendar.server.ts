// The market calendar (docs/product-rules.md R-AC2 Calendar, R-AC7; the documents spell it "calender"):
// the entries list and their create/edit/delete. The /calendar pages and the JSON API
// (admin/calender/*) call these. Holidays written here are what the feed's market-hours rule
// reads (loadTradingDayCheck).
import { pickKeys } from "~/domain/audit";
import { recordAudit, type AuditActor } from "~/models/audit-log.server";
import type { AppContext } from "~/config/context";
import { formatIstDate } from "~/domain/dates";
import { notFoundOutcome, refuse, succeed, type Outcome } from "~/domain/outcome";
import {
  createCalendarEntry as insertCalendarEntry,
  deleteCalendarEntry as deleteCalendarRow,
  findCalendarEntry as findCalendarRow,
  findCalendarEntryOn,
  listCalendarPage,
  lockCalendarDay,
  streamCalendarList,
  updateCalendarEntry as updateCalendarRow,
  type CalendarRow,
} from "~/models/calendar.server";
import { CALENDAR_SAVED, type CalendarInput } from "~/schemas/calendar";
import type { CalendarSort } from "~/domain/admin-lists";
import type { ListOrder } from "~/domain/list-query";
import type { ListExportFormat } from "~/schemas/user-admin";
import { CALENDAR_LIST_EXPORT_COLUMNS } from "~/services/reports/columns";
import { todaysListDownload } from "~/services/reports/download.server";

export type { CalendarRow };

type Db = Pick<AppContext, "db">;

export const CALENDAR_ENTRY_GONE = "This calendar entry no longer exists";

/** A day as the Calendar list shows it (the stored date is a calendar day, read at IST noon). */
export function calendarDayLabel(date: string): string {
  return formatIstDate(new Date(`${date}T12:00:00Z`));
}

/** The refusal of a second entry on a segment's day: one entry per segment and date (docs/decisions/145). */
export function calendarDayTakenMessage(segment: string, date: string, note: string): string {
  return `${segment} already has an entry on ${calendarDayLabel(date)} (${note}): edit that entry instead`;
}

export function calendarDeletedMessage(entry: Pick<CalendarRow, "segment" | "date" | "note">): string {
  return `Calendar entry ${entry.note} (${entry.segment}, ${calendarDayLabel(entry.date)}) deleted successfully`;
}

/** Calendar entries: their notes searched, in the chosen order (latest date first unless asked), one page. */
export function listCalendarEntries(context: Db, query: ListOrder<CalendarSort> & { page: number; pageSize: number }): Promise<{ rows: CalendarRow[]; total: number }> {
  return listCalendarPage(context.db, query);
}

/** The calendar as a CSV or Excel download: every entry of its search, in its order. */
export function calendarListDownload(context: Db, filter: ListOrder<CalendarSort>, format: ListExportFormat): Response {
  return todaysListDownload("calendar", { sheetName: "Calendar", columns: CALENDAR_LIST_EXPORT_COLUMNS, rows: streamCalendarList(context.db, filter) }, format);
}

export function findCalendarEntry(context: Db, id: number): Promise<CalendarRow | null> {
  return findCalendarRow(context.db, id);
}

/**
 * A new entry, unless its segment already has one on that date. The check and the write run in
 * one transaction holding the day's lock, so two saves of the same day cannot both pass.
 */
export async function createCalendarEntry(context: Db, actor: AuditActor, input: CalendarInput): Promise<Outcome<{ id: number; message: string }>> {
  return context.db.transaction(async (tx) => {
    await lockCalendarDay(tx, input.segment, input.date);
    const taken = await findCalendarEntryOn(tx, input.segment, input.date);
    if (taken) return refuse(calendarDayTakenMessage(taken.segment, taken.date, taken.note), "date", 409);
    const id = await insertCalendarEntry(tx, input);
    await recordAudit(tx, [{ actor, action: "create", entity: "calendar", entityId: id, after: input }]);
    return succeed({ id, message: CALENDAR_SAVED });
  });
}

/**
 * Edits an entry; moving it onto a day its segment already has an entry for is refused as a
 * create is. An entry kept on its own day is never refused, so two entries written before the
 * rule can still be edited (or one deleted).
 */
export async function updateCalendarEntry(context: Db, actor: AuditActor, id: number, input: CalendarInput): Promise<Outcome<{ message: string }>> {
  return context.db.transaction(async (tx) => {
    await lockCalendarDay(tx, input.segment, input.date);
    const current = await findCalendarRow(tx, id);
    if (!current) return notFoundOutcome();
    const moved = current.segment !== input.segment || current.date !== input.date;
    const taken = moved ? await findCalendarEntryOn(tx, input.segment, input.date, id) : null;
    if (taken) return refuse(calendarDayTakenMessage(taken.segment, taken.date, taken.note), "date", 409);
    if (!(await updateCalendarRow(tx, id, input))) return notFoundOutcome();
    await recordAudit(tx, [{ actor, action: "update", entity: "calendar", entityId: id, before: pickKeys(current, Object.keys(input)), after: input }]);
    return succeed({ message: CALENDAR_SAVED });
  });
}

/** Deletes one entry; the answer names what was deleted. */
export async function deleteCalendarEntry(context: Db, actor: AuditActor, id: number): Promise<Outcome<{ message: string }>> {
  const deleted = await context.db.transaction(async (tx) => {
    const row = await deleteCalendarRow(tx, id);
    if (row) await recordAudit(tx, [{ actor, action: "delete", entity: "calendar", entityId: id, before: row, after: null }]);
    return row;
  });
  if (!deleted) return refuse(CALENDAR_ENTRY_GONE, undefined, 404);
  return succeed({ message: calendarDeletedMessage(deleted) });
}
