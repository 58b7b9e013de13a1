// The interactive chart (react-apexcharts, candlesticks + volume). Loaded lazily and only in
// the browser: pages without a chart never download the library.
//
// Candles sit side by side on an index axis, as Kite and TradingView draw them: nights,
// weekends and holidays take no room (docs/decisions/127). The axis names each candle's IST time
// (the day at a session's first candle), the tooltip its full IST date and time.
import { memo, useEffect, useMemo, useRef, useState } from "react";
import { useGesture } from "@use-gesture/react";
import Chart from "react-apexcharts";
import type { ApexOptions } from "apexcharts";
import type { Candle } from "~/domain/candles";
import { axisTickCount, candleAxisLabel, chartPriceRange, followedRange, needsFullRedraw, openingRange, pannedRange, pinchedRange, visiblePriceRange, visibleVolumeMax, VOLUME_CHART_SHARE, type SlotRange } from "~/domain/chart-layout";
import { formatIstDateTime } from "~/domain/dates";
import { CHART_DOWN_COLOUR, CHART_UP_COLOUR } from "~/domain/targets";
import { formatNumber } from "~/domain/format";
import type { ChartMarker } from "~/domain/chart-markers";
import type { PriceLine } from "./candle-svg";
import { LineLabels, type PlotBox } from "./line-labels";
import { computeStudies, studyLineLabels } from "~/domain/studies";
import { overlayExtremes, StudyPanes, withStudyLines } from "./apex-studies.client";
import { useBoxWidth } from "./use-box-width";

/** The few drawing figures ApexCharts keeps on its instance after each render. */
interface DrawnChart {
  el?: Element;
  w?: {
    globals?: { initialMinX?: number; initialMaxX?: number; svgWidth?: number; gridHeight?: number; gridWidth?: number; translateX?: number; translateY?: number; minX?: number; maxX?: number; minY?: number; maxY?: number };
    /** The options of the drawing under way: a zoom sets `xaxis` before the scales are computed. */
    config?: { xaxis?: { min?: number; max?: number } };
  };
  zoomX?: (min: number, max: number) => void;
}

/** The fewest candles a pinch zooms in to. */
const PINCH_MIN_CANDLES = 10;

/** The slots a chart is drawing, or null when it draws them all (no zoom). */
function zoomedSlots(chart: DrawnChart | null, slots: number): SlotRange | null {
  const x = chart?.w?.config?.xaxis;
  if (x?.min === undefined || x.max === undefined) return null;
  return x.min <= -0.5 && x.max >= slots - 0.5 ? null : { min: x.min, max: x.max };
}

/**
 * ApexCharts' toolbar pan and zoom stop at its series' first and last x, and the live candle's slot
 * is not in the series (it is drawn over the chart): a zoom that showed it could not be panned at
 * all. The bounds it keeps for that (recomputed at each drawing) are set to every slot.
 */
function panToEveryCandle(chart: DrawnChart, slots: number) {
  const g = chart.w?.globals;
  if (!g) return;
  g.initialMinX = -0.5;
  g.initialMaxX = slots - 0.5;
}

/** A chart's plot, and the room right of it (ApexCharts leaves room there for the last x label). */
type ChartPlot = PlotBox & { right: number };

function plotOf(chart: DrawnChart): ChartPlot | null {
  const g = chart.w?.globals;
  if (!g || !g.gridHeight || !g.gridWidth) return null;
  const left = g.translateX ?? 0;
  return { left, top: g.translateY ?? 0, width: g.gridWidth, height: g.gridHeight, right: Math.max(0, (g.svgWidth ?? 0) - left - g.gridWidth) };
}

/** What the ApexCharts instances last drew whole (docs/decisions/127: the live candle is drawn over it). */
interface Drawing {
  /** The candles at that moment; the last one's slot is where the live candle is drawn. */
  candles: readonly Candle[];
  range: { min: number; max: number } | null;
  /** The volume chart's scale: room above the highest volume drawn for the live bar to grow. */
  volumeMax: number;
  at: number;
  linesKey: string;
  markersKey: string;
  studies: readonly string[];
}

