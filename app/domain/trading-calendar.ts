// NSE's trading session and trading days, as the simulated feed and the demo history need them.
// Pure: holidays come in as a callback or a set (app/models/trading-calendar.server.ts reads them).
import { istDateString, istDayStartMs, shiftYmd } from "./dates";

/** The continuous session runs 09:15:00 to 15:29:59 IST: its last minute bucket starts at 15:29. */
export const SESSION_OPEN_MINUTE_IST = 9 * 60 + 15;
export const SESSION_CLOSE_MINUTE_IST = 15 * 60 + 30;
export const SESSION_MINUTES = SESSION_CLOSE_MINUTE_IST - SESSION_OPEN_MINUTE_IST;

export type TradingDayCheck = (ymd: string) => boolean;

/** Saturday or Sunday (the day is a calendar date; no zone is involved). */
export function isWeekendYmd(ymd: string): boolean {
  const weekday = new Date(`${ymd}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** A weekday the optional check (holidays) accepts. Weekends are never trading days. */
export function isTradingDayYmd(ymd: string, isTradingDay?: TradingDayCheck): boolean {
  return !isWeekendYmd(ymd) && (isTradingDay ? isTradingDay(ymd) : true);
}

/** True from 09:15:00.000 up to (not including) 15:30:00.000 IST on a trading day. */
export function isNseSessionOpen(timeMs: number, isTradingDay?: TradingDayCheck): boolean {
  const msOfIstDay = timeMs - istDayStartMs(timeMs);
  const open = SESSION_OPEN_MINUTE_IST * 60_000;
  const close = SESSION_CLOSE_MINUTE_IST * 60_000;
  if (msOfIstDay < open || msOfIstDay >= close) return false;
  return isTradingDayYmd(istDateString(timeMs), isTradingDay);
}



/** The `count` trading days strictly before `ymd`, oldest first. */
export function tradingDaysBefore(ymd: string, count: number, isTradingDay?: TradingDayCheck): string[] {
  const found: string[] = [];
  // 20 years of calendar is a safe stop for a check that rejects every day.
  for (let day = shiftYmd(ymd, -1), guard = 0; found.length < count && guard < 7300; day = shiftYmd(day, -1), guard++) {
    if (isTradingDayYmd(day, isTradingDay)) found.push(day);
  }
  return found.reverse();
}

/** A check for "not one of these holidays" (weekends are handled by isTradingDayYmd). */
export function tradingDayCheckFromHolidays(holidays: Iterable<string>): TradingDayCheck {
  const set = new Set(holidays);
  return (ymd) => !set.has(ymd);
}
