import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { answerStatusSwitch } from "~/auth/status-switch.server";
import { buttonClass, cellClass, linkClass, ListWithDialog, PageTitle, Pagination, StatusSwitch, Table } from "~/components/admin/admin-ui";
import { formatIstDate } from "~/domain/dates";
import { PAGE_SIZE, parsePage } from "~/domain/paging";
import { listKeysPage, switchKey } from "~/services/keys.server";
import { searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Keys (Chavi) — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const page = parsePage(searchParamsOf(request).get("page"));
  const { rows, total } = await listKeysPage(context, page, PAGE_SIZE);
  return json({ page, total, rows: rows.map((r) => ({ ...r, createdAt: formatIstDate(r.createdAt), updatedAt: formatIstDate(r.updatedAt) })) });
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
            <span className="flex items-center gap-3">
              <Link to="/chavi/assign" className={linkClass}>
                Assign keys to a user
              </Link>
              <Link to="/key-setting" className={linkClass}>
                Key order
              </Link>
              <Link to="/chavi/new" className={buttonClass}>
                + Add
              </Link>
            </span>
          }
        />
        <Table caption="Keys" headers={["Name", "Display Name", "Type", "Sr No", "Last Date", "Update Date", "Edit/Delete", "Status"]} empty={data.rows.length === 0}>
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
                  <Link to={`/chavi/${k.id}/edit`} className={linkClass} aria-label={`Edit ${k.name}`}>
                    Edit
                  </Link>
                  <Link to={`/chavi/${k.id}/delete`} className={linkClass} aria-label={`Delete ${k.name}`}>
                    Delete
                  </Link>
                </span>
              </td>
              <td className={cellClass}>
                <StatusSwitch id={k.id} on={k.isactive} name={k.name} />
              </td>
            </tr>
          ))}
        </Table>
        <Pagination page={data.page} pageSize={PAGE_SIZE} total={data.total} label="Keys" />
      </section>
    </ListWithDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
