// The journal's additions to the trade list (docs/decisions/170): a trade's R, its tags and note,
// the tag filter and the link to the P&L calendar. Kept here so the list's own module stays as it was.
import { Link } from "@remix-run/react";
import { moneyTone } from "~/components/reports/report-ui";
import { controlClass } from "~/components/ui/field";
import { formatNumber, formatRupees } from "~/domain/format";
import { MAX_TAG_LENGTH } from "~/domain/trade-tags";

/** R with its risk in the title; a dash without an SL. */
export function RCell({ r, risk }: { r: string | null; risk: string | null }) {
  return (
    <td className={`n ${r ? moneyTone(r) : ""}`} data-field="r" title={risk ? `Initial risk ${formatRupees(risk)}` : "No stop-loss: no R"}>
      {r ? `${formatNumber(r)}R` : "—"}
    </td>
  );
}

/** A trade's tags as small chips, and its note (shortened; the whole in the title). */
/**
 * A trade's tags and note, under its symbol: the table has no column to spare at 1280 px
 * (docs/decisions/150), and a trade without either shows nothing.
 */
export function TagsAndNote({ tags, note }: { tags: readonly string[]; note: string }) {
  if (tags.length === 0 && !note) return null;
  return (
    <span data-field="tags" className="mt-0.5 flex max-w-[10rem] flex-wrap items-center gap-1 whitespace-normal font-normal">
      {tags.map((tag) => (
        <span key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 text-[0.7rem] dark:bg-slate-800">
          {tag}
        </span>
      ))}
      {note ? (
        <span className="block max-w-[10rem] truncate text-[0.7rem] text-muted" title={note}>
          <span className="sr-only">Note: </span>
          {note}
        </span>
      ) : null}
    </span>
  );
}

/** The tag filter of the list and the calendar: one tag, with the viewer's own tags suggested. */
export function TagFilter({ value, choices }: { value: string | null; choices: readonly string[] }) {
  return (
    <label className="flex max-w-full flex-col gap-1 text-sm font-medium">
      Tag
      <input
        type="search"
        name="tag"
        defaultValue={value ?? ""}
        maxLength={MAX_TAG_LENGTH}
        list={choices.length ? "trade-tag-choices" : undefined}
        placeholder="Any tag"
        autoComplete="off"
        className={`${controlClass} w-36 max-w-full`}
      />
      {choices.length ? (
        <datalist id="trade-tag-choices">
          {choices.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
      ) : null}
    </label>
  );
}

/** The list's link to the calendar of the same filters. */
export function CalendarLink({ search, className }: { search: string; className: string }) {
  return (
    <Link to={`/trades/calendar${search}`} className={className}>
      P&amp;L calendar
    </Link>
  );
}
