import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "~/schemas/parse";
import { Form, useNavigation } from "@remix-run/react";
import { controlClass, FieldFrame, FormErrors, SubmitButton, TextField } from "~/components/ui/field";
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
    constraint: getZodConstraint(sectorSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sectorSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label="Name" field={fields.name} autoComplete="off" />
      <FieldFrame label="Description" field={fields.description}>
        <textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={3} className={controlClass} />
      </FieldFrame>
      {mode === "edit" ? (
        <label className="flex items-center gap-2 text-sm font-medium">
          <input {...getInputProps(fields.status, { type: "checkbox" })} key={fields.status.key} />
          On
        </label>
      ) : null}
      <div>
        <SubmitButton pending={navigation.state === "submitting"}>Save</SubmitButton>
      </div>
    </Form>
  );
}
