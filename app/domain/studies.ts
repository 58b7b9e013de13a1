// The chart studies a user may switch on in /setting (STUDY_NAMES; docs/decisions/129),
// computed from the candles a chart draws by the trading-signals library: overlays on the price
// pane, a line on the volume pane, and oscillators in panes of their own. Pure and browser-safe:
// both chart modes call it on every change of their candles, so the studies follow live candles.
//
// Every line is an array aligned with the candles (one value per candle, null while the study is
// warming up), so a chart plots it on whatever x its candles use.
import { BollingerBands, EMA, MACD, RSI, SMA, VWAP } from "trading-signals";
import type { Candle } from "./candles";
import { IST_OFFSET_MINUTES } from "./candles";
import { STUDY_NAMES } from "./user-settings";

export type StudyName = (typeof STUDY_NAMES)[number];

/** Periods a trader expects by default (TradingView's and Kite's defaults). */
export const STUDY_PERIODS = {
  movingAverage: 20,
  rsi: 14,
  macd: { fast: 12, slow: 26, signal: 9 },
  bollinger: { period: 20, deviations: 2 },
  volumeAverage: 20,
} as const;

export interface StudyLine {
  /** Stable identifier of the line, e.g. "rsi" or "bb-upper". */
  id: string;
  /** The legend's name, e.g. "RSI 14". */
  label: string;
  study: StudyName;
  colour: string;
  style: "line" | "histogram";
  /** One value per candle (same order); null before the study has enough candles. */
  values: (number | null)[];
}

export interface StudyPane {
  study: StudyName;
  /** The pane's title, e.g. "RSI 14". */
  label: string;
  lines: StudyLine[];
  /** Horizontal guide levels (RSI's 30 and 70, MACD's zero). */
  guides: number[];
  /** A fixed scale when the study has one (RSI: 0 to 100). */
  range: { min: number; max: number } | null;
}

export interface StudyDrawing {
  /** Lines on the price pane (moving average, Bollinger Bands, VWAP). */
  overlays: StudyLine[];
  /** Lines on the volume pane (the Volume study's moving average of volume). */
  volume: StudyLine[];
  /** Oscillators, each in its own pane below the price (RSI, MACD). */
  panes: StudyPane[];
}

export const NO_STUDIES: StudyDrawing = { overlays: [], volume: [], panes: [] };

const DAY_MS = 86_400_000;
/** The IST calendar day number of an instant: VWAP starts again with each session. */
const istDay = (timeMs: number) => Math.floor((timeMs + IST_OFFSET_MINUTES * 60_000) / DAY_MS);

/** Rounds away binary noise (e.g. 50.00000000001) without touching real digits. */
const clean = (n: number) => Math.round(n * 1e8) / 1e8;

function series<T>(candles: readonly Candle[], indicatorStep: (candle: Candle) => T | null, pick: (result: T) => number): (number | null)[] {
  return candles.map((c) => {
    const result = indicatorStep(c);
    return result === null ? null : clean(pick(result));
  });
}

/** Simple moving average of closes. */
export function movingAverageValues(candles: readonly Candle[], period: number = STUDY_PERIODS.movingAverage): (number | null)[] {
  const sma = new SMA(period);
  return series(candles, (c) => sma.add(c.close), (v) => v);
}

/** Wilder's RSI of closes (trading-signals' default smoothing); the first value needs period + 1 candles. */
export function rsiValues(candles: readonly Candle[], period: number = STUDY_PERIODS.rsi): (number | null)[] {
  const rsi = new RSI(period);
  return series(candles, (c) => rsi.add(c.close), (v) => v);
}

export interface MacdValues {
  macd: (number | null)[];
  signal: (number | null)[];
  histogram: (number | null)[];
}

/**
 * MACD (EMA fast - EMA slow of closes), its signal (EMA of the MACD) and their difference. The
 * MACD line starts at the slow period's candle; the signal and histogram once the signal's EMA
 * has seen `signal` MACD values (34 candles with 12, 26, 9).
 */
export function macdValues(candles: readonly Candle[], periods: { fast: number; slow: number; signal: number } = STUDY_PERIODS.macd): MacdValues {
  const signalEma = new EMA(periods.signal);
  const macd = new MACD(new EMA(periods.fast), new EMA(periods.slow), signalEma);
  const out: MacdValues = { macd: [], signal: [], histogram: [] };
  for (const c of candles) {
    const r = macd.add(c.close);
    out.macd.push(r === null ? null : clean(r.macd));
    const stable = r !== null && signalEma.isStable;
    out.signal.push(stable ? clean(r.signal) : null);
    out.histogram.push(stable ? clean(r.histogram) : null);
  }
  return out;
}

export interface BandValues {
  upper: (number | null)[];
  middle: (number | null)[];
  lower: (number | null)[];
}

