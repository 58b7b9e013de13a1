import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { checkOnSubmit } from "~/components/ui/zod-form";
import { Form, useNavigation } from "@remix-run/react";
import { CheckboxField, FormErrors, SubmitButton, TextField, TextareaField } from "~/components/ui/field";
import { NumberField, SelectField } from "~/components/ui/select-field";
import { SEGMENTS, SELECT_SECTOR, symbolSchema } from "~/schemas/catalogue";

export interface SymbolFormDefaults {
  sectorId?: string;
  name?: string;
  description?: string;
  segment?: string;
  lotSize?: string;
  step?: string;
  dagluPer?: string;
  fromDagluPer?: string;
  toDagluPer?: string;
  audioScript?: string;
  status?: boolean;
}

export function SymbolForm({
  mode,
  sectors,
  defaults,
  lastResult,
}: {
  mode: "create" | "edit";
  /** The active sectors, and the symbol's own one when it is switched off (active false). */
  sectors: { id: number; sectorName: string; active: boolean }[];
  defaults: SymbolFormDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { ...defaults, segment: defaults.segment ?? "NSE", status: defaults.status ? "on" : undefined },
    ...checkOnSubmit(symbolSchema),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Sector" field={fields.sectorId} placeholder={SELECT_SECTOR} options={sectors.map((s) => ({ value: String(s.id), label: s.active ? s.sectorName : `${s.sectorName} (inactive)` }))} />
        <TextField label={mode === "edit" ? "Symbol Code" : "Name"} field={fields.name} autoComplete="off" />
        <SelectField label="Segment" field={fields.segment} placeholder="Select a segment" options={SEGMENTS.map((s) => ({ value: s, label: s }))} />
        <NumberField label="Lot Size" field={fields.lotSize} />
        <NumberField label="Step" field={fields.step} />
        <NumberField label="Daglu Percentage" field={fields.dagluPer} />
        <NumberField label="From Daglu Percentage" field={fields.fromDagluPer} />
        <NumberField label="To Daglu Percentage" field={fields.toDagluPer} />
      </div>
      <TextareaField label="Description" field={fields.description} rows={2} />
      <TextareaField label="Audio Script" field={fields.audioScript} rows={2} lang="hi" />
      {mode === "edit" ? <CheckboxField label="On" field={fields.status} /> : null}
      <div>
        <SubmitButton pending={navigation.state === "submitting"}>Save</SubmitButton>
      </div>
    </Form>
  );
}
