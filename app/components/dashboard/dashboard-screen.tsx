// The dashboard (docs/product-rules.md R-TD2): banner, summary cards, then for the roles with charts
// the symbol header, Alert button, reference-point and KEY chips, the chart, the watchlist region
// and the footer with status chips and an IST clock. Shared by /dashboard and /admin/dashboard.
import { useEffect, useState } from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { TIMEFRAMES } from "~/domain/candles";
import { swingMarkersOn } from "~/domain/chart-markers";
import { marqueeDurationSeconds } from "~/domain/dashboard";
import { formatIstDate, formatIstDateTime } from "~/domain/dates";
import { formatNumber, formatPercent } from "~/domain/format";
import { direction } from "~/domain/quotes";
import { keyLabelTone, referenceLineTone, type Tone } from "~/domain/targets";
import { TONE_FILL, TONE_TEXT } from "~/components/ui/tone";
import { LiveCandleChart } from "~/components/charts/live-candle-chart";
import { WatchlistPanel } from "~/components/watchlist/watchlist-panel";
import { TradeButtons } from "~/components/charts/trade-buttons";
import { LatestKeysNote } from "~/components/charts/latest-keys-note";
import { useLiveQuotes } from "~/components/realtime/socket-context";
import type { DashboardData } from "~/services/dashboard.server";
import { useRootData } from "~/components/layout/use-root-data";
import { NoScriptShow, ViewSelect } from "~/components/ui/view-controls";

const tone = { up: "text-up", down: "text-down", flat: "" } as const;

// Loader data arrives JSON-serialised: dates are strings, the rest keeps its shape.
type Serialised = Omit<DashboardData, "marque"> & { marque: { title: string; date: string | null; subText: string } | null };

export function DashboardScreen({ data, title, fitChartToWindow }: { data: Serialised; title: string; fitChartToWindow?: boolean }) {
  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
      <h1 id="dashboard-title" className="text-xl font-semibold">
        {title}
      </h1>
      {data.marque ? <MarqueeBanner marque={data.marque} /> : null}
      {data.subscription ? <SubscriptionNoticeBanner notice={data.subscription} /> : null}
      <SummaryCards cards={data.cards} />
      {data.noSubscription ? <NoSubscription /> : null}
      {data.chart ? <ChartArea chart={data.chart} fitChartToWindow={fitChartToWindow} now={data.now} /> : null}
    </section>
  );
}

/** The customer's subscription ends within a week, or has ended: said before it lapses. */
function SubscriptionNoticeBanner({ notice }: { notice: NonNullable<Serialised["subscription"]> }) {
  const ended = notice.kind === "ended";
  return (
    <div
      role={ended ? "alert" : "note"}
      aria-label="Subscription"
      className={`flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm ${
        ended ? "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100" : "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      }`}
    >
      <p>{notice.text}</p>
      <Link to="/support" className="font-semibold underline">
        Contact support
      </Link>
    </div>
  );
}

/** A customer with no symbol in its subscription yet: what to do, not an empty page. */
function NoSubscription() {
  return (
    <section aria-labelledby="no-subscription-title" className="flex max-w-2xl flex-col gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm dark:border-blue-900 dark:bg-blue-950">
      <h2 id="no-subscription-title" className="text-lg font-semibold">
        Your subscription has no symbols yet
      </h2>
      <p>
        Your account is ready. Live prices, charts with keys and reference lines, watchlists and price alerts appear here as soon as symbols are added to your
        subscription.
      </p>
      <p>Ask our support team to activate a subscription, and tell them which symbols you want to follow.</p>
      <Form method="post" action="/support">
        <input type="hidden" name="intent" value="contact" />
        <button type="submit" className="rounded-md bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700">
          Contact Us
        </button>
      </Form>
    </section>
  );
}

function MarqueeBanner({ marque }: { marque: NonNullable<Serialised["marque"]> }) {
  const text = [marque.title, marque.date ? formatIstDate(new Date(`${marque.date}T00:00:00+05:30`)) : null, marque.subText].filter(Boolean).join(" · ");
  return (
    <div role="marquee" aria-label="Announcement" className="overflow-hidden rounded-md border border-amber-200 bg-amber-50 py-1.5 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
      {/* Scrolls at the documents' speed 8; still for users who prefer reduced motion (tailwind.css). */}
      <div className="marquee-track inline-block whitespace-nowrap pl-[100%]" style={{ animation: `marquee-scroll ${marqueeDurationSeconds(text)}s linear infinite` }}>
        <strong className="font-semibold">{marque.title}</strong>
        {marque.date ? <span className="ml-3">{formatIstDate(new Date(`${marque.date}T00:00:00+05:30`))}</span> : null}
        {marque.subText ? <span className="ml-3">{marque.subText}</span> : null}
      </div>
    </div>
  );
}

function SummaryCards({ cards }: { cards: Serialised["cards"] }) {
  return (
    <ul aria-label="Summary" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-7">
      {cards.map((c) => (
        <li key={c.kind} className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
          <p className="text-xs text-slate-500 dark:text-slate-400">{c.label}</p>
          <p className="text-2xl font-semibold tabular-nums" data-card={c.kind}>
            {formatNumber(c.value, 0)}
          </p>
        </li>
      ))}
    </ul>
  );
}

