// The trade report's risk cards (docs/decisions/170): the initial risk of the filtered trades
// with an SL, the sum of their R and its average. Open trades count at the live price, as their PNL.
import { SummaryCards } from "~/components/reports/report-ui";
import { formatNumber } from "~/domain/format";

export function RiskSummaryCards({ risk }: { risk: { rTrades: number; totalRisk: string; rTotal: string; averageR: string | null } }) {
  return (
    <SummaryCards
      cards={[
        { label: "Trades With SL", value: risk.rTrades },
        { label: "Total Initial Risk", value: risk.totalRisk, money: true },
        { label: "Total R", value: `${formatNumber(risk.rTotal)}R` },
        { label: "Average R", value: risk.averageR === null ? "—" : `${formatNumber(risk.averageR)}R` },
      ]}
    />
  );
}
