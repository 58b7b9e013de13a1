import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { notFound, requireRouteAccess } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { AlertForm } from "~/components/alerts/alert-form";
import { findUserAlert, loadAlertForm, updateUserAlert } from "~/services/alerts.server";
import { parseIdParam, parsePage, searchWithPage } from "~/domain/paging";
import { alertSchema } from "~/schemas/alert";
import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Edit alert — NSE Signals" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const id = parseIdParam(params.id);
  const alert = id ? await findUserAlert(context, user, id) : null;
  if (!alert) notFound();
  const { symbols, isAdmin } = await loadAlertForm(context, user, null);
  const page = parsePage(searchParamsOf(request).get("page"));
  return json({
    alert: { ...alert, firedAt: null },
    symbols,
    lastPrice: context.liveBook.get(alert.symbolCode)?.last ?? null,
    isAdmin,
    backTo: `/alert${searchWithPage("", page)}`,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const id = parseIdParam(params.id);
  // Another user's alert is not found, whatever the form holds.
  if (!id || !(await findUserAlert(context, user, id))) notFound();
  const submission = parseWithZod(await readForm(request), { schema: alertSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const saved = await updateUserAlert(context, user, id, submission.value);
  if (!saved.ok) return saved.problem.status === 404 ? notFound() : json(replyWithProblem(submission, saved.problem), { status: saved.problem.status });
  const page = parsePage(searchParamsOf(request).get("page"));
  return redirectWithToast(context.cookies, request, `/alert${searchWithPage("", page)}`, { type: "success", message: saved.value.message });
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
