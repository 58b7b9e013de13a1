// What a time-zone formatter makes of an instant's minute, kept: Intl's formatToParts and
// date-fns's TZDate cost microseconds a call, and a page formats the same minutes on every
// request (each notification's time, the day of `now` for the unread count, a list's rows). The
// value is computed by the formatter the caller passes, never by arithmetic here; the caller
// adds what lies inside the minute (its seconds), which no time zone changes, since every zone
// this app formats in (IST, UTC+05:30) is offset by whole minutes.
const MINUTE_MS = 60_000;

/** The minute an instant falls in (minutes since the epoch, floored: also before 1970). */
export function minuteOf(ms: number): number {
  return Math.floor(ms / MINUTE_MS);
}

/** Seconds past the instant's minute, 0-59 (floored, as formatters truncate milliseconds). */
export function secondOfMinute(ms: number): number {
  return Math.floor((ms - minuteOf(ms) * MINUTE_MS) / 1000);
}

/**
 * Memoises `compute` per minute for the last `capacity` minutes asked (the oldest asked is
 * dropped first). `compute` receives the minute's first millisecond.
 */
export function memoByMinute<T>(compute: (minuteStartMs: number) => T, capacity = 4096): (ms: number) => T {
  const kept = new Map<number, T>();
  return (ms: number) => {
    const minute = minuteOf(ms);
    let value = kept.get(minute);
    if (value === undefined) {
      value = compute(minute * MINUTE_MS);
      if (kept.size >= capacity) kept.delete(kept.keys().next().value as number);
      kept.set(minute, value);
    }
    return value;
  };
}
