import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useMemo } from "react";
import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/layout/auth-card";
import { FormErrors, SubmitButton, TextField } from "~/components/ui/field";
import { loginSchema } from "~/schemas/auth";
import { arrivingAtSignIn, endSession } from "~/auth/session.server";
import { authPostLimit } from "~/auth/auth-post-limit.server";
import { retryAfterHeaders } from "~/auth/rate-limit.server";
import { finishPasswordStep, signIn } from "~/services/sign-in.server";
import { SESSION_ENDED_MESSAGE } from "~/domain/sessions";
import { SESSION_ENDED_REASON } from "~/realtime/events";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Sign in — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Arriving at /login ends the current session (docs/product-rules.md R-D7) — when it is opened as a page.
  const clear = arrivingAtSignIn(request) ? await endSession(context, request) : null;
  return json({ ok: true }, { headers: clear ? { "Set-Cookie": clear } : undefined });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request.clone());
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const limited = await authPostLimit(context);
  if (limited) return json(submission.reply({ formErrors: [limited.message], hideFields: ["password"] }), { status: 429, headers: retryAfterHeaders(limited.retryAfter) });

  const result = await signIn(context, request);
  if (!result.ok) {
    return json(submission.reply({ formErrors: [result.message], hideFields: ["password"] }), { status: result.status, headers: retryAfterHeaders(result.retryAfter) });
  }
  // The session, or the second step when the account uses two-factor sign-in (docs/decisions/121).
  return finishPasswordStep(context, request, result.user);
}

export default function LoginPage() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const unverified = form.errors?.some((e) => e.includes("verify"));
  // The live connection sends a page whose session ended here (app/components/realtime/socket-context.tsx).
  const sessionEnded = new URLSearchParams(location.search).get("reason") === SESSION_ENDED_REASON;
  // A refused password is cleared: each answer remounts the field (the server omits the value).
  const passwordKey = useMemo(() => Math.random().toString(36), [lastResult]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <AuthCard title="Sign in">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        {sessionEnded && !lastResult ? (
          <p className="rounded-md border-l-4 border-blue-500 bg-blue-50 px-3 py-2 text-sm text-blue-900 dark:bg-blue-950 dark:text-blue-100">
            {SESSION_ENDED_MESSAGE}
          </p>
        ) : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        {unverified ? (
          <p className="text-sm">
            <Link className="text-blue-600 underline dark:text-blue-400" to={`/verifictionOtp?email=${encodeURIComponent(fields.email.value ?? "")}`}>
              Enter your verification code
            </Link>
          </p>
        ) : null}
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" autoFocus />
        <div key={passwordKey}>
          <TextField label="Password" field={fields.password} type="password" autoComplete="current-password" />
        </div>
        <SubmitButton pending={navigation.state === "submitting"}>Sign in</SubmitButton>
      </Form>
      <div className="mt-4 flex justify-between text-sm">
        <Link to="/signup" className="text-blue-600 underline dark:text-blue-400">
          Create an account
        </Link>
        <Link to="/reset-password" className="text-blue-600 underline dark:text-blue-400">
          Forgot password?
        </Link>
      </div>
    </AuthCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
