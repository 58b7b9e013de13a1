import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { notFound, requireRole } from "~/auth/guards.server";
import { parseChaviForm } from "~/services/keys.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { ChaviForm } from "~/components/admin/chavi-form";
import { parseIdParam } from "~/domain/paging";
import { findChavi, listKeyUserChoices, updateChavi } from "~/models/chavi-admin.server";
import { registrationFailed } from "~/schemas/chavi";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Edit Chavi — NSE Signals" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  const key = id ? await findChavi(context.db, id) : null;
  if (!key) notFound();
  return json({
    users: await listKeyUserChoices(context.db),
    defaults: {
      name: key.name,
      displayName: key.displayName,
      description: key.description,
      type: key.type,
      srNo: String(key.srNo),
      userIds: key.userIds,
      isactive: key.isactive,
    },
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  if (!id) notFound();
  const { submission, value } = await parseChaviForm(context.db, await readForm(request), id);
  if (!value) return json(submission.reply(), { status: 400 });
  let saved: boolean;
  try {
    saved = await updateChavi(context.db, id, value);
  } catch (error) {
    console.error("[chavi] update failed", error);
    return json(submission.reply({ formErrors: [registrationFailed(error instanceof Error ? error.message : String(error))] }), { status: 500 });
  }
  if (!saved) notFound();
  return redirectWithToast(context.cookies, request, "/chavi", { type: "success", message: "Key updated successfully" });
}

export default function EditChaviRoute() {
  const { users, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title="Edit Chavi" closeTo="/chavi">
      <ChaviForm mode="edit" users={users} defaults={defaults} lastResult={lastResult} />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