const NO_MARKERS: readonly ChartMarker[] = [];
const NO_STUDIES: readonly string[] = [];
/** The volume scale's room above the highest volume drawn, for the live bar to grow into. */
const VOLUME_HEADROOM = 1.25;

function drawingOf(candles: readonly Candle[], linesKey: string, markersKey: string, studies: readonly string[], intraday: boolean, at: number): Drawing {
  const studyDrawing = computeStudies(candles, studies, { intraday });
  const lines = JSON.parse(linesKey) as PriceLine[];
  const volumeMax = Math.max(1, ...candles.map((c) => c.volume)) * VOLUME_HEADROOM;
  return { candles, range: chartPriceRange(candles, [...lines.map((l) => l.price), ...overlayExtremes(studyDrawing)]), volumeMax, at, linesKey, markersKey, studies };
}

/**
 * The interactive chart. ApexCharts redraws its SVG whole on every change, which at the feed's
 * tick rate kept an open dashboard at 40-60% of a core (measured in Chromium: 4.4 s of script in
 * 10 s; 0.2 s without redraws). So the instances draw the closed candles and the scales, again
 * only when needsFullRedraw says what they show is no longer true (a bucket closed, the live
 * candle left a scale, 15 s passed), and the live candle and its volume bar are drawn over them
 * on every tick (LiveCandleMark). react-apexcharts also redraws whenever its options object
 * differs, functions included, so the options are built once per drawing and the component is
 * memoised.
 */
