// The screen's IST date and time formats (docs/decisions: dates on screen DD-MM-YYYY, times
// hh:mm:ss AM|PM), written with the browser's own time-zone support (Intl) so that the shell,
// which every page loads, does not carry a date library: the connection indicator and the
// notification toasts use these. app/domain/dates.ts re-exports them for everything else.
import { memoByMinute, secondOfMinute } from "./minute-memo";

const IST = "Asia/Kolkata";

const PARTS = new Intl.DateTimeFormat("en-US", {
  timeZone: IST,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hour12: true,
});

type IstParts = Record<"day" | "month" | "year" | "hour" | "minute" | "second" | "dayPeriod", string>;

/** Intl's parts of a minute's first instant (its seconds "00"), kept per minute (minute-memo.ts). */
const minuteParts = memoByMinute((minuteStartMs): Readonly<IstParts> => {
  const parts = { day: "", month: "", year: "", hour: "", minute: "", second: "", dayPeriod: "" };
  for (const part of PARTS.formatToParts(minuteStartMs)) {
    if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  }
  return parts;
});

function istParts(date: Date | number): IstParts {
  const ms = typeof date === "number" ? date : date.getTime();
  return { ...minuteParts(ms), second: String(secondOfMinute(ms)).padStart(2, "0") };
}

/** The IST calendar day of an instant, as DD-MM-YYYY (the screen format). */
export function formatIstDate(date: Date | number): string {
  return dateOf(istParts(date));
}

/** The IST wall time of an instant, as "hh:mm:ss AM|PM" (the screen's time format). */
export function formatIstTime(date: Date | number): string {
  return timeOf(istParts(date));
}

/** The IST wall time of an instant, as "DD-MM-YYYY hh:mm:ss AM|PM" (the screen format). */
export function formatIstDateTime(date: Date | number): string {
  // One formatToParts for both halves: lists format a date-time per row.
  const parts = istParts(date);
  return `${dateOf(parts)} ${timeOf(parts)}`;
}

function dateOf(p: ReturnType<typeof istParts>): string {
  return `${p.day}-${p.month}-${p.year}`;
}

function timeOf(p: ReturnType<typeof istParts>): string {
  return `${p.hour}:${p.minute}:${p.second} ${p.dayPeriod.toUpperCase()}`;
}

const CLOCK = new Intl.DateTimeFormat("en-US", {
  timeZone: IST,
  day: "numeric",
  month: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "numeric",
  hourCycle: "h23",
});

/** The IST wall clock of an instant as numbers (month 1-12, hour 0-23): for axis labels. */
export function istClock(date: Date | number): { year: number; month: number; day: number; hour: number; minute: number } {
  return { ...clockOfMinute(typeof date === "number" ? date : date.getTime()) };
}

const clockOfMinute = memoByMinute((minuteStartMs) => {
  const clock = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const part of CLOCK.formatToParts(minuteStartMs)) {
    if (part.type in clock) clock[part.type as keyof typeof clock] = Number(part.value);
  }
  return clock;
});

// en-US: its short months are three letters everywhere ("Sep"); en-GB writes "Sept" in newer
// ICU data, and the server and the browser may not carry the same data.
const COMPACT = new Intl.DateTimeFormat("en-US", {
  timeZone: IST,
  day: "2-digit",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const compactParts = memoByMinute((minuteStartMs): Readonly<Record<"day" | "month" | "year" | "hour" | "minute", string>> => {
  const p = { day: "", month: "", year: "", hour: "", minute: "" };
  for (const part of COMPACT.formatToParts(minuteStartMs)) {
    if (part.type in p) p[part.type as keyof typeof p] = part.value;
  }
  return p;
});

/**
 * An instant in the compact form of a crowded table (docs/decisions/150), in IST: "27 Nov 14:05"
 * within `now`'s IST year, "27 Nov 2025" (the date only) in another year. The cell carries the
 * full formatIstDateTime in its title.
 */
export function formatIstCompactDateTime(date: Date | number, now: Date | number): string {
  const p = compactParts(typeof date === "number" ? date : date.getTime());
  const thisYear = compactParts(typeof now === "number" ? now : now.getTime()).year;
  return p.year === thisYear ? `${p.day} ${p.month} ${p.hour}:${p.minute}` : `${p.day} ${p.month} ${p.year}`;
}
