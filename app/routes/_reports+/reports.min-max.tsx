import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { cellClass, linkClass, PageTitle, Pagination } from "~/components/admin/admin-ui";
import { DateFilters, ExportLinks, UserFilter } from "~/components/reports/report-ui";
import { toTradeRowView } from "~/components/reports/trade-row-view";
import { TradeRows, TRADE_TABLE_HEADERS } from "~/components/reports/trade-rows";
import { LONG_PAGE_SIZE, parsePage } from "~/domain/paging";
import { filterQuery } from "~/domain/report-filters";
import { loadMinMaxReport } from "~/services/reports.server";
import { MIN_MAX_SORT_LABELS, type MinMaxSort } from "~/schemas/report";
import { requestUrl } from "~/schemas/request-input.server";
import { ScrollRegion } from "~/components/ui/scroll-region";

export const meta: MetaFunction = () => [{ title: "Trade Min Max PNL Report — NSE Signals" }];

// Trade Min Max PNL Report: the flat table of trades with their PNL, sorted by the URL's
// ?sort (PNL high to low by default), 20 per page; Excel and Pdf of every trade for the filters,
// in that sort, with a totals row (docs/decisions/143).
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const url = requestUrl(request);
  const page = parsePage(url.searchParams.get("page"));
  const { input, sort, rows, total, userChoices } = await loadMinMaxReport(context, url.searchParams, { page, pageSize: LONG_PAGE_SIZE });
  const exportQuery = filterQuery({ userId: input.userId, startDate: input.startDate, endDate: input.endDate, sort });
  return json({ input, sort, page, total, userChoices, rows: rows.map(toTradeRowView), exportQuery });
}

const SORT_LABELS = MIN_MAX_SORT_LABELS;

export default function MinMaxReportPage() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const sortHref = (sort: MinMaxSort) => {
    const params = new URLSearchParams(location.search);
    params.set("sort", sort);
    params.delete("page");
    return `?${params.toString()}`;
  };
  return (
    <section aria-labelledby="min-max-title">
      <PageTitle id="min-max-title" title="Trade Min Max PNL Report" action={<ExportLinks basePath="/reports/min-max/export" query={data.exportQuery} />} />
      <Form method="get" role="search" aria-label="Filter min max report" className="mb-3 flex flex-wrap items-start gap-2">
        <input type="hidden" name="sort" value={data.sort} />
        <UserFilter choices={data.userChoices} value={data.input.userId} />
        <div className="min-w-0 max-w-full self-end">
          <DateFilters range={data.input} />
        </div>
      </Form>
      <nav aria-label="Sort trades" className="mb-2 flex flex-wrap gap-3 text-sm">
        Sort:
        {(Object.keys(SORT_LABELS) as MinMaxSort[]).map((s) =>
          s === data.sort ? (
            <span key={s} aria-current="true" className="font-semibold">
              {SORT_LABELS[s]}
            </span>
          ) : (
            <Link key={s} to={sortHref(s)} className={linkClass}>
              {SORT_LABELS[s]}
            </Link>
          ),
        )}
      </nav>
      <ScrollRegion label="Trades by PNL" className="rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full text-sm">
          <caption className="sr-only">Trades by PNL</caption>
          <thead className="bg-slate-100 text-left dark:bg-slate-800">
            <tr>
              {TRADE_TABLE_HEADERS.map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-semibold" aria-sort={h === "PNL" && data.sort.startsWith("pnl") ? (data.sort === "pnl-asc" ? "ascending" : "descending") : h === "Trade Date Time" && data.sort.startsWith("date") ? (data.sort === "date-asc" ? "ascending" : "descending") : undefined}>
                  {h === "PNL" ? (
                    <Link to={sortHref(data.sort === "pnl-desc" ? "pnl-asc" : "pnl-desc")} className="underline">
                      PNL
                    </Link>
                  ) : (
                    h
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.rows.length === 0 ? (
              <tr>
                <td colSpan={TRADE_TABLE_HEADERS.length} className="px-3 py-4 text-center text-muted">
                  No Data Found
                </td>
              </tr>
            ) : (
              <TradeRows rows={data.rows} cellClass={cellClass} />
            )}
          </tbody>
        </table>
      </ScrollRegion>
      <Pagination page={data.page} pageSize={LONG_PAGE_SIZE} total={data.total} label="Min max trades" />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
