// The chart island: the server-rendered SVG first (no JavaScript, slow links, before the
// library loads), then the interactive chart, with the live candle moving on each tick. The
// library is fetched only when the chart comes into view or at the first interaction, and the
// SVG stays until the library has drawn (docs/decisions/155).
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from "react";
import { timeframeById, type Candle, type TimeframeId } from "~/domain/candles";
import { formatIstDateTime } from "~/domain/dates";
import { formatNumber, formatPercent } from "~/domain/format";
import { candleReadoutLabel, candleTableCaption, candleTableRows, type VisibleRange } from "~/domain/candle-table";
import { chartMarkers } from "~/domain/chart-markers";
import { drawnChartHeight, windowChartHeight, windowChartRoom } from "~/domain/chart-layout";
import { useRootData } from "~/components/layout/use-root-data";
import { CandleSvg, type PriceLine } from "./candle-svg";
import { useLiveCandles } from "./use-live-candles";
import { useLiveQuotes } from "~/components/realtime/socket-context";
import { SwingAlertToast, useSwingAlerts } from "./use-swing-alerts";
import { swingLineAsChartLine, swingLineMarker } from "~/domain/swing-alerts";
import { useWantedWhenSeen } from "./use-wanted-when-seen";

const ApexCandles = lazy(() => import("./apex-candles.client"));
const AdvancedChart = lazy(() => import("./advanced-chart.client"));

/**
 * Holds the symbol's live subscription while the chart is shown. A component of its own, so that
 * useLiveQuotes' update on every animation frame re-renders this, not the chart.
 */
function LiveSubscription({ symbol }: { symbol: string }) {
  useLiveQuotes([symbol]);
  return null;
}

// Stable defaults: a fresh [] on each render would redraw the chart each time.
const NO_KEYS: readonly { label: string; price: number; at: number }[] = [];
const NO_STUDIES: readonly string[] = [];

/**
 * The chart's text alternative (docs/decisions/155): the candles the chart shows (all of them, or
 * the range the user panned or zoomed to), newest first, in a disclosure that opens without
 * JavaScript. Read by screen readers and by anyone who wants the figures rather than the drawing.
 */
