import { parseWithZod } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { RouteDialog, secondaryButtonClass } from "~/components/admin/admin-ui";
import { controlClass, FormErrors, SubmitButton } from "~/components/ui/field";
import { ROLE_NAMES } from "~/domain/access";
import { parseIdParam } from "~/domain/paging";
import { assignKeys, keySaveFailure, listKeysInOrder, listKeyUsers, listUserKeys } from "~/services/keys.server";
import { assignKeysSchema, registrationFailed } from "~/schemas/chavi";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Assign keys — NSE Signals" }];

// Assigning keys to one user (the user list's Chavi action and the key list's row action):
// ?userId=N picks the user; the checklist is that user's keys.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const userId = parseIdParam(searchParamsOf(request).get("userId"));
  const [users, keys] = await Promise.all([listKeyUsers(context), listKeysInOrder(context)]);
  const user = users.find((u) => u.id === userId) ?? null;
  return json({ users, keys, user, assigned: user ? await listUserKeys(context, user.id) : [] });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, [1]);
  const submission = parseWithZod(await readForm(request), { schema: assignKeysSchema });
  if (submission.status !== "success") {
    return json({ formError: registrationFailed("please select a user") }, { status: 400 });
  }
  const { userId, chaviIds } = submission.value;
  let outcome;
  try {
    outcome = await assignKeys(context, userId, { keyIds: chaviIds });
  } catch (error) {
    console.error("[chavi] assign failed", error);
    return json({ formError: keySaveFailure(error) }, { status: 500 });
  }
  if (!outcome.ok) return json({ formError: outcome.problem.message }, { status: outcome.problem.status });
  return redirectWithToast(context.cookies, request, `/chavi/assign?userId=${userId}`, { type: "success", message: outcome.value.message });
}

export default function AssignKeysRoute() {
  const { users, keys, user, assigned } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <RouteDialog title="Assign keys to a user" closeTo="/chavi">
      <Form method="get" className="mb-4 flex items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          User
          <select name="userId" defaultValue={user ? String(user.id) : ""} className={controlClass}>
            <option value="">Select a user</option>
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name} ({u.username}, {ROLE_NAMES[u.roleId]})
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={secondaryButtonClass}>
          Show keys
        </button>
      </Form>
      {user ? (
        <Form method="post" className="flex flex-col gap-3" key={user.id}>
          <FormErrors errors={result && "formError" in result ? [result.formError] : undefined} />
          <input type="hidden" name="userId" value={user.id} />
          <fieldset className="grid grid-cols-2 gap-1 sm:grid-cols-3">
            <legend className="mb-1 text-sm font-medium">Keys of {user.username}</legend>
            {keys.map((k) => (
              <label key={k.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="chaviIds" value={k.id} defaultChecked={assigned.includes(k.id)} />
                {k.name} ({k.displayName})
              </label>
            ))}
          </fieldset>
          <div>
            <SubmitButton pending={navigation.state === "submitting"}>Assign</SubmitButton>
          </div>
        </Form>
      ) : (
        <p className="text-sm text-muted">Choose a user to see and change their keys.</p>
      )}
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
