import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/guards.server";
import { redirectWithToast } from "~/auth/toast.server";
import { RouteDialog, secondaryButtonClass } from "~/components/admin/admin-ui";
import { BULK_ACTION_LABELS } from "~/domain/trade-bulk";
import { tradeFilterSearch } from "~/domain/trade-list";
import { previewBulkTradeAction, runBulkTradeAction } from "~/services/trade-bulk.server";
import { BULK_CONFIRM, bulkConfirmationSearch, parseBulkTradeRequest } from "~/schemas/trade-bulk";
import { readForm, requestUrl } from "~/schemas/request-input.server";

// /trades/bulk: the confirmation of a bulk action on the list's ticked trades (docs/decisions/172).
// The list's bulk form posts here; that post only checks the form and redirects to this page's
// URL (?intent&ids&<the list's filters>), which names the count and asks. Its Confirm posts again
// with confirm=1, and the action runs, all or nothing. A page without JavaScript, the app's
// dialog over the list with it.

export const meta: MetaFunction = () => [{ title: "Bulk action — NSE Signals" }];

const listUrl = (request: Request) => `/trades${tradeFilterSearch(requestUrl(request).search)}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const backTo = listUrl(request);
  const parsed = parseBulkTradeRequest(requestUrl(request).searchParams);
  if (!parsed.ok) return json({ backTo, problem: parsed.message, confirm: null }, { status: 400 });
  const preview = await previewBulkTradeAction(context, user, parsed.value);
  if (!preview.ok) return json({ backTo, problem: preview.problem.message, confirm: null }, { status: preview.problem.status });
  return json({ backTo, problem: null, confirm: preview.value });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const backTo = listUrl(request);
  const form = await readForm(request);
  const confirmed = form.get("confirm") === "1";
  const parsed = parseBulkTradeRequest(form);
  if (!parsed.ok) {
    // From the list (nothing ticked, say): back to it, the message as a toast.
    if (!confirmed) return redirectWithToast(context.cookies, request, backTo, { type: "error", message: parsed.message });
    return json({ problem: parsed.message }, { status: 400 });
  }
  if (!confirmed) return redirect(`/trades/bulk${bulkConfirmationSearch(parsed.value, tradeFilterSearch(requestUrl(request).search))}`);
  const done = await runBulkTradeAction(context, user, parsed.value);
  if (!done.ok) return json({ problem: done.problem.message }, { status: done.problem.status });
  return redirectWithToast(context.cookies, request, backTo, { type: "success", message: done.value.message });
}

export default function BulkTradeRoute() {
  const { backTo, problem, confirm } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const message = refused?.problem ?? problem;
  return (
    <RouteDialog title={confirm ? BULK_ACTION_LABELS[confirm.action] : "Bulk action"} closeTo={backTo} keepSearch={false}>
      {message ? (
        <p role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {message}
        </p>
      ) : null}
      {confirm && !refused ? (
        <Form method="post" className="flex flex-col gap-4">
          <p className="text-base font-medium">{confirm.question}</p>
          <input type="hidden" name="intent" value={confirm.action} />
          {confirm.ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          <input type="hidden" name="confirm" value="1" />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={`rounded-md px-4 py-2 text-sm font-semibold text-white ${confirm.action === "delete" ? "bg-red-600 hover:bg-red-700" : "bg-blue-600 hover:bg-blue-700"}`}>
              {BULK_CONFIRM}
            </button>
            <Link to={backTo} className={secondaryButtonClass} preventScrollReset>
              Cancel
            </Link>
          </div>
        </Form>
      ) : (
        <Link to={backTo} className={secondaryButtonClass}>
          Back to the list
        </Link>
      )}
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
