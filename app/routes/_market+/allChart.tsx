import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/guards.server";
import { readPreferences } from "~/auth/preferences.server";
import { loadChartGrid } from "~/services/charts.server";
import { swingMarkersOn } from "~/domain/chart-markers";
import { LiveCandleChart } from "~/components/charts/live-candle-chart";
import type { loader as rootLoader } from "~/root";
import { requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Charts — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const prefs = await readPreferences(context.cookies, request);
  return json(await loadChartGrid(context, user, requestUrl(request), prefs.chartTimeframe));
}

export default function AllChartPage() {
  const { count, codes, views, chosen } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const height = count === 1 ? 535 : 320;
  return (
    <section aria-labelledby="charts-title">
      <h1 id="charts-title" className="mb-3 text-xl font-semibold">
        Charts
      </h1>
      <Form method="get" className="mb-3 flex flex-wrap items-end gap-2" aria-label="Chart symbols">
        {chosen.map((code, i) => (
          <label key={i} className="flex flex-col text-sm">
            <span className="font-medium">Chart {i + 1}</span>
            <select name={`s${i}`} defaultValue={code} className="rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900">
              {codes.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        ))}
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-700">
          Show
        </button>
      </Form>
      <div className={`grid gap-3 ${count === 1 ? "grid-cols-1" : "grid-cols-1 xl:grid-cols-2"}`} data-chart-count={count}>
        {views.map((view, i) => (
          <div key={`${i}-${view.symbol.code}`} data-chart-slot={i}>
            <h2 className="mb-1 text-sm font-semibold">{view.symbol.code}</h2>
            <LiveCandleChart symbol={view.symbol.code} timeframe={view.timeframe} candles={view.candles} lines={view.lines} height={height} dark={root?.theme === "dark"} mode={view.settings.viewChart} keys={view.keys} swing={swingMarkersOn(view.settings)} studies={view.studies} />
          </div>
        ))}
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
