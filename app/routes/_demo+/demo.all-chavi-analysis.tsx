import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { cellClass, PageTitle, Table } from "~/components/admin/admin-ui";
import { DateRangeForm } from "~/components/admin/date-range-form";
import { istDateString } from "~/domain/dates";
import { dateRangeFrom } from "~/domain/demo-range";
import { formatNumber, formatPercent } from "~/domain/format";
import { searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "AllChaviAnalysis sample — NSE Signals" }];

// A static sample table (docs/product-rules.md R-D25); the date range defaults to the last 7 days.
const SAMPLE = [
  { key: "K1 BUY", symbol: "NIFTY-I", hits: 14, change: 0.82 },
  { key: "K2 SELL", symbol: "BANKNIFTY-I", hits: 9, change: -0.46 },
  { key: "K3 BUY", symbol: "RELIANCE", hits: 6, change: 1.35 },
  { key: "K1 SELL", symbol: "HDFCBANK", hits: 11, change: -1.12 },
  { key: "K4 BUY", symbol: "SBIN", hits: 4, change: 0 },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  return json(dateRangeFrom(searchParamsOf(request), istDateString(new Date()), 7));
}

export default function AllChaviAnalysisDemo() {
  const { from, to } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="chavi-analysis-title" className="max-w-3xl">
      <PageTitle id="chavi-analysis-title" title="AllChaviAnalysis" />
      <DateRangeForm from={from} to={to} />
      <Table caption="Key analysis (sample)" headers={["Key", "Symbol", "Hits", "Change"]} empty={false}>
        {SAMPLE.map((r) => (
          <tr key={r.key + r.symbol}>
            <td className={cellClass}>{r.key}</td>
            <td className={cellClass}>{r.symbol}</td>
            <td className={`${cellClass} tabular-nums`}>{formatNumber(r.hits, 0)}</td>
            <td className={`${cellClass} tabular-nums ${r.change < 0 ? "text-down" : "text-up"}`} data-tone={r.change < 0 ? "down" : "up"}>
              {formatPercent(r.change)}
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
