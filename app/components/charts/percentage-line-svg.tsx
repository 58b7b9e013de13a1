// A percentage-over-time line (0–100) drawn on the server as SVG: the sector-analysis chart
// without JavaScript and until the zoomable chart has loaded.
import { formatNumber } from "~/domain/format";
import { formatIstDateTime, istClock as istWallClock } from "~/domain/dates";
import { NoDataSvg } from "./no-data-svg";

export interface PercentagePoint {
  /** Epoch ms. */
  time: number;
  percentage: number;
}

const PAD = { top: 10, right: 44, bottom: 24, left: 8 };

function istClock(ms: number): string {
  const d = istWallClock(ms);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(d.hour)}:${two(d.minute)}`;
}

export function PercentageLineSvg({ points, title, height = 400, width = 960 }: { points: readonly PercentagePoint[]; title: string; height?: number; width?: number }) {
  if (points.length === 0) return <NoDataSvg title={title} width={width} height={height} chart="svg-line" />;
  const plotW = width - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const first = points[0].time;
  const span = Math.max(1, points[points.length - 1].time - first);
  const x = (t: number) => PAD.left + ((t - first) / span) * plotW;
  const y = (p: number) => PAD.top + ((100 - p) / 100) * plotH;
  const path = points.map((p, i) => `${i === 0 ? "M" : "L"}${x(p.time).toFixed(1)},${y(p.percentage).toFixed(1)}`).join(" ");
  const last = points[points.length - 1];
  const labelEvery = Math.max(1, Math.ceil(points.length / 8));
  return (
    <svg
      role="img"
      aria-label={`${title}: ${points.length} points, last ${formatNumber(last.percentage)}% at ${formatIstDateTime(last.time)}`}
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full"
      data-chart="svg-line"
    >
      {[0, 25, 50, 75, 100].map((p) => (
        <g key={p}>
          <line x1={PAD.left} x2={PAD.left + plotW} y1={y(p)} y2={y(p)} stroke="currentColor" strokeOpacity={p === 50 ? 0.3 : 0.08} />
          <text x={PAD.left + plotW + 4} y={y(p) + 4} className="fill-slate-500" fontSize={11}>
            {p}%
          </text>
        </g>
      ))}
      <path d={path} fill="none" stroke="#2563eb" strokeWidth={1.5} data-points={points.length} />
      {points.map((p, i) =>
        i % labelEvery === 0 ? (
          <text key={p.time} x={x(p.time)} y={height - 6} textAnchor="middle" className="fill-slate-500" fontSize={10}>
            {istClock(p.time)}
          </text>
        ) : null,
      )}
    </svg>
  );
}
