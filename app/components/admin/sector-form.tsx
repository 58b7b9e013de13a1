import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { checkOnSubmit } from "~/components/ui/zod-form";
import { Form, useNavigation } from "@remix-run/react";
import { CheckboxField, FormErrors, SubmitButton, TextField, TextareaField } from "~/components/ui/field";
import { sectorSchema } from "~/schemas/catalogue";

export function SectorForm({
  mode,
  defaults,
  lastResult,
}: {
  mode: "create" | "edit";
  defaults: { name?: string; description?: string; status?: boolean };
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { name: defaults.name ?? "", description: defaults.description ?? "", status: defaults.status ? "on" : undefined },
    ...checkOnSubmit(sectorSchema),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label="Name" field={fields.name} autoComplete="off" />
      <TextareaField label="Description" field={fields.description} rows={3} />
      {mode === "edit" ? <CheckboxField label="On" field={fields.status} /> : null}
      <div>
        <SubmitButton pending={navigation.state === "submitting"}>Save</SubmitButton>
      </div>
    </Form>
  );
}
