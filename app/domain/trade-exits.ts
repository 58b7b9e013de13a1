// Partial exits' time field (docs/decisions/171): the form's datetime-local box holds an IST
// wall time ("2026-11-27T09:42"), read and written here with date-fns' time-zone support.
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { IST_TIME_ZONE, istWallTimeToEpochMs } from "./dates";

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** An IST wall time from a datetime-local box as an instant, or null when it is not a real time. */
export function parseIstDateTimeLocal(value: string): Date | null {
  const match = LOCAL_PATTERN.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const ms = istWallTimeToEpochMs(year, month, day, hour, minute, second);
  // 31 February rolls over into March: not a real day.
  return formatIstDateTimeLocal(new Date(ms)).slice(0, 10) === `${match[1]}-${match[2]}-${match[3]}` ? new Date(ms) : null;
}

/** An instant as the IST wall time a datetime-local box shows ("2026-11-27T09:42"). */
export function formatIstDateTimeLocal(date: Date): string {
  return format(new TZDate(date.getTime(), IST_TIME_ZONE), "yyyy-MM-dd'T'HH:mm");
}
