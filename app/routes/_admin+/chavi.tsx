import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { answerStatusSwitch } from "~/auth/status-switch.server";
import { cellClass, KeepListLink, linkClass, ListActions, ListFilters, ListWithDialog, PageTitle, Pagination, StatusSwitch, Table } from "~/components/admin/admin-ui";
import { listView } from "~/domain/list-query";
import { formatIstDate } from "~/domain/dates";
import { listKeysPage, switchKey } from "~/services/keys.server";
import { parseKeyListQuery } from "~/schemas/admin-lists";
import { searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Keys (Chavi) — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const query = parseKeyListQuery(searchParamsOf(request));
  const { rows, total } = await listKeysPage(context, query);
  return json({
    ...listView(query, total),
    rows: rows.map((r) => ({ ...r, createdAt: formatIstDate(r.createdAt), updatedAt: formatIstDate(r.updatedAt) })),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1]);
  return answerStatusSwitch(request, context, (id, status) => switchKey(context, actor, id, status));
}

export default function ChaviListPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <ListWithDialog>
      <section aria-labelledby="chavi-title">
        <PageTitle
          id="chavi-title"
          title="Key List"
          action={
            <ListActions exportPath="/chavi/export" exportLabel="keys" addTo="/chavi/new">
              <Link to="/chavi/assign" className={linkClass}>
                Assign keys to a user
              </Link>
              <Link to="/key-setting" className={linkClass}>
                Key order
              </Link>
            </ListActions>
          }
        />
        <ListFilters label="Filter keys" searchLabel="Search name" view={data} />
        <Table
          caption="Keys"
          sorting={data.sorting}
          headers={[
            { label: "Name", sort: "name" },
            "Display Name",
            { label: "Type", sort: "type" },
            { label: "Sr No", sort: "srno" },
            "Last Date",
            "Update Date",
            "Edit/Delete",
            { label: "Status", sort: "status" },
          ]}
          empty={data.rows.length === 0}
        >
          {data.rows.map((k) => (
            <tr key={k.id} data-key={k.name}>
              <th scope="row" className={`${cellClass} text-left font-medium`}>
                {k.name}
              </th>
              <td className={cellClass}>{k.displayName}</td>
              <td className={cellClass}>{k.type}</td>
              <td className={`${cellClass} tabular-nums`}>{k.srNo}</td>
              <td className={cellClass}>{k.createdAt}</td>
              <td className={cellClass}>{k.updatedAt}</td>
              <td className={cellClass}>
                <span className="flex gap-2">
                  <KeepListLink to={`/chavi/${k.id}/edit`} className={linkClass} aria-label={`Edit ${k.name}`}>
                    Edit
                  </KeepListLink>
                  <KeepListLink to={`/chavi/${k.id}/delete`} className={linkClass} aria-label={`Delete ${k.name}`}>
                    Delete
                  </KeepListLink>
                </span>
              </td>
              <td className={cellClass}>
                <StatusSwitch id={k.id} on={k.isactive} name={k.name} />
              </td>
            </tr>
          ))}
        </Table>
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} label="Keys" />
      </section>
    </ListWithDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
