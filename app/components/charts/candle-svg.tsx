// The chart drawn on the server as SVG: what a slow link or a browser without JavaScript sees,
// and what shows until the interactive chart has loaded. Same candles, same lines, same colours.
import type { Candle } from "~/domain/candles";
import { CHART_DOWN_COLOUR, CHART_UP_COLOUR } from "~/domain/targets";
import { formatNumber } from "~/domain/format";
import type { ChartMarker } from "~/domain/chart-markers";
import { candleAxisLabel, chartPriceRange, layoutLabels } from "~/domain/chart-layout";
import { NoDataSvg } from "./no-data-svg";

export interface PriceLine {
  label: string;
  price: number;
  colour: string;
}

const PAD = { top: 10, right: 70, bottom: 24, left: 8 };
const VOLUME_SHARE = 0.18;

/** An 11 px label's height in the SVG's units: the layout's unit for line labels. */
const SVG_LABEL_HEIGHT = 13;

/** One decimal is finer than a pixel at any size the chart is shown. */
const round = (n: number) => Math.round(n * 10) / 10;

interface CandleShapes {
  count: number;
  wicks: string;
  bodies: string;
  volumes: string;
}

/**
 * The candles as six paths (wicks, bodies and volume bars of each colour) instead of three
 * elements per candle: 300 candles become about a quarter of the bytes and render several times
 * faster on the server, which is what a slow link and a busy server both need. Each body is one
 * closed subpath ("M...z"), so the number of candles drawn can still be counted.
 */
export function candlePaths(
  candles: readonly Candle[],
  g: { step: number; body: number; y: (price: number) => number; volumeTop: number; volumeH: number; maxVolume: number },
): { up: CandleShapes; down: CandleShapes } {
  const up: string[][] = [[], [], []];
  const down: string[][] = [[], [], []];
  let upCount = 0;
  const half = g.body / 2;
  const w = round(g.body);
  candles.forEach((c, i) => {
    const x = PAD.left + i * g.step + g.step / 2;
    const rising = c.close >= c.open;
    const into = rising ? up : down;
    if (rising) upCount += 1;
    const top = g.y(Math.max(c.open, c.close));
    const h = Math.max(1, g.y(Math.min(c.open, c.close)) - top);
    const vh = (c.volume / g.maxVolume) * g.volumeH;
    into[0].push(`M${round(x)} ${round(g.y(c.high))}V${round(g.y(c.low))}`);
    into[1].push(`M${round(x - half)} ${round(top)}h${w}v${round(h)}h-${w}z`);
    into[2].push(`M${round(x - half)} ${round(g.volumeTop + g.volumeH - vh)}h${w}v${round(vh)}h-${w}z`);
  });
  const shapes = (parts: string[][], count: number): CandleShapes => ({ count, wicks: parts[0].join(""), bodies: parts[1].join(""), volumes: parts[2].join("") });
  return { up: shapes(up, upCount), down: shapes(down, candles.length - upCount) };
}

export function CandleSvg({
  candles,
  lines = [],
  markers = [],
  height = 535,
  width = 960,
  intraday,
  title,
}: {
  candles: readonly Candle[];
  lines?: readonly PriceLine[];
  markers?: readonly ChartMarker[];
  height?: number;
  width?: number;
  intraday: boolean;
  title: string;
}) {
  if (candles.length === 0) return <NoDataSvg title={title} width={width} height={height} />;
  const plotW = width - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const priceH = plotH * (1 - VOLUME_SHARE);
  // chartPriceRange never answers null here: there is at least one candle.
  const { min, max } = chartPriceRange(candles, lines.map((l) => l.price)) ?? { min: 0, max: 1 };
  const y = (p: number) => PAD.top + ((max - p) / (max - min)) * priceH;
  const step = plotW / candles.length;
  const body = Math.max(1, Math.min(12, step * 0.7));
  const maxVolume = Math.max(1, ...candles.map((c) => c.volume));
  const volumeTop = PAD.top + priceH + 4;
  const volumeH = plotH - priceH - 4;
  const ticks = 5;
  const labelEvery = Math.max(1, Math.ceil(candles.length / 8));
  const last = candles[candles.length - 1];
  const drawn = candlePaths(candles, { step, body, y, volumeTop, volumeH, maxVolume });
  // Line labels never cover each other (docs/decisions/127): centres placed by layoutLabels.
  const labelY = layoutLabels(
    lines.map((l) => y(l.price)),
    { height: SVG_LABEL_HEIGHT, gap: 1, top: PAD.top, bottom: PAD.top + priceH },
  );
  return (
    <svg role="img" aria-label={`${title}: ${candles.length} candles, last close ${formatNumber(last.close)}`} viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" data-chart="svg">
      {Array.from({ length: ticks + 1 }, (_, i) => {
        const p = min + ((max - min) * i) / ticks;
        return (
          <g key={`grid-${i}`}>
            <line x1={PAD.left} x2={PAD.left + plotW} y1={y(p)} y2={y(p)} stroke="currentColor" strokeOpacity={0.08} />
            <text x={PAD.left + plotW + 4} y={y(p) + 4} className="fill-slate-500" fontSize={11}>
              {formatNumber(p)}
            </text>
          </g>
        );
      })}
      {(["up", "down"] as const).map((side) => {
        const colour = side === "up" ? CHART_UP_COLOUR : CHART_DOWN_COLOUR;
        const shapes = side === "up" ? drawn.up : drawn.down;
        return (
          <g key={side} data-candles={side} data-count={shapes.count}>
            <path d={shapes.wicks} stroke={colour} />
            <path d={shapes.bodies} fill={colour} data-bodies />
            <path d={shapes.volumes} fill={colour} fillOpacity={0.35} />
          </g>
        );
      })}
      {candles.map((c, i) =>
        i % labelEvery === 0 ? (
          <text key={c.time} x={round(PAD.left + i * step + step / 2)} y={height - 6} textAnchor="middle" className="fill-slate-500" fontSize={10}>
            {candleAxisLabel(c.time, i === 0 ? undefined : candles[i - labelEvery].time, intraday)}
          </text>
        ) : null,
      )}
      {markers.map((m, i) => {
        const index = candles.findIndex((c) => c.time === m.time);
        if (index < 0) return null;
        const x = PAD.left + index * step + step / 2;
        // Highs and SELL keys sit above the candle, lows and BUY keys below it.
        const above = m.kind === "swing-high" || m.colour === CHART_DOWN_COLOUR;
        const my = y(m.price) + (above ? -8 : 8);
        return (
          <g key={`marker-${i}`} data-marker={m.kind} data-label={m.label}>
            <path d={above ? `M${x - 4},${my - 4} L${x + 4},${my - 4} L${x},${my + 2} Z` : `M${x - 4},${my + 4} L${x + 4},${my + 4} L${x},${my - 2} Z`} fill={m.colour} />
            {m.kind === "key" ? (
              <text x={x} y={above ? my - 7 : my + 14} textAnchor="middle" fill={m.colour} fontSize={10}>
                {m.label}
              </text>
            ) : null}
          </g>
        );
      })}
      {lines.map((l, i) => (
        <g key={`${l.label}-${l.price}`} data-line={l.label}>
          <line x1={PAD.left} x2={PAD.left + plotW} y1={y(l.price)} y2={y(l.price)} stroke={l.colour} strokeDasharray="6 4" />
          <text x={PAD.left + 4} y={round(labelY[i] + 4)} fill={l.colour} fontSize={11} data-line-label={l.label}>
            {l.label} {formatNumber(l.price)}
          </text>
        </g>
      ))}
    </svg>
  );
}
