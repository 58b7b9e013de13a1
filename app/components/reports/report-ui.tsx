// Pieces the report screens share: summary cards, the Filters dropdown with start and end
// dates, and the Excel/Pdf download links.
import { useEffect, useState } from "react";
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
import { dateRangeNotice, dateRangeProblem, rangeParamNames, type DateRangeInput } from "~/schemas/report";

/** A filter's label and control that never make a 390 px page wider than the screen (long usernames, date pickers). */
export const narrowLabelClass = "flex min-w-0 max-w-full flex-col gap-1 text-sm font-medium";
export const narrowControlClass = `${controlClass} w-full max-w-full min-w-0`;

/** A card's figure: a count, or money as exact decimal text ("-1234.50"). */
export function SummaryCards({ cards }: { cards: { label: string; value: number | string; money?: boolean }[] }) {
  return (
    <div className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {cards.map((c) => (
        <section key={c.label} aria-label={c.label} className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
          <p className="text-xs text-muted">{c.label}</p>
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
  summary: {
    totalPnl: string;
    totalTrades: number;
    profitableTrades: number;
    lossTrades: number;
    totalProfit?: string;
    totalLoss?: string;
    /** The charges and the PNL after them (docs/decisions/174). */
    totalCharges?: string;
    netPnl?: string;
    /** The PNL split (docs/decisions/171), where the report shows it. */
    realisedPnl?: string;
    unrealisedPnl?: string;
    todayMtm?: string;
  };
}) {
  const cards: { label: string; value: number | string; money?: boolean }[] = [
    { label: "Total PNL", value: summary.totalPnl, money: true },
    { label: "Total Trades", value: summary.totalTrades },
    { label: "Total Profitable Trades", value: summary.profitableTrades },
    { label: "Total Loss Trades", value: summary.lossTrades },
  ];
  if (summary.totalProfit !== undefined) cards.push({ label: "Total Profit", value: summary.totalProfit, money: true });
  if (summary.totalLoss !== undefined) cards.push({ label: "Total Loss", value: summary.totalLoss, money: true });
  if (summary.totalCharges !== undefined) cards.push({ label: "Charges", value: summary.totalCharges, money: true });
  if (summary.netPnl !== undefined) cards.push({ label: "Net PNL", value: summary.netPnl, money: true });
  if (summary.realisedPnl !== undefined) cards.push({ label: "Realised PNL", value: summary.realisedPnl, money: true });
  if (summary.unrealisedPnl !== undefined) cards.push({ label: "Unrealised PNL", value: summary.unrealisedPnl, money: true });
  if (summary.todayMtm !== undefined) cards.push({ label: "Today's MTM", value: summary.todayMtm, money: true });
  return <SummaryCards cards={cards} />;
}

/**
 * The Filters dropdown: Start Date and End Date (the end picker's minimum is the start) and
 * Apply.
 *
 * Given the report's parsed `range` (the trade, PNL and min-max reports, whose forms have other
 * filters too), Apply is never disabled: each filter applies on its own and only the date pair
 * needs both ends (docs/decisions/143). A half or reversed pair is named next to the dates: live
 * as the dates change with JavaScript, and from the server (which drops the pair and applies the
 * rest) without it; the days given stay in the fields.
 *
 * Without `range` (the trade analysis charts, whose only filter is the pair), Apply stays disabled
 * with JavaScript until both dates are set, unless `alwaysApply` (the user report).
 */
export function DateFilters({
  startDate,
  endDate,
  range,
  alwaysApply = false,
  prefix = "",
  label = "Filters",
}: {
  startDate?: string;
  endDate?: string;
  range?: DateRangeInput;
  alwaysApply?: boolean;
  prefix?: string;
  label?: string;
}) {
  const hydrated = useHydrated();
  const givenStart = range ? (range.startDate ?? range.entered?.startDate ?? "") : (startDate ?? "");
  const givenEnd = range ? (range.endDate ?? range.entered?.endDate ?? "") : (endDate ?? "");
  const [start, setStart] = useState(givenStart);
  const [end, setEnd] = useState(givenEnd);
  // A new page of the same route (a filter applied with JavaScript) brings new days.
  useEffect(() => {
    setStart(givenStart);
    setEnd(givenEnd);
  }, [givenStart, givenEnd]);
  const names = rangeParamNames(prefix);
  const messageId = `${prefix || "report"}-date-range-message`;
  const problem = range ? (hydrated ? dateRangeProblem(start || undefined, end || undefined) : range.rangeError) : undefined;
  const applyDisabled = !range && hydrated && !alwaysApply && (start === "" || end === "");
  return (
    // Open when the page comes with a date (either end) or with a message about them; only the
    // page's own values decide it (not what is being typed), so the box never closes under the user.
    <details className="relative min-w-0 max-w-full" open={Boolean(givenStart || givenEnd || range?.rangeError) || undefined}>
      <summary className={`${secondaryButtonClass} w-fit cursor-pointer list-none`}>{label}</summary>
      <div className="mt-2 flex max-w-full flex-wrap items-end gap-2 rounded-md border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-900">
        <label className={narrowLabelClass}>
          Start Date
          <input
            type="date"
            name={names.start}
            value={start}
            onChange={(e) => setStart(e.target.value)}
            className={narrowControlClass}
            aria-invalid={problem ? true : undefined}
            aria-describedby={range ? messageId : undefined}
          />
        </label>
        <label className={narrowLabelClass}>
          End Date
          <input
            type="date"
            name={names.end}
            value={end}
            min={start || undefined}
            onChange={(e) => setEnd(e.target.value)}
            className={narrowControlClass}
            aria-invalid={problem ? true : undefined}
            aria-describedby={range ? messageId : undefined}
          />
        </label>
        <button type="submit" className={buttonClass} disabled={applyDisabled}>
          Apply
        </button>
        {range ? (
          <p id={messageId} aria-live="polite" className="basis-full text-sm text-red-600 empty:hidden dark:text-red-400">
            {problem ? dateRangeNotice(problem) : ""}
          </p>
        ) : null}
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
    <p role="alert" className="mb-2 text-sm text-red-600 dark:text-red-400">
      {message}
    </p>
  ) : null;
}

/** The reports' Username filter (a GET field `userId`; empty = all users). */
export function UserFilter({ choices, value }: { choices: readonly { id: number; label: string }[]; value: number | string | null | undefined }) {
  return (
    <label className={narrowLabelClass}>
      Username
      <select name="userId" defaultValue={value ?? ""} className={narrowControlClass}>
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
