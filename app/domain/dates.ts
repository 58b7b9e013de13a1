// India Standard Time helpers (docs/product-rules.md R-D10 and R-D12).
//
// Times are stored as UTC instants and shown in Asia/Kolkata; dates in URLs and API bodies are
// YYYY-MM-DD, dates on screen DD-MM-YYYY and times hh:mm:ss a. All zone arithmetic goes through
// @date-fns/tz (TZDate) and date-fns, so nothing here depends on the machine's own time zone.
// Pure and browser-safe: no node: imports.
import { TZDate } from "@date-fns/tz";
import { addDays, addMonths, addWeeks, format, isValid, parse, startOfDay, startOfMonth, startOfWeek } from "date-fns";
import { memoByMinute } from "./minute-memo";

export const IST_TIME_ZONE = "Asia/Kolkata";

// The screen formats live beside the shell's other needs, without date-fns (see ist-format.ts).
export { formatIstCompactDateTime, formatIstDate, formatIstDateTime, formatIstTime, istClock } from "./ist-format";

const YMD_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function toIst(date: Date | number): TZDate {
  return new TZDate(typeof date === "number" ? date : date.getTime(), IST_TIME_ZONE);
}

/** The IST calendar day of an instant, as YYYY-MM-DD. */
export function istDateString(date: Date | number): string {
  return istDayOfMinute(typeof date === "number" ? date : date.getTime());
}

// Every signed-in page asks for today's day (the unread count's window): kept per minute.
const istDayOfMinute = memoByMinute((minuteStartMs) => format(toIst(minuteStartMs), "yyyy-MM-dd"));

/** The calendar day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function shiftYmd(ymd: string, days: number): string {
  // In IST (a TZDate): date-fns then adds calendar days there, whatever the machine's zone.
  return istDateString(addDays(toIst(istMidnight(ymd)), days));
}

/** True for a real calendar date written YYYY-MM-DD (so 2024-02-30 is false). */
export function isValidYmd(value: unknown): value is string {
  if (typeof value !== "string" || !YMD_PATTERN.test(value)) return false;
  return isValid(parse(value, "yyyy-MM-dd", new Date(0)));
}

function assertYmd(ymd: string): void {
  if (!isValidYmd(ymd)) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(ymd)}`);
}

/** The UTC instant of 00:00 IST on the given day (e.g. 2024-01-02 → 2024-01-01T18:30:00Z). */
export function istMidnight(ymd: string): Date {
  let epochMs = midnightByDay.get(ymd);
  if (epochMs === undefined) {
    assertYmd(ymd);
    const [y, m, d] = ymd.split("-").map(Number);
    epochMs = new TZDate(y, m - 1, d, IST_TIME_ZONE).getTime();
    if (midnightByDay.size >= MIDNIGHTS_KEPT) midnightByDay.clear();
    midnightByDay.set(ymd, epochMs);
  }
  // A fresh Date per call: callers may change theirs.
  return new Date(epochMs);
}

// Every signed-in page asks for today's midnight (unread counts, today's lists), and validating
// and converting a day through date-fns' parser and TZDate cost about 0.3 ms a request: the
// answers are kept per day (a pure function of its text; a few hundred days at most).
const MIDNIGHTS_KEPT = 512;
const midnightByDay = new Map<string, number>();

/** The UTC epoch ms of an IST wall-clock time (month is 1-based). */
export function istWallTimeToEpochMs(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): number {
  return new TZDate(year, month - 1, day, hour, minute, second, IST_TIME_ZONE).getTime();
}

/** The day after a YYYY-MM-DD day, as YYYY-MM-DD. */
export function nextYmd(ymd: string): string {
  return istDateString(addDays(toIst(istMidnight(ymd)), 1));
}

/**
 * docs/product-rules.md R-D10: a picked end date is inclusive, so the server queries the half-open range
 * [start 00:00 IST, end + 1 day 00:00 IST). Throws a RangeError for a malformed day or an end
 * before the start.
 */
export function inclusiveDateRange(startYmd: string, endYmd: string): { from: Date; to: Date } {
  const from = istMidnight(startYmd);
  const endMidnight = istMidnight(endYmd);
  if (endMidnight.getTime() < from.getTime()) {
    throw new RangeError(`End date ${endYmd} is before start date ${startYmd}`);
  }
  const to = new Date(addDays(toIst(endMidnight), 1).getTime());
  return { from, to };
}

/** Epoch ms of 00:00 IST on the IST day containing the instant. */
export function istDayStartMs(timeMs: number): number {
  return startOfDay(toIst(timeMs)).getTime();
}

/** Epoch ms of 00:00 IST on the Monday of the IST week containing the instant. */
export function istWeekStartMs(timeMs: number): number {
  return startOfWeek(toIst(timeMs), { weekStartsOn: 1 }).getTime();
}

/** Epoch ms of 00:00 IST on the first day of the IST month containing the instant. */
export function istMonthStartMs(timeMs: number): number {
  return startOfMonth(toIst(timeMs)).getTime();
}

/**
 * The IST calendar period ('D' day, 'W' week from Monday, 'M' month) holding the instant, as
 * [start, end) in epoch ms: both bounds are 00:00 IST.
 */
export function istPeriodBounds(timeMs: number, kind: "D" | "W" | "M"): { start: number; end: number } {
  const local = toIst(timeMs);
  switch (kind) {
    case "D": {
      const start = startOfDay(local);
      return { start: start.getTime(), end: addDays(start, 1).getTime() };
    }
    case "W": {
      const start = startOfWeek(local, { weekStartsOn: 1 });
      return { start: start.getTime(), end: addWeeks(start, 1).getTime() };
    }
    case "M": {
      const start = startOfMonth(local);
      return { start: start.getTime(), end: addMonths(start, 1).getTime() };
    }
  }
}

const NSE_DATE_FORMATS = [
  { re: /^\d{1,2}-[A-Za-z]{3}-\d{4}$/, fmt: "dd-MMM-yyyy" },
  { re: /^\d{4}-\d{2}-\d{2}$/, fmt: "yyyy-MM-dd" },
  { re: /^\d{8}$/, fmt: "yyyyMMdd" },
  { re: /^\d{2}-\d{2}-\d{4}$/, fmt: "dd-MM-yyyy" },
];

// A bhav copy repeats a handful of dates tens of thousands of times; date-fns parse costs
// ~15–70 µs a call, so results are memoised (bounded).
const nseDateCache = new Map<string, string | null>();
const NSE_DATE_CACHE_LIMIT = 2048;

/**
 * Parses a calendar date as NSE files write it — "01-JAN-2020", "30-Jan-2020" (bhav copies),
 * "2024-07-08" (UDiFF), "20171003" (vendor minute bars), "08-07-2024" — into YYYY-MM-DD; null
 * when it is not a real date in one of those forms. A calendar date: parsed and written back in
 * the same (local) zone, so no time-zone conversion is involved.
 */
export function parseNseDate(value: string): string | null {
  const text = value.trim();
  const cached = nseDateCache.get(text);
  if (cached !== undefined) return cached;
  let result: string | null = null;
  for (const { re, fmt } of NSE_DATE_FORMATS) {
    if (!re.test(text)) continue;
    const parsed = parse(text, fmt, new Date(0));
    result = isValid(parsed) ? format(parsed, "yyyy-MM-dd") : null;
    break;
  }
  if (nseDateCache.size >= NSE_DATE_CACHE_LIMIT) nseDateCache.clear();
  nseDateCache.set(text, result);
  return result;
}
