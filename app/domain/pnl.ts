// Profit and loss of a trade (DECISIONS 9). The one place the rule lives: the trade list, the
// reports, the exports and the JSON API all call these functions.
//
// Arithmetic is done in paise (integers) where it can be, so that 0.1 + 0.2 style float noise
// never moves a figure by a paisa; results are rounded half away from zero to 2 decimals.

export type TradeType = "BUY" | "SELL";

export interface PnlInput {
  tradeType: TradeType;
  /** true = open (PNL follows the live price); false = closed (PNL frozen at sell - buy). */
  open: boolean;
  quantity: number;
  buyPrice: number;
  sellPrice: number;
}

export interface TradePnl {
  /** Rupees, rounded to 2 decimals. */
  pnl: number;
  /** Percent, rounded to 2 decimals; 0 when the divisor is 0. */
  pnlPercent: number;
}

/** Rounds to 2 decimals, half away from zero, without the 1.005 → 1.00 float trap. */
export function roundTo2(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const sign = value < 0 ? -1 : 1;
  const scaled = Math.round(Math.abs(value) * 100 + 1e-7);
  const result = (sign * scaled) / 100;
  return result === 0 ? 0 : result; // never -0
}

function finite(n: number | null | undefined): number {
  return typeof n === "number" && Number.isFinite(n) ? n : 0;
}

/**
 * The per-unit price difference of DECISIONS 9:
 * open BUY = live - buy, open SELL = sell - live, closed = sell - buy.
 * A missing live price counts as 0 (so an open BUY with no price shows -buyPrice per unit).
 */
export function priceDifference(trade: PnlInput, livePrice: number | null | undefined): number {
  const live = finite(livePrice);
  const buy = finite(trade.buyPrice);
  const sell = finite(trade.sellPrice);
  if (!trade.open) return sell - buy;
  return trade.tradeType === "BUY" ? live - buy : sell - live;
}

/** PNL and PNL % of one trade. `livePrice` is the symbol's current close (ignored when closed). */
export function computeTradePnl(trade: PnlInput, livePrice?: number | null): TradePnl {
  const quantity = Math.trunc(finite(trade.quantity));
  const difference = priceDifference(trade, livePrice);
  const pnl = roundTo2(quantity * difference);
  const base = trade.tradeType === "BUY" ? finite(trade.buyPrice) : finite(trade.sellPrice);
  const onePercent = base / 100;
  const pnlPercent = onePercent === 0 ? 0 : roundTo2(difference / onePercent);
  return { pnl, pnlPercent };
}

/** Total PNL: the sum of the rounded per-trade figures (DECISIONS 9), itself rounded. */
export function totalPnl(pnls: readonly number[]): number {
  // Summing in paise keeps the total exact for any number of 2-decimal figures.
  let paise = 0;
  for (const p of pnls) paise += Math.round(finite(p) * 100);
  return roundTo2(paise / 100);
}

export interface PnlSummary {
  totalPnl: number;
  totalTrades: number;
  profitableTrades: number;
  lossTrades: number;
  /** Sum of the positive PNLs. */
  totalProfit: number;
  /** Sum of the negative PNLs (a negative number or 0). */
  totalLoss: number;
  /** profitable / total x 100, 2 decimals; 0 with no trades. */
  pnlRatio: number;
}

/** The report cards over a set of per-trade PNLs. A trade at exactly 0 is neither. */
export function summarisePnl(pnls: readonly number[]): PnlSummary {
  const profits = pnls.filter((p) => p > 0);
  const losses = pnls.filter((p) => p < 0);
  return {
    totalPnl: totalPnl(pnls),
    totalTrades: pnls.length,
    profitableTrades: profits.length,
    lossTrades: losses.length,
    totalProfit: totalPnl(profits),
    totalLoss: totalPnl(losses),
    pnlRatio: pnlRatio(profits.length, pnls.length),
  };
}

/** PNL ratio = profitable trades / total trades x 100, 2 decimals (admin-console.md §9). */
export function pnlRatio(profitable: number, total: number): number {
  return total > 0 ? roundTo2((profitable / total) * 100) : 0;
}
