import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { notFound, requireRole } from "~/auth/guards.server";
import { buttonClass, RouteDialog, secondaryButtonClass } from "~/components/admin/admin-ui";
import { parseIdParam } from "~/domain/paging";
import { deleteChavi, findChavi } from "~/models/chavi-admin.server";
import { redirectWithToast } from "~/auth/toast.server";

export const meta: MetaFunction = () => [{ title: "Delete Chavi — NSE Signals" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  const key = id ? await findChavi(context.db, id) : null;
  if (!key) notFound();
  return json({ id: key.id, name: key.name, displayName: key.displayName, users: key.userIds.length });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  const key = id ? await findChavi(context.db, id) : null;
  if (!key || !(await deleteChavi(context.db, key.id))) {
    return redirectWithToast(context.cookies, request, "/chavi", { type: "error", message: "Key not found: it may have been deleted already" });
  }
  return redirectWithToast(context.cookies, request, "/chavi", { type: "success", message: `Key ${key.name} deleted successfully` });
}

export default function DeleteChaviRoute() {
  const key = useLoaderData<typeof loader>();
  return (
    <RouteDialog title="Delete Chavi" closeTo="/chavi">
      <Form method="post" className="flex flex-col gap-4">
        <p>
          Delete the key {key.name} ({key.displayName})? It is assigned to {key.users} {key.users === 1 ? "user" : "users"}; its stored events are deleted too.
        </p>
        <div className="flex gap-2">
          <button type="submit" className={`${buttonClass} bg-red-600 hover:bg-red-700`}>
            Delete
          </button>
          <Link to="/chavi" className={secondaryButtonClass}>
            Cancel
          </Link>
        </div>
      </Form>
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
