// The Add/Edit Suggestion modal: Symbol and Trend, Cancel and Add/Update (docs/product-rules.md R-TD4).
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { checkOnSubmit } from "~/components/ui/zod-form";
import { Form, Link, useNavigation } from "@remix-run/react";
import { FormErrors } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { symbolSuggestionSchema, TRENDS } from "~/schemas/symbol-suggestion";
import { secondaryButtonClass } from "./admin-ui";

export function SuggestionForm({
  defaults,
  symbols,
  lastResult,
  submitLabel,
  cancelTo,
}: {
  defaults: { symbolId?: string; trends?: string };
  symbols: readonly { id: number; symbolCode: string }[];
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: "Add" | "Update";
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: defaults,
    ...checkOnSubmit(symbolSuggestionSchema),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <SelectField label="Symbol" field={fields.symbolId} placeholder="Select a script" options={symbols.map((s) => ({ value: String(s.id), label: s.symbolCode }))} />
      <SelectField label="Trend" field={fields.trends} placeholder="Select a trend" options={TRENDS.map((t) => ({ value: t, label: t }))} />
      <div className="flex gap-2">
        <Link to={cancelTo} className={secondaryButtonClass}>
          Cancel
        </Link>
        <button type="submit" disabled={saving} className="rounded-md bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-60">
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
