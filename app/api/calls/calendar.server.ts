// The market calendar (docs/product-rules.md R-AC7 Calendar; the documents spell it "calender").
import * as z from "zod";
import { CALENDAR_LIST_DEFAULTS } from "~/domain/admin-lists";
import { LONG_PAGE_SIZE } from "~/domain/paging";
import { createCalendarEntry, deleteCalendarEntry, listCalendarEntries, updateCalendarEntry } from "~/services/calendar.server";
import { calendarSchema } from "~/schemas/calendar";
import { createdShape, idParam, messageShape, pagedShape, pageQuery, ymdDate } from "../shapes";
import { defineCall, valueOrApiError } from "../types.server";
import { strictRecordId } from "~/schemas/record-id";

const calendarRowShape = z.object({
  id: z.number().int(),
  segment: z.string(),
  note: z.string(),
  date: ymdDate,
  isWeekFirstDay: z.boolean(),
  isWeekLastDay: z.boolean(),
  isHoliday: z.boolean(),
  isMonthFirstDay: z.boolean(),
  isMonthLastDay: z.boolean(),
});

export const calendarCalls = [
  defineCall({
    id: "admin/calender/list",
    method: "GET",
    path: "/api/admin/calender/list",
    tag: "Calendar",
    summary: "Calendar entries, latest date first, 20 per page (currentPage, pageSize): data.rows and data.count.",
    page: "/calendar",
    query: z.object(pageQuery),
    status: 200,
    response: pagedShape(calendarRowShape),
    handle: async ({ context, query }) => {
      const { rows, total } = await listCalendarEntries(context, { ...CALENDAR_LIST_DEFAULTS, search: null, page: query.currentPage ?? 1, pageSize: query.pageSize ?? LONG_PAGE_SIZE });
      return { status: 200, data: { rows, count: total } };
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
    handle: async ({ context, body }) => {
      const { id, message } = valueOrApiError(await createCalendarEntry(context, body));
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
    handle: async ({ context, body }) => {
      const { id, ...entry } = body;
      const { message } = valueOrApiError(await updateCalendarEntry(context, id, entry));
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
    handle: async ({ context, params }) => {
      const { message } = valueOrApiError(await deleteCalendarEntry(context, params.id));
      return { status: 200, message };
    },
    sample: async (f) => ({ params: { id: await f.make.calendarEntry() } }),
  }),
];
