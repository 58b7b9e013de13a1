// Fields for values that are not free text, wired to a Conform field like field.tsx's TextField:
// a labelled <select> (its placeholder option submits an empty value) and a number input.
import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "./field";

const controlClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm outline-none focus:border-blue-500 focus:ring-2 focus:ring-blue-200 aria-[invalid=true]:border-red-500 dark:border-slate-700 dark:bg-slate-900";

// Any field shape: the value is read from the form as text either way.
type AnyField = FieldMetadata<any, any, string[]>;

export function SelectField({
  label,
  field,
  placeholder,
  options,
}: {
  label: string;
  field: AnyField;
  placeholder: string;
  options: readonly { value: string; label: string }[];
}) {
  const errorId = field.errors?.length ? field.errorId : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="text-sm font-medium">
        {label}
      </label>
      <select {...getSelectProps(field, { ariaDescribedBy: errorId })} key={field.key} className={controlClass}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A decimal number input (step "any", so 1.5 is accepted by the browser too). */
export function NumberField({ label, field }: { label: string; field: AnyField }) {
  const errorId = field.errors?.length ? field.errorId : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="text-sm font-medium">
        {label}
      </label>
      <input
        {...getInputProps(field, { type: "number", ariaDescribedBy: errorId })}
        key={field.key}
        step="any"
        inputMode="decimal"
        className={controlClass}
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
