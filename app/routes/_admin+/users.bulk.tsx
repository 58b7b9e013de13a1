import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { requireRole, throwProblem } from "~/auth/guards.server";
import { buttonClass, RouteDialog, secondaryButtonClass } from "~/components/admin/admin-ui";
import { listReturnPath } from "~/domain/paging";
import { bulkQuestion } from "~/domain/user-admin";
import { bulkUpdateAccounts, describeBulkTargets } from "~/services/accounts.server";
import { parseWithZod } from "~/schemas/parse";
import { bulkUserSchema } from "~/schemas/user-admin";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, requestUrl } from "~/schemas/request-input.server";

// /users/bulk?bulk=…&ids=…&days=…&<the list's search>: the confirmation of a bulk action on the
// user list's chosen rows (a dialog over the list with JavaScript, a page without). It names
// the count and the accounts; its POST does the action in one transaction (services/accounts).

export const meta: MetaFunction = () => [{ title: "Bulk action — NSE Signals" }];

/** The confirmation's own parameters, dropped on the way back to the list. */
const BULK_PARAMS = ["bulk", "ids", "days", "keys"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireRole(request, context, [1, 2]);
  const submission = parseWithZod(requestUrl(request).searchParams, { schema: bulkUserSchema });
  if (submission.status !== "success") {
    const errors = Object.values(submission.error ?? {}).flat().filter((m): m is string => typeof m === "string");
    return json({ ok: false as const, errors });
  }
  const value = submission.value;
  const { accounts, keyNames } = await describeBulkTargets(context, actor, value);
  return json({ ok: true as const, value, question: bulkQuestion(value.bulk, value.ids.length, { days: value.days ?? null, keyNames }), targets: accounts });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1, 2]);
  const submission = parseWithZod(await readForm(request), { schema: bulkUserSchema });
  if (submission.status !== "success") throw json({ message: "Bad request" }, { status: 400 });
  const done = await bulkUpdateAccounts(context, actor, submission.value);
  const back = listReturnPath("/users", requestUrl(request).search, { drop: BULK_PARAMS });
  if (!done.ok) return redirectWithToast(context.cookies, request, back, { type: "error", message: done.problem.message });
  return redirectWithToast(context.cookies, request, back, { type: "success", message: done.value });
}

export default function BulkUsersRoute() {
  const data = useLoaderData<typeof loader>();
  const back = listReturnPath("/users", useLocation().search, { drop: BULK_PARAMS });
  return (
    <RouteDialog title="Bulk action" closeTo={back} keepSearch={false}>
      {data.ok ? (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="bulk" value={data.value.bulk} />
          {data.value.days !== undefined && data.value.bulk === "extend" ? <input type="hidden" name="days" value={data.value.days} /> : null}
          {data.value.ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          {data.value.keys.map((id) => (
            <input key={`key-${id}`} type="hidden" name="keys" value={id} />
          ))}
          <p className="font-medium">{data.question}</p>
          <ul aria-label="Chosen users" className="flex max-h-48 flex-wrap gap-1 overflow-y-auto">
            {data.targets.map((t) => (
              <li key={t.id} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">
                {t.username}
              </li>
            ))}
          </ul>
          <div className="flex gap-2">
            <button type="submit" className={data.value.bulk === "delete" ? `${buttonClass} bg-red-600 hover:bg-red-700` : buttonClass}>
              Confirm
            </button>
            <Link to={back} className={secondaryButtonClass}>
              Cancel
            </Link>
          </div>
        </Form>
      ) : (
        <div role="alert" className="flex flex-col gap-2 text-red-700 dark:text-red-400">
          {data.errors.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
