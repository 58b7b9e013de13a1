// A half-circle gauge of up versus down (0–100, docs/product-rules.md R-D19) drawn as SVG: the server renders
// it, and a live page re-renders it with each overview-data event. No chart library needed.
import { CHART_DOWN_COLOUR, CHART_UP_COLOUR } from "~/domain/targets";
import { formatNumber } from "~/domain/format";

const R = 80;
const CX = 100;
const CY = 95;

function point(percent: number, radius = R) {
  // 0 % at the left end of the arc, 100 % at the right.
  const angle = Math.PI * (1 - Math.min(100, Math.max(0, percent)) / 100);
  return { x: CX + radius * Math.cos(angle), y: CY - radius * Math.sin(angle) };
}

export function GaugeSvg({ value, label, size = 200 }: { value: number; label: string; size?: number }) {
  const end = point(value);
  const needle = point(value, R - 18);
  const colour = value > 50 ? CHART_UP_COLOUR : value < 50 ? CHART_DOWN_COLOUR : "#94a3b8";
  return (
    <svg role="img" aria-label={`${label}: ${formatNumber(value)}% up`} viewBox="0 0 200 115" width={size} className="h-auto max-w-full" data-gauge={label} data-value={value}>
      <path d={`M${CX - R},${CY} A${R},${R} 0 0 1 ${CX + R},${CY}`} fill="none" stroke="currentColor" strokeOpacity={0.12} strokeWidth={16} />
      {value > 0 ? <path d={`M${CX - R},${CY} A${R},${R} 0 0 1 ${end.x},${end.y}`} fill="none" stroke={colour} strokeWidth={16} /> : null}
      <line x1={CX} y1={CY} x2={needle.x} y2={needle.y} stroke="currentColor" strokeWidth={3} strokeLinecap="round" />
      <circle cx={CX} cy={CY} r={5} fill="currentColor" />
      <text x={CX} y={CY + 18} textAnchor="middle" fontSize={16} fontWeight={600} fill="currentColor">
        {formatNumber(value)}%
      </text>
    </svg>
  );
}