export function CandleTableView({ title, candles, range, intraday }: { title: string; candles: readonly Candle[]; range: VisibleRange | null; intraday: boolean }) {
  const { rows, visible } = candleTableRows(candles, range, intraday);
  return (
    <details data-table-view className="mt-2 text-sm">
      <summary className="cursor-pointer select-none py-1 font-medium text-slate-700 dark:text-slate-200">Table view</summary>
      {/* One line a candle; on a phone the figures scroll sideways under the time (decision 147). */}
      <div className="table-scroll max-h-96 overflow-auto">
        <table data-latest-candles className="w-full whitespace-nowrap text-right tabular-nums">
          <caption className="pb-1 text-left text-xs text-slate-600 dark:text-slate-300">{candleTableCaption(title, rows.length, visible)}</caption>
          <thead className="sticky top-0 z-[2] bg-slate-100 dark:bg-slate-800">
            <tr>
              {["Time (IST)", "Open", "High", "Low", "Close", "Volume"].map((h, i) => (
                <th key={h} scope="col" className={`px-1 ${i === 0 ? "text-left" : ""}`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.iso} className="border-t border-slate-100 dark:border-slate-800">
                <th scope="row" className="px-1 text-left font-normal">
                  <time dateTime={r.iso}>{r.time}</time>
                </th>
                <td className="px-1">{r.open}</td>
                <td className="px-1">{r.high}</td>
                <td className="px-1">{r.low}</td>
                <td className="px-1">{r.close}</td>
                <td className="px-1">{r.volume}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export function LiveCandleChart({
  symbol,
  timeframe,
  candles,
  lines,
  height = 535,
  dark,
  mode = "normal",
  keys = NO_KEYS,
  swing = false,
  studies = NO_STUDIES,
  heightFromWindow,
}: {
  symbol: string;
  timeframe: TimeframeId;
  candles: Candle[];
  lines: PriceLine[];
  height?: number;
  dark: boolean;
  /** The user's viewChart setting: "normal" (ApexCharts) or "advance" (the UDF widget). */
  mode?: string;
  /** Key events to mark on their candles (green BUY, red SELL). */
  keys?: readonly { label: string; price: number; at: number }[];
  /** The user's Swing setting: mark confirmed swing highs and lows (docs/product-rules.md R-D14). */
  swing?: boolean;
  /** The user's studies (the Indicator setting's names; docs/decisions/129). */
  studies?: readonly string[];
  /** When set, the interactive chart is the window's height minus this many pixels (admin dashboard). */
  heightFromWindow?: number;
}) {
  const figure = useRef<HTMLElement>(null);
  const wanted = useWantedWhenSeen(figure);
  // The library has drawn: the SVG gives way to it.
  const [libraryDrawn, setLibraryDrawn] = useState(false);
  const onDrawn = useCallback(() => setLibraryDrawn(true), []);
  // The candles the interactive chart shows after a pan or zoom (indices into `shown`); the table view follows.
  const [visibleRange, setVisibleRange] = useState<VisibleRange | null>(null);
  const onVisibleRange = useCallback((r: VisibleRange) => setVisibleRange((prev) => (prev && prev.from === r.from && prev.to === r.to ? prev : r)), []);
  // The candle under the cursor, by its time: looked up in the candles shown, so it follows live
  // ticks and a timeframe or symbol change never leaves a stale candle in the readout.
  const [hoverTime, setHoverTime] = useState<number | null>(null);
  const [drawnHeight, setDrawnHeight] = useState(height);
  // A hovered time belongs to the series they were read from: a new symbol or timeframe drops it.
  useEffect(() => setHoverTime(null), [symbol, timeframe]);
  useEffect(() => {
    if (heightFromWindow === undefined) return;
    // The documents' admin dashboard: window height minus 280, never smaller than a usable chart.
    const fit = () => setDrawnHeight(windowChartHeight(window.innerHeight, heightFromWindow));
    fit();
    window.addEventListener("resize", fit);
    return () => window.removeEventListener("resize", fit);
  }, [heightFromWindow]);
  // The candles as they move with the feed, built by the server's rule (docs/decisions/127): from
  // the loader's candles in normal mode, from the UDF datafeed in advanced mode.
  const { candles: shown, status } = useLiveCandles({ symbol, timeframe, initial: candles, source: mode === "advance" ? "udf" : "chart-data" });
  // The interactive chart starts afresh when the symbol, timeframe, theme or sidebar changes
  // (the sidebar changes the chart's width, which ApexCharts measures once).
  const shell = useRootData()?.shell;
  const restartKey = [symbol, timeframe, dark ? "dark" : "light", shell?.sidebarOpen, shell?.sidebarExpanded].join("|");
  // A restarted chart shows its whole series again.
  useEffect(() => setVisibleRange(null), [restartKey]);
  // swing_alert: a toast, and the stored swing line with its marker (docs/decisions/129).
  const swingAlerts = useSwingAlerts(symbol, swing);
  const markers = useMemo(() => {
    const drawn = chartMarkers(shown, keys, swing);
    const alerted = swingAlerts.line ? swingLineMarker(shown, swingAlerts.line, drawn) : null;
    return alerted ? [...drawn, alerted] : drawn;
  }, [shown, keys, swing, swingAlerts.line]);
  const onHover = useCallback((c: Candle | null) => setHoverTime(c?.time ?? null), []);
  const drawnLines = useMemo(() => (swingAlerts.line ? [...lines, swingLineAsChartLine(swingAlerts.line)] : lines), [lines, swingAlerts.line]);
  const intraday = timeframeById(timeframe).kind === "minutes";
  const hovered = hoverTime === null ? undefined : shown.find((c) => c.time === hoverTime);
  const readout = hovered ?? shown[shown.length - 1];
  const previous = readout ? shown[shown.indexOf(readout) - 1] : undefined;
  const change = readout && previous ? readout.close - previous.close : null;
  const title = `${symbol} ${timeframe}`;
  const svg = <CandleSvg candles={shown} lines={lines} markers={markers} height={height} intraday={intraday} title={title} />;
  const readoutSpan = (text: string, className = "") => (
    <span aria-hidden="true" className={className}>
      {text}
    </span>
  );
  return (
    <figure ref={figure} aria-label={`${title} candle chart`} data-chart-card className="rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900">
      {readout ? (
        <figcaption aria-live="off" data-readout className="mb-1 flex flex-wrap gap-3 text-xs tabular-nums text-slate-600 dark:text-slate-300">
          {/* Seen as O/H/L/C figures; read as words (the spans' order is what tests read). */}
          {readoutSpan(`O ${formatNumber(readout.open)}`)}
          {readoutSpan(`H ${formatNumber(readout.high)}`)}
          {readoutSpan(`L ${formatNumber(readout.low)}`)}
          {readoutSpan(`C ${formatNumber(readout.close)}`)}
          {readoutSpan(
            change === null ? "" : `${change >= 0 ? "+" : ""}${formatNumber(change)} (${formatPercent(previous ? (change / previous.close) * 100 : 0)})`,
            change === null ? "" : change >= 0 ? "text-up" : "text-down",
          )}
          {readoutSpan(`Vol ${formatNumber(readout.volume, 0)}`)}
          {readoutSpan(formatIstDateTime(readout.time))}
          <span className="sr-only">{`${hovered ? "Candle under the pointer" : "Latest candle"}, ${candleReadoutLabel(readout, intraday)}`}</span>
        </figcaption>
      ) : null}
      {/* With scripts, the box keeps the drawn chart's height from the first paint (app/tailwind.css). */}
      <div
        className="relative"
        data-chart-area
        style={{ "--chart-drawn-height": heightFromWindow === undefined ? `${drawnChartHeight(height, mode)}px` : windowChartRoom(heightFromWindow, mode) } as CSSProperties}
      >
        {libraryDrawn ? null : svg}
        {wanted ? (
          // Laid out (so the library measures its width) but unseen until it has drawn.
          <div className={libraryDrawn ? "" : "invisible absolute inset-x-0 top-0"}>
            <Suspense key={restartKey} fallback={null}>
              {mode === "advance" ? (
                <AdvancedChart candles={shown} status={status} lines={drawnLines} height={drawnHeight} dark={dark} intraday={intraday} studies={studies} onDrawn={onDrawn} onVisibleRange={onVisibleRange} />
              ) : (
                <ApexCandles
                  candles={shown}
                  lines={drawnLines}
                  markers={markers}
                  height={drawnHeight}
                  dark={dark}
                  intraday={intraday}
                  studies={studies}
                  onHover={onHover}
                  onDrawn={onDrawn}
                  onVisibleRange={onVisibleRange}
                />
              )}
            </Suspense>
          </div>
        ) : null}
        {wanted && !libraryDrawn ? (
          // Not a status region: the page's one status region is the toasts'.
          <p className="absolute left-2 top-1 text-xs text-slate-500">
            Chart loading…
          </p>
        ) : null}
      </div>
      <CandleTableView title={title} candles={shown} range={visibleRange} intraday={intraday} />
      <LiveSubscription symbol={symbol} />
      <SwingAlertToast toast={swingAlerts.toast} onDismiss={swingAlerts.dismiss} />
    </figure>
  );
}
