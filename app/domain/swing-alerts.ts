// What a chart does with a swing_alert (docs/decisions/125, 129): the alert of the chart's own
// symbol replaces the stored swing line with one at the new swing point, unless it came
// "before 9 or after 1 o'clock" (the server stamps clearLine by swingAlertClearsLine), which
// clears the line. Pure and browser-safe.
import type { Candle } from "./candles";
import { candleHolding, type ChartMarker } from "./chart-markers";
import { formatIstTime } from "./dates";
import { formatNumber } from "./format";
import { CHART_DOWN_COLOUR, CHART_UP_COLOUR } from "./targets";

export interface SwingAlert {
  symbolCode: string;
  kind: "high" | "low";
  price: number;
  /** Epoch ms of the candle that made the swing. */
  time: number;
  clearLine: boolean;
}

/** The stored swing line: a price line at the last swing point announced for the chart's symbol. */
export interface SwingLine {
  kind: "high" | "low";
  price: number;
  time: number;
}

function isSwingAlert(value: unknown): value is SwingAlert {
  if (typeof value !== "object" || value === null) return false;
  const a = value as Record<string, unknown>;
  return (
    typeof a.symbolCode === "string" &&
    (a.kind === "high" || a.kind === "low") &&
    typeof a.price === "number" &&
    Number.isFinite(a.price) &&
    typeof a.time === "number" &&
    Number.isFinite(a.time) &&
    typeof a.clearLine === "boolean"
  );
}

/**
 * The swing line after an event: unchanged when it is not a well-formed swing alert for
 * `chartSymbol` (another symbol's room, a malformed payload), cleared when the alert says so
 * (before 09:00 or from 13:00 IST), else the alert's point.
 */
export function swingLineAfterAlert(current: SwingLine | null, event: unknown, chartSymbol: string): SwingLine | null {
  if (!isSwingAlert(event) || event.symbolCode.toUpperCase() !== chartSymbol.toUpperCase()) return current;
  if (event.clearLine) return null;
  return { kind: event.kind, price: event.price, time: event.time };
}

/** Whether an event is a swing alert of the chart's symbol (a toast is shown for those only). */
export function isSwingAlertFor(event: unknown, chartSymbol: string): event is SwingAlert {
  return isSwingAlert(event) && event.symbolCode.toUpperCase() === chartSymbol.toUpperCase();
}

/** The toast's words, e.g. "Swing high on NIFTY-I at 23,456.70 (10:42:00 AM)". */
export function swingAlertMessage(alert: SwingAlert): string {
  return `Swing ${alert.kind} on ${alert.symbolCode} at ${formatNumber(alert.price)} (${formatIstTime(alert.time)})`;
}

/** The stored line as a chart line: red at a swing high, green at a swing low (as the SH/SL markers). */
export function swingLineAsChartLine(line: SwingLine): { label: string; price: number; colour: string } {
  return { label: line.kind === "high" ? "Swing high" : "Swing low", price: line.price, colour: line.kind === "high" ? CHART_DOWN_COLOUR : CHART_UP_COLOUR };
}

/**
 * The stored line's point as a marker on the candle holding its time (SH red at a high, SL green
 * at a low), unless the chart's own swing markers already put the same mark there.
 */
export function swingLineMarker(candles: readonly Candle[], line: SwingLine, markers: readonly ChartMarker[]): ChartMarker | null {
  const candle = candleHolding(candles, line.time);
  if (!candle) return null;
  const kind = line.kind === "high" ? "swing-high" : "swing-low";
  if (markers.some((m) => m.kind === kind && m.time === candle.time)) return null;
  const { colour } = swingLineAsChartLine(line);
  return { time: candle.time, price: line.price, label: line.kind === "high" ? "SH" : "SL", colour, kind };
}
