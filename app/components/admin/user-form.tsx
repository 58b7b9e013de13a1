// The user modal (docs/product-rules.md R-AC2 User List, R-AC4, R-AC5): Name, User Name, Email Address,
// Password (create only), Role, a multi-select Sector that loads the sectors' symbols, a symbol
// checklist with Select All, chips for the chosen symbols, Active/Inactive (edit only) and the
// subscription dates. Without JavaScript "Show symbols" and "Select All" are submit buttons that
// re-render the form on the server; with JavaScript a fetcher loads the symbols.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { checkOnSubmit } from "~/components/ui/zod-form";
import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { FieldErrors, FormErrors, SubmitButton, TextField, controlClass } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { ROLE_NAMES, type RoleId } from "~/domain/access";
import { createUserSchema, updateUserSchema, type UserFormDefaults } from "~/schemas/user-admin";
import { secondaryButtonClass } from "./admin-ui";
import { useHydrated } from "~/components/ui/use-hydrated";

interface SymbolOption {
  id: number;
  symbolCode: string;
  sectorId: number | null;
}

interface UserFormChoices {
  sectors: { id: number; sectorName: string }[];
  symbols: SymbolOption[];
  chosenSymbols: SymbolOption[];
}

/**
 * The user form of the create and edit dialogs: from what the page loaded or, once a role or
 * sector choice has redrawn it, from the action's preview (its choices and the values so far);
 * after a refused save, with that result.
 */
export function UserFormFromAnswer({
  mode,
  loaded,
  answer,
  formKey,
}: {
  mode: "create" | "edit";
  loaded: UserFormChoices & { roles: RoleId[]; defaults: UserFormDefaults };
  answer: { preview: UserFormDefaults; options: UserFormChoices } | SubmissionResult<string[]> | undefined;
  /** Remounts the form when it shows another user (a preview remounts it by its values). */
  formKey: string;
}) {
  const preview = answer && "preview" in answer ? answer : null;
  const lastResult = answer && !("preview" in answer) ? answer : undefined;
  const options = preview?.options ?? loaded;
  return (
    <UserForm
      key={preview ? JSON.stringify(preview.preview) : formKey}
      mode={mode}
      roles={loaded.roles}
      sectors={options.sectors}
      symbols={options.symbols}
      chosenSymbols={options.chosenSymbols}
      defaults={preview?.preview ?? loaded.defaults}
      lastResult={lastResult}
    />
  );
}

