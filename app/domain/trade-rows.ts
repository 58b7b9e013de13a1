// The shapes of a trade as the journal and the reports read it: what the models answer and the
// screens, exports and reports draw. Here, below both, so that a component never reaches into a
// model for a type.
import type { DecimalText } from "./decimal";
import type { TradeType } from "./pnl";

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
export interface TradeReportRow extends TradeFigures {
  id: number;
  symbolCode: string;
  sectorName: string | null;
  userName: string;
  username: string;
  /** The live close for an open trade; null when closed or not in the book. */
  currentPrice: number | null;
  pnl: DecimalText;
  pnlPercent: DecimalText;
  open: boolean;
  isVerified: boolean;
}
