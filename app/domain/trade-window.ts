// Which trades the list shows by date (docs/product-rules.md R-D10 and R-D11), and how a trade is closed.
// Pure rules: the trade list, the JSON API and the tests read them; no I/O.
import type { RoleId } from "./access";
import { inclusiveDateRange, isValidYmd, istDateString, shiftYmd } from "./dates";
import type { TradeType } from "./pnl";

/** Roles 3 and 4 look back this many IST days (docs/product-rules.md R-D11). */
export const STAFF_CUSTOMER_LOOKBACK_DAYS = 7;

/** A half-open range of instants [from, to): 00:00 IST on both ends. */
export interface TradeWindow {
  from: Date;
  to: Date;
}

export { shiftYmd } from "./dates";

export interface TradeDateFilter {
  /** Role 1's Filters dropdown (YYYY-MM-DD); used only when both are set and valid. */
  startDate?: string | null;
  endDate?: string | null;
  /** Role 1's 'Today' checkbox. */
  today: boolean;
}

/**
 * The window of trades a role lists at `now`:
 * - roles 3 and 4: from 7 IST days ago through tomorrow, inclusive (docs/product-rules.md R-D11), whatever
 *   the URL asks (they have no date filter);
 * - role 1: the picked Start/End Date, end inclusive (docs/product-rules.md R-D10); else today when the
 *   Today box is ticked (its default); else no date limit (null).
 */
export function tradeListWindow(role: RoleId, now: Date, filter: TradeDateFilter): TradeWindow | null {
  const today = istDateString(now);
  if (role === 3 || role === 4) {
    return inclusiveDateRange(shiftYmd(today, -STAFF_CUSTOMER_LOOKBACK_DAYS), shiftYmd(today, 1));
  }
  const range = dateFilterRange(filter.startDate, filter.endDate);
  if (range) return range;
  if (filter.today) return inclusiveDateRange(today, today);
  return null;
}

/** Start and End Date as a window, or null unless both are real days and the end is not before the start. */
export function dateFilterRange(startDate: string | null | undefined, endDate: string | null | undefined): TradeWindow | null {
  if (!isValidYmd(startDate) || !isValidYmd(endDate)) return null;
  if (endDate < startDate) return null;
  return inclusiveDateRange(startDate, endDate);
}

/**
 * Closing a trade freezes its PNL at quantity x (sell - buy) (docs/product-rules.md R-D9). The side that was
 * still open (a BUY's sell price, a SELL's buy price) takes the exit price when none was
 * entered; a price the user entered stands. Without a live price nothing is filled in.
 */
export function closingPrices(
  trade: { tradeType: TradeType; buyPrice: number; sellPrice: number },
  livePrice: number | null | undefined,
): { buyPrice: number; sellPrice: number } {
  const exit = typeof livePrice === "number" && Number.isFinite(livePrice) && livePrice > 0 ? livePrice : null;
  if (trade.tradeType === "BUY") {
    return { buyPrice: trade.buyPrice, sellPrice: trade.sellPrice > 0 || exit === null ? trade.sellPrice : exit };
  }
  return { buyPrice: trade.buyPrice > 0 || exit === null ? trade.buyPrice : exit, sellPrice: trade.sellPrice };
}
