import { parseWithZod } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { forbidden, notFound, requireRole } from "~/auth/guards.server";
import { formIntent, previewUserForm } from "~/services/user-form.server";
import { updateAccount, userWriteProblems } from "~/services/accounts.server";
import { reauthRedirect, ReauthenticationRequired } from "~/auth/reauth.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { UserForm } from "~/components/admin/user-form";
import { isRoleId } from "~/domain/access";
import { parseIdParam } from "~/domain/paging";
import { assignableRoles, canManageAccount, mayWriteAccount } from "~/domain/user-admin";
import { findUserForEdit, findUserRole, loadUserFormOptions } from "~/models/user-admin.server";
import { updateUserSchema, USER_SAVE_ERROR, USER_SAVED } from "~/schemas/user-admin";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Edit User — NSE Signals" }];


export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await requireRole(request, context, [1, 2]);
  const id = parseIdParam(params.id);
  const user = id ? await findUserForEdit(context.db, id) : null;
  if (!user) notFound();
  if (!canManageAccount(actor.roleId, user.roleId)) forbidden();
  const options = await loadUserFormOptions(context.db, user.sectorIds, user.symbolIds);
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
  const id = parseIdParam(params.id);
  const currentRole = id ? await findUserRole(context.db, id) : null;
  if (!id || currentRole === null) notFound();
  if (!canManageAccount(actor.roleId, currentRole)) forbidden();
  const formData = await readForm(request);
  const intent = formIntent(formData);
  if (intent !== "save") {
    const defaults = await previewUserForm(context.db, formData, intent);
    return json({ preview: defaults, options: await loadUserFormOptions(context.db, defaults.sectorIds, defaults.symbolIds) });
  }
  const requestedRole = Number(formData.get("roleId"));
  if (isRoleId(requestedRole) && !mayWriteAccount(actor.roleId, { kind: "update", currentRole, newRole: requestedRole })) forbidden();

  const submission = await parseWithZod(formData, {
    async: true,
    schema: updateUserSchema.superRefine(async (value, ctx) => {
      for (const problem of await userWriteProblems(context.db, actor.roleId, value, id)) ctx.addIssue({ code: "custom", path: [problem.path], message: problem.message });
    }),
  });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const value = submission.value;
  let saved: boolean;
  try {
    saved = await updateAccount(context, actor, id, value, currentRole);
  } catch (error) {
    // Changing a role needs a recent sign-in: confirm on /reauth, then back here.
    if (error instanceof ReauthenticationRequired) return reauthRedirect(context, request, error);
    console.error("[users] update failed", error);
    return json(submission.reply({ formErrors: [USER_SAVE_ERROR] }), { status: 500 });
  }
  if (!saved) notFound();
  if (!value.status) context.hub.disconnectUser(id);
  // Open sockets follow the new subscription and role at once (docs/decisions/115).
  else await context.hub.refreshSymbolAccess(id, value.roleId);
  return redirectWithToast(context.cookies, request, `/users?role_id=${value.roleId}`, { type: "success", message: USER_SAVED });
}

export default function EditUserRoute() {
  const loaded = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const preview = data && "preview" in data ? data : null;
  const lastResult = data && !("preview" in data) ? data : undefined;
  const options = preview?.options ?? loaded;
  return (
    <RouteDialog title={`Edit User — ${loaded.username}`} closeTo={`/users?role_id=${loaded.defaults.roleId}`}>
      <UserForm
        key={preview ? JSON.stringify(preview.preview) : `user-${loaded.id}`}
        mode="edit"
        roles={loaded.roles}
        sectors={options.sectors}
        symbols={options.symbols}
        chosenSymbols={options.chosenSymbols}
        defaults={preview?.preview ?? loaded.defaults}
        lastResult={lastResult}
      />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
