// The journal's P&L calendar and review (/trades/calendar, docs/decisions/170), for the trade
// list's own filters (the same URL parameters, the same role rules: a customer sees its own
// trades, roles 3 and 4 their list's window): the month grid with each IST day's closed PNL, the
// open trades the calendar leaves out, and the review figures of the month's closed trades, or
// of every closed trade of the filters (?review=all).
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { istDateString, istMidnight, isValidYmd, nextYmd } from "~/domain/dates";
import { buildPnlCalendar, monthGrid, parseCalendarMonth, reviewScopeOf, type CalendarMonth } from "~/domain/pnl-calendar";
import { parseTradeListQuery, type TradeListQuery } from "~/domain/trade-list";
import { reviewFigures } from "~/domain/trade-review";
import { livePricesOf } from "~/models/report.server";
import { listSectorChoices } from "~/models/sector.server";
import { listTraderChoices } from "~/models/trade.server";
import { reviewStatsOfClosedTrades, sumPnlByExitDay, summariseOpenTrades } from "~/models/trade-review.server";
import { checkTradeDates, listFilters, tradeTagChoices } from "~/services/trades.server";

type Reader = Pick<AppContext, "db" | "liveBook">;
type Actor = Pick<SessionUser, "id" | "roleId">;

/** The month shown without ?month: role 1's picked end date's month, else this IST month. */
function defaultMonth(query: TradeListQuery, now: Date): CalendarMonth {
  const end = query.startDate && query.endDate && isValidYmd(query.endDate) && query.endDate >= query.startDate ? query.endDate : istDateString(now);
  return end.slice(0, 7);
}

/** [00:00 IST of the first day, 00:00 IST after the last day). */
function daysRange(firstYmd: string, lastYmd: string) {
  return { from: istMidnight(firstYmd), to: istMidnight(nextYmd(lastYmd)) };
}

export async function loadPnlCalendar(context: Reader, user: Actor, params: URLSearchParams, now = new Date()) {
  const query = parseTradeListQuery(params, user.roleId);
  const dates = checkTradeDates(user, params);
  const { month, problem: monthError } = parseCalendarMonth(params.get("month"), defaultMonth(query, now));
  const grid = monthGrid(month);
  const monthDays = grid.weeks.flat().filter((d) => d.inMonth);
  const filters = listFilters(user, query);
  const reviewScope = reviewScopeOf(params.get("review"));
  const live = livePricesOf(context.liveBook);
  const [sums, open, stats, tagChoices, sectors, traders] = await Promise.all([
    // The whole weeks shown, so a week that spans two months has its true total.
    sumPnlByExitDay(context.db, live, user, filters, daysRange(grid.firstDay, grid.lastDay)),
    summariseOpenTrades(context.db, live, user, filters),
    reviewStatsOfClosedTrades(context.db, live, user, filters, reviewScope === "all" ? null : daysRange(monthDays[0].ymd, monthDays[monthDays.length - 1].ymd)),
    tradeTagChoices(context, user, query),
    listSectorChoices(context.db),
    user.roleId === 1 ? listTraderChoices(context.db, query.userRole) : Promise.resolve([]),
  ]);
  return {
    query: { ...query, cursor: undefined },
    dateError: dates.ok ? null : dates.problem.message,
    monthError,
    calendar: buildPnlCalendar(month, sums),
    openTrades: open,
    review: reviewFigures(stats),
    reviewScope,
    tagChoices,
    sectors,
    traders,
  };
}
