// A trade report row as the pages show it: figures formatted the Indian way, times in IST.
import { formatIstDateTime } from "~/domain/dates";
import { formatNumber, formatPercent, formatRupees, MISSING_VALUE } from "~/domain/format";
import { shownTradePrices, type TradeReportRow } from "~/domain/trade-rows";
import { levelHitFlags } from "~/domain/trade-watch";

/** What a row view is made from: the report model's row (app/models/report.server.ts). */
export type TradeRowSource = Pick<
  TradeReportRow,
  "id" | "symbolCode" | "userName" | "tradeType" | "quantity" | "buyPrice" | "sellPrice" | "targetPrice" | "slPrice" | "currentPrice" | "pnl" | "pnlPercent" | "charges" | "netPnl" | "tradeDateTime" | "exitDateTime" | "open"
  | "slHitAt" | "slHitPrice" | "targetHitAt" | "targetHitPrice"
>;

/** A price a trade does not have (docs/decisions/143) is shown as "—", as formatNumber writes null. */
export function toTradeRowView(r: TradeRowSource) {
  const prices = shownTradePrices(r);
  return {
    id: r.id,
    symbolCode: r.symbolCode,
    userName: r.userName,
    tradeType: r.tradeType,
    quantity: r.quantity,
    buyPrice: formatNumber(prices.buyPrice),
    sellPrice: formatNumber(prices.sellPrice),
    targetPrice: formatNumber(prices.targetPrice),
    slPrice: formatNumber(prices.slPrice),
    currentPrice: r.currentPrice === null ? MISSING_VALUE : formatNumber(r.currentPrice),
    pnl: r.pnl,
    pnlText: formatRupees(r.pnl),
    charges: r.charges,
    chargesText: r.charges === null ? MISSING_VALUE : formatRupees(r.charges),
    netPnl: r.netPnl,
    netPnlText: formatRupees(r.netPnl),
    pnlPercent: formatPercent(r.pnlPercent),
    tradeDateTime: formatIstDateTime(r.tradeDateTime),
    exitDateTime: r.exitDateTime ? formatIstDateTime(r.exitDateTime) : MISSING_VALUE,
    status: r.open ? "Active" : "De-Active",
    levelHits: levelHitFlags(r, new Date()),
  };
}
export type TradeRowView = ReturnType<typeof toTradeRowView>;
