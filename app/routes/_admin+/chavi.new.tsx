import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { parseChaviForm } from "~/services/keys.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { ChaviForm } from "~/components/admin/chavi-form";
import { createChavi, listKeyUserChoices } from "~/models/chavi-admin.server";
import { registrationFailed } from "~/schemas/chavi";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Create Chavi — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  return json({ users: await listKeyUserChoices(context.db) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, [1]);
  const { submission, value } = await parseChaviForm(context.db, await readForm(request));
  if (!value) return json(submission.reply(), { status: 400 });
  try {
    await createChavi(context.db, value);
  } catch (error) {
    console.error("[chavi] create failed", error);
    return json(submission.reply({ formErrors: [registrationFailed(error instanceof Error ? error.message : String(error))] }), { status: 500 });
  }
  return redirectWithToast(context.cookies, request, "/chavi", { type: "success", message: "Key created successfully" });
}

export default function NewChaviRoute() {
  const { users } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title="Create Chavi" closeTo="/chavi">
      <ChaviForm mode="create" users={users} defaults={{ userIds: [] }} lastResult={lastResult} />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
