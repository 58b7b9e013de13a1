// The reference lines' labels over an interactive chart (both modes): placed by layoutLabels so
// that none covers another (docs/decisions/127). The chart draws the lines; this draws the
// labels, at the plot's left edge, each nudged only as far as its neighbours need.
import { textColourOn } from "~/domain/contrast";
import { layoutLabels } from "~/domain/chart-layout";
import { formatNumber } from "~/domain/format";
import type { PriceLine } from "./candle-svg";

/** A label's height in px: one 11 px line of text with its padding (the layout's unit). */
export const LINE_LABEL_HEIGHT = 16;

export interface PlotBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export function LineLabels({ lines, toY, plot }: { lines: readonly PriceLine[]; toY: (price: number) => number | null; plot: PlotBox | null }) {
  if (!plot || plot.height <= 0) return null;
  // Only lines inside the plot have a label: a line the chart does not show has nothing to name.
  const shown = lines
    .map((line) => ({ line, y: toY(line.price) }))
    .filter((x): x is { line: PriceLine; y: number } => x.y !== null && x.y >= plot.top && x.y <= plot.top + plot.height);
  const placed = layoutLabels(
    shown.map((x) => x.y),
    { height: LINE_LABEL_HEIGHT, gap: 2, top: plot.top, bottom: plot.top + plot.height },
  );
  return (
    <div className="pointer-events-none absolute inset-0 overflow-hidden" data-line-labels>
      {shown.map(({ line }, i) => (
        <span
          key={`${line.label}-${line.price}`}
          data-line-label={line.label}
          className="absolute overflow-hidden text-ellipsis whitespace-nowrap rounded px-1 text-[11px] font-medium"
          style={{
            left: plot.left + 4,
            top: placed[i] - LINE_LABEL_HEIGHT / 2,
            height: LINE_LABEL_HEIGHT,
            lineHeight: `${LINE_LABEL_HEIGHT}px`,
            // A narrow chart (a phone) cuts a long label short rather than letting it leave the plot.
            maxWidth: Math.max(24, plot.width - 8),
            background: line.colour,
            // The spec's line colours are too light for white 11 px text (docs/decisions/151).
            color: textColourOn(line.colour),
          }}
        >
          {line.label} {formatNumber(line.price)}
        </span>
      ))}
    </div>
  );
}
