import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import * as z from "zod";
import { AuthCard } from "~/components/layout/auth-card";
import { FormErrors, SubmitButton, TextField } from "~/components/ui/field";
import { signupSchema } from "~/schemas/auth";
import { optionalUser } from "~/auth/guards.server";
import { authPostLimitMessage } from "~/auth/auth-post-limit.server";
import { REGISTRATION_FAILED, SIGNUP_ANSWER, signUpCustomer, signupProblems } from "~/services/sign-up.server";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Create an account — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalUser(request, context);
  return json({ ok: true });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  // The limit comes before any lookup, so nobody can try addresses or usernames in bulk.
  const limited = await authPostLimitMessage(context);
  if (limited) {
    const reply = parseWithZod(formData, { schema: signupSchema }).reply({ formErrors: [limited], hideFields: ["password"] });
    return json(reply, { status: 429 });
  }
  const submission = await parseWithZod(formData, {
    async: true,
    schema: signupSchema.superRefine(async (value, ctx) => {
      for (const problem of await signupProblems(context.db, value)) ctx.addIssue({ code: "custom", path: [problem.path], message: problem.message });
    }),
  });
  if (submission.status !== "success") {
    return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  try {
    // The same answer for a new and a registered email (the owner of one is mailed instead).
    const { email } = await signUpCustomer(context, submission.value);
    return redirectWithToast(context.cookies, request, `/verifictionOtp?email=${encodeURIComponent(email)}`, { type: "success", message: SIGNUP_ANSWER });
  } catch (error) {
    console.error("[signup]", error instanceof Error ? error.message : error);
    return json(submission.reply({ formErrors: [REGISTRATION_FAILED], hideFields: ["password"] }), { status: 500 });
  }
}

export default function SignupPage() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(signupSchema as z.ZodType),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
  });
  return (
    <AuthCard title="Create an account">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label="Name" field={fields.name} autoComplete="name" autoFocus />
        <TextField label="Username" field={fields.username} autoComplete="username" />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
        <TextField label="Password" field={fields.password} type="password" autoComplete="new-password" />
        <SubmitButton pending={navigation.state === "submitting"}>Register</SubmitButton>
      </Form>
      <p className="mt-4 text-sm">
        Already registered?{" "}
        <Link to="/login" className="text-blue-600 underline dark:text-blue-400">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
