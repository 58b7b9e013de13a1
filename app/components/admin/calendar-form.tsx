import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { checkOnSubmit } from "~/components/ui/zod-form";
import { Form, useNavigation } from "@remix-run/react";
import { FormErrors, SavingButton, TextField } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { CALENDAR_FLAGS, CALENDAR_SEGMENTS, calendarSchema } from "~/schemas/calendar";

export interface CalendarDefaults {
  segment?: string;
  note?: string;
  date?: string;
  flags?: Partial<Record<(typeof CALENDAR_FLAGS)[number]["name"], boolean>>;
}

export function CalendarForm({ defaults, lastResult }: { defaults: CalendarDefaults; lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const flagDefaults = Object.fromEntries(CALENDAR_FLAGS.map((f) => [f.name, defaults.flags?.[f.name] ? "on" : undefined]));
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { segment: defaults.segment ?? "", note: defaults.note ?? "", date: defaults.date ?? "", ...flagDefaults },
    ...checkOnSubmit(calendarSchema),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <SelectField label="Segment" field={fields.segment} placeholder="Select a segment" options={CALENDAR_SEGMENTS.map((s) => ({ value: s, label: s }))} />
      <TextField label="Note" field={fields.note} autoComplete="off" />
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium">Days</legend>
        {CALENDAR_FLAGS.map((f) => (
          <label key={f.name} className="flex items-center gap-2 text-sm">
            <input {...getInputProps(fields[f.name], { type: "checkbox" })} key={fields[f.name].key} role="switch" />
            {f.label}
          </label>
        ))}
      </fieldset>
      <TextField label="Date" field={fields.date} type="date" />
      <div>
        <SavingButton saving={saving}>Save</SavingButton>
      </div>
    </Form>
  );
}
