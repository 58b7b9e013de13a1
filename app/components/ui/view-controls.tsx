// The controls of the GET and preference forms that choose what a page shows (symbol, timeframe,
// sector, date): a labelled select or date, and the Show button only a browser without
// JavaScript needs (with it, a change submits the form).
import { SelectOptions } from "./select-field";

const CONTROL_CLASS = "rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900";

export function ViewSelect({
  label,
  name,
  defaultValue,
  options,
  disabled,
}: {
  label: string;
  name: string;
  defaultValue: string | number;
  options: readonly { value: string | number; label: string }[];
  disabled?: boolean;
}) {
  return (
    <label className="flex flex-col text-sm">
      <span className="font-medium">{label}</span>
      <select name={name} defaultValue={defaultValue} disabled={disabled} className={CONTROL_CLASS}>
        <SelectOptions options={options} />
      </select>
    </label>
  );
}

export function ViewDate({ label, name, defaultValue }: { label: string; name: string; defaultValue: string }) {
  return (
    <label className="flex flex-col text-sm">
      <span className="font-medium">{label}</span>
      <input type="date" name={name} defaultValue={defaultValue} className={CONTROL_CLASS} />
    </label>
  );
}

/** Sends the form where JavaScript is off; with it, the form submits on change. */
export function NoScriptShow() {
  return (
    <noscript>
      <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm">
        Show
      </button>
    </noscript>
  );
}
