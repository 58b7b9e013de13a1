import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { GoToChatButton } from "~/components/chat/go-to-chat";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useState } from "react";
import { requireRole, throwProblem } from "~/auth/guards.server";
import {
  cellClass,
  ExportLinks,
  FilterForm,
  KeepListLink,
  linkClass,
  ListWithDialog,
  PageSizeAndSort,
  PageTitle,
  Pagination,
  SearchField,
  secondaryButtonClass,
  StatusSwitch,
  Table,
  buttonClass,
} from "~/components/admin/admin-ui";
import { controlClass } from "~/components/ui/field";
import { FilterSelect } from "~/components/ui/select-field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { BUILT_PATHS, canReach, ROLE_NAMES } from "~/domain/access";
import { formatIstDate } from "~/domain/dates";
import { listView } from "~/domain/list-query";
import { EXPIRING_DAYS_DEFAULT, filterableRoles, MAX_SUBSCRIPTION_DAYS } from "~/domain/user-admin";
import { listAccountsPage, setUserActive } from "~/services/accounts.server";
import { listKeysInOrder } from "~/services/keys.server";
import { parseAccountListQuery, statusSwitchSchema } from "~/schemas/user-admin";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Users — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, context, [1, 2]);
  const query = parseAccountListQuery(requestUrl(request).searchParams);
  const canAssignKeys = canReach(user.roleId, "/chavi") && BUILT_PATHS.has("/chavi");
  const [listed, keys] = await Promise.all([listAccountsPage(context, user, query), canAssignKeys ? listKeysInOrder(context, { activeOnly: true }) : []]);
  if (!listed.ok) throwProblem(listed.problem);
  const { roleId, rows, total } = listed.value;
  return json({
    roleId,
    roles: filterableRoles(user.roleId),
    ...listView(query, total),
    subscription: query.subscription,
    rows,
    // Row actions that lead to screens this user may open.
    canAssignKeys,
    keys: keys.map((k) => ({ id: k.id, name: k.name })),
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

const BULK_FORM_ID = "users-bulk";
/** The list's own parameters a bulk confirmation carries, so the list behind it and the way back stay the same. */
const LIST_PARAMS = ["role_id", "q", "sort", "dir", "sub", "within", "size", "page"];

export default function UsersPage() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<Set<number>>(() => new Set());
  const listParams = [...new URLSearchParams(location.search)].filter(([key]) => LIST_PARAMS.includes(key));
  const allChosen = data.rows.length > 0 && data.rows.every((u) => chosen.has(u.id));
  const choose = (id: number, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <ListWithDialog>
      <section aria-labelledby="users-title">
        <PageTitle
          id="users-title"
          title="User List"
          action={
            <span className="flex items-center gap-3">
              <ExportLinks path="/users/export" label="users" />
              <KeepListLink to={`/users/new?role_id=${data.roleId}`} className={buttonClass}>
                + Add
              </KeepListLink>
            </span>
          }
        />
        <div className="mb-3">
          <FilterForm label="Filter users">
            <FilterSelect label="Role" name="role_id" value={String(data.roleId)} options={data.roles.map((r) => ({ value: r, label: ROLE_NAMES[r] }))} />
            <SearchField value={data.search} label="Search name, user name or email" />
            <FilterSelect
              label="Subscription"
              name="sub"
              value={data.subscription?.kind ?? ""}
              placeholder="Any"
              options={[
                { value: "expiring", label: "Expiring within" },
                { value: "expired", label: "Expired" },
              ]}
            />
            <label className="flex flex-col gap-1 text-sm font-medium">
              Days ahead
              <input
                type="number"
                name="within"
                min={1}
                max={MAX_SUBSCRIPTION_DAYS}
                defaultValue={data.subscription?.kind === "expiring" ? data.subscription.days : EXPIRING_DAYS_DEFAULT}
                className={`${controlClass} w-24`}
              />
            </label>
            <PageSizeAndSort pageSize={data.pageSize} sorting={data.sorting} />
          </FilterForm>
        </div>

        {/* Bulk actions: a GET to the confirmation, which names the count before anything changes.
            The row checkboxes belong to this form through their form attribute (the rows hold
            their own switch forms, and forms cannot nest). */}
        <Form id={BULK_FORM_ID} method="get" action="/users/bulk" aria-label="Bulk actions" className="mb-3 flex flex-wrap items-end gap-2">
          {listParams.map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <label className="flex flex-col gap-1 text-sm font-medium">
            With the chosen users
            <select name="bulk" defaultValue="extend" className={controlClass}>
              <option value="extend">Extend subscription by days</option>
              <option value="activate">Activate</option>
              <option value="deactivate">Deactivate</option>
              {data.canAssignKeys ? (
                <>
                  <option value="assign-keys">Assign keys</option>
                  <option value="remove-keys">Remove keys</option>
                </>
              ) : null}
              <option value="delete">Delete</option>
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Days to extend by
            <input type="number" name="days" min={1} max={MAX_SUBSCRIPTION_DAYS} defaultValue={30} className={`${controlClass} w-24`} />
          </label>
          {data.canAssignKeys ? (
            <label className="flex flex-col gap-1 text-sm font-medium">
              Keys to assign or remove
              <select name="keys" multiple size={3} className={`${controlClass} min-w-40`}>
                {data.keys.map((k) => (
                  <option key={k.id} value={k.id}>
                    {k.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <button type="submit" className={secondaryButtonClass}>
            Apply to chosen{hydrated ? ` (${chosen.size})` : ""}
          </button>
          {hydrated ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={allChosen}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setChosen(on ? new Set(data.rows.map((u) => u.id)) : new Set());
                }}
              />
              Choose every user on this page
            </label>
          ) : null}
        </Form>

        <Table
          caption="Users"
          sorting={data.sorting}
          headers={[
            "Choose",
            { label: "User Name", sort: "username" },
            { label: "Email", sort: "email" },
            "Role",
            { label: "Expiry Date", sort: "expiry" },
            { label: "subscribed Date", sort: "subscribed" },
            "Action",
            "Status",
          ]}
          empty={data.rows.length === 0}
        >
          {data.rows.map((u) => (
            <tr key={u.id} data-user={u.username}>
              <td className={cellClass}>
                <input
                  type="checkbox"
                  name="ids"
                  value={u.id}
                  form={BULK_FORM_ID}
                  aria-label={`Choose ${u.username}`}
                  checked={hydrated ? chosen.has(u.id) : undefined}
                  onChange={(e) => choose(u.id, e.currentTarget.checked)}
                />
              </td>
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
                  <KeepListLink to={`/users/${u.id}/edit`} className={linkClass} aria-label={`Edit ${u.username}`}>
                    Edit
                  </KeepListLink>
                  <KeepListLink to={`/users/${u.id}/delete`} className={linkClass} aria-label={`Delete ${u.username}`}>
                    Delete
                  </KeepListLink>
                  <KeepListLink to={`/users/${u.id}/security`} className={linkClass} aria-label={`Security of ${u.username}`}>
                    Security
                  </KeepListLink>
                  {data.canChat ? <GoToChatButton viewerRole={data.viewerRole} user={{ id: u.id, roleId: u.roleId, name: u.username }} /> : null}
                </span>
              </td>
              <td className={cellClass}>
                <StatusSwitch id={u.id} on={u.status} name={u.username} labels={["Active", "Inactive"]} />
              </td>
            </tr>
          ))}
        </Table>
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} label="Users" />
      </section>
    </ListWithDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