function ApexCandles({
  candles,
  lines,
  markers = NO_MARKERS,
  height,
  dark,
  intraday,
  studies = NO_STUDIES,
  onHover,
  onDrawn,
  onVisibleRange,
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
  /** The chart has drawn its candles (the island then hides its server-drawn SVG). */
  onDrawn?: () => void;
  /** The candle indices shown after a zoom or pan (the table view lists them). */
  onVisibleRange?: (range: { from: number; to: number }) => void;
}) {
  const [plot, setPlot] = useState<ChartPlot | null>(null);
  const [volumePlot, setVolumePlot] = useState<ChartPlot | null>(null);
  const [bodyWidth, setBodyWidth] = useState<number | null>(null);
  const hover = useRef(onHover);
  hover.current = onHover;
  const told = useRef({ onDrawn, onVisibleRange });
  told.current = { onDrawn, onVisibleRange };
  const priceInstance = useRef<DrawnChart | null>(null);
  const volumeInstance = useRef<DrawnChart | null>(null);
  const priceBox = useRef<HTMLDivElement>(null);
  // The range the person zoomed or panned to (null: every candle), kept across the redraws that
  // a closing bucket or the 15 s refresh makes: a redraw with new options resets ApexCharts' zoom.
  const zoom = useRef<(SlotRange & { slots: number }) | null>(null);
  // Whether the chart has opened on its newest candles (openingRange), once, when its plot's width is first known.
  const opened = useRef(false);
  // The slots on screen, for the live candle drawn over the chart.
  const [shown, setShown] = useState<SlotRange | null>(null);
  // The price and volume scales a zoomed drawing used (null: the whole drawing's), for what is
  // drawn over the charts. ApexCharts asks for the scales on every drawing, a zoom's included,
  // through the yaxis functions, which call these (refs: the latest candles, whichever options
  // object ApexCharts kept).
  const [zoomedPrices, setZoomedPrices] = useState<{ min: number; max: number } | null>(null);
  const [zoomedVolumeMax, setZoomedVolumeMax] = useState<number | null>(null);
  const priceScale = useRef<() => { min: number; max: number } | null>(() => null);
  const volumeScale = useRef<() => number>(() => 1);
  // Lines and markers may be rebuilt by the parent on each tick; their content decides a redraw.
  const linesKey = JSON.stringify(lines);
  const markersKey = JSON.stringify(markers);
  const [drawn, setDrawn] = useState<Drawing>(() => drawingOf(candles, linesKey, markersKey, studies, intraday, Date.now()));
  const now = Date.now();
  const current =
    drawn.linesKey !== linesKey || drawn.markersKey !== markersKey || drawn.studies !== studies || needsFullRedraw(drawn, candles, now)
      ? drawingOf(candles, linesKey, markersKey, studies, intraday, now)
      : drawn;
  // Derived state from the previous render (React's documented pattern): the next render uses it.
  if (current !== drawn) setDrawn(current);
  // The time labels' count follows the width the chart is drawn in (axisTickCount says why not
  // the plot's); the options change only when the count does, not on every pixel of a resize.
  const tickAmount = axisTickCount(useBoxWidth(priceBox, 700), current.candles.length);
  const { drawing, xaxis, priceChart, volumeChart, volumeHeight } = useMemo(() => {
    const keepPlot = (chart: DrawnChart) => {
      priceInstance.current = chart;
      panToEveryCandle(chart, current.candles.length);
      if (restoreZoom(chart)) return;
      const g = chart.w?.globals;
      const zoomedY = zoomedSlots(chart, current.candles.length) && g?.minY !== undefined && g.maxY !== undefined ? { min: g.minY, max: g.maxY } : null;
      setZoomedPrices((prev) => (prev && zoomedY && prev.min === zoomedY.min && prev.max === zoomedY.max ? prev : zoomedY));
      told.current.onDrawn?.();
      // A redraw (new options) resets a zoom: the range shown is read back after every drawing.
      tellRange({ min: chart.w?.globals?.minX, max: chart.w?.globals?.maxX });
      const next = plotOf(chart);
      if (next && !opened.current) {
        opened.current = true;
        const opening = openingRange(current.candles.length, next.width);
        if (opening) {
          zoom.current = { ...opening, slots: current.candles.length };
          if (restoreZoom(chart)) return;
        }
      }
      setPlot((prev) => (samePlot(prev, next) ? prev : next));
      // The live candle is drawn as wide as ApexCharts draws the others.
      const body = chart.el?.querySelector<SVGGraphicsElement>(".apexcharts-candlestick-series path");
      const width = body ? body.getBBox().width : null;
      if (width) setBodyWidth((prev) => (prev !== null && Math.abs(prev - width) < 0.01 ? prev : width));
    };
    // A reset zoom answers no bounds: the whole series again.
    const tellRange = (xaxis?: { min?: number; max?: number }) => {
      const range = { min: xaxis?.min ?? -0.5, max: xaxis?.max ?? current.candles.length - 0.5 };
      setShown((prev) => (prev && prev.min === range.min && prev.max === range.max ? prev : range));
      told.current.onVisibleRange?.({ from: range.min, to: range.max });
    };
    // After a drawing of the whole series, the person's zoom again: true when a zoom was started
    // (its own drawing calls back here, and finds the range in place).
    const restoreZoom = (chart: DrawnChart): boolean => {
      const want = zoom.current;
      const g = chart.w?.globals;
      if (!want || !chart.zoomX || !g || g.minX === undefined || g.maxX === undefined) return false;
      if (Math.abs(g.minX - want.min) < 1e-6 && Math.abs(g.maxX - want.max) < 1e-6) return false;
      chart.zoomX(want.min, want.max);
      return true;
    };
    // A zoom or pan by the person (toolbar, drag, pinch): remembered for the next redraw, and the
    // volume bars follow it.
    const keepZoom = (xaxis?: { min?: number; max?: number }) => {
      const slots = current.candles.length;
      const min = xaxis?.min;
      const max = xaxis?.max;
      const whole = min === undefined || max === undefined || (min <= -0.5 && max >= slots - 0.5);
      zoom.current = whole ? null : { min, max, slots };
      volumeInstance.current?.zoomX?.(min ?? -0.5, max ?? slots - 0.5);
      tellRange(xaxis);
    };
    const keepVolumePlot = (chart: DrawnChart) => {
      volumeInstance.current = chart;
      if (restoreZoom(chart)) return;
      const top = chart.w?.globals?.maxY;
      setZoomedVolumeMax(zoomedSlots(chart, current.candles.length) && top !== undefined ? top : null);
      const next = plotOf(chart);
      setVolumePlot((prev) => (samePlot(prev, next) ? prev : next));
    };
    const all = current.candles;
    const whole = current.range;
    const touch = typeof window !== "undefined" && window.matchMedia?.("(pointer: coarse)").matches === true;
    // The last slot is the live candle's: drawn over the chart, not by it.
    const closed = all.slice(0, -1);
    const drawing = computeStudies(all, current.studies, { intraday });
    // About as many labels as ticks: each names the day when it changed since the label before.
    const labelStep = Math.max(1, Math.round(all.length / tickAmount));
    const axisLabels = all.map((c, i) => candleAxisLabel(c.time, i === 0 ? undefined : all[Math.max(0, i - labelStep)].time, intraday));
    const indexOf = new Map(all.map((c, i) => [c.time, i]));
    const candleAt = (value: unknown) => all[Math.round(Number(value))];
    const drawnMarkers = JSON.parse(current.markersKey) as ChartMarker[];
    // The person's zoom, carried over this redraw (moving with the newest candle if it showed it).
    // It is put back with zoomX once the chart has drawn (restoreZoom): given as the axis's min and
    // max it would become the chart's whole extent, and a pan could not leave it.
    const carried = followedRange(zoom.current, all.length);
    zoom.current = carried && { ...carried, slots: all.length };
    const xaxis: ApexOptions["xaxis"] = {
      type: "numeric",
      min: -0.5,
      max: Math.max(all.length - 0.5, 0.5),
      tickAmount,
      labels: {
        rotate: 0,
        hideOverlappingLabels: true,
        formatter: (value: string) => axisLabels[Math.round(Number(value))] ?? "",
      },
      tooltip: { enabled: false },
    };
    const series = [{ name: "Price", type: "candlestick", data: closed.map((c, i) => ({ x: i, y: [c.open, c.high, c.low, c.close] })) }];
    const options: ApexOptions = {
      chart: {
        type: "candlestick",
        height,
        parentHeightOffset: 0,
        animations: { enabled: false },
        background: "transparent",
        // The toolbar's + and - and reset; on a touch screen the gestures are ours (useGesture below).
        toolbar: { show: true, autoSelected: touch ? "pan" : "zoom" },
        zoom: { enabled: true, type: "x" },
        events: {
          zoomed: (_chart, { xaxis }: { xaxis?: { min?: number; max?: number } }) => keepZoom(xaxis),
          scrolled: (_chart, { xaxis }: { xaxis?: { min?: number; max?: number } }) => keepZoom(xaxis),
          // The toolbar's reset shows every candle, not the range this drawing started zoomed to.
          beforeResetZoom: () => ({ xaxis: { min: -0.5, max: Math.max(all.length - 0.5, 0.5) } }),
          mounted: keepPlot,
          updated: keepPlot,
          mouseMove: (_event, _chart, config: { dataPointIndex?: number }) => {
            const i = config?.dataPointIndex ?? -1;
            hover.current?.(i >= 0 ? closed[i] ?? null : null);
          },
          mouseLeave: () => hover.current?.(null),
        },
      },
      theme: { mode: dark ? "dark" : "light" },
      plotOptions: { candlestick: { colors: { upward: CHART_UP_COLOUR, downward: CHART_DOWN_COLOUR } } },
      xaxis,
      // A zoom fits the prices of the candles it shows (priceScale), as Kite and TradingView do.
      yaxis: {
        min: whole ? () => (priceScale.current() ?? whole).min : undefined,
        max: whole ? () => (priceScale.current() ?? whole).max : undefined,
        tooltip: { enabled: true },
        labels: { formatter: (v: number) => formatNumber(v) },
      },
      annotations: {
        // The lines; their labels are drawn over the chart by LineLabels, apart from each other.
        yaxis: (JSON.parse(current.linesKey) as PriceLine[]).map((l) => ({ y: l.price, borderColor: l.colour, strokeDashArray: 6 })),
        // Swing points and KEY labels (green BUY, red SELL) on their candles.
        points: drawnMarkers.flatMap((m) => {
          const x = indexOf.get(m.time);
          return x === undefined
            ? []
            : [{ x, y: m.price, marker: { size: m.kind === "key" ? 5 : 4, fillColor: m.colour, strokeColor: m.colour }, label: { text: m.label, borderColor: m.colour, style: { color: "#fff", background: m.colour } } }];
        }),
      },
      tooltip: { x: { formatter: (value: number) => { const c = candleAt(value); return c ? formatIstDateTime(c.time) : ""; } } },
      grid: { borderColor: dark ? "#1e293b" : "#e2e8f0" },
    };
    const volumeHeight = Math.round(height * VOLUME_CHART_SHARE);
    const volume = {
      series: [{ name: "Volume", data: closed.map((c, i) => ({ x: i, y: c.volume, fillColor: c.close >= c.open ? CHART_UP_COLOUR : CHART_DOWN_COLOUR })) }],
      options: {
        // No room kept for a toolbar, labels or the 15 px ApexCharts adds under a chart: the bars
        // stand just under the price chart's time labels.
        chart: { type: "bar", height: volumeHeight, parentHeightOffset: 0, animations: { enabled: false }, background: "transparent", toolbar: { show: false }, events: { mounted: keepVolumePlot, updated: keepVolumePlot } },
        theme: { mode: dark ? "dark" : "light" },
        dataLabels: { enabled: false },
        xaxis: { ...xaxis, labels: { show: false } },
        yaxis: { min: 0, max: () => volumeScale.current(), labels: { show: false } },
        grid: { show: false, padding: { top: -24, bottom: -12 } },
      } as ApexOptions,
    };
    const priceChart = withStudyLines({ type: "candlestick", series, options }, drawing.overlays, all, (_c, i) => i);
    const volumeChart = withStudyLines({ type: "bar", series: volume.series, options: volume.options }, drawing.volume, all, (_c, i) => i);
    return { drawing, xaxis, priceChart, volumeChart, volumeHeight };
  }, [current, height, dark, intraday, tickAmount]);
  // On a touch screen the chart's gestures are ours (ApexCharts has no pinch, and its pan moves a
  // fixed step per touch event, however far the finger went): two fingers zoom with the candle
  // under them staying there; one finger drags the candles with it. One zoom per animation frame,
  // however many touch moves arrive.
  const gestureFrame = useRef(0);
  const zoomTo = (next: SlotRange) => {
    cancelAnimationFrame(gestureFrame.current);
    gestureFrame.current = requestAnimationFrame(() => priceInstance.current?.zoomX?.(next.min, next.max));
  };
  /** The range shown and the plot's box on screen, when the chart has drawn. */
  const shownNow = () => {
    const globals = priceInstance.current?.w?.globals;
    const box = priceBox.current?.getBoundingClientRect();
    if (!plot || !box || globals?.minX === undefined || globals.maxX === undefined) return null;
    return { range: { min: globals.minX, max: globals.maxX }, plotLeft: box.left + plot.left };
  };
  useGesture(
    {
      onPinch: ({ first, origin: [originX], movement: [scale], memo }: { first: boolean; origin: [number, number]; movement: [number, number]; memo?: { start: SlotRange; anchor: number } }) => {
        const now = shownNow();
        if (!now || !plot) return memo;
        const started = first || !memo ? { start: now.range, anchor: (originX - now.plotLeft) / plot.width } : memo;
        zoomTo(pinchedRange(started.start, started.anchor, scale, { min: -0.5, max: current.candles.length - 0.5 }, PINCH_MIN_CANDLES));
        return started;
      },
      onDrag: ({ first, movement: [dx], touches, pinching, event, cancel, memo }: { first: boolean; movement: [number, number]; touches: number; pinching?: boolean; event: Event; cancel: () => void; memo?: SlotRange }) => {
        // A mouse keeps ApexCharts' own tools (drag to zoom, the pan tool).
        if (!("pointerType" in event) || (event as PointerEvent).pointerType !== "touch") return memo;
        if (pinching || touches > 1) {
          cancel();
          return memo;
        }
        const now = shownNow();
        if (!now || !plot) return memo;
        const start = first || !memo ? now.range : memo;
        zoomTo(pannedRange(start, dx / plot.width, { min: -0.5, max: current.candles.length - 0.5 }));
        return start;
      },
    },
    { target: priceBox, eventOptions: { passive: false }, drag: { axis: "x", filterTaps: true } },
  );
  // ApexCharts would also pan on the same touches: it listens for touchmove on its SVG, and this
  // box takes them first.
  useEffect(() => {
    const box = priceBox.current;
    if (!box) return;
    const keep = (event: TouchEvent) => event.stopPropagation();
    box.addEventListener("touchmove", keep, { capture: true, passive: true });
    return () => box.removeEventListener("touchmove", keep, { capture: true });
  }, []);
  const slots = current.candles.length;
  // The live candle: the newest of the candles given, in the drawing's last slot.
  const live = candles.length > 0 && candles[candles.length - 1].time === current.candles[slots - 1]?.time ? candles[candles.length - 1] : null;
  const withLive = live ? [...current.candles.slice(0, -1), live] : current.candles;
  const linePrices = lines.map((l) => l.price);
  priceScale.current = () => {
    const zoomed = zoomedSlots(priceInstance.current, slots);
    return zoomed ? visiblePriceRange(withLive, drawing.overlays, linePrices, zoomed) : current.range;
  };
  volumeScale.current = () => {
    const zoomed = zoomedSlots(volumeInstance.current, slots);
    return zoomed ? visibleVolumeMax(withLive, zoomed, VOLUME_HEADROOM) : current.volumeMax;
  };
  const range = (zoom.current && zoomedPrices) || current.range;
  const volumeMax = (zoom.current && zoomedVolumeMax) || current.volumeMax;
  // A zoom that shows the live candle is drawn again when the candle grows past its scales
  // (needsFullRedraw watches the whole drawing's scales, not a zoom's).
  const liveOutside = live !== null && range !== null && zoom.current !== null && zoom.current.max >= slots - 1.5 && (live.high > range.max || live.low < range.min || live.volume > volumeMax);
  useEffect(() => {
    const z = zoom.current;
    if (liveOutside && z) priceInstance.current?.zoomX?.(z.min, z.max);
  }, [liveOutside]);
  const toY = (price: number) => (plot && range ? plot.top + ((range.max - price) / (range.max - range.min)) * plot.height : null);
  const onScreen = shown ?? { min: -0.5, max: slots - 0.5 };
  // The volume chart has no price labels and no x labels, so its plot reaches further left and
  // right: it is inset by the differences (the right one changes with the x labels of a zoom).
  const volumeInset = plot && volumePlot ? { left: Math.max(0, Math.round(plot.left - volumePlot.left)), right: Math.max(0, Math.round(plot.right - volumePlot.right)) } : { left: 0, right: 0 };
  return (
    // Clipped sideways: after the window narrows, ApexCharts redraws at the new width a moment
    // later, and until then its old width must not widen the page (decision 147).
    <div data-chart="apex" data-studies={studyLineLabels(drawing).join("|")} className="max-w-full overflow-x-clip">
      {/* touch-action pan-y: a vertical swipe still scrolls the page; a pinch is the chart's. */}
      <div ref={priceBox} className="relative touch-pan-y">
        <Chart type={priceChart.type} series={priceChart.series} options={priceChart.options} height={height} />
        {live && plot ? <LiveCandleMark candle={live} slot={slots - 1} shown={onScreen} plot={plot} toY={toY} bodyWidth={bodyWidth} /> : null}
        <LineLabels lines={lines} toY={toY} plot={plot} />
      </div>
      {/* Inset so that each bar stands under its candle. */}
      <div className="relative" style={{ marginLeft: volumeInset.left, marginRight: volumeInset.right }}>
        <Chart type={volumeChart.type} series={volumeChart.series} options={volumeChart.options} height={volumeHeight} />
        {live && volumePlot ? <LiveVolumeMark candle={live} slot={slots - 1} shown={onScreen} plot={volumePlot} max={volumeMax} bodyWidth={bodyWidth} /> : null}
      </div>
      <StudyPanes drawing={drawing} candles={current.candles} x={(_c, i) => i} xaxis={xaxis} dark={dark} />
    </div>
  );
}

