// The alert modal's form (create and edit): one Conform form on the alert schema, so the
// browser gets the constraints and the server the same messages. Role 1 also sees the Master
// Alert and Key Alert switches.
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { checkOnSubmit } from "~/components/ui/zod-form";
import { Form, useNavigation } from "@remix-run/react";
import { controlClass, describedBy, FieldErrors, FieldFrame, FormErrors, TextField, type AnyField } from "~/components/ui/field";
import { NumberField, SelectField } from "~/components/ui/select-field";
import { ALERT_CONDITIONS, ALERT_VIEW_TYPES } from "~/domain/alerts";
import { formatNumber } from "~/domain/format";
import { alertSchema } from "~/schemas/alert";
import { useLiveQuotes } from "~/components/realtime/socket-context";

export interface AlertDefaults {
  name?: string;
  symbol?: string;
  price?: number;
  condition?: string;
  viewType?: string[];
  description?: string;
  note?: string;
  isMasterAlert?: boolean;
  isChaviAlert?: boolean;
}

export function AlertForm({
  defaults,
  symbols,
  lastPrice,
  showAdminSwitches,
  lastResult,
}: {
  defaults: AlertDefaults;
  symbols: string[];
  /** The live price of the prefilled symbol, shown as a hint. */
  lastPrice: number | null;
  showAdminSwitches: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  // The hint follows the live price of the symbol the form opened with.
  const live = useLiveQuotes(defaults.symbol && lastPrice !== null ? [defaults.symbol] : []);
  const shownPrice = (defaults.symbol ? live[defaults.symbol.toUpperCase()]?.last : undefined) ?? lastPrice;
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      name: defaults.name ?? "",
      symbol: defaults.symbol ?? "",
      price: defaults.price === undefined ? "" : String(defaults.price),
      condition: defaults.condition ?? "",
      viewType: defaults.viewType ?? [],
      description: defaults.description ?? "",
      note: defaults.note ?? "",
      isMasterAlert: defaults.isMasterAlert ? "on" : undefined,
      isChaviAlert: defaults.isChaviAlert ? "on" : undefined,
    },
    ...checkOnSubmit(alertSchema),
  });
  const viewTypeField = fields.viewType as unknown as AnyField;
  // After a failed post the boxes show what was sent; otherwise the defaults.
  const chosen = [fields.viewType.initialValue].flat().filter((v): v is string => typeof v === "string");
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label="Name" field={fields.name} autoComplete="off" />
      <SelectField label="Symbol" field={fields.symbol} placeholder="Select a symbol" options={symbols.map((s) => ({ value: s, label: s }))} />
      {shownPrice !== null ? (
        <p className="-mt-2 text-sm text-slate-600 dark:text-slate-300">
          Last price of {defaults.symbol}: <span data-field="last-price" data-value={shownPrice}>{formatNumber(shownPrice)}</span>
        </p>
      ) : null}
      <NumberField label="Price" field={fields.price} />
      <SelectField label="Condition" field={fields.condition} placeholder="Select a condition" options={ALERT_CONDITIONS.map((c) => ({ value: c, label: c }))} />
      <fieldset aria-describedby={describedBy(viewTypeField)}>
        <legend className="mb-1 text-sm font-medium">View Type</legend>
        <div className="flex flex-wrap gap-4">
          {ALERT_VIEW_TYPES.map((v) => (
            <label key={`${v}-${fields.viewType.key ?? ""}`} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={fields.viewType.name} value={v} defaultChecked={chosen.includes(v)} className="h-4 w-4" />
              {v}
            </label>
          ))}
        </div>
        <FieldErrors id={viewTypeField.errorId} errors={viewTypeField.errors} />
      </fieldset>
      <FieldFrame label="Description" field={fields.description as AnyField}>
        <textarea {...getTextareaProps(fields.description, { ariaDescribedBy: describedBy(fields.description as AnyField) })} key={fields.description.key} rows={2} className={controlClass} />
      </FieldFrame>
      <FieldFrame label="Note" field={fields.note as AnyField}>
        <textarea {...getTextareaProps(fields.note)} key={fields.note.key} rows={2} className={controlClass} />
      </FieldFrame>
      {showAdminSwitches ? (
        <div className="flex flex-wrap gap-6">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input {...getInputProps(fields.isMasterAlert, { type: "checkbox" })} key={fields.isMasterAlert.key} role="switch" className="h-4 w-4" />
            Master Alert
          </label>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input {...getInputProps(fields.isChaviAlert, { type: "checkbox" })} key={fields.isChaviAlert.key} role="switch" className="h-4 w-4" />
            Key Alert
          </label>
        </div>
      ) : null}
      <div>
        <button
          type="submit"
          disabled={saving}
          aria-busy={saving}
          className="inline-flex items-center gap-2 rounded-md bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
        >
          {saving ? "Saving…" : "Save"}
        </button>
      </div>
    </Form>
  );
}

