import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { InAppLink } from "~/components/ui/in-app-link";
import { forbidden, requireRouteAccess } from "~/auth/guards.server";
import { buttonClass, cellClass, linkClass, ListWithDialog, PageTitle, Pagination, secondaryButtonClass, Table } from "~/components/admin/admin-ui";
import { isAlertAdmin, listUserAlerts, setAutoAlerts } from "~/services/alerts.server";
import { formatIstDateTime } from "~/domain/dates";
import { formatNumber } from "~/domain/format";
import { PAGE_SIZE, parsePage, searchWithPage } from "~/domain/paging";
import { AUTO_ALERT_FAILED } from "~/schemas/alert";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Alerts — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const page = parsePage(searchParamsOf(request).get("page"));
  const { rows, total } = await listUserAlerts(context, user, page, PAGE_SIZE);
  return json({
    page,
    total,
    canSetAutoAlerts: isAlertAdmin(user),
    rows: rows.map((r) => ({ ...r, firedAt: r.firedAt ? formatIstDateTime(r.firedAt) : null })),
  });
}

/** '+ Set alerts' (role 1, docs/product-rules.md R-D6): auto alerts at today's reference points. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  if (!isAlertAdmin(user)) forbidden();
  const formData = await readForm(request);
  if (formData.get("intent") !== "auto-alerts") return json({ message: "Unknown action" }, { status: 400 });
  try {
    const set = await setAutoAlerts(context, user);
    const toast = set.ok ? { type: "success" as const, message: set.value.message } : { type: "error" as const, message: set.problem.message };
    return redirectWithToast(context.cookies, request, "/alert", toast);
  } catch (error) {
    console.error("[alerts] auto alerts failed", error);
    return redirectWithToast(context.cookies, request, "/alert", { type: "error", message: AUTO_ALERT_FAILED });
  }
}

export default function AlertsPage() {
  const data = useLoaderData<typeof loader>();
  const pageQuery = searchWithPage("", data.page);
  return (
    <ListWithDialog>
      <section aria-labelledby="alerts-title">
        <PageTitle
          id="alerts-title"
          title="Alerts"
          action={
            <div className="flex gap-2">
              {data.canSetAutoAlerts ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="auto-alerts" />
                  <button type="submit" className={secondaryButtonClass}>
                    + Set alerts
                  </button>
                </Form>
              ) : null}
              <Link to="/alert/new" className={buttonClass}>
                + Add Alert
              </Link>
            </div>
          }
        />
        <Table caption="Alerts" headers={["Name", "Symbol", "Condition", "Price", "View Type", "Status", "Actions"]} empty={data.rows.length === 0}>
          {data.rows.map((r) => (
            <tr key={r.id} data-alert={r.id}>
              <th scope="row" className={`${cellClass} text-left font-medium`}>
                {r.name}
                {r.isMasterAlert ? <span className="ml-1 rounded bg-amber-100 px-1 text-xs text-amber-900">Master</span> : null}
                {r.isChaviAlert ? <span className="ml-1 rounded bg-violet-100 px-1 text-xs text-violet-900">Key</span> : null}
              </th>
              <td className={cellClass}>{r.symbolCode}</td>
              <td className={cellClass}>{r.condition}</td>
              <td className={`${cellClass} tabular-nums`}>{formatNumber(r.price)}</td>
              <td className={cellClass}>{r.viewType.join(", ")}</td>
              <td className={cellClass}>{r.active ? "Active" : r.firedAt ? `Fired ${r.firedAt}` : "Inactive"}</td>
              <td className={`${cellClass} flex gap-3`}>
                <InAppLink to={`/alert/${r.id}/edit${pageQuery}`} className={linkClass} aria-label={`Edit ${r.name}`}>
                  Edit
                </InAppLink>
                <InAppLink to={`/alert/${r.id}/delete${pageQuery}`} className={linkClass} aria-label={`Delete ${r.name}`}>
                  Delete
                </InAppLink>
              </td>
            </tr>
          ))}
        </Table>
        <Pagination page={data.page} pageSize={PAGE_SIZE} total={data.total} label="Alerts" />
      </section>
    </ListWithDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
