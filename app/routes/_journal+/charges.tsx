import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/guards.server";
import { redirectWithToast } from "~/auth/toast.server";
import { BrokeragePlanForm } from "~/components/charges/charge-forms";
import { describePlan, shownRate } from "~/domain/charges";
import { buttonClass, cellClass, linkClass, ListWithDialog, PageTitle, secondaryButtonClass, Table } from "~/components/admin/admin-ui";
import { canReach } from "~/domain/access";
import { brokeragePlanSchema, planFromInput } from "~/schemas/charges";
import { parseWithZod } from "~/schemas/parse";
import { readForm } from "~/schemas/request-input.server";
import { loadCharges, saveBrokeragePlan } from "~/services/charges.server";

export const meta: MetaFunction = () => [{ title: "Charges — NSE Signals" }];

// The charges net PNL is figured with (docs/decisions/173): every journal role reads the rates
// in force and keeps its own brokerage plan; role 1 edits the dated rates (/charges/rates).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const { rates, plan } = await loadCharges(context, user);
  return json({ rates, plan, planText: plan ? describePlan(plan) : null, canEdit: canReach(user.roleId, "/charges/rates") });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const submission = parseWithZod(await readForm(request), { schema: brokeragePlanSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const value = submission.value;
  const outcome = await saveBrokeragePlan(context, user, value.intent === "save-plan" ? planFromInput(value) : null);
  return redirectWithToast(context.cookies, request, "/charges", outcome.ok ? { type: "success", message: outcome.value.message } : { type: "error", message: outcome.problem.message });
}

export default function ChargesPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <ListWithDialog>
      <section aria-labelledby="charges-title" className="flex flex-col gap-6">
        <PageTitle id="charges-title" title="Charges" action={data.canEdit ? <Link to="/charges/rates" className={buttonClass}>Add rates</Link> : null} />
        <p className="max-w-3xl text-sm text-muted">
          Net PNL is the gross PNL less brokerage, STT, the exchange transaction charge, the SEBI fee, stamp duty and GST, at the rates in force on the
          day a trade was opened. Each trade is charged on its own: STT is rounded to the nearest rupee, every other charge to the paisa. A broker's
          contract note rounds STT over a day&apos;s trades together, so its figure can differ by under a rupee a trade.
        </p>
        <Table
          caption="Charge rates (per cent of the value)"
          headers={["Segment", "In force from", "STT buy", "STT sell", "Exchange", "SEBI", "Stamp buy", "GST", "Default brokerage", ...(data.canEdit ? ["Edit", "Delete"] : [])]}
          empty={data.rates.length === 0}
        >
          {data.rates.map((r) => (
            <tr key={r.id} data-in-force={r.inForce ? "true" : undefined}>
              <th scope="row" className={`${cellClass} text-left font-medium`}>
                {r.label}
                {r.inForce ? <span className="ml-2 rounded bg-slate-100 px-1.5 text-xs dark:bg-slate-800">in force</span> : null}
              </th>
              <td className={cellClass}>{r.shownFrom}</td>
              <td className={cellClass}>{shownRate(r.sttBuy)}</td>
              <td className={cellClass}>{shownRate(r.sttSell)}</td>
              <td className={cellClass}>{shownRate(r.exchange)}</td>
              <td className={cellClass}>{shownRate(r.sebi)}</td>
              <td className={cellClass}>{shownRate(r.stampBuy)}</td>
              <td className={cellClass}>{shownRate(r.gst)}</td>
              <td className={cellClass}>{describePlan(r.brokerage)}</td>
              {data.canEdit ? (
                <>
                  <td className={cellClass}>
                    <Link to={`/charges/rates?segment=${r.segment}&from=${r.effectiveFrom}`} className={linkClass} aria-label={`Edit ${r.label} from ${r.shownFrom}`}>
                      Edit
                    </Link>
                  </td>
                  <td className={cellClass}>
                    <Link to={`/charges/rates/${r.id}/delete`} className={linkClass} aria-label={`Delete ${r.label} from ${r.shownFrom}`}>
                      Delete
                    </Link>
                  </td>
                </>
              ) : null}
            </tr>
          ))}
        </Table>
        <section aria-labelledby="plan-title" className="flex flex-col gap-3">
          <h2 id="plan-title" className="text-lg font-semibold">
            My brokerage plan
          </h2>
          <p className="text-sm">{data.planText ? `Your trades are charged ${data.planText}.` : "Your trades are charged each segment's default brokerage."}</p>
          <BrokeragePlanForm plan={data.plan} lastResult={lastResult} />
          {data.plan ? (
            <Form method="post">
              <input type="hidden" name="intent" value="clear-plan" />
              <button type="submit" className={secondaryButtonClass}>
                Use the default brokerage
              </button>
            </Form>
          ) : null}
        </section>
      </section>
    </ListWithDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
