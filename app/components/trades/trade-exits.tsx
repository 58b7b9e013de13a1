// Partial exits on a trade's page (docs/decisions/171): the small form that closes part of the
// open units (a plain POST form, checked by the same schema in the browser when JavaScript runs)
// and the exits' history with the trade's realised / unrealised split.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { checkOnSubmit } from "~/components/ui/zod-form";
import { controlClass, describedBy, FieldFrame, FormErrors, SavingButton } from "~/components/ui/field";
import { NumberField } from "~/components/ui/select-field";
import { moneyTone } from "~/components/reports/report-ui";
import { formatNumber, formatRupees } from "~/domain/format";
import { tradeExitSchema } from "~/schemas/trade-exit";

export interface ExitHistoryView {
  exits: { id: number; quantity: number; price: number; exitedAt: string; pnl: string }[];
  realised: string;
  unrealised: string;
  pnl: string;
  todayMtm: string;
  openQuantity: number;
  quantity: number;
  open: boolean;
}

/** Close part of the open units at a price and an IST time (blank: now). Posts to the page's own action with intent=exit. */
export function TradeExitForm({ openQuantity, lastResult, defaultPrice }: { openQuantity: number; lastResult: SubmissionResult<string[]> | undefined; defaultPrice?: string }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "exit";
  const [form, fields] = useForm({ lastResult, defaultValue: { quantity: "", price: defaultPrice ?? "", exitedAt: "" }, ...checkOnSubmit(tradeExitSchema) });
  return (
    <Form method="post" {...getFormProps(form)} noValidate aria-label="Exit part of the trade" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <input type="hidden" name="intent" value="exit" />
      <div className="sm:col-span-3">
        <FormErrors id={form.errorId} errors={form.errors} />
      </div>
      <FieldFrame label="Exit quantity" field={fields.quantity}>
        <input
          {...getInputProps(fields.quantity, { type: "number", ariaDescribedBy: describedBy(fields.quantity) })}
          key={fields.quantity.key}
          min={1}
          max={openQuantity}
          step="1"
          inputMode="numeric"
          className={controlClass}
        />
      </FieldFrame>
      <NumberField label="Exit price" field={fields.price} />
      <FieldFrame label="Exit time (IST, blank: now)" field={fields.exitedAt}>
        <input {...getInputProps(fields.exitedAt, { type: "datetime-local", ariaDescribedBy: describedBy(fields.exitedAt) })} key={fields.exitedAt.key} className={controlClass} />
      </FieldFrame>
      <div className="sm:col-span-3">
        <SavingButton saving={saving}>Record exit</SavingButton>
      </div>
    </Form>
  );
}

/** The trade's PNL split and its exits, oldest first: time (IST), units, price, PNL. */
export function TradeExitHistory({ view }: { view: ExitHistoryView }) {
  return (
    <section aria-labelledby="exit-history-title" className="flex flex-col gap-2">
      <h3 id="exit-history-title" className="text-base font-semibold">
        Exits
      </h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4" data-testid="pnl-split">
        <Figure label="Realised PNL" value={view.realised} />
        <Figure label="Unrealised PNL" value={view.unrealised} />
        <Figure label="Today's MTM" value={view.todayMtm} />
        <div>
          <dt className="text-muted">Open quantity</dt>
          <dd className="tabular-nums">
            {formatNumber(view.openQuantity, 0)} of {formatNumber(view.quantity, 0)}
          </dd>
        </div>
      </dl>
      {view.exits.length === 0 ? (
        <p className="text-sm text-muted">No exits yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Exits of this trade</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="px-2 py-1">
                  Time (IST)
                </th>
                <th scope="col" className="px-2 py-1 text-right">
                  Units
                </th>
                <th scope="col" className="px-2 py-1 text-right">
                  Price
                </th>
                <th scope="col" className="px-2 py-1 text-right">
                  PNL
                </th>
              </tr>
            </thead>
            <tbody>
              {view.exits.map((exit) => (
                <tr key={exit.id} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="px-2 py-1 tabular-nums">{exit.exitedAt}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{formatNumber(exit.quantity, 0)}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{formatNumber(exit.price)}</td>
                  <td className={`px-2 py-1 text-right tabular-nums ${moneyTone(exit.pnl)}`}>{formatRupees(exit.pnl)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className={`tabular-nums ${moneyTone(value)}`}>{formatRupees(value)}</dd>
    </div>
  );
}
