// The studies in advanced mode (lightweight-charts): overlays on the price pane, the Volume
// study's line on the volume scale, each oscillator in a pane of its own below (docs/decisions/129).
// The chart component calls useLightweightStudies with its chart and the candles it draws, so the
// studies follow live candles. The names drawn are written on the chart's element
// (data-studies, data-study-panes) for tests and assistive checks.
import { useEffect, useRef } from "react";
import { HistogramSeries, LineSeries, LineStyle, type IChartApi, type ISeriesApi, type UTCTimestamp } from "lightweight-charts";
import { toChartTime, type Candle } from "~/domain/candles";
import { computeStudies, type StudyLine } from "~/domain/studies";

/** An oscillator pane's height against the price pane's (1). */
const PANE_STRETCH = 0.35;
/** The volume histogram's own scale (advanced-chart.client.tsx draws volume on priceScaleId ""). */
const VOLUME_SCALE_ID = "";

type StudySeries = ISeriesApi<"Line"> | ISeriesApi<"Histogram">;

interface Placed {
  line: StudyLine;
  pane: number;
  scale: string | undefined;
}

const pointOf = (line: StudyLine, candles: readonly Candle[], i: number) => {
  const value = line.values[i];
  if (value === null || value === undefined) return null;
  const time = toChartTime(candles[i].time) as UTCTimestamp;
  return line.style === "histogram" ? { time, value, color: value >= 0 ? "#26a69a99" : "#ef535099" } : { time, value };
};

export class LightweightStudies {
  private drawn = new Map<string, { series: StudySeries; key: string }>();
  private guides = new Map<string, { series: StudySeries; lines: ReturnType<StudySeries["createPriceLine"]>[] }>();
  private previous: readonly Candle[] = [];

  constructor(
    private readonly chart: IChartApi,
    private readonly host: HTMLElement | null,
  ) {}

  /** Draws the studies `names` of `candles` (sorted), adding, updating and removing series as needed. */
  draw(candles: readonly Candle[], names: readonly string[], intraday: boolean): void {
    const drawing = computeStudies(candles, names, { intraday });
    const placed: Placed[] = [
      ...drawing.overlays.map((line) => ({ line, pane: 0, scale: undefined })),
      ...drawing.volume.map((line) => ({ line, pane: 0, scale: VOLUME_SCALE_ID })),
      ...drawing.panes.flatMap((p, i) => p.lines.map((line) => ({ line, pane: i + 1, scale: undefined }))),
    ];
    const wanted = new Set(placed.map((p) => p.line.id));
    for (const [id, d] of this.drawn) {
      if (!wanted.has(id)) {
        this.chart.removeSeries(d.series);
        this.drawn.delete(id);
        this.guides.delete(id);
      }
    }
    // A live tick moves the last candle or adds one: only the last values can change (the
    // studies look back, never ahead), and update() keeps the user's scroll and zoom.
    const before = this.previous;
    const incremental =
      before.length > 0 && candles.length >= before.length && candles.length - before.length <= 1 && before.slice(0, -1).every((c, i) => candles[i] === c);
    for (const { line, pane, scale } of placed) {
      const key = `${pane}|${scale ?? "right"}`;
      let d = this.drawn.get(line.id);
      if (d && d.key !== key) {
        this.chart.removeSeries(d.series);
        this.drawn.delete(line.id);
        d = undefined;
      }
      const fresh = !d;
      if (!d) {
        const common = { color: line.colour, priceLineVisible: false, lastValueVisible: pane > 0, title: "", ...(scale !== undefined ? { priceScaleId: scale } : {}) };
        const series =
          line.style === "histogram"
            ? this.chart.addSeries(HistogramSeries, common, pane)
            : this.chart.addSeries(LineSeries, { ...common, lineWidth: pane === 0 && line.study === "Bollinger Bands" ? 1 : 2, crosshairMarkerVisible: false }, pane);
        d = { series, key };
        this.drawn.set(line.id, d);
      }
      if (fresh || !incremental) {
        const points = candles.map((_, i) => pointOf(line, candles, i)).filter((p) => p !== null);
        (d.series as ISeriesApi<"Line">).setData(points);
      } else {
        for (let i = Math.max(0, before.length - 1); i < candles.length; i++) {
          const point = pointOf(line, candles, i);
          if (point) (d.series as ISeriesApi<"Line">).update(point);
        }
      }
    }
    // Guide levels (RSI 30/70, MACD 0) on the first line of each pane, once.
    drawing.panes.forEach((pane) => {
      const first = pane.lines.find((l) => l.style === "line") ?? pane.lines[0];
      const d = first && this.drawn.get(first.id);
      if (!d || this.guides.has(first.id)) return;
      const lines = pane.guides.map((price) => d.series.createPriceLine({ price, color: "#94a3b8", lineStyle: LineStyle.Dashed, lineWidth: 1, axisLabelVisible: false, title: "" }));
      if (pane.range) d.series.applyOptions({ autoscaleInfoProvider: () => ({ priceRange: { minValue: pane.range!.min, maxValue: pane.range!.max } }) });
      this.guides.set(first.id, { series: d.series, lines });
    });
    const panes = this.chart.panes();
    for (let i = 1; i < panes.length; i++) panes[i].setStretchFactor(PANE_STRETCH);
    this.previous = candles;
    if (this.host) {
      this.host.dataset.studies = placed.map((p) => p.line.label).join("|");
      this.host.dataset.studyPanes = drawing.panes.map((p) => p.label).join("|");
    }
  }
}

/**
 * Draws `studies` on the chart `getChart()` returns (created by the caller's earlier effect) from
 * the candles it draws; a new chart (`redrawOn` changed) gets them again.
 */
export function useLightweightStudies(
  getChart: () => IChartApi | null | undefined,
  candles: readonly Candle[],
  studies: readonly string[],
  intraday: boolean,
  redrawOn: readonly unknown[],
): void {
  const layer = useRef<{ chart: IChartApi; studies: LightweightStudies } | null>(null);
  useEffect(() => {
    const chart = getChart();
    if (!chart) return;
    if (layer.current?.chart !== chart) layer.current = { chart, studies: new LightweightStudies(chart, chart.chartElement()) };
    layer.current.studies.draw(candles, studies, intraday);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- getChart reads a ref; redrawOn names when the chart is new
  }, [candles, studies.join("|"), intraday, ...redrawOn]);
}
