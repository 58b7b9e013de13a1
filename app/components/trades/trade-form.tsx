// The trade create/edit form: a page without JavaScript, the body of a dialog with it. The same
// Zod schema checks it in the browser and on the server. Changing the trade type clears the
// prices and their errors (docs/product-rules.md R-TD5).
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { checkOnSubmit } from "~/components/ui/zod-form";
import { Form, useNavigation } from "@remix-run/react";
import { controlClass, describedBy, FieldFrame, FormErrors, SavingButton, TextField, type AnyField } from "~/components/ui/field";
import { TradeJournalFields } from "~/components/trades/trade-journal-fields";
import { NumberField, SelectField } from "~/components/ui/select-field";
import { TRADE_TYPES, tradeSchema } from "~/schemas/trade";

export interface TradeFormDefaults {
  symbol?: string;
  tradeType?: string;
  buyPrice?: string;
  sellPrice?: string;
  targetPrice?: string;
  slPrice?: string;
  quantity?: string;
  description?: string;
  reasonToTrade?: string;
  /** The journal's tags (comma-separated) and note. */
  tags?: string;
  note?: string;
  /** Edit only: the status switch (on = open). */
  status?: boolean;
}

const PRICE_FIELDS = ["buyPrice", "sellPrice", "targetPrice", "slPrice"] as const;

export function TradeForm({
  defaults,
  symbols,
  lastResult,
  withStatus,
  submitLabel,
}: {
  defaults: TradeFormDefaults;
  symbols: readonly string[];
  lastResult: SubmissionResult<string[]> | undefined;
  withStatus: boolean;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      ...defaults,
      quantity: defaults.quantity ?? "0",
      status: defaults.status ? "on" : undefined,
    },
    ...checkOnSubmit(tradeSchema),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormErrors id={form.errorId} errors={form.errors} />
      </div>
      <SelectField label="Symbol" field={fields.symbol} placeholder="Select a symbol" options={symbols.map((s) => ({ value: s, label: s }))} />
      <FieldFrame label="Trade Type" field={fields.tradeType}>
        <select
          id={fields.tradeType.id}
          name={fields.tradeType.name}
          defaultValue={fields.tradeType.initialValue as string | undefined}
          key={fields.tradeType.key}
          aria-invalid={fields.tradeType.errors?.length ? true : undefined}
          aria-describedby={describedBy(fields.tradeType)}
          className={controlClass}
          onChange={() => {
            for (const name of PRICE_FIELDS) form.update({ name: fields[name].name, value: "", validated: false });
          }}
        >
          <option value="">Select a trade type</option>
          {TRADE_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </FieldFrame>
      <NumberField label="Buy Price" field={fields.buyPrice} />
      <NumberField label="Sell Price" field={fields.sellPrice} />
      <NumberField label="Target Price" field={fields.targetPrice} />
      <NumberField label="SL Price" field={fields.slPrice} />
      <FieldFrame label="Quantity" field={fields.quantity}>
        <input
          {...getInputProps(fields.quantity, { type: "number", ariaDescribedBy: describedBy(fields.quantity) })}
          key={fields.quantity.key}
          step="1"
          inputMode="numeric"
          className={controlClass}
        />
      </FieldFrame>
      <TextField label="Description" field={fields.description} autoComplete="off" />
      <div className="sm:col-span-2">
        <TextField label="Reason To Trade" field={fields.reasonToTrade} autoComplete="off" />
      </div>
      <TradeJournalFields tags={fields.tags as AnyField} note={fields.note as AnyField} />
      {withStatus ? (
        <label className="flex items-center gap-2 text-sm font-medium">
          <input {...getInputProps(fields.status, { type: "checkbox" })} key={fields.status.key} role="switch" className="h-4 w-4" />
          Status (on = open)
        </label>
      ) : null}
      {/* Kept in view at the foot of a dialog (or the window) while a long form scrolls: a trade's
          edit form is taller than a 1280 x 800 screen's dialog. */}
      <div className="sticky bottom-0 z-10 -mx-1 border-t border-slate-200 bg-white/95 px-1 py-2 dark:border-slate-800 dark:bg-slate-900/95 sm:col-span-2">
        <SavingButton saving={saving}>{submitLabel}</SavingButton>
      </div>
    </Form>
  );
}