function ChartArea({ chart, fitChartToWindow, now }: { chart: NonNullable<Serialised["chart"]>; fitChartToWindow?: boolean; now: number }) {
  const root = useRootData();
  const navigation = useNavigation();
  const submit = useSubmit();
  const { view, symbols, footer, canTrade, watchlist } = chart;
  const code = view.symbol.code;
  const live = useLiveQuotes([code])[code.toUpperCase()] ?? view.quote;
  const location = useLocation();
  // The watchlist's rows keep this page's other parameters and choose the chart's symbol.
  const symbolHref = (symbolCode: string) => {
    const params = new URLSearchParams(location.search);
    params.set("symbol", symbolCode);
    return `${location.pathname}?${params}`;
  };
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-[1fr_20rem]">
      <div className="flex min-w-0 flex-col gap-3">
        <header className="flex flex-wrap items-baseline gap-3">
          <h2 className="text-xl font-semibold">{code}</h2>
          <span className="text-sm text-muted">{view.symbol.description}</span>
          {live ? (
            <span aria-label="Last price" data-field="last" className={`tabular-nums ${tone[direction(live.change)]}`}>
              <span className="text-lg font-semibold">{formatNumber(live.last)}</span>{" "}
              <span data-field="change">
                {live.change >= 0 ? "+" : ""}
                {formatNumber(live.change)}
              </span>{" "}
              (<span data-field="change-percent">{formatPercent(live.changePercent)}</span>)
            </span>
          ) : (
            <span className="text-sm text-muted">No live price</span>
          )}
          <Link to={`/alert/new?symbol=${encodeURIComponent(code)}`} className="ml-auto rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium dark:border-slate-700">
            Alert
          </Link>
        </header>
        <ul aria-label="Reference points" className="flex flex-wrap gap-1.5">
          {view.points.length === 0 ? <li className="text-xs text-muted">No reference points</li> : null}
          {view.points.map((p, i) => (
            <li key={i} className={`rounded-full border px-2 py-0.5 text-xs font-medium ${TONE_TEXT[referenceLineTone(p.pointName)]}`}>
              {p.name} {formatNumber(p.price)}
            </li>
          ))}
        </ul>
        <ul aria-label="Keys" className="flex flex-wrap gap-1.5">
          {view.keys.length === 0 ? <li className="text-xs text-muted">No keys today</li> : null}
          {view.keys.map((k, i) => (
            <li key={i} title={k.time} className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE_FILL[keyLabelTone(k.label)]}`}>
              {k.label}
            </li>
          ))}
        </ul>
        <LatestKeysNote shown={view.keys.length} total={view.keyCount} />
        <div className="flex flex-wrap items-end gap-3">
          {/* A GET form: symbol and timeframe are in the URL, so every view is a link (no JS needed). */}
          {/* Keyed by what it shows: a watchlist link or Back changes the symbol without this form,
              and its selects' defaults must follow, or the next change would submit the old symbol. */}
          <Form key={`${code}|${view.timeframe}`} method="get" aria-label="Chart" className="flex flex-wrap items-end gap-2" onChange={(e) => submit(e.currentTarget)}>
            <ViewSelect label="Symbol" name="symbol" defaultValue={code} options={symbols.map((s) => ({ value: s, label: s }))} />
            <ViewSelect label="Timeframe" name="tf" defaultValue={view.timeframe} disabled={navigation.state !== "idle"} options={TIMEFRAMES.map((t) => ({ value: t.id, label: t.id }))} />
            <NoScriptShow />
          </Form>
          <div className="ml-auto">
            <TradeButtons code={code} ask={live?.ask ?? null} bid={live?.bid ?? null} enabled={canTrade} />
          </div>
        </div>
        <LiveCandleChart
          symbol={code}
          timeframe={view.timeframe}
          candles={view.candles}
          lines={view.lines}
          keys={view.keys}
          swing={swingMarkersOn(view.settings)}
          studies={view.studies}
          dark={root?.theme === "dark"}
          mode={view.settings.viewChart}
          heightFromWindow={fitChartToWindow ? 280 : undefined}
        />
      </div>
      {/* Choosing a symbol in the watchlist sets ?symbol=CODE like the Symbol select above. */}
      <aside aria-label="Watchlist" className="rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-800 dark:bg-slate-900">
        <WatchlistPanel data={watchlist} symbolHref={symbolHref} />
      </aside>
      <footer aria-label="Status" className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white p-2 text-xs xl:col-span-2 dark:border-slate-800 dark:bg-slate-900">
        <StatusChip label="Previous plus key" value={footer.previousPlusKey} tone={footer.previousPlusKey ? keyLabelTone(footer.previousPlusKey) : undefined} />
        <StatusChip label="Previous minus key" value={footer.previousMinusKey} tone={footer.previousMinusKey ? keyLabelTone(footer.previousMinusKey) : undefined} />
        <StatusChip
          label="First target"
          value={footer.firstTarget ? `${footer.firstTarget.name} ${formatNumber(footer.firstTarget.price)}` : null}
          tone={footer.firstTarget ? referenceLineTone(footer.firstTarget.pointName) : undefined}
        />
        <IstClock initial={now} />
      </footer>
    </div>
  );
}

function StatusChip({ label, value, tone }: { label: string; value: string | null; tone?: Tone }) {
  return (
    <span className="rounded-full border border-slate-300 px-2 py-0.5 dark:border-slate-700" data-chip={label}>
      <span className="text-muted">{label}: </span>
      <span className={`font-semibold ${tone ? TONE_TEXT[tone] : ""}`}>
        {value ?? "—"}
      </span>
    </span>
  );
}

/** The time in IST: rendered by the server, then ticking every second in the browser. */
function IstClock({ initial }: { initial: number }) {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time aria-label="Time in IST" dateTime={new Date(now).toISOString()} className="ml-auto tabular-nums font-medium" suppressHydrationWarning>
      {formatIstDateTime(now)} IST
    </time>
  );
}
