import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { notFound, requireRouteAccess } from "~/auth/guards.server";
import { buttonClass, RouteDialog, secondaryButtonClass } from "~/components/admin/admin-ui";
import { deleteUserAlert, findUserAlert } from "~/services/alerts.server";
import { formatNumber } from "~/domain/format";
import { parseIdParam, parsePage, searchWithPage } from "~/domain/paging";
import { redirectWithToast } from "~/auth/toast.server";
import { searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Delete alert — NSE Signals" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const id = parseIdParam(params.id);
  const alert = id ? await findUserAlert(context, user, id) : null;
  if (!alert) notFound();
  const page = parsePage(searchParamsOf(request).get("page"));
  return json({ name: alert.name, symbolCode: alert.symbolCode, condition: alert.condition, price: alert.price, backTo: `/alert${searchWithPage("", page)}` });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const id = parseIdParam(params.id);
  const deleted = id ? await deleteUserAlert(context, user, id) : null;
  if (!deleted?.ok) notFound();
  const page = parsePage(searchParamsOf(request).get("page"));
  return redirectWithToast(context.cookies, request, `/alert${searchWithPage("", page)}`, { type: "success", message: deleted.value.message });
}

export default function DeleteAlertRoute() {
  const a = useLoaderData<typeof loader>();
  return (
    <RouteDialog title="Delete Alert" closeTo={a.backTo}>
      <Form method="post" className="flex flex-col gap-4">
        <p>
          Are you sure you want to delete the alert {a.name} ({a.symbolCode} {a.condition.toLowerCase()} {formatNumber(a.price)})? This action cannot be undone.
        </p>
        <div className="flex gap-2">
          <button type="submit" className={`${buttonClass} bg-red-600 hover:bg-red-700`}>
            Delete
          </button>
          <Link to={a.backTo} className={secondaryButtonClass}>
            Cancel
          </Link>
        </div>
      </Form>
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
