// A live quote as the live book holds it and the top bar shows it.
export interface Quote {
  symbolCode: string;
  last: number;
  open: number;
  high: number;
  low: number;
  prevClose: number;
  change: number;
  changePercent: number;
  ask: number;
  bid: number;
  ltq: number;
  volume: number;
  /** Epoch milliseconds of the last tick. */
  time: number;
}

/** Change and change % against the previous close, rounded to 2 decimals (0 % when no close). */
export function changeFromPrevClose(last: number, prevClose: number): { change: number; changePercent: number } {
  const change = Math.round((last - prevClose) * 100) / 100;
  const changePercent = prevClose === 0 ? 0 : Math.round(((last - prevClose) / prevClose) * 10000) / 100;
  return { change, changePercent };
}

export type Direction = "up" | "down" | "flat";

export function direction(change: number | null | undefined): Direction {
  if (change === null || change === undefined || change === 0) return "flat";
  return change > 0 ? "up" : "down";
}

/** The three index tickers of the top bar, in order. */
export const TOP_BAR_INDICES = [
  { code: "NIFTY-I", label: "Nifty" },
  { code: "BANKNIFTY-I", label: "Bank Nifty" },
  { code: "SENSEX", label: "Sensex" },
] as const;

export const DEFAULT_REFERENCE_SYMBOL = "NIFTY-I";
