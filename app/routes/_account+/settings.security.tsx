import { getFormProps, useForm } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as z from "zod";
import {
  changePassword,
  endOtherSessions,
  endOwnSession,
  listActiveSessions,
  othersSignedOutMessage,
  PASSWORD_CHANGED,
  SESSION_SIGNED_OUT,
} from "~/services/account-security.server";
import { requireRouteAccess } from "~/auth/guards.server";
import { buttonClass, cellClass, linkClass, PageTitle, secondaryButtonClass, Table } from "~/components/admin/admin-ui";
import { FormErrors, SubmitButton, TextField } from "~/components/ui/field";
import { canReach } from "~/domain/access";
import { changePasswordSchema, endSessionSchema, SESSION_NOT_SIGNED_IN } from "~/schemas/auth";
import { getZodConstraint, parseWithZod } from "~/schemas/parse";
import { readForm } from "~/schemas/request-input.server";
import { redirectWithToast } from "~/auth/toast.server";

export const meta: MetaFunction = () => [{ title: "Password and sessions — NSE Signals" }];

const PATH = "/settings/security";
const HIDDEN = ["currentPassword", "password", "confirm"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  return json({
    sessions: await listActiveSessions(context, user),
    canOpenAccount: canReach(user.roleId, "/settings/account"),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const toast = (type: "success" | "error", message: string) => redirectWithToast(context.cookies, request, PATH, { type, message });

  switch (intent) {
    case "change-password": {
      const submission = parseWithZod(formData, { schema: changePasswordSchema });
      if (submission.status !== "success") return json(submission.reply({ hideFields: HIDDEN }), { status: 400 });
      const result = await changePassword(context, user, submission.value);
      if (!result.ok) {
        const errors = result.field ? { fieldErrors: { [result.field]: [result.message] } } : { formErrors: [result.message] };
        return json(submission.reply({ ...errors, hideFields: HIDDEN }), { status: result.status });
      }
      return toast("success", PASSWORD_CHANGED);
    }
    case "end-session": {
      const submission = parseWithZod(formData, { schema: endSessionSchema });
      const ended = submission.status === "success" && (await endOwnSession(context, user, submission.value.session));
      return ended ? toast("success", SESSION_SIGNED_OUT) : toast("error", SESSION_NOT_SIGNED_IN);
    }
    case "end-others":
      return toast("success", othersSignedOutMessage(await endOtherSessions(context, user)));
    default:
      return toast("error", "Something went wrong");
  }
}

export default function SecurityPage() {
  const { sessions, canOpenAccount } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(changePasswordSchema as unknown as z.ZodType),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section aria-labelledby="security-title" className="flex max-w-4xl flex-col gap-6">
      <PageTitle
        id="security-title"
        title="Password and sessions"
        action={
          <span className="flex flex-wrap gap-2">
            <Link to="/setting" className={secondaryButtonClass}>
              Settings
            </Link>
            {canOpenAccount ? (
              <Link to="/settings/account" className={secondaryButtonClass}>
                My Account
              </Link>
            ) : null}
          </span>
        }
      />

      <section aria-labelledby="change-password-title" className="max-w-lg rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <h2 id="change-password-title" className="mb-1 text-lg font-semibold">
          Change password
        </h2>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">Your other devices are signed out when the password changes; this one stays signed in.</p>
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="change-password" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField label="Current password" field={fields.currentPassword} type="password" autoComplete="current-password" />
          <TextField label="New password" field={fields.password} type="password" autoComplete="new-password" />
          <TextField label="Confirm new password" field={fields.confirm} type="password" autoComplete="new-password" />
          <div>
            <SubmitButton pending={pending("change-password")}>Change password</SubmitButton>
          </div>
        </Form>
      </section>

      <section aria-labelledby="sessions-title" className="flex flex-col gap-3">
        <h2 id="sessions-title" className="text-lg font-semibold">
          Where you are signed in
        </h2>
        <Table caption="Your signed-in sessions" headers={["Device", "Address", "Signed in at", "Last active", ""]} empty={sessions.length === 0}>
          {sessions.map((s) => (
            <tr key={s.handle}>
              <td className={cellClass}>
                {s.device}
                {s.current ? <strong className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100">This device</strong> : null}
              </td>
              <td className={cellClass}>{s.address}</td>
              <td className={cellClass}>{s.signedInAt}</td>
              <td className={cellClass}>{s.lastActiveAt}</td>
              <td className={cellClass}>
                {s.current ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="end-session" />
                    <input type="hidden" name="session" value={s.handle} />
                    <button type="submit" className={linkClass} aria-label={`Sign out ${s.device}, last active ${s.lastActiveAt}`}>
                      Sign out
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </Table>
        {others > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="end-others" />
            <button type="submit" className={buttonClass} disabled={pending("end-others")}>
              Sign out everywhere else
            </button>
          </Form>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">You are signed in on this device only.</p>
        )}
      </section>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
