import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRole, throwProblem } from "~/auth/guards.server";
import { formIntent, idsFromSearch, previewUserFormWithOptions, userFormOptions } from "~/services/user-form.server";
import { createAccount, roleRequestProblem, userWriteProblems } from "~/services/accounts.server";
import { reauthRedirect, ReauthenticationRequired } from "~/auth/reauth.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { UserFormFromAnswer } from "~/components/admin/user-form";
import { istDateString } from "~/domain/dates";
import type { Outcome } from "~/domain/outcome";
import { parseIdParam, withListSearch } from "~/domain/paging";
import { assignableRoles } from "~/domain/user-admin";
import { createUserSchema, USER_SAVE_ERROR, USER_SAVED } from "~/schemas/user-admin";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Create User — NSE Signals" }];

const HIDDEN = ["password"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireRole(request, context, [1, 2]);
  const url = requestUrl(request);
  const sectorIds = idsFromSearch(url, "sectorIds");
  const roles = assignableRoles(actor.roleId);
  const requested = parseIdParam(url.searchParams.get("role_id"));
  const roleId = requested !== null && (roles as number[]).includes(requested) ? requested : 4;
  const options = await userFormOptions(context.db, sectorIds, []);
  return json({ roles, ...options, defaults: { roleId: String(roleId), sectorIds, symbolIds: [] as number[], dateSubscribed: istDateString(new Date()) } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1, 2]);
  const formData = await readForm(request);
  const intent = formIntent(formData);
  if (intent !== "save") return json(await previewUserFormWithOptions(context.db, formData, intent));
  // The role rule first: a role-2 user asking for an admin account is refused whatever else it sent.
  const roleRefusal = roleRequestProblem(actor, formData.get("roleId"));
  if (roleRefusal) throwProblem(roleRefusal);

  const submission = await parseWithZod(formData, {
    async: true,
    schema: createUserSchema.superRefine(async (value, ctx) => {
      for (const problem of await userWriteProblems(context.db, actor.roleId, value)) ctx.addIssue({ code: "custom", path: [problem.path], message: problem.message });
    }),
  });
  if (submission.status !== "success") {
    return json(submission.reply({ hideFields: HIDDEN }), { status: 400 });
  }
  const value = submission.value;
  let created: Outcome<number>;
  try {
    created = await createAccount(context, actor, value);
  } catch (error) {
    // Creating an admin needs a recent sign-in: confirm on /reauth, then back here.
    if (error instanceof ReauthenticationRequired) return reauthRedirect(context, request, error);
    console.error("[users] create failed", error);
    return json(submission.reply({ formErrors: [USER_SAVE_ERROR], hideFields: HIDDEN }), { status: 500 });
  }
  // Refused after the form's own checks passed (another account took the name meanwhile).
  if (!created.ok) {
    if (!created.problem.field) throwProblem(created.problem);
    return json(replyWithProblem(submission, created.problem, { hideFields: HIDDEN }), { status: created.problem.status });
  }
  // Back to the list it was opened from, showing the new account's role.
  const listSearch = new URLSearchParams(requestUrl(request).search);
  listSearch.delete("sectorIds");
  return redirectWithToast(context.cookies, request, withListSearch(`/users?role_id=${value.roleId}`, `?${listSearch}`), { type: "success", message: USER_SAVED });
}

export default function NewUserRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <RouteDialog title="Create User" closeTo="/users">
      <UserFormFromAnswer mode="create" loaded={loaded} answer={answer} formKey="loaded" />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
