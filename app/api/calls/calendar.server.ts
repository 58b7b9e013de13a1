// The market calendar (docs/product-rules.md R-AC7 Calendar; the documents spell it "calender").
import * as z from "zod";
import { CALENDAR_LIST_DEFAULTS } from "~/domain/admin-lists";
import { LONG_PAGE_SIZE } from "~/domain/paging";
import { createCalendarEntry, deleteCalendarEntry, listCalendarEntries, updateCalendarEntry, type CalendarRow } from "~/services/calendar.server";
import { calendarSchema } from "~/schemas/calendar";
import { createdShape, idParam, isoDateTime, messageShape, pagedShape, pageQuery, ymdDate } from "../shapes";
import { defineCall, valueOrApiError } from "../types.server";
import { strictRecordId } from "~/schemas/record-id";

// The documents' calendar entry (docs/product-rules.md R-AC3): the five day flags are 0 or 1.
const dayFlag = z.union([z.literal(0), z.literal(1)]);
const calendarRowShape = z.object({
  id: z.number().int(),
  segment: z.string(),
  note: z.string(),
  date: ymdDate,
  isWeekFirstDay: dayFlag,
  isWeekLastDay: dayFlag,
  isHoliday: dayFlag,
  isMonthFirstDay: dayFlag,
  isMonthLastDay: dayFlag,
  created_at: isoDateTime,
  updated_at: isoDateTime,
});

const asFlag = (on: boolean) => (on ? 1 : 0);

function calendarOut(r: CalendarRow): z.input<typeof calendarRowShape> {
  return {
    id: r.id,
    segment: r.segment,
    note: r.note,
    date: r.date,
    isWeekFirstDay: asFlag(r.isWeekFirstDay),
    isWeekLastDay: asFlag(r.isWeekLastDay),
    isHoliday: asFlag(r.isHoliday),
    isMonthFirstDay: asFlag(r.isMonthFirstDay),
    isMonthLastDay: asFlag(r.isMonthLastDay),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export const calendarCalls = [
  defineCall({
    id: "admin/calender/list",
    method: "GET",
    path: "/api/admin/calender/list",
    tag: "Calendar",
    summary: "Calendar entries, latest date first, 20 per page (currentPage, pageSize): data.rows (the five day flags as 1/0) and data.count.",
    page: "/calendar",
    query: z.object(pageQuery),
    status: 200,
    response: pagedShape(calendarRowShape),
    handle: async ({ context, query }) => {
      const { rows, total } = await listCalendarEntries(context, { ...CALENDAR_LIST_DEFAULTS, search: null, page: query.currentPage ?? 1, pageSize: query.pageSize ?? LONG_PAGE_SIZE });
      return { status: 200, data: { rows: rows.map(calendarOut), count: total } };
    },
    sample: () => ({ query: { currentPage: "1", pageSize: "20" } }),
  }),
  defineCall({
    id: "admin/calender/create",
    method: "POST",
    path: "/api/admin/calender/create",
    tag: "Calendar",
    summary:
      "Adds a calendar entry: the calendar form (segment NSE/USA, note, date YYYY-MM-DD, five day flags as 1/0 or booleans). One entry per segment and date: a second one answers 409 with errors[].path date.",
    page: "/calendar",
    body: calendarSchema,
    status: 201,
    response: createdShape(),
    handle: async ({ context, user, body }) => {
      const { id, message } = valueOrApiError(await createCalendarEntry(context, user, body));
      return { status: 201, message, data: { id } };
    },
    sample: () => ({ body: { segment: "NSE", note: "Diwali Laxmi Puja", date: "2026-11-08", isHoliday: 1, isWeekFirstDay: 0 } }),
    invalid: { body: { note: "no segment", date: "2026-11-08" }, message: "Please select a segment" },
  }),
  defineCall({
    id: "admin/calender/update",
    method: "POST",
    path: "/api/admin/calender/update",
    tag: "Calendar",
    summary: "Updates a calendar entry: the calendar form plus id. Moving it onto a date its segment already has an entry for answers 409 (path date).",
    page: "/calendar",
    body: calendarSchema.extend({ id: strictRecordId("Please send an id") }),
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, body }) => {
      const { id, ...entry } = body;
      const { message } = valueOrApiError(await updateCalendarEntry(context, user, id, entry));
      return { status: 200, message };
    },
    sample: (f) => ({ body: { id: f.calendarId, segment: "NSE", note: "Christmas", date: "2026-12-25", isHoliday: true } }),
    invalid: { body: { id: 1, segment: "NSE", note: "", date: "2026-12-25" }, message: "Please enter a note" },
  }),
  defineCall({
    id: "admin/calender/delete",
    method: "POST",
    path: "/api/admin/calender/delete/{id}",
    tag: "Calendar",
    summary: "Deletes a calendar entry {id} (not in the documents; the /calendar page's Delete, docs/decisions/145); reads status and message. An unknown id answers 404.",
    page: "/calendar",
    params: idParam,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, params }) => {
      const { message } = valueOrApiError(await deleteCalendarEntry(context, user, params.id));
      return { status: 200, message };
    },
    sample: async (f) => ({ params: { id: await f.make.calendarEntry() } }),
  }),
];
