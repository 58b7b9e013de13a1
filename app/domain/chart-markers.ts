// Point markers a chart draws on its candles: swing points (docs/decisions/125, when the user's Swing
// setting is on) and KEY labels (green BUY, red SELL; docs/product-rules.md R-D17). Pure and browser-safe, so
// the server-rendered SVG and the interactive chart place the same markers.
import type { Candle } from "./candles";
import { detectSwings } from "./swing";
import { CHART_DOWN_COLOUR, CHART_UP_COLOUR, keyLabelColour } from "./targets";

export interface ChartMarker {
  /** The start (epoch ms) of the candle the marker sits on. */
  time: number;
  price: number;
  label: string;
  colour: string;
  kind: "swing-high" | "swing-low" | "key";
}

/** The start of the candle holding an instant: the last candle starting at or before it. */
export function candleHolding(candles: readonly Candle[], timeMs: number): Candle | undefined {
  let lo = 0;
  let hi = candles.length - 1;
  let found: Candle | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (candles[mid].time <= timeMs) {
      found = candles[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * Markers for sorted candles: confirmed swing highs (SH, red, at the high) and lows (SL, green,
 * at the low) when `swing` is on, and each key event on the candle holding its time. A key event
 * older than the first candle has no candle to sit on and is left out.
 */
export function chartMarkers(
  candles: readonly Candle[],
  keys: readonly { label: string; price: number; at: number }[],
  swing: boolean,
): ChartMarker[] {
  const markers: ChartMarker[] = [];
  if (swing) {
    for (const p of detectSwings(candles)) {
      markers.push(
        p.kind === "high"
          ? { time: p.time, price: p.price, label: "SH", colour: CHART_DOWN_COLOUR, kind: "swing-high" }
          : { time: p.time, price: p.price, label: "SL", colour: CHART_UP_COLOUR, kind: "swing-low" },
      );
    }
  }
  for (const k of keys) {
    const candle = candleHolding(candles, k.at);
    if (candle) markers.push({ time: candle.time, price: k.price, label: k.label, colour: keyLabelColour(k.label), kind: "key" });
  }
  return markers;
}

/** The Swing setting as stored ("true"/"false"), on by default (SETTING_DEFAULTS). */
export function swingMarkersOn(settings: Readonly<Record<string, string>>): boolean {
  return settings.Swing !== "false";
}
