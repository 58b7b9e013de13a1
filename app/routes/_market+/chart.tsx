import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useNavigation, useRouteLoaderData, useSubmit } from "@remix-run/react";
import { requireRouteAccess, notFound } from "~/auth/guards.server";
import { readPreferences } from "~/auth/preferences.server";
import { loadChartView } from "~/services/charts.server";
import { chartPageTimeframeOptions, isTimeframeId } from "~/domain/candles";
import { DEFAULT_REFERENCE_SYMBOL, direction } from "~/domain/quotes";
import { formatNumber, formatPercent } from "~/domain/format";
import { keyLabelTone } from "~/domain/targets";
import { TONE_TEXT } from "~/components/ui/tone";
import { swingMarkersOn } from "~/domain/chart-markers";
import { TradeButtons } from "~/components/charts/trade-buttons";
import { LatestKeysNote } from "~/components/charts/latest-keys-note";
import { LiveCandleChart } from "~/components/charts/live-candle-chart";
import { useLiveQuotes } from "~/components/realtime/socket-context";
import type { loader as rootLoader } from "~/root";
import { NoScriptShow, ViewSelect } from "~/components/ui/view-controls";
import { requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.view.symbol.code ?? "Chart"} — NSE Signals` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const url = requestUrl(request);
  const prefs = await readPreferences(context.cookies, request);
  const asked = url.searchParams.get("tf");
  const timeframe = isTimeframeId(asked) ? asked : prefs.chartTimeframe;
  const view = await loadChartView(context, user, url.searchParams.get("symbol") ?? DEFAULT_REFERENCE_SYMBOL, timeframe);
  if (!view) notFound();
  return json({ view, canTrade: user.roleId !== 4 });
}

const tone = { up: "text-up", down: "text-down", flat: "" } as const;

export default function ChartPage() {
  const { view, canTrade } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const loading = navigation.state !== "idle";
  const live = useLiveQuotes([view.symbol.code])[view.symbol.code.toUpperCase()] ?? view.quote;
  const code = view.symbol.code;
  return (
    <section aria-labelledby="chart-title" className="flex flex-col gap-3">
      <header className="flex flex-wrap items-baseline gap-3">
        <h1 id="chart-title" className="text-xl font-semibold">
          {code}
        </h1>
        <span className="text-sm text-muted">{view.symbol.description}</span>
        {live ? (
          <span data-field="last" className={`tabular-nums ${tone[direction(live.change)]}`}>
            {formatNumber(live.last)} {live.change >= 0 ? "+" : ""}
            {formatNumber(live.change)} ({formatPercent(live.changePercent)})
          </span>
        ) : null}
      </header>
      <ul aria-label="Key badges" className="flex flex-wrap gap-1.5">
        {view.keys.length === 0 ? <li className="text-xs text-muted">No keys</li> : null}
        {view.keys.map((k, i) => (
          <li key={i} title={k.time} className={`rounded-full border px-2 py-0.5 text-xs font-medium ${TONE_TEXT[keyLabelTone(k.label)]}`}>
            {k.label}
          </li>
        ))}
      </ul>
      <LatestKeysNote shown={view.keys.length} total={view.keyCount} />
      <div className="flex flex-wrap items-end gap-3">
        {/* The timeframe is remembered (a preference post); without JavaScript the button sends it. */}
        <Form method="post" action="/preferences" className="flex items-end gap-2" onChange={(e) => submit(e.currentTarget)}>
          <input type="hidden" name="intent" value="chartTimeframe" />
          <input type="hidden" name="redirectTo" value={`${location.pathname}?symbol=${encodeURIComponent(code)}`} />
          <ViewSelect label="Timeframe" name="value" defaultValue={view.timeframe} disabled={loading} options={chartPageTimeframeOptions(view.timeframe)} />
          <NoScriptShow />
        </Form>
        <div className="ml-auto">
          <TradeButtons code={code} ask={live?.ask ?? null} bid={live?.bid ?? null} enabled={canTrade} />
        </div>
      </div>
      <LiveCandleChart symbol={code} timeframe={view.timeframe} candles={view.candles} lines={view.lines} dark={root?.theme === "dark"} mode={view.settings.viewChart} keys={view.keys} swing={swingMarkersOn(view.settings)} studies={view.studies} />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
