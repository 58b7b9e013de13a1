import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { checkOnSubmit } from "~/components/ui/zod-form";
import { Form, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { CheckboxField, controlClass, FormErrors, SubmitButton, TextField, TextareaField } from "~/components/ui/field";
import { NumberField, SelectField } from "~/components/ui/select-field";
import { ROLE_NAMES, type RoleId } from "~/domain/access";
import { CHAVI_TYPES, chaviSchema } from "~/schemas/chavi";

export interface ChaviDefaults {
  name?: string;
  displayName?: string;
  description?: string;
  type?: string;
  srNo?: string;
  userIds: number[];
  isactive?: boolean;
}

export function ChaviForm({
  mode,
  users,
  defaults,
  lastResult,
}: {
  mode: "create" | "edit";
  users: { id: number; name: string; username: string; roleId: RoleId }[];
  defaults: ChaviDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const selectRef = useRef<HTMLSelectElement>(null);
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      name: defaults.name ?? "",
      displayName: defaults.displayName ?? "",
      description: defaults.description ?? "",
      type: defaults.type ?? "",
      srNo: defaults.srNo ?? "",
      isactive: defaults.isactive ? "on" : undefined,
    },
    ...checkOnSubmit(chaviSchema),
  });
  const posted = lastResult?.initialValue as Record<string, unknown> | undefined;
  const chosen = posted ? [posted.userIds].flat().filter(Boolean).map(String) : defaults.userIds.map(String);
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" field={fields.name} autoComplete="off" />
        <TextField label="Display Name" field={fields.displayName} autoComplete="off" />
        <SelectField label="Type" field={fields.type} placeholder="Select a type" options={CHAVI_TYPES.map((t) => ({ value: t, label: t }))} />
        <NumberField label="Sr No" field={fields.srNo} />
      </div>
      <TextareaField label="Description" field={fields.description} rows={2} />
      <div className="flex flex-col gap-1">
        <label htmlFor="chavi-users" className="text-sm font-medium">
          User
        </label>
        <select id="chavi-users" ref={selectRef} name="userIds" multiple size={Math.min(8, Math.max(3, users.length))} defaultValue={chosen} className={controlClass}>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} ({u.username}, {ROLE_NAMES[u.roleId]})
            </option>
          ))}
        </select>
        <label className="flex items-center gap-2 text-sm">
          <input
            {...getInputProps(fields.allUsers, { type: "checkbox" })}
            key={fields.allUsers.key}
            onChange={(e) => {
              // With JavaScript the list shows the choice too; the server honours the box either way.
              for (const option of Array.from(selectRef.current?.options ?? [])) option.selected = e.currentTarget.checked;
            }}
          />
          Select All
        </label>
      </div>
      {mode === "edit" ? (
        <CheckboxField label="On" field={fields.isactive} />
      ) : (
        <input type="hidden" name="isactive" value="on" />
      )}
      <div>
        <SubmitButton pending={navigation.state === "submitting"}>Save</SubmitButton>
      </div>
    </Form>
  );
}
