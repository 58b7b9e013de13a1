import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { notFound, requireRouteAccess } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { AlertForm } from "~/components/alerts/alert-form";
import { alertsChanged, parseAlertForm } from "~/services/alerts.server";
import { parseIdParam, parsePage, searchWithPage } from "~/domain/paging";
import { findOwnAlert, updateOwnAlert } from "~/models/alert.server";
import { listVisibleSymbols } from "~/models/symbol.server";
import { ALERT_UPDATED } from "~/schemas/alert";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Edit alert — NSE Signals" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const id = parseIdParam(params.id);
  const alert = id ? await findOwnAlert(context.db, user.id, id) : null;
  if (!alert) notFound();
  const symbols = (await listVisibleSymbols(context.db, user)).map((s) => s.symbolCode);
  const page = parsePage(searchParamsOf(request).get("page"));
  return json({
    alert: { ...alert, firedAt: null },
    symbols,
    lastPrice: context.liveBook.get(alert.symbolCode)?.last ?? null,
    isAdmin: user.roleId === 1,
    backTo: `/alert${searchWithPage("", page)}`,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const id = parseIdParam(params.id);
  if (!id || !(await findOwnAlert(context.db, user.id, id))) notFound();
  const { submission, values, symbolError } = await parseAlertForm(context, user, await readForm(request));
  if (symbolError) return json(submission.reply({ fieldErrors: { symbol: [symbolError] } }), { status: 400 });
  if (!values) return json(submission.reply(), { status: 400 });
  const touched = await updateOwnAlert(context.db, user.id, id, values);
  if (!touched) notFound();
  alertsChanged(context, touched);
  const page = parsePage(searchParamsOf(request).get("page"));
  return redirectWithToast(context.cookies, request, `/alert${searchWithPage("", page)}`, { type: "success", message: ALERT_UPDATED });
}

export default function EditAlertRoute() {
  const { alert, symbols, lastPrice, isAdmin, backTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title="Edit Alert" closeTo={backTo}>
      <AlertForm
        defaults={{ ...alert, symbol: alert.symbolCode }}
        symbols={symbols}
        lastPrice={lastPrice}
        showAdminSwitches={isAdmin}
        lastResult={lastResult}
      />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