function samePlot(a: ChartPlot | null, b: ChartPlot | null): boolean {
  return a !== null && b !== null && a.left === b.left && a.top === b.top && a.width === b.width && a.height === b.height && a.right === b.right;
}

/** The x centre of slot `slot` when the plot shows the slots of `shown`; null when it is off the plot. */
function slotCentre(plot: PlotBox, slot: number, shown: SlotRange): number | null {
  if (slot < shown.min || slot > shown.max) return null;
  return plot.left + ((slot - shown.min) / (shown.max - shown.min)) * plot.width;
}

/** A candle body's width when ApexCharts has not drawn one to measure. */
function slotWidth(plot: PlotBox, shown: SlotRange): number {
  return Math.max(1, (plot.width / (shown.max - shown.min)) * 0.7);
}

/** The live candle, drawn over the chart in its slot (wick and body, Kite's colours). */
function LiveCandleMark({ candle, slot, shown, plot, toY, bodyWidth }: { candle: Candle; slot: number; shown: SlotRange; plot: PlotBox; toY: (price: number) => number | null; bodyWidth: number | null }) {
  const [high, low, open, close] = [toY(candle.high), toY(candle.low), toY(candle.open), toY(candle.close)];
  const x = slotCentre(plot, slot, shown);
  if (high === null || low === null || open === null || close === null || x === null) return null;
  const width = bodyWidth ?? slotWidth(plot, shown);
  const colour = candle.close >= candle.open ? CHART_UP_COLOUR : CHART_DOWN_COLOUR;
  return (
    <svg className="pointer-events-none absolute inset-0 h-full w-full overflow-visible" aria-hidden="true" data-live-candle={`${candle.time}:${candle.open}:${candle.high}:${candle.low}:${candle.close}`}>
      <line x1={x} x2={x} y1={high} y2={low} stroke={colour} strokeWidth={1} />
      <rect x={x - width / 2} width={width} y={Math.min(open, close)} height={Math.max(1, Math.abs(open - close))} fill={colour} />
    </svg>
  );
}

/** The live candle's volume bar, drawn over the volume chart in its slot. */
function LiveVolumeMark({ candle, slot, shown, plot, max, bodyWidth }: { candle: Candle; slot: number; shown: SlotRange; plot: PlotBox; max: number; bodyWidth: number | null }) {
  const x = slotCentre(plot, slot, shown);
  if (x === null) return null;
  const width = bodyWidth ?? slotWidth(plot, shown);
  const barHeight = (Math.min(candle.volume, max) / max) * plot.height;
  return (
    <svg className="pointer-events-none absolute inset-0 h-full w-full overflow-visible" aria-hidden="true" data-live-volume={candle.volume}>
      <rect x={x - width / 2} width={width} y={plot.top + plot.height - barHeight} height={barHeight} fill={candle.close >= candle.open ? CHART_UP_COLOUR : CHART_DOWN_COLOUR} />
    </svg>
  );
}

export default memo(ApexCandles);
