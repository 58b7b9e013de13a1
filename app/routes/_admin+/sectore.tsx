import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { answerStatusSwitch } from "~/auth/status-switch.server";
import { cellClass, KeepListLink, linkClass, ListActions, ListFilters, ListWithDialog, PageTitle, Pagination, StatusSwitch, Table } from "~/components/admin/admin-ui";
import { listView } from "~/domain/list-query";
import { formatIstDate } from "~/domain/dates";
import { listSectors, switchSector } from "~/services/sectors.server";
import { parseSectorListQuery } from "~/schemas/admin-lists";
import { searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Sectors — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const query = parseSectorListQuery(searchParamsOf(request));
  const { rows, total } = await listSectors(context, query);
  return json({
    ...listView(query, total),
    rows: rows.map((r) => ({ ...r, createdAt: formatIstDate(r.createdAt), updatedAt: formatIstDate(r.updatedAt) })),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1]);
  return answerStatusSwitch(request, context, (id, status) => switchSector(context, actor, id, status));
}

export default function SectorsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <ListWithDialog>
      <section aria-labelledby="sectors-title">
        <PageTitle
          id="sectors-title"
          title="Sector List"
          action={
            <ListActions exportPath="/sectore/export" exportLabel="sectors" addTo="/sectore/new">
              <Link to="/sectore/segment-settings" className={linkClass}>
                Sectore Segment Settings
              </Link>
            </ListActions>
          }
        />
        <ListFilters label="Filter sectors" searchLabel="Search name" view={data} />
        <Table
          caption="Sectors"
          sorting={data.sorting}
          headers={[{ label: "User Name", sort: "name" }, "Description", "Last Date", "Update Date", "Edit", { label: "Status", sort: "status" }]}
          empty={data.rows.length === 0}
        >
          {data.rows.map((s) => (
            <tr key={s.id} data-sector={s.sectorName}>
              <th scope="row" className={`${cellClass} text-left font-medium`}>
                {s.sectorName}
              </th>
              <td className={cellClass}>{s.description}</td>
              <td className={cellClass}>{s.createdAt}</td>
              <td className={cellClass}>{s.updatedAt}</td>
              <td className={cellClass}>
                <KeepListLink to={`/sectore/${s.id}/edit`} className={linkClass} aria-label={`Edit ${s.sectorName}`}>
                  Edit
                </KeepListLink>
              </td>
              <td className={cellClass}>
                <StatusSwitch id={s.id} on={s.status} name={s.sectorName} />
              </td>
            </tr>
          ))}
        </Table>
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} label="Sectors" />
      </section>
    </ListWithDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
