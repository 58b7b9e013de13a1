// The chart island: the server-rendered SVG first (no JavaScript, slow links, before the
// library loads), then the interactive chart, with the live candle moving on each tick.
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { mergeTickIntoCandle, periodBounds, timeframeById, type Candle, type TimeframeId } from "~/domain/candles";
import { formatIstDateTime } from "~/domain/dates";
import { formatNumber, formatPercent } from "~/domain/format";
import { chartMarkers } from "~/domain/chart-markers";
import { useLiveQuotes } from "~/realtime/socket-context";
import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { CandleSvg, type PriceLine } from "./candle-svg";

const ApexCandles = lazy(() => import("./apex-candles.client"));
const AdvancedChart = lazy(() => import("./advanced-chart.client"));

/** The last candle after a live quote: the running bucket moves, a new bucket starts a candle. */
export function withLiveQuote(candles: readonly Candle[], timeframe: TimeframeId, price: number, time: number): Candle[] {
  const tf = timeframeById(timeframe);
  const last = candles[candles.length - 1];
  const { start } = periodBounds(time, tf);
  if (last && start < last.time) return [...candles]; // an old quote: nothing to move
  if (tf.kind === "minutes") {
    const merged = mergeTickIntoCandle(last && last.time === start ? last : undefined, { time, price, volume: 0 }, tf.minutes);
    return last && last.time === start ? [...candles.slice(0, -1), merged] : [...candles, merged];
  }
  if (last && last.time === start) {
    return [...candles.slice(0, -1), { ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price) }];
  }
  return [...candles, { time: start, open: price, high: price, low: price, close: price, volume: 0 }];
}

export function LiveCandleChart({
  symbol,
  timeframe,
  candles,
  lines,
  height = 535,
  dark,
  mode = "normal",
  keys = [],
  swing = false,
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
  /** The user's Swing setting: mark confirmed swing highs and lows (DECISIONS 14). */
  swing?: boolean;
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
  const live = useLiveQuotes([symbol])[symbol.toUpperCase()];
  const shown = useMemo(
    () => (live ? withLiveQuote(candles, timeframe, live.last, live.time) : candles),
    [candles, timeframe, live],
  );
  // The interactive chart starts afresh when the symbol, timeframe, theme or sidebar changes
  // (the sidebar changes the chart's width, which ApexCharts measures once).
  const shell = useRouteLoaderData<typeof rootLoader>("root")?.shell;
  const restartKey = [symbol, timeframe, dark ? "dark" : "light", shell?.sidebarOpen, shell?.sidebarExpanded].join("|");
  const markers = useMemo(() => chartMarkers(shown, keys, swing), [shown, keys, swing]);
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
            <AdvancedChart symbol={symbol} timeframe={timeframe} lines={lines} height={drawnHeight} dark={dark} />
          ) : (
            <ApexCandles candles={shown} lines={lines} markers={markers} height={drawnHeight} dark={dark} onHover={(c) => setHoverTime(c?.time ?? null)} />
          )}
        </Suspense>
      ) : (
        svg
      )}
    </figure>
  );
}
