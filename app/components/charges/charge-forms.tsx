// The /charges forms (docs/decisions/173): a segment's dated rates (role 1) and a user's own
// brokerage plan. Both post plain forms; the server's schema gives every message.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { checkOnSubmit } from "~/components/ui/zod-form";
import { FormErrors, SavingButton, TextField, type AnyField } from "~/components/ui/field";
import { NumberField, SelectField } from "~/components/ui/select-field";
import { CHARGE_SEGMENT_LABELS, CHARGE_SEGMENTS, shownRate, type BrokeragePlan, type ChargeRates } from "~/domain/charges";

const RATE_FIELDS = ["sttBuy", "sttSell", "exchange", "sebi", "stampBuy", "gst"] as const;
import { BROKERAGE_KINDS, brokeragePlanSchema, chargeRatesSchema } from "~/schemas/charges";

const KIND_LABELS: Record<(typeof BROKERAGE_KINDS)[number], string> = { flat: "Flat rupees per order", percent: "Percentage of the order, up to a cap" };

/** The plan's fields as the forms start them. */
export function planDefaults(plan: BrokeragePlan | null | undefined) {
  if (!plan) return { brokerageKind: "", brokerageValue: "", brokerageCap: "" };
  return plan.kind === "flat"
    ? { brokerageKind: "flat", brokerageValue: shownRate(plan.perOrder), brokerageCap: "" }
    : { brokerageKind: "percent", brokerageValue: shownRate(plan.rate), brokerageCap: plan.cap === null ? "" : shownRate(plan.cap) };
}

function BrokerageFields({ fields }: { fields: Record<"brokerageKind" | "brokerageValue" | "brokerageCap", AnyField> }) {
  return (
    <>
      <SelectField label="Brokerage" field={fields.brokerageKind} placeholder="Choose a plan" options={BROKERAGE_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))} />
      <NumberField label="Rupees per order, or per cent of the order" field={fields.brokerageValue as AnyField} />
      <NumberField label="Cap per order in rupees (percentage plans; blank for none)" field={fields.brokerageCap as AnyField} />
    </>
  );
}

function useSaving() {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
}

export function ChargeRatesForm({ defaults, lastResult }: { defaults: ChargeRates | null; lastResult: SubmissionResult<string[]> | undefined }) {
  const saving = useSaving();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: defaults
      ? {
          segment: defaults.segment,
          effectiveFrom: defaults.effectiveFrom,
          ...Object.fromEntries(RATE_FIELDS.map((name) => [name, shownRate(defaults[name])])),
          ...planDefaults(defaults.brokerage),
        }
      : { segment: "", effectiveFrom: "", sttBuy: "", sttSell: "", exchange: "", sebi: "", stampBuy: "", gst: "", ...planDefaults(null) },
    ...checkOnSubmit(chargeRatesSchema),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <SelectField label="Segment" field={fields.segment} placeholder="Select a segment" options={CHARGE_SEGMENTS.map((s) => ({ value: s, label: CHARGE_SEGMENT_LABELS[s] }))} />
      <TextField label="In force from" field={fields.effectiveFrom as never} type="date" />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium">Rates, per cent of the value</legend>
        <NumberField label="STT on buys %" field={fields.sttBuy as AnyField} />
        <NumberField label="STT on sells %" field={fields.sttSell as AnyField} />
        <NumberField label="Exchange transaction charge %" field={fields.exchange as AnyField} />
        <NumberField label="SEBI fee %" field={fields.sebi as AnyField} />
        <NumberField label="Stamp duty on buys %" field={fields.stampBuy as AnyField} />
        <NumberField label="GST %" field={fields.gst as AnyField} />
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">Default brokerage (users without a plan of their own)</legend>
        <BrokerageFields fields={fields as never} />
      </fieldset>
      <div>
        <SavingButton saving={saving}>Save</SavingButton>
      </div>
    </Form>
  );
}

export function BrokeragePlanForm({ plan, lastResult }: { plan: BrokeragePlan | null; lastResult: SubmissionResult<string[]> | undefined }) {
  const saving = useSaving();
  const [form, fields] = useForm({ lastResult, defaultValue: { intent: "save-plan", ...planDefaults(plan) }, ...checkOnSubmit(brokeragePlanSchema) });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex max-w-xl flex-col gap-3">
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="save-plan" />
      <BrokerageFields fields={fields as never} />
      <div className="flex flex-wrap gap-2">
        <SavingButton saving={saving}>Save my plan</SavingButton>
      </div>
    </Form>
  );
}
