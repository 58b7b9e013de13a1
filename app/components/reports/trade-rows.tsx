import { moneyTone } from "./report-ui";
import type { TradeRowView } from "./trade-row-view";
import { LevelHitFlags } from "../trades/level-hit-flags";
import { NO_RATES_TITLE } from "~/domain/charges";

export const TRADE_TABLE_HEADERS = [
  "Symbol",
  "Trade Type",
  "User Name",
  "Buy Price",
  "Sell Price",
  "Quantity",
  "Target Price",
  "SL Price",
  "Current Price",
  "PNL",
  "Charges",
  "Net PNL",
  "PNL %",
  "Trade Date Time",
  "Exit Date Time",
  "Status",
];

export function TradeRows({ rows, cellClass }: { rows: TradeRowView[]; cellClass: string }) {
  return (
    <>
      {rows.map((r) => (
        <tr key={r.id} data-trade-id={r.id}>
          <th scope="row" className={`${cellClass} text-left font-medium`}>
            {r.symbolCode}
            <LevelHitFlags flags={r.levelHits} />
          </th>
          <td className={cellClass}>{r.tradeType}</td>
          <td className={cellClass}>{r.userName}</td>
          <td className={`${cellClass} text-right tabular-nums`}>{r.buyPrice}</td>
          <td className={`${cellClass} text-right tabular-nums`}>{r.sellPrice}</td>
          <td className={`${cellClass} text-right tabular-nums`}>{r.quantity}</td>
          <td className={`${cellClass} text-right tabular-nums`}>{r.targetPrice}</td>
          <td className={`${cellClass} text-right tabular-nums`}>{r.slPrice}</td>
          <td className={`${cellClass} text-right tabular-nums`}>{r.currentPrice}</td>
          <td className={`${cellClass} text-right tabular-nums ${moneyTone(r.pnl)}`}>{r.pnlText}</td>
          <td className={`${cellClass} text-right tabular-nums`} title={r.charges === null ? NO_RATES_TITLE : undefined}>
            {r.chargesText}
          </td>
          <td className={`${cellClass} text-right tabular-nums ${moneyTone(r.netPnl)}`}>{r.netPnlText}</td>
          <td className={`${cellClass} text-right tabular-nums`}>{r.pnlPercent}</td>
          <td className={cellClass}>{r.tradeDateTime}</td>
          <td className={cellClass}>{r.exitDateTime}</td>
          <td className={cellClass}>{r.status}</td>
        </tr>
      ))}
    </>
  );
}
