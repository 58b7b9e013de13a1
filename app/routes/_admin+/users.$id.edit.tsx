import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRole, throwProblem } from "~/auth/guards.server";
import { formIntent, previewUserFormWithOptions, userFormOptions } from "~/services/user-form.server";
import { findAccountForEdit, findManageableAccount, roleRequestProblem, updateAccount, userWriteProblems } from "~/services/accounts.server";
import { reauthRedirect, ReauthenticationRequired } from "~/auth/reauth.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { UserFormFromAnswer } from "~/components/admin/user-form";
import type { Outcome } from "~/domain/outcome";
import { listReturnPath, parseIdParam } from "~/domain/paging";
import { assignableRoles } from "~/domain/user-admin";
import { updateUserSchema, USER_SAVE_ERROR, USER_SAVED } from "~/schemas/user-admin";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Edit User — NSE Signals" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await requireRole(request, context, [1, 2]);
  const found = await findAccountForEdit(context, actor, parseIdParam(params.id));
  if (!found.ok) throwProblem(found.problem);
  const user = found.value;
  const options = await userFormOptions(context.db, user.sectorIds, user.symbolIds);
  return json({
    id: user.id,
    username: user.username,
    roles: assignableRoles(actor.roleId),
    ...options,
    defaults: {
      roleId: String(user.roleId),
      name: user.name,
      username: user.username,
      email: user.email,
      status: user.status,
      sectorIds: user.sectorIds,
      symbolIds: user.symbolIds,
      dateSubscribed: user.dateSubscribed ?? "",
      dateExpired: user.dateExpired ?? "",
    },
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1, 2]);
  const current = await findManageableAccount(context, actor, parseIdParam(params.id));
  if (!current.ok) throwProblem(current.problem);
  const { id, roleId: currentRole } = current.value;
  const formData = await readForm(request);
  const intent = formIntent(formData);
  if (intent !== "save") return json(await previewUserFormWithOptions(context.db, formData, intent));
  // The role rule first: a role the actor may not give is refused whatever else was sent.
  const roleRefusal = roleRequestProblem(actor, formData.get("roleId"), currentRole);
  if (roleRefusal) throwProblem(roleRefusal);

  const submission = await parseWithZod(formData, {
    async: true,
    schema: updateUserSchema.superRefine(async (value, ctx) => {
      for (const problem of await userWriteProblems(context.db, actor.roleId, value, id)) ctx.addIssue({ code: "custom", path: [problem.path], message: problem.message });
    }),
  });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const value = submission.value;
  let saved: Outcome<null>;
  try {
    saved = await updateAccount(context, actor, id, value);
  } catch (error) {
    // Changing a role needs a recent sign-in: confirm on /reauth, then back here.
    if (error instanceof ReauthenticationRequired) return reauthRedirect(context, request, error);
    console.error("[users] update failed", error);
    return json(submission.reply({ formErrors: [USER_SAVE_ERROR] }), { status: 500 });
  }
  // Refused after the form's own checks passed (the account changed meanwhile): under its field, or the error page.
  if (!saved.ok) {
    if (!saved.problem.field) throwProblem(saved.problem);
    return json(replyWithProblem(submission, saved.problem), { status: saved.problem.status });
  }
  return redirectWithToast(context.cookies, request, listReturnPath("/users", requestUrl(request).search, { fallback: `/users?role_id=${value.roleId}` }), { type: "success", message: USER_SAVED });
}

export default function EditUserRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <RouteDialog title={`Edit User — ${loaded.username}`} closeTo="/users">
      <UserFormFromAnswer mode="edit" loaded={loaded} answer={answer} formKey={`user-${loaded.id}`} />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
