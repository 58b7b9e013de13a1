// Pieces the report screens share: summary cards, the Filters dropdown with start and end
// dates, and the Excel/Pdf download links.
import { useState } from "react";
import { buttonClass, secondaryButtonClass } from "~/components/admin/admin-ui";
import { useHydrated } from "~/components/ui/use-hydrated";
import { controlClass } from "~/components/ui/field";
import { decimalSign } from "~/domain/decimal";
import { formatRupees } from "~/domain/format";

/** Green for a profit, red for a loss, plain for zero. */
export function moneyTone(value: number | string): string {
  const sign = typeof value === "number" ? Math.sign(value) : decimalSign(value);
  return sign > 0 ? "text-up" : sign < 0 ? "text-down" : "";
}
import { rangeParamNames } from "~/schemas/report";

/** A card's figure: a count, or money as exact decimal text ("-1234.50"). */
export function SummaryCards({ cards }: { cards: { label: string; value: number | string; money?: boolean }[] }) {
  return (
    <div className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {cards.map((c) => (
        <section key={c.label} aria-label={c.label} className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
          <p className="text-xs text-slate-500">{c.label}</p>
          <p className={`text-lg font-semibold tabular-nums ${c.money ? moneyTone(c.value) : ""}`} data-value={c.value}>
            {c.money ? formatRupees(c.value) : c.value}
          </p>
        </section>
      ))}
    </div>
  );
}

/** The trade summary of the trade and PNL reports: the four counts, and profit and loss when given. */
export function TradeSummaryCards({
  summary,
}: {
  summary: { totalPnl: string; totalTrades: number; profitableTrades: number; lossTrades: number; totalProfit?: string; totalLoss?: string };
}) {
  const cards: { label: string; value: number | string; money?: boolean }[] = [
    { label: "Total PNL", value: summary.totalPnl, money: true },
    { label: "Total Trades", value: summary.totalTrades },
    { label: "Total Profitable Trades", value: summary.profitableTrades },
    { label: "Total Loss Trades", value: summary.lossTrades },
  ];
  if (summary.totalProfit !== undefined) cards.push({ label: "Total Profit", value: summary.totalProfit, money: true });
  if (summary.totalLoss !== undefined) cards.push({ label: "Total Loss", value: summary.totalLoss, money: true });
  return <SummaryCards cards={cards} />;
}

/**
 * The Filters dropdown: Start Date and End Date (the end picker's minimum is the start) and
 * Apply. With JavaScript, Apply stays disabled until both dates are set (unless `alwaysApply`,
 * the user report); without it the server drops a half-filled range and says so.
 */
export function DateFilters({
  startDate,
  endDate,
  alwaysApply = false,
  prefix = "",
  label = "Filters",
}: {
  startDate?: string;
  endDate?: string;
  alwaysApply?: boolean;
  prefix?: string;
  label?: string;
}) {
  const hydrated = useHydrated();
  const [start, setStart] = useState(startDate ?? "");
  const [end, setEnd] = useState(endDate ?? "");
  return (
    <details className="relative" open={Boolean(startDate || endDate) || undefined}>
      <summary className={`${secondaryButtonClass} cursor-pointer list-none`}>{label}</summary>
      <div className="mt-2 flex flex-wrap items-end gap-2 rounded-md border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-900">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Start Date
          <input type="date" name={rangeParamNames(prefix).start} value={start} onChange={(e) => setStart(e.target.value)} className={controlClass} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          End Date
          <input type="date" name={rangeParamNames(prefix).end} value={end} min={start || undefined} onChange={(e) => setEnd(e.target.value)} className={controlClass} />
        </label>
        <button type="submit" className={buttonClass} disabled={hydrated && !alwaysApply && (start === "" || end === "")}>
          Apply
        </button>
      </div>
    </details>
  );
}

export function ExportLinks({ basePath, query }: { basePath: string; query: string }) {
  const href = (format: string) => `${basePath}?${query ? `${query}&` : ""}format=${format}`;
  return (
    <div className="flex gap-2">
      <a href={href("xlsx")} download className={secondaryButtonClass}>
        Excel
      </a>
      <a href={href("pdf")} download className={secondaryButtonClass}>
        Pdf
      </a>
    </div>
  );
}

export function FilterNotice({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="mb-2 text-sm text-red-600">
      {message}
    </p>
  ) : null;
}

/** The reports' Username filter (a GET field `userId`; empty = all users). */
export function UserFilter({ choices, value }: { choices: readonly { id: number; label: string }[]; value: number | string | null | undefined }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      Username
      <select name="userId" defaultValue={value ?? ""} className={controlClass}>
        <option value="">All users</option>
        {choices.map((u) => (
          <option key={u.id} value={u.id}>
            {u.label}
          </option>
        ))}
      </select>
    </label>
  );
}
