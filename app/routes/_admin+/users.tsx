import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { GoToChatButton } from "~/components/chat/go-to-chat";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole, throwProblem } from "~/auth/guards.server";
import {
  cellClass,
  FilterForm,
  linkClass,
  ListWithDialog,
  PageTitle,
  Pagination,
  StatusSwitch,
  Table,
  buttonClass,
} from "~/components/admin/admin-ui";
import { FilterSelect } from "~/components/ui/select-field";
import { BUILT_PATHS, canReach, ROLE_NAMES } from "~/domain/access";
import { formatIstDate } from "~/domain/dates";
import { PAGE_SIZE, parseIdParam, parsePage } from "~/domain/paging";
import { filterableRoles } from "~/domain/user-admin";
import { listAccountsPage, setUserActive } from "~/services/accounts.server";
import { statusSwitchSchema } from "~/schemas/user-admin";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Users — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, context, [1, 2]);
  const url = requestUrl(request);
  const page = parsePage(url.searchParams.get("page"));
  const { roleId, rows, total } = await listAccountsPage(context, user, { roleId: parseIdParam(url.searchParams.get("role_id")), page, pageSize: PAGE_SIZE });
  return json({
    roleId,
    roles: filterableRoles(user.roleId),
    page,
    total,
    rows,
    // Row actions that lead to screens this user may open.
    canAssignKeys: canReach(user.roleId, "/chavi") && BUILT_PATHS.has("/chavi"),
    canChat: canReach(user.roleId, "/support") && BUILT_PATHS.has("/support"),
    viewerRole: user.roleId,
  });
}

// The Active/Inactive switch of a row. Deactivating ends the user's sessions and sockets at once.
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1, 2]);
  const parsed = statusSwitchSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw json({ message: "Bad request" }, { status: 400 });
  const switched = await setUserActive(context, actor, parsed.data.id, parsed.data.status);
  if (!switched.ok) throwProblem(switched.problem);
  const url = requestUrl(request);
  return redirectWithToast(context.cookies, request, url.pathname + url.search, { type: "success", message: switched.value });
}

export default function UsersPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <ListWithDialog>
      <section aria-labelledby="users-title">
        <PageTitle
          id="users-title"
          title="User List"
          action={
            <Link to={`/users/new?role_id=${data.roleId}`} className={buttonClass}>
              + Add
            </Link>
          }
        />
        <div className="mb-3">
          <FilterForm label="Filter users">
            <FilterSelect label="Role" name="role_id" value={String(data.roleId)} options={data.roles.map((r) => ({ value: r, label: ROLE_NAMES[r] }))} />
          </FilterForm>
        </div>
        <Table
          caption="Users"
          headers={["User Name", "Email", "Role", "Expiry Date", "subscribed Date", "Action", "Status"]}
          empty={data.rows.length === 0}
        >
          {data.rows.map((u) => (
            <tr key={u.id} data-user={u.username}>
              <th scope="row" className={`${cellClass} text-left font-medium`}>
                {u.username}
              </th>
              <td className={cellClass}>{u.email}</td>
              <td className={cellClass}>{ROLE_NAMES[u.roleId]}</td>
              <td className={cellClass}>{u.dateExpired ? formatIstDate(new Date(`${u.dateExpired}T12:00:00Z`)) : "—"}</td>
              <td className={cellClass}>{u.dateSubscribed ? formatIstDate(new Date(`${u.dateSubscribed}T12:00:00Z`)) : "—"}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                <span className="flex gap-2">
                  {data.canAssignKeys ? (
                    <Link to={`/chavi/assign?userId=${u.id}`} className={linkClass} aria-label={`Chavi of ${u.username}`}>
                      Chavi
                    </Link>
                  ) : null}
                  <Link to={`/users/${u.id}/edit`} className={linkClass} aria-label={`Edit ${u.username}`}>
                    Edit
                  </Link>
                  <Link to={`/users/${u.id}/delete`} className={linkClass} aria-label={`Delete ${u.username}`}>
                    Delete
                  </Link>
                  {data.canChat ? <GoToChatButton viewerRole={data.viewerRole} user={{ id: u.id, roleId: u.roleId, name: u.username }} /> : null}
                </span>
              </td>
              <td className={cellClass}>
                <StatusSwitch id={u.id} on={u.status} name={u.username} labels={["Active", "Inactive"]} />
              </td>
            </tr>
          ))}
        </Table>
        <Pagination page={data.page} pageSize={10} total={data.total} label="Users" />
      </section>
    </ListWithDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
