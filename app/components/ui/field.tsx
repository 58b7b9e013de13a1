// A labelled input with its error messages, wired to a Conform field. The constraint
// attributes (required, pattern, min) come from the Zod schema, so the browser checks them
// even without JavaScript; the server checks again.
import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";

export const controlClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm outline-none focus:border-blue-500 focus:ring-2 focus:ring-blue-200 aria-[invalid=true]:border-red-500 dark:border-slate-700 dark:bg-slate-900";

// Any field shape: the value is read from the form as text either way.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any, any, string[]>;

/** The label above a control and its errors below: every field's frame. */
export function FieldFrame({ label, field, children }: { label: string; field: AnyField; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The aria-describedby value of a field: its error list, when it has errors. */
export function describedBy(field: AnyField): string | undefined {
  return field.errors?.length ? field.errorId : undefined;
}

export function TextField({
  label,
  field,
  type = "text",
  autoComplete,
  inputMode,
  autoFocus,
}: {
  label: string;
  field: FieldMetadata<string | undefined>;
  type?: "text" | "email" | "password" | "date" | "number";
  autoComplete?: string;
  inputMode?: "numeric" | "text" | "email" | "decimal";
  autoFocus?: boolean;
}) {
  return (
    <FieldFrame label={label} field={field as AnyField}>
      <input
        {...getInputProps(field, { type, ariaDescribedBy: describedBy(field as AnyField) })}
        key={field.key}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoFocus={autoFocus}
        className={controlClass}
      />
    </FieldFrame>
  );
}

/** A labelled multi-line text field (descriptions, notes, scripts). */
export function TextareaField({ label, field, rows, lang }: { label: string; field: AnyField; rows: number; lang?: string }) {
  return (
    <FieldFrame label={label} field={field}>
      <textarea {...getTextareaProps(field)} key={field.key} rows={rows} lang={lang} className={controlClass} />
    </FieldFrame>
  );
}

/** A checkbox with its label after it (an edit form's "On" switch). */
export function CheckboxField({ label, field }: { label: string; field: AnyField }) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium">
      <input {...getInputProps(field, { type: "checkbox" })} key={field.key} />
      {label}
    </label>
  );
}

export function FieldErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="text-sm text-red-600 dark:text-red-400">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-800 dark:bg-red-950 dark:text-red-300">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

/** While saving, the button is disabled and shows a spinner and "Saving…" (docs/product-rules.md R-AC2). */
export function SavingButton({ saving, children }: { saving: boolean; children: React.ReactNode }) {
  return (
    <button
      type="submit"
      disabled={saving}
      aria-busy={saving}
      className="inline-flex items-center gap-2 rounded-md bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
    >
      {saving ? <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent" /> : null}
      {saving ? "Saving…" : children}
    </button>
  );
}

export function SubmitButton({ children, pending, name, value }: { children: React.ReactNode; pending?: boolean; name?: string; value?: string }) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={pending}
      className="rounded-md bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
    >
      {children}
    </button>
  );
}
