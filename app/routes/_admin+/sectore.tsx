import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { answerStatusSwitch } from "~/auth/status-switch.server";
import { buttonClass, cellClass, linkClass, ListWithDialog, PageTitle, Pagination, StatusSwitch, Table } from "~/components/admin/admin-ui";
import { formatIstDate } from "~/domain/dates";
import { PAGE_SIZE, parsePage } from "~/domain/paging";
import { listSectors, switchSector } from "~/services/sectors.server";
import { searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Sectors — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const page = parsePage(searchParamsOf(request).get("page"));
  const { rows, total } = await listSectors(context, page, PAGE_SIZE);
  return json({
    page,
    total,
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
            <span className="flex items-center gap-3">
              <Link to="/sectore/segment-settings" className={linkClass}>
                Sectore Segment Settings
              </Link>
              <Link to="/sectore/new" className={buttonClass}>
                + Add
              </Link>
            </span>
          }
        />
        <Table caption="Sectors" headers={["User Name", "Description", "Last Date", "Update Date", "Edit", "Status"]} empty={data.rows.length === 0}>
          {data.rows.map((s) => (
            <tr key={s.id} data-sector={s.sectorName}>
              <th scope="row" className={`${cellClass} text-left font-medium`}>
                {s.sectorName}
              </th>
              <td className={cellClass}>{s.description}</td>
              <td className={cellClass}>{s.createdAt}</td>
              <td className={cellClass}>{s.updatedAt}</td>
              <td className={cellClass}>
                <Link to={`/sectore/${s.id}/edit`} className={linkClass} aria-label={`Edit ${s.sectorName}`}>
                  Edit
                </Link>
              </td>
              <td className={cellClass}>
                <StatusSwitch id={s.id} on={s.status} name={s.sectorName} />
              </td>
            </tr>
          ))}
        </Table>
        <Pagination page={data.page} pageSize={PAGE_SIZE} total={data.total} label="Sectors" />
      </section>
    </ListWithDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
