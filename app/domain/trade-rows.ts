// The shapes of a trade as the journal and the reports read it: what the models answer and the
// screens, exports and reports draw. Here, below both, so that a component never reaches into a
// model for a type.
import type { DecimalText } from "./decimal";
import type { TradeType } from "./pnl";
import type { TradeLevelHits } from "./trade-watch";

/** A trade's side, size, prices and times (journal, detail, reports). */
export interface TradeFigures {
  tradeType: TradeType;
  quantity: number;
  buyPrice: number;
  sellPrice: number;
  targetPrice: number;
  slPrice: number;
  tradeDateTime: Date;
  exitDateTime: Date | null;
}

/** A row of the Trade report. */
export interface TradeReportRow extends TradeFigures, TradeLevelHits {
  id: number;
  symbolCode: string;
  sectorName: string | null;
  userName: string;
  username: string;
  /** The live close for an open trade; null when closed or not in the book. */
  currentPrice: number | null;
  pnl: DecimalText;
  /** Null when a percentage means nothing (app/domain/pnl.ts). */
  pnlPercent: DecimalText | null;
  open: boolean;
  isVerified: boolean;
  /** Its stored charges (docs/decisions/174); null when no rates covered its day. */
  charges: DecimalText | null;
  /** pnl - charges (pnl when none). */
  netPnl: DecimalText;
}

/** A trade's four prices as the reports show them: null where the trade has none. */
export interface ShownTradePrices {
  buyPrice: number | null;
  sellPrice: number | null;
  targetPrice: number | null;
  slPrice: number | null;
}

/**
 * The prices a report shows for a trade (docs/decisions/143). A form leaves a price it was not
 * given at 0 (docs/product-rules.md R-TD5), so 0 stands for "none" where it cannot be a price:
 * the leg an open trade has not traded yet (an open BUY's sell price, an open SELL's buy price)
 * and a target or stop loss never set. A closed trade's 0 is a traded price and stays.
 */
export function shownTradePrices(trade: Pick<TradeFigures, "tradeType" | "buyPrice" | "sellPrice" | "targetPrice" | "slPrice"> & { open: boolean }): ShownTradePrices {
  const untraded = (price: number, leg: "BUY" | "SELL") => (trade.open && trade.tradeType !== leg && price === 0 ? null : price);
  return {
    buyPrice: untraded(trade.buyPrice, "BUY"),
    sellPrice: untraded(trade.sellPrice, "SELL"),
    targetPrice: trade.targetPrice === 0 ? null : trade.targetPrice,
    slPrice: trade.slPrice === 0 ? null : trade.slPrice,
  };
}
