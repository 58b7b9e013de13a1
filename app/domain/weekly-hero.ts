// The weekly hero (docs/product-rules.md R-TD3: "Weekly-hero record: date, open, symbol_code,
// symbol_id"; GET admin/all-w-hero): each symbol's open on the current week's first trading day.
// Pure date logic (docs/decisions/101-weekly-hero.md); app/models/weekly-hero.server.ts reads the
// calendar and the daily bars and asks these functions which day that is.
import { TZDate } from "@date-fns/tz";
import { addDays, format, startOfISOWeek } from "date-fns";
import { IST_TIME_ZONE, istDateString, isValidYmd } from "./dates";

export interface IsoWeek {
  /** Monday, YYYY-MM-DD. */
  start: string;
  /** Sunday, YYYY-MM-DD. */
  end: string;
}

/** The ISO week (Monday to Sunday) holding a calendar day. */
export function isoWeekOf(ymd: string): IsoWeek {
  if (!isValidYmd(ymd)) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(ymd)}`);
  const [y, m, d] = ymd.split("-").map(Number);
  const monday = startOfISOWeek(new TZDate(y, m - 1, d, 12, IST_TIME_ZONE));
  return { start: format(monday, "yyyy-MM-dd"), end: format(addDays(monday, 6), "yyyy-MM-dd") };
}

/** Today in India (docs/product-rules.md R-D12) and the ISO week it belongs to. */
export function currentIstWeek(now: Date | number): IsoWeek & { today: string } {
  const today = istDateString(now);
  return { ...isoWeekOf(today), today };
}

export interface WeekFirstDayInput {
  /** Today, YYYY-MM-DD (IST). */
  today: string;
  /** Days the market calendar marks isWeekFirstDay (any dates: those outside today's week are ignored). */
  markedFirstDays: readonly string[];
  /** Days that have a daily OHLC row (any dates: those outside the week so far are ignored). */
  barDates: readonly string[];
  /** A weekday that is not a market holiday. */
  isTradingDay: (ymd: string) => boolean;
}

/**
 * The current week's first trading day, or null when the week has none yet:
 *  - a day of this ISO week the market calendar marks isWeekFirstDay (the earliest if several),
 *    provided it is not after today: before it the week has not started;
 *  - else the earliest day of the week so far (Monday through today) that is a trading day and
 *    has a daily OHLC row.
 */
export function weekFirstTradingDay({ today, markedFirstDays, barDates, isTradingDay }: WeekFirstDayInput): string | null {
  const week = isoWeekOf(today);
  const inWeek = (ymd: string) => ymd >= week.start && ymd <= week.end;
  const marked = markedFirstDays.filter(inWeek).sort()[0];
  if (marked !== undefined) return marked <= today ? marked : null;
  const traded = barDates.filter((ymd) => inWeek(ymd) && ymd <= today && isTradingDay(ymd)).sort();
  return traded[0] ?? null;
}
