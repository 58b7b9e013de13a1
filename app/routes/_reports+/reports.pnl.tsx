import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { cellClass, PageTitle, Pagination, Table } from "~/components/admin/admin-ui";
import { DateFilters, ExportLinks, moneyTone, TradeSummaryCards, UserFilter } from "~/components/reports/report-ui";
import { toTradeRowView } from "~/components/reports/trade-row-view";
import { formatPercent, formatRupees } from "~/domain/format";
import { LONG_PAGE_SIZE, parsePage } from "~/domain/paging";
import { filterQuery } from "~/domain/report-filters";
import { loadPnlReport } from "~/services/reports.server";
import { requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Trade PNL Report — NSE Signals" }];

// Trade PNL Report (docs/product-rules.md R-AC2, R-AC9): six cards and a row per user that expands (a
// details element, so it works without JavaScript) to that user's trades, 20 users per page;
// Excel and Pdf of every user row for the filters, with the cards as totals (docs/decisions/143).
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const url = requestUrl(request);
  const page = parsePage(url.searchParams.get("page"));
  const { input, summary, users, total, userChoices } = await loadPnlReport(context, url.searchParams, { page, pageSize: LONG_PAGE_SIZE });
  return json({
    input,
    page,
    total,
    summary,
    userChoices,
    users: users.map((u) => ({ ...u, trades: u.trades.map(toTradeRowView) })),
    exportQuery: filterQuery({ userId: input.userId, startDate: input.startDate, endDate: input.endDate }),
  });
}

const TRADE_HEADERS = ["Symbol", "Trade Type", "Sell Price", "Buy Price", "Quantity", "Profit", "Trade Date Time", "Status"];

export default function PnlReportPage() {
  const data = useLoaderData<typeof loader>();
  const { summary, input } = data;
  return (
    <section aria-labelledby="pnl-report-title">
      <PageTitle id="pnl-report-title" title="Trade PNL Report" action={<ExportLinks basePath="/reports/pnl/export" query={data.exportQuery} />} />
      <Form method="get" role="search" aria-label="Filter PNL report" className="mb-3 flex flex-wrap items-start gap-2">
        <UserFilter choices={data.userChoices} value={input.userId} />
        <div className="min-w-0 max-w-full self-end">
          <DateFilters range={input} />
        </div>
      </Form>
      <TradeSummaryCards summary={summary} />
      <Table caption="PNL by user" headers={["User Name", "Email", "Status", "Trades", "Profitable", "Loss", "Total Profit", "Total Loss", "PNL", "Charges", "Net PNL", "PNL Ratio"]} empty={data.users.length === 0}>
        {data.users.map((u) => (
          <UserRows key={u.userId} user={u} />
        ))}
      </Table>
      <Pagination page={data.page} pageSize={LONG_PAGE_SIZE} total={data.total} label="PNL users" />
    </section>
  );
}

type UserRow = ReturnType<typeof useLoaderData<typeof loader>>["users"][number];

function UserRows({ user }: { user: UserRow }) {
  return (
    <>
      <tr data-user-id={user.userId}>
        <th scope="row" className={`${cellClass} text-left font-medium`}>
          {user.name}
        </th>
        <td className={cellClass}>{user.email}</td>
        <td className={cellClass}>{user.status ? "Active" : "Inactive"}</td>
        <td className={`${cellClass} text-right`}>{user.totalTrades}</td>
        <td className={`${cellClass} text-right`}>{user.profitableTrades}</td>
        <td className={`${cellClass} text-right`}>{user.lossTrades}</td>
        <td className={`${cellClass} text-right tabular-nums`}>{formatRupees(user.totalProfit)}</td>
        <td className={`${cellClass} text-right tabular-nums`}>{formatRupees(user.totalLoss)}</td>
        <td className={`${cellClass} text-right tabular-nums`}>{formatRupees(user.totalPnl)}</td>
        <td className={`${cellClass} text-right tabular-nums`}>{formatRupees(user.totalCharges)}</td>
        <td className={`${cellClass} text-right tabular-nums ${moneyTone(user.netPnl)}`}>{formatRupees(user.netPnl)}</td>
        <td className={`${cellClass} text-right tabular-nums`}>{formatPercent(user.pnlRatio)}</td>
      </tr>
      <tr>
        <td colSpan={12} className="border-t border-slate-50 px-3 pb-2 dark:border-slate-800">
          <details>
            <summary className="cursor-pointer text-sm text-blue-700 dark:text-blue-400">Trades of {user.name}</summary>
            {user.totalTrades > user.trades.length ? (
              <p className="text-xs text-muted">
                The latest {user.trades.length} of {user.totalTrades} trades; the trade report lists them all.
              </p>
            ) : null}
            <table className="mt-1 w-full text-xs">
              <caption className="sr-only">Trades of {user.name}</caption>
              <thead>
                <tr>
                  {TRADE_HEADERS.map((h) => (
                    <th key={h} scope="col" className="px-2 py-1 text-left">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {user.trades.map((r) => (
                  <tr key={r.id} data-trade-id={r.id}>
                    <td className="px-2 py-0.5">{r.symbolCode}</td>
                    <td className="px-2 py-0.5">{r.tradeType}</td>
                    <td className="px-2 py-0.5 tabular-nums">{r.sellPrice}</td>
                    <td className="px-2 py-0.5 tabular-nums">{r.buyPrice}</td>
                    <td className="px-2 py-0.5 tabular-nums">{r.quantity}</td>
                    <td className={`px-2 py-0.5 tabular-nums ${moneyTone(r.pnl)}`}>{r.pnlText}</td>
                    <td className="px-2 py-0.5">{r.tradeDateTime}</td>
                    <td className="px-2 py-0.5">{r.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </td>
      </tr>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
