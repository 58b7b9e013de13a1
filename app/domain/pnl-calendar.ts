// The P&L calendar's month grid (issue 22, docs/decisions/170): weeks from Monday to Sunday in
// IST, each day with the PNL of the trades that closed on it, a total beside each week and the
// month's total. Pure: the model sums PNL per IST exit day in SQL, this lays the sums out.
//
// A week that spans two months shows all seven days (the other month's days dimmed) and its
// total is the whole week's; the month's total counts only the month's own days.
import { TZDate } from "@date-fns/tz";
import { addMonths, eachDayOfInterval, endOfMonth, endOfWeek, format, startOfMonth, startOfWeek } from "date-fns";
import { IST_TIME_ZONE } from "./dates";
import { decimalUnits, unitsToText, type DecimalText } from "./decimal";

/** A month as YYYY-MM. */
export type CalendarMonth = string;

const MONTH_PATTERN = /^(\d{4})-(\d{2})$/;
/** The months the calendar pages through: wide enough for any journal, narrow enough for date-fns and the database. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;
export const BAD_MONTH = "That month could not be read (write it YYYY-MM, 2000 to 2100); showing the filters' month instead.";

export function isCalendarMonth(value: unknown): value is CalendarMonth {
  const match = typeof value === "string" ? MONTH_PATTERN.exec(value) : null;
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return year >= FIRST_YEAR && year <= LAST_YEAR && month >= 1 && month <= 12;
}

/** The month a URL asks for, or the fallback with a message when it asks for something else. */
export function parseCalendarMonth(value: string | null, fallback: CalendarMonth): { month: CalendarMonth; problem: string | null } {
  if (value === null || value === "") return { month: fallback, problem: null };
  return isCalendarMonth(value) ? { month: value, problem: null } : { month: fallback, problem: BAD_MONTH };
}

function firstDay(month: CalendarMonth): TZDate {
  const [year, m] = month.split("-").map(Number);
  return new TZDate(year, m - 1, 1, IST_TIME_ZONE);
}

/** The month `n` months after (before, when negative); null beyond the calendar's years. */
export function shiftMonth(month: CalendarMonth, n: number): CalendarMonth | null {
  const shifted = format(addMonths(firstDay(month), n), "yyyy-MM");
  return isCalendarMonth(shifted) ? shifted : null;
}

/** "November 2026". */
export function monthLabel(month: CalendarMonth): string {
  return format(firstDay(month), "MMMM yyyy");
}

export interface GridDay {
  /** YYYY-MM-DD (IST). */
  ymd: string;
  dayOfMonth: number;
  inMonth: boolean;
}

export interface MonthGrid {
  month: CalendarMonth;
  /** The first Monday and the last Sunday shown (YYYY-MM-DD, inclusive). */
  firstDay: string;
  lastDay: string;
  weeks: GridDay[][];
}

/** The weeks (Monday first) that hold the month's days, padded with the neighbouring months' days. */
export function monthGrid(month: CalendarMonth): MonthGrid {
  const start = startOfWeek(startOfMonth(firstDay(month)), { weekStartsOn: 1 });
  const end = endOfWeek(endOfMonth(firstDay(month)), { weekStartsOn: 1 });
  const days = eachDayOfInterval({ start, end }).map((d) => ({
    ymd: format(d, "yyyy-MM-dd"),
    dayOfMonth: d.getDate(),
    inMonth: format(d, "yyyy-MM") === month,
  }));
  const weeks: GridDay[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return { month, firstDay: days[0].ymd, lastDay: days[days.length - 1].ymd, weeks };
}

/** What the model answers per IST exit day: the sum of the rounded PNLs and how many trades closed. */
export interface DaySum {
  pnl: DecimalText;
  trades: number;
}

export interface CalendarDay extends GridDay {
  /** null on a day without a closed trade. */
  pnl: DecimalText | null;
  trades: number;
}

export interface CalendarWeek {
  days: CalendarDay[];
  pnl: DecimalText;
  trades: number;
}

export interface PnlCalendar {
  month: CalendarMonth;
  label: string;
  weeks: CalendarWeek[];
  /** The month's own days only. */
  monthPnl: DecimalText;
  monthTrades: number;
  previousMonth: CalendarMonth | null;
  nextMonth: CalendarMonth | null;
}

const paise = (text: DecimalText) => decimalUnits(text, 2) ?? 0n;

/** Lays the per-day sums (keyed YYYY-MM-DD) on the month's grid with week and month totals, exactly. */
export function buildPnlCalendar(month: CalendarMonth, sums: ReadonlyMap<string, DaySum>): PnlCalendar {
  const grid = monthGrid(month);
  let monthPnl = 0n;
  let monthTrades = 0;
  const weeks = grid.weeks.map((week) => {
    let weekPnl = 0n;
    let weekTrades = 0;
    const days = week.map((day) => {
      const sum = sums.get(day.ymd);
      if (sum) {
        weekPnl += paise(sum.pnl);
        weekTrades += sum.trades;
        if (day.inMonth) {
          monthPnl += paise(sum.pnl);
          monthTrades += sum.trades;
        }
      }
      return { ...day, pnl: sum ? sum.pnl : null, trades: sum?.trades ?? 0 };
    });
    return { days, pnl: unitsToText(weekPnl, 2), trades: weekTrades };
  });
  return {
    month,
    label: monthLabel(month),
    weeks,
    monthPnl: unitsToText(monthPnl, 2),
    monthTrades,
    previousMonth: shiftMonth(month, -1),
    nextMonth: shiftMonth(month, 1),
  };
}

/**
 * What the review covers: the month shown (the default), or with ?review=all every closed trade
 * of the filters, whatever month it closed in (within the role's window and role 1's dates). Any
 * other value is the default.
 */
export function reviewScopeOf(value: string | null): "month" | "all" {
  return value === "all" ? "all" : "month";
}
