import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { cellClass, FilterForm, PageTitle, Pagination, Table } from "~/components/admin/admin-ui";
import { FilterSelect } from "~/components/ui/select-field";
import { ROLE_NAMES, type RoleId } from "~/domain/access";
import { formatIstDateTime } from "~/domain/dates";
import { LONG_PAGE_SIZE, parseIdParam, parsePage } from "~/domain/paging";
import { listSignedInAccounts } from "~/services/accounts.server";
import { requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Login Users — NSE Signals" }];

const FILTER_ROLES: RoleId[] = [1, 2, 3, 4];

// Login Users: the signed-in sessions, 20 per page (docs/product-rules.md R-AC9), with a role filter.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const url = requestUrl(request);
  const page = parsePage(url.searchParams.get("page"));
  const { roleId, rows, total } = await listSignedInAccounts(context, { roleId: parseIdParam(url.searchParams.get("role_id")), page, pageSize: LONG_PAGE_SIZE });
  return json({
    roleId,
    page,
    total,
    rows: rows.map((r) => ({ ...r, loginTime: formatIstDateTime(r.loginTime), lastSeenAt: formatIstDateTime(r.lastSeenAt) })),
  });
}

export default function LoginUsersPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="login-users-title">
      <PageTitle id="login-users-title" title="Login Users" />
      <div className="mb-3">
        <FilterForm label="Filter login users">
          <FilterSelect label="Role" name="role_id" value={data.roleId ? String(data.roleId) : ""} placeholder="All roles" options={FILTER_ROLES.map((r) => ({ value: r, label: ROLE_NAMES[r] }))} />
        </FilterForm>
      </div>
      <Table caption="Login users" headers={["User Name", "Name", "Email", "Role", "Login Time", "Last Seen"]} empty={data.rows.length === 0}>
        {data.rows.map((r, i) => (
          <tr key={`${r.userId}-${r.loginTime}-${i}`}>
            <th scope="row" className={`${cellClass} text-left font-medium`}>
              {r.username}
            </th>
            <td className={cellClass}>{r.name}</td>
            <td className={cellClass}>{r.email}</td>
            <td className={cellClass}>{ROLE_NAMES[r.roleId]}</td>
            <td className={cellClass}>{r.loginTime}</td>
            <td className={cellClass}>{r.lastSeenAt}</td>
          </tr>
        ))}
      </Table>
      <Pagination page={data.page} pageSize={LONG_PAGE_SIZE} total={data.total} label="Login users" />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
