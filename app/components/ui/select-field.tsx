// Fields for values that are not free text, wired to a Conform field like field.tsx's TextField:
// a labelled <select> (its placeholder option submits an empty value) and a number input.
import { getInputProps, getSelectProps } from "@conform-to/react";
import { controlClass, describedBy, FieldFrame, type AnyField } from "./field";

/** A select's choices, one <option> each. */
export function SelectOptions({ options }: { options: readonly { value: string | number; label: string }[] }) {
  return (
    <>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}

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
  return (
    <FieldFrame label={label} field={field}>
      <select {...getSelectProps(field, { ariaDescribedBy: describedBy(field) })} key={field.key} className={controlClass}>
        <option value="">{placeholder}</option>
        <SelectOptions options={options} />
      </select>
    </FieldFrame>
  );
}

/** A labelled <select> of a GET filter form (no Conform); `placeholder` is the empty "all" choice. */
export function FilterSelect({
  label,
  name,
  value,
  placeholder,
  options,
}: {
  label: string;
  name: string;
  value: string;
  placeholder?: string;
  options: readonly { value: string | number; label: string }[];
}) {
  return (
    // max-w-full: a long option (a sector's name) must not widen a phone's page past its screen.
    <label className="flex max-w-full flex-col gap-1 text-sm font-medium">
      {label}
      <select name={name} defaultValue={value} className={`${controlClass} max-w-full`}>
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        <SelectOptions options={options} />
      </select>
    </label>
  );
}

/** A decimal number input (step "any", so 1.5 is accepted by the browser too). */
export function NumberField({ label, field }: { label: string; field: AnyField }) {
  return (
    <FieldFrame label={label} field={field}>
      <input
        {...getInputProps(field, { type: "number", ariaDescribedBy: describedBy(field) })}
        key={field.key}
        step="any"
        inputMode="decimal"
        className={controlClass}
      />
    </FieldFrame>
  );
}
