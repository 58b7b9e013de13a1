import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { notFound, requireRouteAccess } from "~/auth/guards.server";
import { redirectWithToast } from "~/auth/toast.server";
import { DeleteOrCancel, RouteDialog } from "~/components/admin/admin-ui";
import { notFoundOutcome } from "~/domain/outcome";
import { parseIdParam } from "~/domain/paging";
import { findChargeRatesById, removeChargeRates } from "~/services/charges.server";

export const meta: MetaFunction = () => [{ title: "Delete charge rates — NSE Signals" }];

// The confirmation of a rates row's Delete: a page without JavaScript, a dialog with it; only the post deletes.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, context);
  const id = parseIdParam(params.id);
  const row = id ? await findChargeRatesById(context, id) : null;
  if (!row) notFound();
  return json({ label: row.label, shownFrom: row.shownFrom });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await requireRouteAccess(request, context);
  const id = parseIdParam(params.id);
  const outcome = id ? await removeChargeRates(context, actor, id) : notFoundOutcome();
  return redirectWithToast(context.cookies, request, "/charges", outcome.ok ? { type: "success", message: outcome.value.message } : { type: "error", message: "These rates no longer exist" });
}

export default function DeleteChargeRatesRoute() {
  const row = useLoaderData<typeof loader>();
  return (
    <RouteDialog title="Delete charge rates" closeTo="/charges" keepSearch={false}>
      <Form method="post" className="flex flex-col gap-4">
        <p>
          Delete the {row.label} rates in force from {row.shownFrom}? Trades of those days are then charged by the segment&apos;s earlier rates. This
          cannot be undone.
        </p>
        <div className="flex gap-2">
          <DeleteOrCancel cancelTo="/charges" />
        </div>
      </Form>
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