export function UserForm({
  mode,
  roles,
  sectors,
  symbols,
  chosenSymbols,
  defaults,
  lastResult,
}: {
  mode: "create" | "edit";
  roles: RoleId[];
  sectors: { id: number; sectorName: string }[];
  /** The checklist: symbols of the chosen sectors (all active symbols when none). */
  symbols: SymbolOption[];
  /** Every chosen symbol (for chips), also those outside the checklist. */
  chosenSymbols: SymbolOption[];
  defaults: UserFormDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const schema = mode === "create" ? createUserSchema : updateUserSchema;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      roleId: defaults.roleId ?? "4",
      name: defaults.name ?? "",
      username: defaults.username ?? "",
      email: defaults.email ?? "",
      status: defaults.status ? "on" : undefined,
      dateSubscribed: defaults.dateSubscribed ?? "",
      dateExpired: defaults.dateExpired ?? "",
    },
    ...checkOnSubmit(schema),
  });

  // After a refused save (a fresh page without JavaScript) the posted choices come back in lastResult.
  const posted = lastResult?.initialValue as Record<string, unknown> | undefined;
  const [sectorIds, setSectorIds] = useState<number[]>(() => (posted ? idsOf(posted.sectorIds) : defaults.sectorIds));
  const [selected, setSelected] = useState<Set<number>>(() => new Set(posted ? idsOf(posted.symbolIds) : defaults.symbolIds));
  const [known, setKnown] = useState<Map<number, SymbolOption>>(() => new Map([...chosenSymbols, ...symbols].map((s) => [s.id, s])));
  const fetcher = useFetcher<{ symbols: SymbolOption[] }>();
  const checklist = fetcher.data?.symbols ?? symbols;

  useEffect(() => {
    if (!fetcher.data) return;
    setKnown((prev) => new Map([...prev, ...fetcher.data!.symbols.map((s) => [s.id, s] as const)]));
  }, [fetcher.data]);

  const onSectorsChange = (event: React.ChangeEvent<HTMLSelectElement>) => {
    const ids = Array.from(event.currentTarget.selectedOptions, (o) => Number(o.value));
    setSectorIds(ids);
    // Clearing the sectors resets the symbol selection (docs/product-rules.md R-AC4).
    if (ids.length === 0) setSelected(new Set());
    const params = new URLSearchParams(ids.map((id) => ["sectorIds", String(id)]));
    fetcher.load(`/users/sector-symbols?${params}`);
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allChecked = checklist.length > 0 && checklist.every((s) => selected.has(s.id));
  const visibleIds = useMemo(() => new Set(checklist.map((s) => s.id)), [checklist]);
  const chips = [...selected].map((id) => known.get(id)).filter((s): s is SymbolOption => Boolean(s));
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
      {/* Enter in a field saves: the first submit button of a form is the one Enter presses. */}
      <button type="submit" name="intent" value="save" className="hidden" tabIndex={-1} aria-hidden="true" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" field={fields.name} autoComplete="off" />
        <TextField label="User Name" field={fields.username} autoComplete="off" />
        <TextField label="Email Address" field={fields.email} type="email" autoComplete="off" />
        {mode === "create" ? (
          <TextField label="Password" field={(fields as typeof fields & { password: typeof fields.name }).password} type="password" autoComplete="new-password" />
        ) : null}
        <SelectField label="Role" field={fields.roleId} placeholder="Select a role" options={roles.map((r) => ({ value: String(r), label: ROLE_NAMES[r] }))} />
        <TextField label="Subscribed Date" field={fields.dateSubscribed} type="date" />
        <TextField label="Expiry Date" field={fields.dateExpired} type="date" />
      </div>

      <div className="flex flex-col gap-1">
        <label htmlFor="user-sectors" className="text-sm font-medium">
          Sector
        </label>
        <div className="flex items-start gap-2">
          <select
            id="user-sectors"
            name="sectorIds"
            multiple
            size={Math.min(6, Math.max(3, sectors.length))}
            defaultValue={sectorIds.map(String)}
            onChange={onSectorsChange}
            aria-invalid={fields.sectorIds.errors?.length ? true : undefined}
            aria-describedby={fields.sectorIds.errors?.length ? fields.sectorIds.errorId : undefined}
            className={`${controlClass} min-w-56`}
          >
            {sectors.map((s) => (
              <option key={s.id} value={s.id}>
                {s.sectorName}
              </option>
            ))}
          </select>
          {hydrated ? null : (
            <button type="submit" name="intent" value="show-symbols" formNoValidate className={secondaryButtonClass}>
              Show symbols
            </button>
          )}
        </div>
        <p className="text-xs text-muted">
          {sectorIds.length === 0 ? "No sector chosen: all active symbols are listed." : "Symbols of the chosen sectors are listed."}
        </p>
        <FieldErrors id={fields.sectorIds.errorId} errors={fields.sectorIds.errors} />
      </div>

      <fieldset className="flex flex-col gap-2" aria-describedby={fields.symbolIds.errors?.length ? fields.symbolIds.errorId : undefined}>
        <legend className="text-sm font-medium">Symbols</legend>
        {chips.length > 0 ? (
          <ul aria-label="Chosen symbols" className="flex flex-wrap gap-1">
            {chips.map((s) => (
              <li key={s.id} className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-900 dark:bg-blue-900 dark:text-blue-100">
                {s.symbolCode}
              </li>
            ))}
          </ul>
        ) : null}
        {hydrated ? (
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              checked={allChecked}
              onChange={(e) => {
                // Read now: React clears the event's currentTarget once the handler returns,
                // before the state updater runs.
                const on = e.currentTarget.checked;
                setSelected((prev) => {
                  const next = new Set(prev);
                  for (const s of checklist) {
                    if (on) next.add(s.id);
                    else next.delete(s.id);
                  }
                  return next;
                });
              }}
            />
            Select All
          </label>
        ) : (
          <button type="submit" name="intent" value="select-all" formNoValidate className={`${secondaryButtonClass} self-start`}>
            Select All
          </button>
        )}
        <div className="grid max-h-64 grid-cols-2 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-3 dark:border-slate-800">
          {checklist.length === 0 ? <p className="text-sm text-muted">No Data Found</p> : null}
          {checklist.map((s) => (
            <label key={s.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="symbolIds"
                value={s.id}
                checked={hydrated ? selected.has(s.id) : undefined}
                defaultChecked={hydrated ? undefined : selected.has(s.id)}
                onChange={(e) => toggle(s.id, e.currentTarget.checked)}
              />
              {s.symbolCode}
            </label>
          ))}
        </div>
        {/* Chosen symbols outside the listed sectors stay chosen. */}
        {[...selected]
          .filter((id) => !visibleIds.has(id))
          .map((id) => (
            <input key={id} type="hidden" name="symbolIds" value={id} />
          ))}
        <FieldErrors id={fields.symbolIds.errorId} errors={fields.symbolIds.errors} />
      </fieldset>

      {mode === "edit" ? (
        <label className="flex items-center gap-2 text-sm font-medium">
          <input {...getInputProps((fields as typeof fields & { status: typeof fields.name }).status, { type: "checkbox" })} />
          Active
        </label>
      ) : null}

      <div>
        <SubmitButton name="intent" value="save" pending={pending}>
          {pending ? "Saving…" : "Save"}
        </SubmitButton>
      </div>
    </Form>
  );
}

function idsOf(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map(Number).filter((n) => Number.isInteger(n) && n > 0);
}
