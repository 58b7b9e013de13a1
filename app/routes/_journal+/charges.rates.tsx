import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/guards.server";
import { redirectWithToast } from "~/auth/toast.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { ChargeRatesForm } from "~/components/charges/charge-forms";
import { CHARGE_SEGMENTS, type ChargeSegment } from "~/domain/charges";
import { isValidYmd } from "~/domain/dates";
import { chargeRatesSchema } from "~/schemas/charges";
import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { readForm, searchParamsOf } from "~/schemas/request-input.server";
import { findChargeRates, saveChargeRatesFor } from "~/services/charges.server";

export const meta: MetaFunction = () => [{ title: "Charge rates — NSE Signals" }];

// Role 1's form for a segment's rates from a day (docs/decisions/173): ?segment=&from= opens that
// day's row to change; saving a segment and day that has no row adds one.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRouteAccess(request, context);
  const params = searchParamsOf(request);
  const segment = params.get("segment");
  const from = params.get("from");
  const editing =
    segment && (CHARGE_SEGMENTS as readonly string[]).includes(segment) && isValidYmd(from) ? await findChargeRates(context, segment as ChargeSegment, from) : null;
  return json({ editing });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireRouteAccess(request, context);
  const submission = parseWithZod(await readForm(request), { schema: chargeRatesSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const saved = await saveChargeRatesFor(context, actor, submission.value);
  if (!saved.ok) return json(replyWithProblem(submission, saved.problem), { status: saved.problem.status });
  return redirectWithToast(context.cookies, request, "/charges", { type: "success", message: saved.value.message });
}

export default function ChargeRatesRoute() {
  const { editing } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title={editing ? "Change charge rates" : "Add charge rates"} closeTo="/charges" keepSearch={false}>
      <ChargeRatesForm defaults={editing} lastResult={lastResult} />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
