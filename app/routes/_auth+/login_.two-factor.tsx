import { getFormProps, useForm } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { authPostLimitMessage } from "~/auth/auth-post-limit.server";
import { completeSignInChallenge, requireSignInChallenge } from "~/services/sign-in.server";
import { AuthCard } from "~/components/layout/auth-card";
import { FormErrors, SubmitButton, TextField } from "~/components/ui/field";
import { getZodConstraint, parseWithZod } from "~/schemas/parse";
import { twoFactorSignInSchema } from "~/schemas/two-factor";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Two-factor sign-in — NSE Signals" }];

// The second step of a sign-in (docs/decisions/121): reachable only with a live challenge,
// which the password step left in a 5-minute cookie.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireSignInChallenge(context, request);
  return json({ ok: true });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: twoFactorSignInSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields: ["code"] }), { status: 400 });
  const limited = await authPostLimitMessage(context);
  if (limited) return json(submission.reply({ formErrors: [limited], hideFields: ["code"] }), { status: 429 });
  const outcome = await completeSignInChallenge(context, request, submission.value.code);
  if (outcome instanceof Response) return outcome;
  return json(submission.reply({ formErrors: [outcome.message], hideFields: ["code"] }), { status: outcome.status });
}

export default function TwoFactorSignInPage() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(twoFactorSignInSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorSignInSchema }),
  });
  return (
    <AuthCard title="Two-factor sign-in">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Enter the 6-digit code from your authenticator app. If you do not have your phone, enter one of your recovery codes instead.
        </p>
        <TextField label="Code" field={fields.code} autoComplete="one-time-code" autoFocus />
        <SubmitButton pending={navigation.state === "submitting"}>Verify</SubmitButton>
      </Form>
      <p className="mt-4 text-sm">
        <Link to="/login" className="text-blue-600 underline dark:text-blue-400">
          Back to sign-in
        </Link>
      </p>
    </AuthCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
