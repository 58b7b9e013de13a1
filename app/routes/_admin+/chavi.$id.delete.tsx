import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { notFound, requireRole } from "~/auth/guards.server";
import { buttonClass, KeepListLink, RouteDialog, secondaryButtonClass } from "~/components/admin/admin-ui";
import { listReturnPath, parseIdParam } from "~/domain/paging";
import { refuse } from "~/domain/outcome";
import { deleteKey, findKey, KEY_ALREADY_DELETED } from "~/services/keys.server";
import { redirectWithToast } from "~/auth/toast.server";
import { requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Delete Chavi — NSE Signals" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  const key = id ? await findKey(context, id) : null;
  if (!key) notFound();
  return json({ id: key.id, name: key.name, displayName: key.displayName, users: key.userIds.length });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  const outcome = id ? await deleteKey(context, actor, id) : refuse(KEY_ALREADY_DELETED, undefined, 404);
  const back = listReturnPath("/chavi", requestUrl(request).search);
  if (!outcome.ok) return redirectWithToast(context.cookies, request, back, { type: "error", message: outcome.problem.message });
  return redirectWithToast(context.cookies, request, back, { type: "success", message: outcome.value.message });
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
          <KeepListLink to="/chavi" className={secondaryButtonClass}>
            Cancel
          </KeepListLink>
        </div>
      </Form>
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
