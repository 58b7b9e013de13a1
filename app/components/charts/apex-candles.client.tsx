// The interactive chart (react-apexcharts, candlesticks + volume). Loaded lazily and only in
// the browser: pages without a chart never download the library.
//
// Candles sit side by side on an index axis, as Kite and TradingView draw them: nights,
// weekends and holidays take no room (docs/decisions/127). The axis names each candle's IST time
// (the day at a session's first candle), the tooltip its full IST date and time.
import { useState } from "react";
import Chart from "react-apexcharts";
import type { ApexOptions } from "apexcharts";
import type { Candle } from "~/domain/candles";
import { candleAxisLabel, chartPriceRange } from "~/domain/chart-layout";
import { formatIstDateTime } from "~/domain/dates";
import { CHART_DOWN_COLOUR, CHART_UP_COLOUR } from "~/domain/targets";
import { formatNumber } from "~/domain/format";
import type { ChartMarker } from "~/domain/chart-markers";
import type { PriceLine } from "./candle-svg";
import { LineLabels, type PlotBox } from "./line-labels";
import { computeStudies, studyLineLabels } from "~/domain/studies";
import { overlayExtremes, StudyPanes, withStudyLines } from "./apex-studies.client";

/** The few drawing figures ApexCharts keeps on its instance after each render. */
interface DrawnChart {
  w?: { globals?: { gridHeight?: number; gridWidth?: number; translateX?: number; translateY?: number } };
}

function plotOf(chart: DrawnChart): PlotBox | null {
  const g = chart.w?.globals;
  if (!g || !g.gridHeight || !g.gridWidth) return null;
  return { left: g.translateX ?? 0, top: g.translateY ?? 0, width: g.gridWidth, height: g.gridHeight };
}

export default function ApexCandles({
  candles,
  lines,
  markers = [],
  height,
  dark,
  intraday,
  studies = [],
  onHover,
}: {
  candles: readonly Candle[];
  lines: readonly PriceLine[];
  markers?: readonly ChartMarker[];
  height: number;
  dark: boolean;
  intraday: boolean;
  /** The user's studies (docs/decisions/129), drawn from these candles. */
  studies?: readonly string[];
  onHover?: (candle: Candle | null) => void;
}) {
  const [plot, setPlot] = useState<PlotBox | null>(null);
  const keepPlot = (chart: DrawnChart) => {
    const next = plotOf(chart);
    setPlot((prev) =>
      prev && next && prev.left === next.left && prev.top === next.top && prev.width === next.width && prev.height === next.height ? prev : next,
    );
  };
  const drawing = computeStudies(candles, studies, { intraday });
  const range = chartPriceRange(candles, [...lines.map((l) => l.price), ...overlayExtremes(drawing)]);
  // About as many labels as ticks: each names the day when it changed since the label before.
  // One label per 80 px or so of the plot (a phone has room for three or four).
  const tickAmount = Math.max(1, Math.min(8, Math.floor((plot?.width ?? 640) / 80), candles.length - 1));
  const labelStep = Math.max(1, Math.round(candles.length / tickAmount));
  const axisLabels = candles.map((c, i) => candleAxisLabel(c.time, i === 0 ? undefined : candles[Math.max(0, i - labelStep)].time, intraday));
  const indexOf = new Map(candles.map((c, i) => [c.time, i]));
  const candleAt = (value: unknown) => candles[Math.round(Number(value))];
  const xaxis: ApexOptions["xaxis"] = {
    type: "numeric",
    min: -0.5,
    max: Math.max(candles.length - 0.5, 0.5),
    tickAmount,
    labels: {
      rotate: 0,
      hideOverlappingLabels: true,
      formatter: (value: string) => axisLabels[Math.round(Number(value))] ?? "",
    },
    tooltip: { enabled: false },
  };
  const series = [{ name: "Price", type: "candlestick", data: candles.map((c, i) => ({ x: i, y: [c.open, c.high, c.low, c.close] })) }];
  const options: ApexOptions = {
    chart: {
      type: "candlestick",
      height,
      animations: { enabled: false },
      background: "transparent",
      toolbar: { show: true },
      zoom: { enabled: true, type: "x" },
      events: {
        mounted: keepPlot,
        updated: keepPlot,
        mouseMove: (_event, _chart, config: { dataPointIndex?: number }) => {
          const i = config?.dataPointIndex ?? -1;
          onHover?.(i >= 0 ? candles[i] ?? null : null);
        },
        mouseLeave: () => onHover?.(null),
      },
    },
    theme: { mode: dark ? "dark" : "light" },
    plotOptions: { candlestick: { colors: { upward: CHART_UP_COLOUR, downward: CHART_DOWN_COLOUR } } },
    xaxis,
    yaxis: {
      min: range?.min,
      max: range?.max,
      tooltip: { enabled: true },
      labels: { formatter: (v: number) => formatNumber(v) },
    },
    annotations: {
      // The lines; their labels are drawn over the chart by LineLabels, apart from each other.
      yaxis: lines.map((l) => ({ y: l.price, borderColor: l.colour, strokeDashArray: 6 })),
      // Swing points and KEY labels (green BUY, red SELL) on their candles.
      points: markers.flatMap((m) => {
        const x = indexOf.get(m.time);
        return x === undefined
          ? []
          : [{ x, y: m.price, marker: { size: m.kind === "key" ? 5 : 4, fillColor: m.colour, strokeColor: m.colour }, label: { text: m.label, borderColor: m.colour, style: { color: "#fff", background: m.colour } } }];
      }),
    },
    tooltip: { x: { formatter: (value: number) => { const c = candleAt(value); return c ? formatIstDateTime(c.time) : ""; } } },
    grid: { borderColor: dark ? "#1e293b" : "#e2e8f0" },
  };
  const volume = {
    series: [{ name: "Volume", data: candles.map((c, i) => ({ x: i, y: c.volume, fillColor: c.close >= c.open ? CHART_UP_COLOUR : CHART_DOWN_COLOUR })) }],
    options: {
      chart: { type: "bar", height: Math.round(height * 0.22), animations: { enabled: false }, background: "transparent", toolbar: { show: false } },
      theme: { mode: dark ? "dark" : "light" },
      dataLabels: { enabled: false },
      xaxis: { ...xaxis, labels: { show: false } },
      yaxis: { labels: { show: false } },
      grid: { show: false },
    } as ApexOptions,
  };
  const priceChart = withStudyLines({ type: "candlestick", series, options }, drawing.overlays, candles, (_c, i) => i);
  const volumeChart = withStudyLines({ type: "bar", series: volume.series, options: volume.options }, drawing.volume, candles, (_c, i) => i);
  const toY = (price: number) => (plot && range ? plot.top + ((range.max - price) / (range.max - range.min)) * plot.height : null);
  return (
    <div data-chart="apex" data-studies={studyLineLabels(drawing).join("|")}>
      <div className="relative">
        <Chart type={priceChart.type} series={priceChart.series} options={priceChart.options} height={height} />
        <LineLabels lines={lines} toY={toY} plot={plot} />
      </div>
      <Chart type={volumeChart.type} series={volumeChart.series} options={volumeChart.options} height={volume.options.chart?.height} />
      <StudyPanes drawing={drawing} candles={candles} x={(_c, i) => i} xaxis={xaxis} dark={dark} />
    </div>
  );
}
