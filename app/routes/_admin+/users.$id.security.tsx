import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireRole, throwProblem } from "~/auth/guards.server";
import { redirectWithToast } from "~/auth/toast.server";
import { RouteDialog, secondaryButtonClass } from "~/components/admin/admin-ui";
import { listReturnPath, parseIdParam } from "~/domain/paging";
import { findAccountForEdit } from "~/services/accounts.server";
import { sendAccountResetLink, signOutAccountEverywhere } from "~/services/account-support.server";
import { accountSupportSchema } from "~/schemas/user-admin";
import { readForm, requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Account security — NSE Signals" }];

// /users/:id/security: mail the user a password reset link, or sign them out everywhere.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await requireRole(request, context, [1, 2]);
  const found = await findAccountForEdit(context, actor, parseIdParam(params.id));
  if (!found.ok) throwProblem(found.problem);
  const { id, username, email, status } = found.value;
  return json({ id, username, email, status });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1, 2]);
  const parsed = accountSupportSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw json({ message: "Bad request" }, { status: 400 });
  const id = parseIdParam(params.id);
  const done = parsed.data.intent === "reset-link" ? await sendAccountResetLink(context, actor, id) : await signOutAccountEverywhere(context, actor, id);
  if (!done.ok && done.problem.status !== 409) throwProblem(done.problem);
  const back = listReturnPath("/users", requestUrl(request).search);
  return redirectWithToast(context.cookies, request, back, done.ok ? { type: "success", message: done.value } : { type: "error", message: done.problem.message });
}

export default function AccountSecurityRoute() {
  const user = useLoaderData<typeof loader>();
  return (
    <RouteDialog title={`Account security — ${user.username}`} closeTo="/users">
      <div className="flex flex-col gap-5">
        <Form method="post" className="flex flex-col gap-2">
          <p className="text-sm">
            Mail {user.email} a one-time link to choose a new password. Their current password keeps working until they use it.
          </p>
          <button type="submit" name="intent" value="reset-link" className={`${secondaryButtonClass} self-start`} disabled={!user.status}>
            Send password reset link
          </button>
          {user.status ? null : <p className="text-sm text-muted">The account is inactive: activate it first.</p>}
        </Form>
        <Form method="post" className="flex flex-col gap-2">
          <p className="text-sm">End every session of {user.username} on every device now; they will have to sign in again.</p>
          <button type="submit" name="intent" value="sign-out-all" className={`${secondaryButtonClass} self-start`}>
            Sign out all sessions
          </button>
        </Form>
      </div>
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
