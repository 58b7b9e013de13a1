import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { cellClass, ExportLinks, FilterForm, PageSizeAndSort, PageTitle, Pagination, Table } from "~/components/admin/admin-ui";
import { controlClass } from "~/components/ui/field";
import { FilterSelect } from "~/components/ui/select-field";
import { AUDIT_ENTITIES, AUDIT_ENTITY_LABELS } from "~/domain/audit";
import { formatIstDateTime } from "~/domain/dates";
import { parsePageSize } from "~/domain/list-query";
import { LONG_PAGE_SIZE, parsePage } from "~/domain/paging";
import { auditLogPage } from "~/services/audit.server";
import { parseAuditFilter } from "~/schemas/audit";
import { requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Audit Log — NSE Signals" }];

// Who created, changed, switched, deleted or uploaded what and when (docs/decisions/140),
// newest first, filtered by actor, kind of record and IST dates; exported as filtered.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const params = requestUrl(request).searchParams;
  const input = parseAuditFilter(params);
  const page = parsePage(params.get("page"));
  const pageSize = parsePageSize(params.get("size"), LONG_PAGE_SIZE);
  const { rows, total, actors } = await auditLogPage(context, input, { page, pageSize });
  return json({
    input,
    page,
    pageSize,
    total,
    actors,
    rows: rows.map((r) => ({ ...r, occurredAt: formatIstDateTime(r.occurredAt) })),
  });
}

export default function AuditLogPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="audit-title">
      <PageTitle id="audit-title" title="Audit Log" action={<ExportLinks path="/audit-log/export" label="the audit log" />} />
      <div className="mb-3">
        <FilterForm label="Filter the audit log">
          <FilterSelect label="Actor" name="actor" value={data.input.actor ? String(data.input.actor) : ""} placeholder="Anyone" options={data.actors.map((a) => ({ value: a.id, label: a.username }))} />
          <FilterSelect label="Record" name="entity" value={data.input.entity ?? ""} placeholder="Any" options={AUDIT_ENTITIES.map((e) => ({ value: e, label: AUDIT_ENTITY_LABELS[e] }))} />
          <label className="flex flex-col gap-1 text-sm font-medium">
            From
            <input type="date" name="startDate" defaultValue={data.input.startDate ?? ""} className={controlClass} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            To
            <input type="date" name="endDate" defaultValue={data.input.endDate ?? ""} className={controlClass} />
          </label>
          <PageSizeAndSort pageSize={data.pageSize} />
        </FilterForm>
        {data.input.rangeError ? (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {data.input.rangeError}
          </p>
        ) : null}
      </div>
      <Table caption="Audit log" headers={["Time", "Actor", "Action", "Record", "Changes"]} empty={data.rows.length === 0}>
        {data.rows.map((r) => (
          <tr key={r.id} data-audit={r.id}>
            <td className={`${cellClass} whitespace-nowrap`}>{r.occurredAt}</td>
            <td className={cellClass}>{r.actorName}</td>
            <td className={cellClass}>{r.action}</td>
            <td className={cellClass}>
              {r.entityLabel}
              {r.entityId ? ` #${r.entityId}` : ""}
            </td>
            <td className={cellClass}>
              <ul className="flex flex-col gap-0.5">
                {r.changes.map((c) => (
                  <li key={c} className="break-words">
                    {c}
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </Table>
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} label="Audit log" />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
