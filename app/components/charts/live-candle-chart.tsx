// The chart island: the server-rendered SVG first (no JavaScript, slow links, before the
// library loads), then the interactive chart, with the live candle moving on each tick.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { timeframeById, type Candle, type TimeframeId } from "~/domain/candles";
import { formatIstDateTime } from "~/domain/dates";
import { formatNumber, formatPercent } from "~/domain/format";
import { chartMarkers } from "~/domain/chart-markers";
import { useRootData } from "~/components/layout/use-root-data";
import { CandleSvg, type PriceLine } from "./candle-svg";
import { useLiveCandles } from "./use-live-candles";
import { useLiveQuotes } from "~/components/realtime/socket-context";
import { SwingAlertToast, useSwingAlerts } from "./use-swing-alerts";
import { swingLineAsChartLine, swingLineMarker } from "~/domain/swing-alerts";

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

/** How many of the latest candles the chart lists in its table for screen readers. */
const LISTED_CANDLES = 10;

/**
 * The latest candles as a table, newest first: read by screen readers (the drawing is an image
 * to them) and by the journeys that check the chart against /chart-data. Visually hidden.
 */
export function LatestCandlesTable({ symbol, timeframe, candles }: { symbol: string; timeframe: TimeframeId; candles: readonly Candle[] }) {
  const latest = candles.slice(-LISTED_CANDLES).reverse();
  return (
    <table className="sr-only" data-latest-candles>
      <caption>
        Latest {timeframe} candles of {symbol}
      </caption>
      <thead>
        <tr>
          {["Time", "Open", "High", "Low", "Close", "Volume"].map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {latest.map((c) => (
          <tr key={c.time}>
            <th scope="row">
              <time dateTime={new Date(c.time).toISOString()}>{formatIstDateTime(c.time)}</time>
            </th>
            <td>{formatNumber(c.open)}</td>
            <td>{formatNumber(c.high)}</td>
            <td>{formatNumber(c.low)}</td>
            <td>{formatNumber(c.close)}</td>
            <td>{formatNumber(c.volume, 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
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
  const [hydrated, setHydrated] = useState(false);
  // The candle under the cursor, by its time: looked up in the candles shown, so it follows live
  // ticks and a timeframe or symbol change never leaves a stale candle in the readout.
  const [hoverTime, setHoverTime] = useState<number | null>(null);
  const [drawnHeight, setDrawnHeight] = useState(height);
  useEffect(() => setHydrated(true), []);
  // A hovered time belongs to the series it was read from: a new symbol or timeframe drops it.
  useEffect(() => setHoverTime(null), [symbol, timeframe]);
  useEffect(() => {
    if (heightFromWindow === undefined) return;
    // The documents' admin dashboard: window height minus 280, never smaller than a usable chart.
    const fit = () => setDrawnHeight(Math.max(300, window.innerHeight - heightFromWindow));
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
  const svg = <CandleSvg candles={shown} lines={lines} markers={markers} height={height} intraday={intraday} title={`${symbol} ${timeframe}`} />;
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900">
      {readout ? (
        <figcaption aria-live="off" data-readout className="mb-1 flex flex-wrap gap-3 text-xs tabular-nums text-slate-600 dark:text-slate-300">
          <span>O {formatNumber(readout.open)}</span>
          <span>H {formatNumber(readout.high)}</span>
          <span>L {formatNumber(readout.low)}</span>
          <span>C {formatNumber(readout.close)}</span>
          <span className={change === null ? "" : change >= 0 ? "text-up" : "text-down"}>
            {change === null ? "" : `${change >= 0 ? "+" : ""}${formatNumber(change)} (${formatPercent(previous ? (change / previous.close) * 100 : 0)})`}
          </span>
          <span>Vol {formatNumber(readout.volume, 0)}</span>
          <span>{formatIstDateTime(readout.time)}</span>
        </figcaption>
      ) : null}
      {hydrated ? (
        <Suspense key={restartKey} fallback={<div aria-busy="true"><p className="text-sm text-slate-500">Chart loading....</p>{svg}</div>}>
          {mode === "advance" ? (
            <AdvancedChart candles={shown} status={status} lines={drawnLines} height={drawnHeight} dark={dark} intraday={intraday} studies={studies} />
          ) : (
            <ApexCandles candles={shown} lines={drawnLines} markers={markers} height={drawnHeight} dark={dark} intraday={intraday} studies={studies} onHover={onHover} />
          )}
        </Suspense>
      ) : (
        svg
      )}
      <LatestCandlesTable symbol={symbol} timeframe={timeframe} candles={shown} />
      <LiveSubscription symbol={symbol} />
      <SwingAlertToast toast={swingAlerts.toast} onDismiss={swingAlerts.dismiss} />
    </figure>
  );
}
