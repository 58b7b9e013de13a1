import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/guards.server";
import { linkClass } from "~/components/admin/admin-ui";
import { JournalFilters, PnlCalendarTable, ReviewPanel } from "~/components/trades/pnl-calendar";
import { formatRupees } from "~/domain/format";
import type { RoleId } from "~/domain/access";
import { tradeFilterSearch } from "~/domain/trade-list";
import { loadPnlCalendar } from "~/services/trade-review.server";
import { searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "P&L Calendar — NSE Signals" }];

// The P&L calendar and review (docs/decisions/170): the trade list's filters, a month of IST days
// each with the PNL of the trades that closed on it, and the review figures of that month or of
// every closed trade of the filters.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const found = await loadPnlCalendar(context, user, searchParamsOf(request));
  return json({ ...found, role: user.roleId });
}

export default function PnlCalendarPage() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const filters = tradeFilterSearch(location.search, false);
  const searchWith = (changes: { month?: string; review?: "month" | "all" }) => {
    const params = new URLSearchParams(filters);
    params.set("month", changes.month ?? data.calendar.month);
    if ((changes.review ?? data.reviewScope) === "all") params.set("review", "all");
    return `?${params.toString()}`;
  };
  const monthSearch = (month: string) => searchWith({ month });
  return (
    <section aria-labelledby="calendar-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 id="calendar-title" className="text-xl font-semibold">
          P&amp;L Calendar
        </h1>
        <Link to={`/trades${filters}`} className={linkClass}>
          Trade list of these filters
        </Link>
      </div>
      <JournalFilters data={{ ...data, role: data.role as RoleId, month: data.calendar.month }} />
      {data.monthError ? (
        <p role="alert" className="mb-2 text-sm text-down">
          {data.monthError}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <PnlCalendarTable calendar={data.calendar} search={monthSearch} />
          <p className="mt-2 text-xs text-muted" data-testid="open-trades">
            A day shows the net PNL (after <Link to="/charges" className={linkClass}>charges</Link>) of the trades that closed on it (IST, by exit time). {data.openTrades.trades} open{" "}
            {data.openTrades.trades === 1 ? "trade" : "trades"} of these filters (net PNL at the live price {formatRupees(data.openTrades.pnl)}) are not in the calendar.
          </p>
        </div>
        <ReviewPanel review={data.review} label={data.calendar.label} scope={data.reviewScope} otherScope={searchWith({ review: data.reviewScope === "all" ? "month" : "all" })} />
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
