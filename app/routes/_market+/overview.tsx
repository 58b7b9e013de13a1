import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { requireRouteAccess } from "~/auth/guards.server";
import { loadOverview } from "~/services/overview.server";
import { MOVERS_COLLAPSED_ROWS, topMovers, type MoverRow, type MoversList } from "~/domain/overview";
import { formatNumber, formatPercent } from "~/domain/format";
import { GaugeSvg } from "~/components/charts/gauge-svg";
import { useLiveQuotes } from "~/components/realtime/socket-context";
import { useOverviewData } from "~/components/realtime/use-overview-data";
import { requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Overview — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  return json(await loadOverview(context, user, requestUrl(request)));
}

export default function OverviewPage() {
  const data = useLoaderData<typeof loader>();
  const live = useOverviewData();
  const quotes = useLiveQuotes(data.codes);
  // The server's figures first; each overview-data event and each quote then replaces them.
  const gauge = live ?? data;
  const sectorGauge = (id: number) => live?.sectors.find((s) => s.sectorId === id) ?? data.sectors.find((s) => s.id === id);
  const movers = useMemo(() => {
    const byCode = new Map<string, MoverRow>();
    for (const row of [...data.gainers, ...data.losers]) byCode.set(row.symbolCode, row);
    for (const q of Object.values(quotes)) byCode.set(q.symbolCode, { symbolCode: q.symbolCode, last: q.last, change: q.change, changePercent: q.changePercent });
    return [...byCode.values()];
  }, [data.gainers, data.losers, quotes]);
  const limit = (list: MoversList) => (data.expanded === list ? null : MOVERS_COLLAPSED_ROWS);
  return (
    <section aria-labelledby="overview-title" className="flex flex-col gap-4">
      <h1 id="overview-title" className="text-xl font-semibold">
        Overview
      </h1>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[16rem_1fr]">
        <figure className="flex flex-col items-center rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
          <GaugeSvg value={gauge.gauge} label="Market" />
          <figcaption className="text-sm">
            <span className="text-up">Advances {gauge.advances}</span> · <span className="text-down">Declines {gauge.declines}</span>
          </figcaption>
        </figure>
        <ul aria-label="Sector gauges" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
          {data.sectors.map((s) => {
            const g = sectorGauge(s.id);
            return (
              <li key={s.id} className="flex flex-col items-center rounded-lg border border-slate-200 bg-white p-2 text-sm dark:border-slate-800 dark:bg-slate-900">
                <GaugeSvg value={g?.gauge ?? 50} label={s.name} size={140} />
                <span className="font-medium">{s.name}</span>
              </li>
            );
          })}
        </ul>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <MoversTable title="Top Gainers" list="gainers" rows={topMovers(movers, "gainers", limit("gainers"))} expanded={data.expanded === "gainers"} />
        <MoversTable title="Top Losers" list="losers" rows={topMovers(movers, "losers", limit("losers"))} expanded={data.expanded === "losers"} />
      </div>
    </section>
  );
}

function MoversTable({ title, list, rows, expanded }: { title: string; list: MoversList; rows: MoverRow[]; expanded: boolean }) {
  const id = `${list}-title`;
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
      <div className="mb-2 flex items-center justify-between">
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        {/* A link, so expanding works without JavaScript. */}
        <Link to={expanded ? "/overview" : `/overview?expand=${list}`} className="text-sm text-blue-600 underline dark:text-blue-400" preventScrollReset>
          {expanded ? "Show less" : "Show all"}
        </Link>
      </div>
      {/* Scrolls in its own box on a narrow phone (docs/decisions/147). */}
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted">
              <th className="py-1">Symbol</th>
              <th className="py-1 text-right">Close</th>
              <th className="py-1 text-right">Change</th>
              <th className="py-1 text-right">Change %</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="py-2 text-center text-slate-500">
                  No Data Found
                </td>
              </tr>
            ) : null}
            {rows.map((r) => (
              <tr key={r.symbolCode} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-1 font-medium">{r.symbolCode}</td>
                <td className="py-1 text-right tabular-nums">{formatNumber(r.last)}</td>
                <td className={`py-1 text-right tabular-nums ${r.change >= 0 ? "text-up" : "text-down"}`}>{formatNumber(r.change)}</td>
                <td className={`py-1 text-right tabular-nums ${r.changePercent >= 0 ? "text-up" : "text-down"}`}>{formatPercent(r.changePercent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
