// The 'BroadCast Message' dialog: in the chat (role 1) and as /broadcast/message/new. It is a
// URL, so it opens without JavaScript; the form posts to /broadcast/message/new and comes back
// to `returnTo`. Who it goes to (docs/decisions/146): everyone, chosen roles, or chosen users.
// The user picker is search-then-tick: "Search users" submits the whole form by GET to
// /broadcast/message/new, which answers with what was typed and ticked plus the users found, so
// it works without JavaScript; with it, only the part of the chosen audience shows, in the app's
// Modal (docs/decisions/149).
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { checkOnSubmit } from "~/components/ui/zod-form";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { ALL_ROLES, ROLE_NAMES } from "~/domain/access";
import type { BroadcastAudience } from "~/domain/chat";
import { broadcastSchema } from "~/schemas/chat";
import { controlClass, FieldErrors, FormErrors, SubmitButton } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { Modal } from "~/components/ui/modal";
import type { BroadcastDraft } from "~/services/broadcasts.server";

const EMPTY_DRAFT: BroadcastDraft = { message: "", audience: "everyone", roles: [], chosen: [], search: "", found: [], searched: false };

const AUDIENCE_LABELS: Record<BroadcastAudience, string> = {
  everyone: "Everyone",
  roles: "Chosen roles",
  users: "Chosen users",
};

/** What a refused post sent back (a single value or several), as text. */
function postedValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" ? [value] : [];
}

