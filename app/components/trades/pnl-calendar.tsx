// The P&L calendar and the review beside it (/trades/calendar, docs/decisions/170). Server-
// rendered HTML, no island: a table that works without JavaScript and stays usable at 390 px
// (the day's figure shortens to lakh/thousand notation on a phone; the exact figure is in its
// title and read to screen readers).
import { Form, Link } from "@remix-run/react";
import { buttonClass, linkClass, secondaryButtonClass } from "~/components/admin/admin-ui";
import { moneyTone } from "~/components/reports/report-ui";
import { controlClass, FieldErrors } from "~/components/ui/field";
import { TradeFilterChoices } from "~/components/trades/trade-filter-choices";
import type { RoleId } from "~/domain/access";
import { decimalSign } from "~/domain/decimal";
import { formatNumber, formatRupees } from "~/domain/format";
import type { PnlCalendar } from "~/domain/pnl-calendar";
import type { ReviewFigures } from "~/domain/trade-review";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

// en-IN compact notation writes 1,25,000 as "1.3L" and 12,500 as "13K": a phone's day cell holds it.
const compact = new Intl.NumberFormat("en-IN", { notation: "compact", maximumFractionDigits: 1 });

/** The tint of a day by the sign of its PNL: the app's up/down fills, light enough for body text on top (docs/decisions/151). */
function dayTint(pnl: string | null): string {
  const sign = pnl === null ? 0 : decimalSign(pnl);
  return sign > 0 ? "bg-up/15 dark:bg-up/35" : sign < 0 ? "bg-down/15 dark:bg-down/35" : "";
}

/** A figure: exact from sm up, compact on a phone; the exact one is what a screen reader hears. */
function Figure({ value, testId }: { value: string; testId?: string }) {
  return (
    <span data-testid={testId} data-pnl={value} title={formatRupees(value)} className="tabular-nums">
      <span className="hidden sm:inline">{formatRupees(value)}</span>
      <span className="sm:hidden" aria-hidden="true">
        {compact.format(Number(value))}
      </span>
      <span className="sr-only sm:hidden">{formatRupees(value)}</span>
    </span>
  );
}

