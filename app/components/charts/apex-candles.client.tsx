// The interactive chart (react-apexcharts, candlesticks + volume). Loaded lazily and only in
// the browser: pages without a chart never download the library.
import Chart from "react-apexcharts";
import type { ApexOptions } from "apexcharts";
import type { Candle } from "~/domain/candles";
import { CHART_UTC_OFFSET_SECONDS } from "~/domain/candles";
import { CHART_DOWN_COLOUR, CHART_UP_COLOUR } from "~/domain/targets";
import { formatNumber } from "~/domain/format";
import type { ChartMarker } from "~/domain/chart-markers";
import type { PriceLine } from "./candle-svg";

// ApexCharts draws times in UTC: shifting by IST's offset makes the axis read IST.
const shift = (ms: number) => ms + CHART_UTC_OFFSET_SECONDS * 1000;

export default function ApexCandles({
  candles,
  lines,
  markers = [],
  height,
  dark,
  onHover,
}: {
  candles: readonly Candle[];
  lines: readonly PriceLine[];
  markers?: readonly ChartMarker[];
  height: number;
  dark: boolean;
  onHover?: (candle: Candle | null) => void;
}) {
  const series = [
    { name: "Price", type: "candlestick", data: candles.map((c) => ({ x: shift(c.time), y: [c.open, c.high, c.low, c.close] })) },
  ];
  const options: ApexOptions = {
    chart: {
      type: "candlestick",
      height,
      animations: { enabled: false },
      background: "transparent",
      toolbar: { show: true },
      zoom: { enabled: true, type: "x" },
      events: {
        mouseMove: (_event, _chart, config: { dataPointIndex?: number }) => {
          const i = config?.dataPointIndex ?? -1;
          onHover?.(i >= 0 ? candles[i] ?? null : null);
        },
        mouseLeave: () => onHover?.(null),
      },
    },
    theme: { mode: dark ? "dark" : "light" },
    plotOptions: { candlestick: { colors: { upward: CHART_UP_COLOUR, downward: CHART_DOWN_COLOUR } } },
    xaxis: { type: "datetime", labels: { datetimeUTC: true } },
    yaxis: { tooltip: { enabled: true }, labels: { formatter: (v: number) => formatNumber(v) } },
    annotations: {
      yaxis: lines.map((l) => ({
        y: l.price,
        borderColor: l.colour,
        strokeDashArray: 6,
        label: { text: `${l.label} ${formatNumber(l.price)}`, style: { color: "#fff", background: l.colour } },
      })),
      // Swing points and KEY labels (green BUY, red SELL) on their candles.
      points: markers.map((m) => ({
        x: shift(m.time),
        y: m.price,
        marker: { size: m.kind === "key" ? 5 : 4, fillColor: m.colour, strokeColor: m.colour },
        label: { text: m.label, borderColor: m.colour, style: { color: "#fff", background: m.colour } },
      })),
    },
    tooltip: { x: { format: "dd-MM-yyyy HH:mm" } },
    grid: { borderColor: dark ? "#1e293b" : "#e2e8f0" },
  };
  const volume = {
    series: [{ name: "Volume", data: candles.map((c) => ({ x: shift(c.time), y: c.volume, fillColor: c.close >= c.open ? CHART_UP_COLOUR : CHART_DOWN_COLOUR })) }],
    options: {
      chart: { type: "bar", height: Math.round(height * 0.22), animations: { enabled: false }, background: "transparent", toolbar: { show: false } },
      theme: { mode: dark ? "dark" : "light" },
      dataLabels: { enabled: false },
      xaxis: { type: "datetime", labels: { show: false } },
      yaxis: { labels: { show: false } },
      grid: { show: false },
    } as ApexOptions,
  };
  return (
    <div data-chart="apex">
      <Chart type="candlestick" series={series} options={options} height={height} />
      <Chart type="bar" series={volume.series} options={volume.options} height={volume.options.chart?.height} />
    </div>
  );
}
