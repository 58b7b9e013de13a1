import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { forbidden, notFound, requireRole } from "~/auth/guards.server";
import { buttonClass, RouteDialog, secondaryButtonClass } from "~/components/admin/admin-ui";
import { ROLE_NAMES, type RoleId } from "~/domain/access";
import { parseIdParam } from "~/domain/paging";
import { CANNOT_DELETE_SELF, canManageAccount, mayWriteAccount, ownAccountRefusal } from "~/domain/user-admin";
import { deleteUserAccount, findUserForEdit } from "~/models/user-admin.server";
import { redirectWithToast } from "~/auth/toast.server";

export const meta: MetaFunction = () => [{ title: "Delete User — NSE Signals" }];

const ALL: RoleId[] = [1, 2, 3, 4];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await requireRole(request, context, [1, 2]);
  const id = parseIdParam(params.id);
  const user = id ? await findUserForEdit(context.db, id) : null;
  if (!user) notFound();
  if (!canManageAccount(actor.roleId, user.roleId)) forbidden();
  return json({ id: user.id, username: user.username, email: user.email, roleId: user.roleId, self: user.id === actor.id });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1, 2]);
  const id = parseIdParam(params.id);
  const user = id ? await findUserForEdit(context.db, id) : null;
  if (!user) notFound();
  if (!mayWriteAccount(actor.roleId, { kind: "delete", currentRole: user.roleId })) forbidden();
  const refusal = ownAccountRefusal({ kind: "delete" }, actor.id, user.id);
  if (refusal) forbidden(refusal);
  const deleted = await deleteUserAccount(context.db, user.id, ALL.filter((r) => canManageAccount(actor.roleId, r)));
  if (!deleted) notFound();
  context.hub.disconnectUser(user.id);
  return redirectWithToast(context.cookies, request, `/users?role_id=${user.roleId}`, {
    type: "success",
    message: `User ${user.username} deleted`,
  });
}

export default function DeleteUserRoute() {
  const user = useLoaderData<typeof loader>();
  return (
    <RouteDialog title="Delete User" closeTo={`/users?role_id=${user.roleId}`}>
      {user.self ? (
        <p>{CANNOT_DELETE_SELF}</p>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <p>
            Delete {user.username} ({user.email}, {ROLE_NAMES[user.roleId]})? Their trades, alerts, watchlists and sessions are deleted too. This action cannot be undone.
          </p>
          <div className="flex gap-2">
            <button type="submit" className={`${buttonClass} bg-red-600 hover:bg-red-700`}>
              Delete
            </button>
            <Link to={`/users?role_id=${user.roleId}`} className={secondaryButtonClass}>
              Cancel
            </Link>
          </div>
        </Form>
      )}
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
