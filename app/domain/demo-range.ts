// The demo pages' date-range pickers: YYYY-MM-DD from the URL, defaulting to the last 7 days.
import { isValidYmd, shiftYmd } from "./dates";

export function dateRangeFrom(params: URLSearchParams, today: string, defaultDays = 7): { from: string; to: string } {
  const to = isValidYmd(params.get("to")) ? (params.get("to") as string) : today;
  const fallbackFrom = shiftYmd(to, -(defaultDays - 1));
  const from = isValidYmd(params.get("from")) && (params.get("from") as string) <= to ? (params.get("from") as string) : fallbackFrom;
  return { from, to };
}

export { shiftYmd } from "./dates";

/** Every day from `from` to `to` inclusive (at most 366). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to && days.length < 366; d = shiftYmd(d, 1)) days.push(d);
  return days;
}
