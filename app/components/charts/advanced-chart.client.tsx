// Advanced mode (the user's viewChart setting = advance): TradingView's open-source
// lightweight-charts widget. It draws the candles of the page's live pipeline
// (use-live-candles.ts), which starts from our UDF datafeed's /udf/history in this mode and moves
// with every live quote; a licensed TradingView library can use the same feed. The widget's time
// scale lays bars side by side, so nights and holidays take no room, as in normal mode.
import { useEffect, useRef, useState } from "react";
import { CandlestickSeries, createChart, HistogramSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from "lightweight-charts";
import { toChartTime, type Candle } from "~/domain/candles";
import { CHART_DOWN_COLOUR, CHART_UP_COLOUR } from "~/domain/targets";
import type { PriceLine } from "./candle-svg";
import { LineLabels, type PlotBox } from "./line-labels";
import { useLightweightStudies } from "./lightweight-studies";

interface Drawn {
  chart: IChartApi;
  candles: ISeriesApi<"Candlestick">;
  volume: ISeriesApi<"Histogram">;
}

// The library draws in UTC: toChartTime shifts by IST's offset so the axis reads IST (a daily
// candle's 00:00 IST becomes 00:00 UTC of its own day).
const bar = (c: Candle) => ({ time: toChartTime(c.time) as UTCTimestamp, open: c.open, high: c.high, low: c.low, close: c.close });
const volumeBar = (c: Candle) => ({ time: toChartTime(c.time) as UTCTimestamp, value: c.volume, color: c.close >= c.open ? `${CHART_UP_COLOUR}66` : `${CHART_DOWN_COLOUR}66` });

export default function AdvancedChart({
  candles,
  status,
  lines,
  height,
  dark,
  intraday,
  studies = [],
  onDrawn,
  onVisibleRange,
}: {
  candles: readonly Candle[];
  status: "loading" | "ready" | "empty";
  lines: readonly PriceLine[];
  height: number;
  dark: boolean;
  intraday: boolean;
  /** The user's studies (docs/decisions/129), drawn from these candles. */
  studies?: readonly string[];
  /** The chart has drawn candles (the island then hides its server-drawn SVG). */
  onDrawn?: () => void;
  /** The candle indices shown after a pan or zoom (the table view lists them). */
  onVisibleRange?: (range: { from: number; to: number }) => void;
}) {
  const told = useRef({ onDrawn, onVisibleRange });
  told.current = { onDrawn, onVisibleRange };
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);
  const previous = useRef<readonly Candle[]>([]);
  // Bumped whenever the price scale may have moved, so the labels follow it.
  const [, setScaleVersion] = useState(0);
  const linePrices = useRef<number[]>([]);
  linePrices.current = lines.map((l) => l.price);

  useEffect(() => {
    if (!box.current) return;
    const chart = createChart(box.current, {
      // As wide as its card and following it (a phone turned, a sidebar opened); as high as the box.
      autoSize: true,
      // A one-finger horizontal drag pans and a pinch zooms; a vertical drag scrolls the page, so
      // a phone user can scroll past the chart (docs/decisions/155).
      handleScroll: { mouseWheel: true, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false },
      handleScale: { mouseWheel: true, pinch: true, axisPressedMouseMove: true, axisDoubleClickReset: true },
      layout: { background: { color: "transparent" }, textColor: dark ? "#cbd5e1" : "#334155" },
      grid: { vertLines: { color: dark ? "#1e293b" : "#eef2f7" }, horzLines: { color: dark ? "#1e293b" : "#eef2f7" } },
      timeScale: { timeVisible: intraday },
    });
    const series = chart.addSeries(CandlestickSeries, {
      upColor: CHART_UP_COLOUR,
      downColor: CHART_DOWN_COLOUR,
      borderVisible: false,
      wickUpColor: CHART_UP_COLOUR,
      wickDownColor: CHART_DOWN_COLOUR,
      // The reference lines are on the chart, as in normal mode and the server-drawn chart.
      autoscaleInfoProvider: (original: () => { priceRange: { minValue: number; maxValue: number } } | null) => {
        const res = original();
        if (res === null || linePrices.current.length === 0) return res;
        return {
          ...res,
          priceRange: {
            minValue: Math.min(res.priceRange.minValue, ...linePrices.current),
            maxValue: Math.max(res.priceRange.maxValue, ...linePrices.current),
          },
        };
      },
    });
    const volume = chart.addSeries(HistogramSeries, { priceScaleId: "", priceFormat: { type: "volume" } });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
    drawn.current = { chart, candles: series, volume };
    previous.current = [];
    const moved = () => setScaleVersion((v) => v + 1);
    const tellRange = (range: { from: number; to: number } | null) => {
      if (range) told.current.onVisibleRange?.({ from: range.from, to: range.to });
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(moved);
    chart.timeScale().subscribeVisibleLogicalRangeChange(tellRange);
    chart.timeScale().subscribeSizeChange(moved);
    return () => {
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(moved);
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(tellRange);
      chart.timeScale().unsubscribeSizeChange(moved);
      drawn.current = null;
      chart.remove();
    };
  }, [height, dark, intraday]);

  // The lines: the library draws them with their price on the axis; LineLabels names them.
  useEffect(() => {
    const d = drawn.current;
    if (!d) return;
    const made = lines.map((l) => d.candles.createPriceLine({ price: l.price, color: l.colour, lineStyle: 2, title: "", axisLabelVisible: true }));
    const frame = requestAnimationFrame(() => setScaleVersion((v) => v + 1));
    return () => {
      cancelAnimationFrame(frame);
      // A new chart (height, theme or timeframe changed) removed this one first, lines and all:
      // the effects' cleanups run in order, and a removed chart's lines throw "Object is disposed".
      if (drawn.current !== d) return;
      for (const line of made) d.candles.removePriceLine(line);
    };
  }, [lines, height, dark, intraday]);

  useEffect(() => {
    const d = drawn.current;
    if (!d) return;
    const before = previous.current;
    // A live tick moves the last candle or adds one: update() keeps the user's scroll and zoom.
    // Anything else (the first data, closed candles read back from the server) is drawn anew.
    const incremental =
      before.length > 0 && candles.length >= before.length && candles.length - before.length <= 1 && before.slice(0, -1).every((c, i) => candles[i] === c);
    if (incremental) {
      for (const c of candles.slice(before.length - 1)) {
        d.candles.update(bar(c));
        d.volume.update(volumeBar(c));
      }
    } else {
      d.candles.setData(candles.map(bar));
      d.volume.setData(candles.map(volumeBar));
    }
    previous.current = candles;
    if (candles.length > 0) told.current.onDrawn?.();
    // The price scale settles when the library next paints: the labels follow it then.
    const frame = requestAnimationFrame(() => setScaleVersion((v) => v + 1));
    return () => cancelAnimationFrame(frame);
  }, [candles]);

  // The user's studies, from the same candles, on the same chart (docs/decisions/129).
  useLightweightStudies(() => drawn.current?.chart, candles, studies, intraday, [height, dark]);

  const d = drawn.current;
  let plot: PlotBox | null = null;
  if (d) {
    const pane = d.chart.paneSize(0);
    plot = { left: 0, top: 0, width: pane.width, height: pane.height };
  }
  return (
    <div data-chart="advanced" data-status={status} className="relative max-w-full overflow-x-clip">
      {/* Over the chart, not above it: the candles are often drawn while the datafeed is still
          answering, and a line above them moved the page by its height (docs/decisions/180). */}
      {status === "loading" ? <p className="absolute left-2 top-1 z-10 text-sm text-slate-500">Chart loading....</p> : null}
      {status === "empty" ? <p className="text-sm text-slate-500">No Data Found</p> : null}
      <div className="relative">
        <div ref={box} style={{ height }} className="w-full" />
        <LineLabels lines={lines} toY={(price) => d?.candles.priceToCoordinate(price) ?? null} plot={plot} />
      </div>
    </div>
  );
}
