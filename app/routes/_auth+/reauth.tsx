import { getFormProps, useForm } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/guards.server";
import { authPostLimitMessage } from "~/auth/auth-post-limit.server";
import { reauthenticate } from "~/services/reauthentication.server";
import { FormErrors, SubmitButton, TextField } from "~/components/ui/field";
import { formatReauthWindow } from "~/domain/two-factor";
import { getZodConstraint, parseWithZod } from "~/schemas/parse";
import { localPath } from "~/schemas/preferences";
import { REAUTHENTICATED, reauthSchema } from "~/schemas/two-factor";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Confirm it is you — NSE Signals" }];

// Re-authentication (docs/decisions/121): a sensitive action sent the user here; the password
// (and a code when two-factor sign-in is on) renews the session's sign-in time, then back.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const redirectTo = localPath.parse(searchParamsOf(request).get("redirectTo") ?? "/dashboard");
  return json({ email: user.email, needsCode: user.totpEnabledAt !== null, redirectTo, window: formatReauthWindow(context.env.REAUTH_WINDOW_SECONDS) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const submission = parseWithZod(await readForm(request), { schema: reauthSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields: ["password", "code"] }), { status: 400 });
  const limited = await authPostLimitMessage(context);
  if (limited) return json(submission.reply({ formErrors: [limited], hideFields: ["password", "code"] }), { status: 429 });
  const outcome = await reauthenticate(context, request, user, submission.value);
  if (!outcome.ok) {
    return json(submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] }, hideFields: ["password", "code"] }), { status: outcome.status });
  }
  return redirectWithToast(context.cookies, request, submission.value.redirectTo, { type: "success", message: REAUTHENTICATED });
}

export default function ReauthPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(reauthSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reauthSchema }),
  });
  return (
    <section aria-labelledby="reauth-title" className="flex max-w-sm flex-col gap-4">
      <h1 id="reauth-title" className="text-xl font-semibold">
        Confirm it is you
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        This action needs a recent sign-in. Enter your password{data.needsCode ? " and a code from your authenticator app" : ""}; you then have {data.window} to
        finish it.
      </p>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={data.redirectTo} />
        <TextField label="Password" field={fields.password} type="password" autoComplete="current-password" autoFocus />
        {data.needsCode ? <TextField label="Code" field={fields.code} autoComplete="one-time-code" /> : null}
        <div>
          <SubmitButton pending={navigation.state === "submitting"}>Confirm</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
