import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/layout/auth-card";
import { FormErrors, SubmitButton, TextField } from "~/components/ui/field";
import { ENTER_SIX_DIGIT_CODE, otpSchema } from "~/schemas/auth";
import { optionalUser } from "~/auth/guards.server";
import { authPostLimitMessage } from "~/auth/auth-post-limit.server";
import { confirmSignupCode, emailVerifiedMessage, RESEND_ANSWER, resendSignupCode } from "~/services/sign-up.server";
import { startSignedInSession } from "~/services/sign-in.server";
import { redirectWithToast, toastHeader } from "~/auth/toast.server";
import { readForm, searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Verify your email — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalUser(request, context);
  const email = searchParamsOf(request).get("email") ?? "";
  return json({ email: email.slice(0, 254) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: otpSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const limited = await authPostLimitMessage(context);
  if (limited) return json(submission.reply({ formErrors: [limited] }), { status: 429 });

  const { email, intent, otp } = submission.value;
  if (intent === "resend") {
    await resendSignupCode(context, email);
    const headers = { "Set-Cookie": await toastHeader(context.cookies, request, { type: "info", message: RESEND_ANSWER }) };
    return json(submission.reply({ resetForm: false }), { headers });
  }
  if (!otp) {
    return json(submission.reply({ fieldErrors: { otp: [ENTER_SIX_DIGIT_CODE] } }), { status: 400 });
  }
  const verified = await confirmSignupCode(context, email, otp);
  if (!verified.ok) return json(submission.reply({ formErrors: [verified.message] }), { status: verified.status });
  const user = verified.user;
  const setCookie = await startSignedInSession(context, request, user);
  return redirectWithToast(
    context.cookies,
    request,
    "/dashboard",
    { type: "success", message: emailVerifiedMessage(user.name) },
    { headers: { "Set-Cookie": setCookie } },
  );
}

export default function VerifyOtpPage() {
  const { email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { email },
    constraint: getZodConstraint(otpSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: otpSchema }),
  });
  return (
    <AuthCard title="Verify your email" keepSearch>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">Enter the 6-digit code we sent to your email.</p>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
        <TextField label="Code" field={fields.otp} inputMode="numeric" autoComplete="one-time-code" autoFocus />
        <div className="flex gap-3">
          <SubmitButton name="intent" value="verify" pending={navigation.state === "submitting"}>
            Verify
          </SubmitButton>
          <button
            type="submit"
            name="intent"
            value="resend"
            formNoValidate
            className="rounded-md border border-slate-300 px-4 py-2 text-sm dark:border-slate-700"
          >
            Send a new code
          </button>
        </div>
      </Form>
    </AuthCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
