// The 'BroadCast Message' dialog: in the chat (role 1) and as /broadcast/message/new. It is a
// URL, so it opens without JavaScript; the form posts to /broadcast/message/new and comes back
// to `returnTo`. With JavaScript it posts through a fetcher, so errors show in place.
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { checkOnSubmit } from "~/components/ui/zod-form";
import { Link, useFetcher } from "@remix-run/react";
import { broadcastSchema } from "~/schemas/chat";
import { FieldErrors, FormErrors, SubmitButton } from "~/components/ui/field";

export function BroadcastDialog({
  returnTo,
  closeHref,
  lastResult,
}: {
  returnTo: string;
  closeHref: string;
  /** The action's answer when the page itself was the post's result (no JavaScript). */
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const fetcher = useFetcher<SubmissionResult<string[]>>();
  const [form, fields] = useForm({
    id: "broadcast-form",
    lastResult: fetcher.data ?? lastResult ?? undefined,
    ...checkOnSubmit(broadcastSchema),
  });
  return (
    <>
      <div aria-hidden="true" className="fixed inset-0 z-30 bg-slate-900/40" />
      <dialog
        open
        aria-labelledby="broadcast-title"
        className="fixed inset-0 z-40 m-auto w-full max-w-md rounded-lg border border-slate-300 bg-white p-4 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id="broadcast-title" className="mb-3 text-lg font-semibold">
          BroadCast Message
        </h2>
        <fetcher.Form method="post" action="/broadcast/message/new" {...getFormProps(form)} className="flex flex-col gap-3">
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
          <div className="flex items-center justify-end gap-3">
            <Link to={closeHref} preventScrollReset className="text-sm text-blue-600 underline dark:text-blue-400">
              Cancel
            </Link>
            <SubmitButton pending={fetcher.state !== "idle"}>Send to everyone</SubmitButton>
          </div>
        </fetcher.Form>
      </dialog>
    </>
  );
}
