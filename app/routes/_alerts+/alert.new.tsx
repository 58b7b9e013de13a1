import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { AlertForm } from "~/components/alerts/alert-form";
import { alertCreatedBy, alertsChanged, parseAlertForm } from "~/services/alerts.server";
import { createAlert } from "~/models/alert.server";
import { listVisibleSymbols } from "~/models/symbol.server";
import { ALERT_CREATED } from "~/schemas/alert";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Add alert — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const symbols = (await listVisibleSymbols(context.db, user)).map((s) => s.symbolCode);
  // The Alert button on a symbol links here with ?symbol=CODE: the form starts with it.
  const asked = searchParamsOf(request).get("symbol")?.trim().toUpperCase() ?? "";
  const symbol = symbols.find((s) => s.toUpperCase() === asked) ?? "";
  return json({ symbols, symbol, lastPrice: symbol ? context.liveBook.get(symbol)?.last ?? null : null, isAdmin: user.roleId === 1 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const { submission, values, symbolError } = await parseAlertForm(context, user, await readForm(request));
  if (symbolError) return json(submission.reply({ fieldErrors: { symbol: [symbolError] } }), { status: 400 });
  if (!values) return json(submission.reply(), { status: 400 });
  await createAlert(context.db, user.id, values, alertCreatedBy(user));
  alertsChanged(context, [values.symbolId]);
  return redirectWithToast(context.cookies, request, "/alert", { type: "success", message: ALERT_CREATED });
}

export default function NewAlertRoute() {
  const { symbols, symbol, lastPrice, isAdmin } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title="Add Alert" closeTo="/alert">
      <AlertForm defaults={{ symbol }} symbols={symbols} lastPrice={lastPrice} showAdminSwitches={isAdmin} lastResult={lastResult} />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
