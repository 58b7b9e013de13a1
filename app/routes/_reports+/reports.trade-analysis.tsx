import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { cellClass, PageTitle, Table } from "~/components/admin/admin-ui";
import { ReportChart } from "~/components/reports/report-chart";
import { DateFilters, FilterNotice } from "~/components/reports/report-ui";
import { loadTradeAnalysis } from "~/services/reports.server";
import { parsePrefixedRange } from "~/schemas/report";
import { searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Trade Analysis — NSE Signals" }];

// The charts' URL prefixes: each chart keeps its own date range (docs/product-rules.md R-AC2); the
// sector report shares the Sector Trade chart's range.
const CHARTS = [
  { prefix: "tu", title: "Trade User" },
  { prefix: "st", title: "Sector Trade" },
  { prefix: "pu", title: "Profit User" },
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const params = searchParamsOf(request);
  const [tu, st, pu] = CHARTS.map((c) => parsePrefixedRange(params, c.prefix));
  const figures = await loadTradeAnalysis(context, { tradeUser: tu.range, sectorTrade: st.range, profitUser: pu.range });
  return json({ ranges: { tu: tu.input, st: st.input, pu: pu.input }, ...figures });
}

/** A chart's own filter form: its dates, plus the other charts' ranges kept as hidden fields. */
function ChartFilter({ prefix, startDate, endDate }: { prefix: string; startDate?: string; endDate?: string }) {
  const location = useLocation();
  const kept = [...new URLSearchParams(location.search)].filter(([k]) => !k.startsWith(prefix));
  return (
    <Form method="get" aria-label={`Filter ${CHARTS.find((c) => c.prefix === prefix)?.title}`} className="mb-2">
      {kept.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <DateFilters prefix={prefix} startDate={startDate} endDate={endDate} />
    </Form>
  );
}

export default function TradeAnalysisPage() {
  const data = useLoaderData<typeof loader>();
  const figures = { tu: data.tradeUser, st: data.sectorTrade, pu: data.profitUser };
  return (
    <section aria-labelledby="trade-analysis-title">
      <PageTitle id="trade-analysis-title" title="Trade Analysis" />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 xl:grid-cols-3">
        {CHARTS.map((c) => (
          <ReportChart
            key={c.prefix}
            id={`chart-${c.prefix}`}
            title={c.title}
            categories={figures[c.prefix].map((f) => f.label)}
            series={[{ name: c.prefix === "pu" ? "Profit" : "Trades", data: figures[c.prefix].map((f) => f.value) }]}
            decimals={c.prefix === "pu" ? 2 : 0}
          >
            <FilterNotice message={data.ranges[c.prefix].rangeError} />
            <ChartFilter prefix={c.prefix} startDate={data.ranges[c.prefix].startDate} endDate={data.ranges[c.prefix].endDate} />
          </ReportChart>
        ))}
      </div>
      <h2 className="mb-2 mt-6 text-lg font-semibold">Sector Report</h2>
      <Table caption="Sector report" headers={["Sector", "Profitable Trades", "Loss Trades"]} empty={data.sectors.length === 0}>
        {data.sectors.map((s) => (
          <tr key={s.sectorName}>
            <th scope="row" className={`${cellClass} text-left font-medium`}>
              {s.sectorName}
            </th>
            <td className={`${cellClass} text-right`}>{s.profitableTrades}</td>
            <td className={`${cellClass} text-right`}>{s.lossTrades}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
