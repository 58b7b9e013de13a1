import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { createKey, keySaveFailure, listKeyUsers } from "~/services/keys.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { ChaviForm } from "~/components/admin/chavi-form";
import { chaviSchema } from "~/schemas/chavi";
import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, requestUrl } from "~/schemas/request-input.server";
import { listReturnPath } from "~/domain/paging";

export const meta: MetaFunction = () => [{ title: "Create Chavi — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  return json({ users: await listKeyUsers(context) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1]);
  const submission = parseWithZod(await readForm(request), { schema: chaviSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  let outcome;
  try {
    outcome = await createKey(context, actor, submission.value);
  } catch (error) {
    console.error("[chavi] create failed", error);
    return json(submission.reply({ formErrors: [keySaveFailure(error)] }), { status: 500 });
  }
  if (!outcome.ok) return json(replyWithProblem(submission, outcome.problem), { status: outcome.problem.status });
  return redirectWithToast(context.cookies, request, listReturnPath("/chavi", requestUrl(request).search), { type: "success", message: outcome.value.message });
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
