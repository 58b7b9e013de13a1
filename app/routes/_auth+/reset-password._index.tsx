import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/layout/auth-card";
import { FormErrors, SubmitButton, TextField } from "~/components/ui/field";
import { RESET_SENT, resetRequestSchema } from "~/schemas/auth";
import { optionalUser } from "~/auth/guards.server";
import { authPostLimitMessage } from "~/auth/auth-post-limit.server";
import { sendResetLink } from "~/services/password-reset.server";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Reset password — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalUser(request, context);
  return json({ ok: true });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: resetRequestSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), sent: false }, { status: 400 });
  const limited = await authPostLimitMessage(context);
  if (limited) return json({ result: submission.reply({ formErrors: [limited] }), sent: false }, { status: 429 });
  await sendResetLink(context, submission.value.email);
  // The same answer whether or not the account exists.
  return json({ result: submission.reply({ resetForm: true }), sent: true });
}

export default function ResetRequestPage() {
  const data = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: data?.result,
    constraint: getZodConstraint(resetRequestSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetRequestSchema }),
  });
  return (
    <AuthCard title="Reset password">
      {data?.sent ? (
        <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
          {RESET_SENT}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" autoFocus />
        <SubmitButton pending={navigation.state === "submitting"}>Send reset link</SubmitButton>
      </Form>
      <p className="mt-4 text-sm">
        <Link to="/login" className="text-blue-600 underline dark:text-blue-400">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
