import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { AlertForm } from "~/components/alerts/alert-form";
import { createUserAlert, loadAlertForm } from "~/services/alerts.server";
import { alertSchema } from "~/schemas/alert";
import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Add alert — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  // The Alert button on a symbol links here with ?symbol=CODE: the form starts with it.
  return json(await loadAlertForm(context, user, searchParamsOf(request).get("symbol")));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const submission = parseWithZod(await readForm(request), { schema: alertSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const created = await createUserAlert(context, user, submission.value);
  if (!created.ok) return json(replyWithProblem(submission, created.problem), { status: created.problem.status });
  return redirectWithToast(context.cookies, request, "/alert", { type: "success", message: created.value.message });
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