/** Bollinger Bands of closes: SMA(period) +/- deviations x the population standard deviation. */
export function bollingerValues(candles: readonly Candle[], options: { period: number; deviations: number } = STUDY_PERIODS.bollinger): BandValues {
  const bands = new BollingerBands(options.period, options.deviations);
  const out: BandValues = { upper: [], middle: [], lower: [] };
  for (const c of candles) {
    const r = bands.add(c.close);
    out.upper.push(r === null ? null : clean(r.upper));
    out.middle.push(r === null ? null : clean(r.middle));
    out.lower.push(r === null ? null : clean(r.lower));
  }
  return out;
}

/**
 * VWAP of the typical price (H + L + C) / 3. Intraday it starts again with each IST session
 * (as Kite and TradingView anchor it); on daily and longer candles it is anchored at the first
 * candle drawn. A candle without volume keeps the last value; none before the first volume.
 */
export function vwapValues(candles: readonly Candle[], intraday: boolean): (number | null)[] {
  let vwap = new VWAP();
  let day: number | null = null;
  return candles.map((c) => {
    if (intraday && istDay(c.time) !== day) {
      day = istDay(c.time);
      vwap = new VWAP();
    }
    const value = c.volume > 0 ? vwap.add({ high: c.high, low: c.low, close: c.close, volume: c.volume }) : vwap.getResult();
    return value === null ? null : clean(value);
  });
}

/** Simple moving average of volume (the Volume study's line, as in TradingView's Volume). */
export function volumeAverageValues(candles: readonly Candle[], period: number = STUDY_PERIODS.volumeAverage): (number | null)[] {
  const sma = new SMA(period);
  return series(candles, (c) => sma.add(c.volume), (v) => v);
}

/** The studies of `names` (unknown names are ignored) on sorted candles. */
export function computeStudies(candles: readonly Candle[], names: readonly string[], options: { intraday: boolean }): StudyDrawing {
  const on = (name: StudyName) => names.includes(name);
  const drawing: StudyDrawing = { overlays: [], volume: [], panes: [] };
  if (on("Moving Average")) {
    const p = STUDY_PERIODS.movingAverage;
    drawing.overlays.push({ id: "sma", label: `SMA ${p}`, study: "Moving Average", colour: "#2563eb", style: "line", values: movingAverageValues(candles, p) });
  }
  if (on("Bollinger Bands")) {
    const { period, deviations } = STUDY_PERIODS.bollinger;
    const b = bollingerValues(candles, { period, deviations });
    const study = "Bollinger Bands" as const;
    drawing.overlays.push(
      { id: "bb-upper", label: `BB Upper ${period} ${deviations}`, study, colour: "#0d9488", style: "line", values: b.upper },
      { id: "bb-basis", label: `BB Basis ${period}`, study, colour: "#f97316", style: "line", values: b.middle },
      { id: "bb-lower", label: `BB Lower ${period} ${deviations}`, study, colour: "#0d9488", style: "line", values: b.lower },
    );
  }
  if (on("VWAP")) {
    drawing.overlays.push({ id: "vwap", label: "VWAP", study: "VWAP", colour: "#9333ea", style: "line", values: vwapValues(candles, options.intraday) });
  }
  if (on("Volume")) {
    const p = STUDY_PERIODS.volumeAverage;
    drawing.volume.push({ id: "volume-ma", label: `Volume MA ${p}`, study: "Volume", colour: "#2563eb", style: "line", values: volumeAverageValues(candles, p) });
  }
  if (on("RSI")) {
    const p = STUDY_PERIODS.rsi;
    drawing.panes.push({
      study: "RSI",
      label: `RSI ${p}`,
      lines: [{ id: "rsi", label: `RSI ${p}`, study: "RSI", colour: "#7c3aed", style: "line", values: rsiValues(candles, p) }],
      guides: [30, 70],
      range: { min: 0, max: 100 },
    });
  }
  if (on("MACD")) {
    const { fast, slow, signal } = STUDY_PERIODS.macd;
    const m = macdValues(candles, { fast, slow, signal });
    drawing.panes.push({
      study: "MACD",
      label: `MACD ${fast} ${slow} ${signal}`,
      lines: [
        { id: "macd-histogram", label: "MACD Histogram", study: "MACD", colour: "#94a3b8", style: "histogram", values: m.histogram },
        { id: "macd", label: "MACD", study: "MACD", colour: "#2563eb", style: "line", values: m.macd },
        { id: "macd-signal", label: "MACD Signal", study: "MACD", colour: "#f97316", style: "line", values: m.signal },
      ],
      guides: [0],
      range: null,
    });
  }
  return drawing;
}

/** Every line of a drawing (overlays, volume, panes), for legends and test-readable lists. */
export function studyLineLabels(drawing: StudyDrawing): string[] {
  return [...drawing.overlays, ...drawing.volume, ...drawing.panes.flatMap((p) => p.lines)].map((l) => l.label);
}
