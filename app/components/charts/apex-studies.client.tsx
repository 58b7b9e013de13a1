// The studies in normal mode (ApexCharts; docs/decisions/129): overlays as line series on the
// price chart, the Volume study's line on the volume chart, and each oscillator in a small chart
// of its own below (StudyPanes), all on the x the candles use. The series names are the legend's
// entries. Client only, loaded with apex-candles.client.tsx.
import Chart from "react-apexcharts";
import type { ApexOptions } from "apexcharts";
import type { Candle } from "~/domain/candles";
import { formatNumber } from "~/domain/format";
import { CHART_DOWN_COLOUR, CHART_UP_COLOUR } from "~/domain/targets";
import type { StudyDrawing, StudyLine } from "~/domain/studies";

type Series = NonNullable<ApexOptions["series"]>;
type AxisSeries = Extract<Series[number], { data: unknown }>;

/** An oscillator pane's height in px (its legend takes up to three lines on a phone). */
const PANE_HEIGHT = 160;

/** How a chart places its candles: the x of the i-th candle (an index or a time). */
export type CandleX = (candle: Candle, index: number) => number;

/** The chart's lowest and highest study values on the price pane (for its y range). */
export function overlayExtremes(drawing: StudyDrawing): number[] {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const line of drawing.overlays) {
    for (const v of line.values) {
      if (v === null) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  return Number.isFinite(min) ? [min, max] : [];
}

function lineSeries(line: StudyLine, candles: readonly Candle[], x: CandleX): AxisSeries {
  return {
    name: line.label,
    type: line.style === "histogram" ? "column" : "line",
    color: line.colour,
    data: candles.map((c, i) => {
      const y = line.values[i] ?? null;
      // A histogram's bars are green above zero and red below, as on Kite and TradingView.
      return line.style === "histogram" && y !== null ? { x: x(c, i), y, fillColor: y >= 0 ? CHART_UP_COLOUR : CHART_DOWN_COLOUR } : { x: x(c, i), y };
    }),
  } as AxisSeries;
}

/**
 * A chart with study lines added to its series: ApexCharts draws mixed series when the chart's
 * type is "line" and each series names its own type. Without lines the chart is returned as is.
 */
export function withStudyLines(
  chart: { type: "candlestick" | "bar"; series: readonly AxisSeries[]; options: ApexOptions },
  lines: readonly StudyLine[],
  candles: readonly Candle[],
  x: CandleX,
): { type: "candlestick" | "bar" | "line"; series: AxisSeries[]; options: ApexOptions } {
  if (lines.length === 0) return { type: chart.type, series: [...chart.series], options: chart.options };
  const base = chart.series.map((s) => ({ ...s, type: chart.type === "bar" ? "column" : chart.type })) as AxisSeries[];
  const series = [...base, ...lines.map((l) => lineSeries(l, candles, x))];
  const width = [...base.map(() => 1), ...lines.map(() => (chart.type === "bar" ? 1.5 : 2))];
  const options: ApexOptions = {
    ...chart.options,
    chart: { ...chart.options.chart, type: "line" },
    stroke: { ...chart.options.stroke, width, curve: "straight" },
    markers: { size: 0 },
    dataLabels: { enabled: false },
    legend: { show: true, position: "top", horizontalAlign: "left", fontSize: "11px", markers: { size: 5 } },
  };
  return { type: "line", series, options };
}

/** The oscillators, each a small chart under the price and volume charts, on the same x axis. */
export function StudyPanes({
  drawing,
  candles,
  x,
  xaxis,
  dark,
}: {
  drawing: StudyDrawing;
  candles: readonly Candle[];
  x: CandleX;
  /** The price chart's x axis (its labels are hidden here). */
  xaxis: ApexOptions["xaxis"];
  dark: boolean;
}) {
  if (drawing.panes.length === 0) return null;
  return (
    <div data-study-panes={drawing.panes.map((p) => p.label).join("|")}>
      {drawing.panes.map((pane) => {
        const series = pane.lines.map((l) => lineSeries(l, candles, x));
        const options: ApexOptions = {
          chart: { type: "line", height: PANE_HEIGHT, animations: { enabled: false }, background: "transparent", toolbar: { show: false }, zoom: { enabled: false } },
          theme: { mode: dark ? "dark" : "light" },
          stroke: { width: pane.lines.map((l) => (l.style === "histogram" ? 0 : 2)), curve: "straight" },
          markers: { size: 0 },
          dataLabels: { enabled: false },
          legend: { show: true, showForSingleSeries: true, position: "top", horizontalAlign: "left", fontSize: "11px", markers: { size: 5 } },
          xaxis: { ...xaxis, labels: { show: false } },
          yaxis: {
            ...(pane.range ? { min: pane.range.min, max: pane.range.max, tickAmount: 2 } : { tickAmount: 2 }),
            labels: { formatter: (v: number) => formatNumber(v) },
          },
          annotations: { yaxis: pane.guides.map((y) => ({ y, borderColor: "#94a3b8", strokeDashArray: 4 })) },
          tooltip: { shared: true, x: { show: false } },
          grid: { borderColor: dark ? "#1e293b" : "#e2e8f0" },
        };
        return (
          <section key={pane.label} aria-label={`${pane.label} study`} data-study-pane={pane.label}>
            <Chart type="line" series={series} options={options} height={PANE_HEIGHT} />
          </section>
        );
      })}
    </div>
  );
}