export function BroadcastDialog({
  returnTo,
  closeHref,
  lastResult,
  draft = EMPTY_DRAFT,
}: {
  returnTo: string;
  closeHref: string;
  /** The action's answer when the page itself was the post's result. */
  lastResult?: SubmissionResult<string[]> | null;
  /** The form as the URL left it (the picker's search); empty when opened fresh. */
  draft?: BroadcastDraft;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  // On the form's own page the post keeps the picker's URL, so a refused post still lists the
  // users found and ticked (the page's loader reads them from there).
  const postTo = location.pathname === "/broadcast/message/new" ? `/broadcast/message/new${location.search}` : "/broadcast/message/new";
  const hydrated = useHydrated();
  const posted = lastResult?.initialValue;
  const postedAudience = typeof posted?.audience === "string" ? (posted.audience as BroadcastAudience) : null;
  const [audience, setAudience] = useState<BroadcastAudience>(postedAudience ?? draft.audience);
  const tickedRoles = posted ? postedValues(posted.roles) : draft.roles.map(String);
  const tickedUsers = new Set(posted ? postedValues(posted.userIds) : draft.chosen.map((c) => String(c.id)));
  const [form, fields] = useForm({
    id: "broadcast-form",
    lastResult: lastResult ?? undefined,
    defaultValue: { message: draft.message },
    ...checkOnSubmit(broadcastSchema),
  });
  const sending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  // Without JavaScript every part shows; with it, the part the chosen audience needs.
  const show = (part: BroadcastAudience) => !hydrated || audience === part;
  const sendLabel = !hydrated ? "Send broadcast" : audience === "everyone" ? "Send to everyone" : audience === "roles" ? "Send to chosen roles" : "Send to chosen users";
  const people = [...draft.chosen, ...draft.found];
  const formProps = getFormProps(form);
  const fieldsForm = (
    <Form
      method="post"
      action={postTo}
      {...formProps}
      onSubmit={(event) => {
        // "Search users" is not a send: it skips the checks (formNoValidate) and Remix submits it by GET.
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (submitter instanceof HTMLButtonElement && submitter.formNoValidate) return;
        formProps.onSubmit(event);
      }}
      className="flex flex-col gap-3"
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <div className="flex flex-col gap-1">
        <label htmlFor={fields.message.id} className="text-sm font-medium">
          Message
        </label>
        <textarea
          {...getTextareaProps(fields.message, { ariaDescribedBy: fields.message.errors?.length ? fields.message.errorId : undefined })}
          key={fields.message.key}
          rows={4}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm outline-none focus:border-blue-500 focus:ring-2 focus:ring-blue-200 aria-[invalid=true]:border-red-500 dark:border-slate-700 dark:bg-slate-900"
        />
        <FieldErrors id={fields.message.errorId} errors={fields.message.errors} />
      </div>

      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">Send to</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {(Object.keys(AUDIENCE_LABELS) as BroadcastAudience[]).map((value) => (
            <label key={value} className="flex items-center gap-1.5">
              <input type="radio" name="audience" value={value} checked={audience === value} onChange={() => setAudience(value)} />
              {AUDIENCE_LABELS[value]}
            </label>
          ))}
        </div>
        <FieldErrors id={fields.audience.errorId} errors={fields.audience.errors} />
      </fieldset>

      {show("roles") ? (
        <fieldset className="flex flex-col gap-1" aria-describedby={fields.roles.errors?.length ? fields.roles.errorId : undefined}>
          <legend className="text-sm font-medium">Roles</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {ALL_ROLES.map((role) => (
              <label key={role} className="flex items-center gap-1.5">
                <input type="checkbox" name="roles" value={role} defaultChecked={tickedRoles.includes(String(role))} />
                {ROLE_NAMES[role]}
              </label>
            ))}
          </div>
          <FieldErrors id={fields.roles.errorId} errors={fields.roles.errors} />
        </fieldset>
      ) : null}

      {show("users") ? (
        <fieldset className="flex flex-col gap-2" aria-describedby={fields.userIds.errors?.length ? fields.userIds.errorId : undefined}>
          <legend className="text-sm font-medium">Users</legend>
          <div className="flex gap-2">
            <label htmlFor="broadcast-user-search" className="sr-only">
              Find users
            </label>
            <input
              id="broadcast-user-search"
              type="search"
              name="q"
              defaultValue={draft.search}
              placeholder="Name, user name or email"
              className={`${controlClass} min-w-0 flex-1`}
            />
            <button
              type="submit"
              formMethod="get"
              formAction="/broadcast/message/new"
              formNoValidate
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              Search users
            </button>
          </div>
          {people.length > 0 ? (
            <ul aria-label="Users to send to" className="flex max-h-48 flex-col gap-1 overflow-y-auto text-sm">
              {people.map((person) => (
                <li key={person.id}>
                  <label className="flex items-start gap-1.5 break-words">
                    <input type="checkbox" name="userIds" value={person.id} defaultChecked={tickedUsers.has(String(person.id))} className="mt-1" />
                    {person.label}
                  </label>
                </li>
              ))}
            </ul>
          ) : draft.searched ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">No active user matches “{draft.search}”.</p>
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">Search, then tick the users to send to.</p>
          )}
          <FieldErrors id={fields.userIds.errorId} errors={fields.userIds.errors} />
        </fieldset>
      ) : null}

      <div className="flex items-center justify-end gap-3">
        <Link to={closeHref} preventScrollReset className="text-sm text-blue-600 underline dark:text-blue-400">
          Cancel
        </Link>
        <SubmitButton pending={sending}>{sendLabel}</SubmitButton>
      </div>
    </Form>
  );
  if (hydrated) {
    return (
      <Modal title="BroadCast Message" titleId="broadcast-title" closeTo={closeHref} size="md">
        {fieldsForm}
      </Modal>
    );
  }
  return (
    <>
      <div aria-hidden="true" className="fixed inset-0 z-30 bg-slate-900/40" />
      <dialog
        open
        aria-labelledby="broadcast-title"
        className="fixed inset-0 z-40 m-auto max-h-[92vh] w-full max-w-md overflow-y-auto rounded-lg border border-slate-300 bg-white p-4 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id="broadcast-title" className="mb-3 text-lg font-semibold">
          BroadCast Message
        </h2>
        {fieldsForm}
      </dialog>
    </>
  );
}
