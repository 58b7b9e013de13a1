import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { notFound, requireRole } from "~/auth/guards.server";
import { findKey, keySaveFailure, listKeyUsers, updateKey } from "~/services/keys.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { ChaviForm } from "~/components/admin/chavi-form";
import { listReturnPath, parseIdParam } from "~/domain/paging";
import { chaviSchema } from "~/schemas/chavi";
import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Edit Chavi — NSE Signals" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  const key = id ? await findKey(context, id) : null;
  if (!key) notFound();
  return json({
    users: await listKeyUsers(context),
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
  const actor = await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  if (!id) notFound();
  const submission = parseWithZod(await readForm(request), { schema: chaviSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  let outcome;
  try {
    outcome = await updateKey(context, actor, id, submission.value);
  } catch (error) {
    console.error("[chavi] update failed", error);
    return json(submission.reply({ formErrors: [keySaveFailure(error)] }), { status: 500 });
  }
  if (!outcome.ok) {
    if (outcome.problem.status === 404) notFound();
    return json(replyWithProblem(submission, outcome.problem), { status: outcome.problem.status });
  }
  return redirectWithToast(context.cookies, request, listReturnPath("/chavi", requestUrl(request).search), { type: "success", message: outcome.value.message });
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
