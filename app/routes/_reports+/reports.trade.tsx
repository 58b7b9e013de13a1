import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { cellClass, PageTitle, Pagination, Table } from "~/components/admin/admin-ui";
import { DateFilters, ExportLinks, narrowControlClass, narrowLabelClass, TradeSummaryCards, UserFilter } from "~/components/reports/report-ui";
import { TradeRows, TRADE_TABLE_HEADERS } from "~/components/reports/trade-rows";
import { RiskSummaryCards } from "~/components/reports/risk-cards";
import { LONG_PAGE_SIZE, parsePage } from "~/domain/paging";
import { filterQuery } from "~/domain/report-filters";
import { loadTradeReport } from "~/services/reports.server";
import { ACTIVE_FILTERS } from "~/schemas/report";
import { toTradeRowView } from "~/components/reports/trade-row-view";
import { requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Trade Report — NSE Signals" }];

// Trade Report (docs/product-rules.md R-AC2): symbol, username, active and date filters; the four
// cards; 20 trades per page; Excel and Pdf of exactly the filtered trades.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const url = requestUrl(request);
  const page = parsePage(url.searchParams.get("page"));
  const { input, summary, rows, total, symbolChoices, userChoices, risk } = await loadTradeReport(context, url.searchParams, { page, pageSize: LONG_PAGE_SIZE });
  return json({
    input,
    page,
    total,
    summary,
    risk,
    rows: rows.map(toTradeRowView),
    symbolChoices,
    userChoices,
    exportQuery: filterQuery({ symbolId: input.symbolId, userId: input.userId, active: input.active, startDate: input.startDate, endDate: input.endDate }),
  });
}

export default function TradeReportPage() {
  const data = useLoaderData<typeof loader>();
  const { input, summary } = data;
  return (
    <section aria-labelledby="trade-report-title">
      <PageTitle id="trade-report-title" title="Trade Report" action={<ExportLinks basePath="/reports/trade/export" query={data.exportQuery} />} />
      <Form method="get" role="search" aria-label="Filter trades" className="mb-3 flex flex-wrap items-start gap-2">
        <label className={narrowLabelClass}>
          Symbol
          <select name="symbolId" defaultValue={input.symbolId ?? ""} className={narrowControlClass}>
            <option value="">All symbols</option>
            {data.symbolChoices.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <UserFilter choices={data.userChoices} value={input.userId} />
        <label className={narrowLabelClass}>
          Active
          <select name="active" defaultValue={input.active} className={narrowControlClass}>
            {ACTIVE_FILTERS.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
        <div className="min-w-0 max-w-full self-end">
          <DateFilters range={input} />
        </div>
      </Form>
      <TradeSummaryCards
        summary={{
          totalPnl: summary.totalPnl,
          totalTrades: summary.totalTrades,
          profitableTrades: summary.profitableTrades,
          lossTrades: summary.lossTrades,
          totalCharges: summary.totalCharges,
          netPnl: summary.netPnl,
          realisedPnl: summary.realisedPnl,
          unrealisedPnl: summary.unrealisedPnl,
          todayMtm: summary.todayMtm,
        }}
      />
      <RiskSummaryCards risk={data.risk} />
      <Table caption="Trades" headers={TRADE_TABLE_HEADERS} empty={data.rows.length === 0}>
        <TradeRows rows={data.rows} cellClass={cellClass} />
      </Table>
      <Pagination page={data.page} pageSize={20} total={data.total} label="Trades" />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