export function PnlCalendarTable({ calendar, search }: { calendar: PnlCalendar; search: (month: string) => string }) {
  return (
    <div>
      <nav aria-label="Months" className="mb-2 flex items-center justify-between gap-2">
        {calendar.previousMonth ? (
          <Link to={search(calendar.previousMonth)} className={secondaryButtonClass} rel="prev">
            ‹ Previous<span className="sr-only"> month</span>
          </Link>
        ) : (
          <span />
        )}
        <h2 className="text-base font-semibold" id="calendar-month">
          {calendar.label}
        </h2>
        {calendar.nextMonth ? (
          <Link to={search(calendar.nextMonth)} className={secondaryButtonClass} rel="next">
            Next<span className="sr-only"> month</span> ›
          </Link>
        ) : (
          <span />
        )}
      </nav>
      <table className="w-full table-fixed border-collapse text-[0.65rem] sm:text-xs" aria-labelledby="calendar-month" data-testid="pnl-calendar">
        <thead>
          <tr>
            {WEEKDAYS.map((day, i) => (
              <th key={day} scope="col" className="px-0.5 py-1 font-semibold">
                <abbr title={WEEKDAY_NAMES[i]} className="no-underline">
                  {day}
                </abbr>
              </th>
            ))}
            <th scope="col" className="px-0.5 py-1 font-semibold">
              Week
            </th>
          </tr>
        </thead>
        <tbody>
          {calendar.weeks.map((week) => (
            <tr key={week.days[0].ymd} data-week={week.days[0].ymd}>
              {week.days.map((day) => (
                <td
                  key={day.ymd}
                  data-day={day.ymd}
                  data-in-month={day.inMonth ? "1" : "0"}
                  className={`h-14 border border-slate-200 p-0.5 align-top dark:border-slate-700 sm:h-16 sm:p-1 ${day.inMonth ? "" : "bg-slate-50 dark:bg-slate-950"} ${dayTint(day.pnl)}`}
                >
                  <span className={`block ${day.inMonth ? "font-semibold" : "text-muted"}`}>
                    <time dateTime={day.ymd}>{day.dayOfMonth}</time>
                  </span>
                  {day.pnl !== null ? (
                    <span className="block break-all">
                      <Figure value={day.pnl} />
                      <span className="block text-muted">
                        {day.trades} <span className="hidden sm:inline">{day.trades === 1 ? "trade" : "trades"}</span>
                        <span className="sr-only sm:hidden">{day.trades === 1 ? "trade" : "trades"}</span>
                      </span>
                    </span>
                  ) : null}
                </td>
              ))}
              <td data-week-total={week.days[0].ymd} className={`border border-slate-200 p-0.5 text-right align-top font-semibold dark:border-slate-700 sm:p-1 ${moneyTone(week.pnl)}`}>
                <span className="block break-all">
                  {/* A week without a closed trade has no result, not a zero one. */}
                  {week.trades > 0 ? <Figure value={week.pnl} /> : <span className="text-muted">—</span>}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={7} className="px-1 py-2 text-right font-semibold">
              {calendar.label}: {calendar.monthTrades} closed {calendar.monthTrades === 1 ? "trade" : "trades"}
            </th>
            <td className={`px-0.5 py-2 text-right font-semibold ${moneyTone(calendar.monthPnl)}`}>
              <span className="block break-all">
                <Figure value={calendar.monthPnl} testId="month-total" />
              </span>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * The review figures, of the month shown or of every closed trade of the filters (`scope`), with
 * a link to the other scope (a plain link: it works without JavaScript).
 */
export function ReviewPanel({ review, label, scope, otherScope }: { review: ReviewFigures; label: string; scope: "month" | "all"; otherScope: string }) {
  const money = (value: string | null) => (value === null ? "—" : formatRupees(value));
  const items: { term: string; value: string; tone?: string; key: string; hint?: string }[] = [
    { key: "trades", term: "Closed trades", value: String(review.trades) },
    // No closed trade has no win rate (as it has no averages): "—", not 0.00%.
    { key: "win-rate", term: "Win rate", value: review.trades === 0 ? "—" : `${formatNumber(review.winRate)}%`, hint: `${review.wins} won, ${review.losses} lost` },
    { key: "total", term: "Net PNL", value: money(review.totalPnl), tone: moneyTone(review.totalPnl) },
    { key: "average-win", term: "Average win", value: money(review.averageWin), tone: review.averageWin ? "text-up" : "" },
    { key: "average-loss", term: "Average loss", value: money(review.averageLoss), tone: review.averageLoss ? "text-down" : "" },
    { key: "expectancy", term: "Expectancy", value: money(review.expectancy), tone: review.expectancy ? moneyTone(review.expectancy) : "", hint: "Average PNL per trade" },
    { key: "largest-win", term: "Largest win", value: money(review.largestWin), tone: review.largestWin ? "text-up" : "" },
    { key: "largest-loss", term: "Largest loss", value: money(review.largestLoss), tone: review.largestLoss ? "text-down" : "" },
    { key: "max-drawdown", term: "Max drawdown", value: money(review.maxDrawdown), hint: "Deepest fall of the running PNL, in exit order" },
    { key: "average-r", term: "Average R", value: review.averageR === null ? "—" : `${formatNumber(review.averageR)}R`, hint: `${review.rTrades} with a stop-loss` },
  ];
  return (
    <section aria-labelledby="review-title" className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="review-title" className="text-base font-semibold">
        Review: {scope === "all" ? "every closed trade of these filters" : label}
      </h2>
      <p className="mb-2 text-xs">
        <Link to={otherScope} className={linkClass} data-testid="review-scope">
          {scope === "all" ? `Review ${label} only` : "Review every closed trade of these filters"}
        </Link>
      </p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        {items.map((item) => (
          <div key={item.key} data-review={item.key}>
            <dt className="text-muted">{item.term}</dt>
            <dd className={`font-semibold tabular-nums ${item.tone ?? ""}`}>{item.value}</dd>
            {item.hint ? <dd className="text-xs text-muted">{item.hint}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

interface FilterData {
  role: RoleId;
  month: string;
  /** The review's scope, kept across a change of filters. */
  reviewScope: "month" | "all";
  query: { today: boolean; startDate: string | null; endDate: string | null; userRole: number; userId: number | null; sectorId: number | null; open: boolean | null; tag: string | null };
  dateError: string | null;
  sectors: { id: number; sectorName: string }[];
  traders: { id: number; username: string }[];
  tagChoices: string[];
}

/** The trade list's filters, as a plain GET form (the same parameters, so the two link to each other). */
export function JournalFilters({ data }: { data: FilterData }) {
  const isAdmin = data.role === 1;
  const q = data.query;
  return (
    <Form method="get" role="search" aria-label="Filter trades" className="mb-3 flex flex-wrap items-end gap-3">
      <input type="hidden" name="month" value={data.month} />
      {data.reviewScope === "all" ? <input type="hidden" name="review" value="all" /> : null}
      <TradeFilterChoices data={data} />
      {isAdmin ? (
        <>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Start Date
            <input type="date" name="startDate" defaultValue={q.startDate ?? ""} className={controlClass} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            End Date
            <input type="date" name="endDate" defaultValue={q.endDate ?? ""} className={controlClass} />
          </label>
        </>
      ) : null}
      <button type="submit" className={buttonClass}>
        Filter
      </button>
      <FieldErrors errors={data.dateError ? [data.dateError] : undefined} />
    </Form>
  );
}
