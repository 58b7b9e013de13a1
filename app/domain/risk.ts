// A trade's initial risk and its result in R (issue 22, docs/decisions/170): risk is what the
// stop-loss puts at stake when the trade is entered, R how many of those the trade made or lost.
//
// - Initial risk = |entry - SL| x quantity, the entry being the trade type's own side (BUY: the
//   buy price, SELL: the sell price, as in docs/decisions/167).
// - R-multiple = PNL / initial risk, rounded half away from zero to 2 decimals.
// - No SL (0, the form's "none", docs/product-rules.md R-TD5), a zero quantity or an SL equal to
//   the entry: no risk and no R (null), never a division by zero.
// Exact, like app/domain/pnl.ts: prices are read as the decimals they stand for and multiplied in
// scaled integers. The review and the trade report run the same rule in SQL (tradeRiskSql and
// rFromSql in app/models/trade-review.server.ts), held to these functions by
// tests/integration/trade-review.test.ts.
import { decimalUnits, divideRounded, numberUnits, unitsToText, type DecimalText } from "./decimal";
import type { TradeType } from "./pnl";

export interface RiskInput {
  tradeType: TradeType;
  quantity: number;
  buyPrice: number;
  sellPrice: number;
  slPrice: number;
}

/** The price a trade entered at: its own side (BUY: buy, SELL: sell). */
export function entryPrice(trade: Pick<RiskInput, "tradeType" | "buyPrice" | "sellPrice">): number {
  return trade.tradeType === "BUY" ? trade.buyPrice : trade.sellPrice;
}

/** A price in paise (prices are numeric(14, 2) columns); missing or non-finite counts as 0. */
function paise(n: number): bigint {
  return (Number.isFinite(n) ? numberUnits(n, 2) : null) ?? 0n;
}

/** |entry - SL| x quantity in rupees (2 decimals), or null without an SL or with nothing at stake. */
export function initialRisk(trade: RiskInput): DecimalText | null {
  const sl = paise(trade.slPrice);
  if (sl <= 0n) return null;
  const quantity = BigInt(Number.isFinite(trade.quantity) ? Math.trunc(trade.quantity) : 0);
  const gap = paise(entryPrice(trade)) - sl;
  const risk = (gap < 0n ? -gap : gap) * (quantity < 0n ? -quantity : quantity);
  return risk === 0n ? null : unitsToText(risk, 2);
}

/** PNL / risk, 2 decimals, half away from zero; null when there is no risk. */
export function rMultiple(pnl: DecimalText, risk: DecimalText | null): DecimalText | null {
  const riskPaise = risk === null ? null : decimalUnits(risk, 2);
  if (riskPaise === null || riskPaise <= 0n) return null;
  const pnlPaise = decimalUnits(pnl, 2) ?? 0n;
  return unitsToText(divideRounded(pnlPaise * 100n, riskPaise), 2);
}

/** A trade's risk and R together (the trade list and the trade report show both). */
export function tradeRisk(trade: RiskInput, pnl: DecimalText): { risk: DecimalText | null; r: DecimalText | null } {
  const risk = initialRisk(trade);
  return { risk, r: rMultiple(pnl, risk) };
}
