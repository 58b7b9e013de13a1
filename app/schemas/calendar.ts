// The calendar modal (docs/product-rules.md R-AC2, R-AC5) with the documents' messages.
import * as z from "zod";
import { isValidYmd } from "~/domain/dates";

export const CALENDAR_SEGMENTS = ["NSE", "USA"] as const;
export const SELECT_SEGMENT = "Please select a segment";
export const ENTER_NOTE = "Please enter a note";
export const ENTER_DATE = "Please enter a date";
export const CALENDAR_SAVED = "Calendar submitted successfully";

export const CALENDAR_FLAGS = [
  { name: "isWeekFirstDay", label: "WeekFirstDay" },
  { name: "isWeekLastDay", label: "WeekLastDay" },
  { name: "isHoliday", label: "Holiday" },
  { name: "isMonthFirstDay", label: "MonthFirstDay" },
  { name: "isMonthLastDay", label: "MonthLastDay" },
] as const;

export const calendarSchema = z.object({
  segment: z.enum(CALENDAR_SEGMENTS, { error: SELECT_SEGMENT }),
  note: z.string({ error: ENTER_NOTE }).trim().min(1, ENTER_NOTE).max(200, "Note is too long"),
  date: z.string({ error: ENTER_DATE }).refine(isValidYmd, ENTER_DATE),
  isWeekFirstDay: z.boolean().default(false),
  isWeekLastDay: z.boolean().default(false),
  isHoliday: z.boolean().default(false),
  isMonthFirstDay: z.boolean().default(false),
  isMonthLastDay: z.boolean().default(false),
});

export type CalendarInput = z.infer<typeof calendarSchema>;
