import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireRole, throwProblem } from "~/auth/guards.server";
import { buttonClass, KeepListLink, RouteDialog, secondaryButtonClass } from "~/components/admin/admin-ui";
import { ROLE_NAMES } from "~/domain/access";
import { listReturnPath, parseIdParam } from "~/domain/paging";
import { requestUrl } from "~/schemas/request-input.server";
import { CANNOT_DELETE_SELF } from "~/domain/user-admin";
import { deleteAccount, findAccountForEdit } from "~/services/accounts.server";
import { redirectWithToast } from "~/auth/toast.server";

export const meta: MetaFunction = () => [{ title: "Delete User — NSE Signals" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await requireRole(request, context, [1, 2]);
  const found = await findAccountForEdit(context, actor, parseIdParam(params.id));
  if (!found.ok) throwProblem(found.problem);
  const user = found.value;
  return json({ id: user.id, username: user.username, email: user.email, roleId: user.roleId, self: user.id === actor.id });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1, 2]);
  const deleted = await deleteAccount(context, actor, parseIdParam(params.id));
  if (!deleted.ok) throwProblem(deleted.problem);
  return redirectWithToast(context.cookies, request, listReturnPath("/users", requestUrl(request).search, { fallback: `/users?role_id=${deleted.value.roleId}` }), { type: "success", message: deleted.value.message });
}

export default function DeleteUserRoute() {
  const user = useLoaderData<typeof loader>();
  return (
    <RouteDialog title="Delete User" closeTo="/users">
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
            <KeepListLink to="/users" className={secondaryButtonClass}>
              Cancel
            </KeepListLink>
          </div>
        </Form>
      )}
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
