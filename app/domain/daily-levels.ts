// MA, WA, MD and WD: the day levels stored per symbol and day (docs/product-rules.md R-D18) and drawn as lines
// when the user's matching setting is on. The documents name them but do not define them;
// docs/decisions/129 does:
//   MA  monthly average   simple average of the last 20 sessions' closes (a trading month)
//   WA  weekly average    simple average of the last 5 sessions' closes (a trading week)
//   MD  monthly midpoint  middle of the last 20 sessions' range: (highest high + lowest low) / 2
//   WD  weekly midpoint   the same over the last 5 sessions
// A day's levels include that day's own bar (its end-of-day values, like a bhav copy's figures);
// with fewer sessions than the window the level is null. Computed by trading-signals (SMA and
// Donchian channels). Pure and browser-safe.
import { DonchianChannels, SMA } from "trading-signals";

export const MONTH_SESSIONS = 20;
export const WEEK_SESSIONS = 5;
/** Sessions before a day that its levels need (the longest window, less the day itself). */
export const LEVEL_LOOKBACK_SESSIONS = MONTH_SESSIONS - 1;

export interface LevelBar {
  /** YYYY-MM-DD (IST trading day). */
  tradingDate: string;
  high: number;
  low: number;
  close: number;
}

export interface DayLevels {
  ma: number | null;
  wa: number | null;
  md: number | null;
  wd: number | null;
}

/** Prices are stored with 2 decimals (numeric(14,2)). */
const round2 = (n: number) => Math.round(n * 100) / 100;
const orNull = (n: number | null | undefined) => (n === null || n === undefined ? null : round2(n));

/**
 * The levels of each day of one symbol's bars (any order; sorted by date here), keyed by date.
 * A day given twice counts once (the later entry).
 */
export function dailyLevelSeries(bars: readonly LevelBar[]): Map<string, DayLevels> {
  const byDate = new Map<string, LevelBar>();
  for (const bar of bars) byDate.set(bar.tradingDate, bar);
  const sorted = [...byDate.values()].sort((a, b) => (a.tradingDate < b.tradingDate ? -1 : a.tradingDate > b.tradingDate ? 1 : 0));
  const monthAverage = new SMA(MONTH_SESSIONS);
  const weekAverage = new SMA(WEEK_SESSIONS);
  const monthRange = new DonchianChannels(MONTH_SESSIONS);
  const weekRange = new DonchianChannels(WEEK_SESSIONS);
  const levels = new Map<string, DayLevels>();
  for (const bar of sorted) {
    const range = { high: bar.high, low: bar.low };
    levels.set(bar.tradingDate, {
      ma: orNull(monthAverage.add(bar.close)),
      wa: orNull(weekAverage.add(bar.close)),
      md: orNull(monthRange.add(range)?.middle),
      wd: orNull(weekRange.add(range)?.middle),
    });
  }
  return levels;
}
