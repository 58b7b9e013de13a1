import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as z from "zod";
import { AuthCard } from "~/components/layout/auth-card";
import { FormErrors, SubmitButton, TextField } from "~/components/ui/field";
import { LINK_INVALID, resetPasswordSchema } from "~/schemas/auth";
import { optionalUser } from "~/auth/guards.server";
import { authPostLimitMessage } from "~/auth/auth-post-limit.server";
import { isResetLinkLive, PASSWORD_RESET_DONE, resetPasswordWithLink } from "~/services/password-reset.server";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Choose a new password — NSE Signals" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await optionalUser(request, context);
  return json({ valid: await isResetLinkLive(context, params.token ?? "") });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    return json(submission.reply({ hideFields: ["password", "confirm"] }), { status: 400 });
  }
  const limited = await authPostLimitMessage(context);
  if (limited) return json(submission.reply({ formErrors: [limited], hideFields: ["password", "confirm"] }), { status: 429 });
  const reset = await resetPasswordWithLink(context, params.token ?? "", submission.value.password);
  if (!reset.ok) {
    const errors = reset.field === "password" ? { fieldErrors: { password: [reset.message] } } : { formErrors: [reset.message] };
    return json(submission.reply({ ...errors, hideFields: ["password", "confirm"] }), { status: 400 });
  }
  return redirectWithToast(context.cookies, request, "/login", { type: "success", message: PASSWORD_RESET_DONE });
}

export default function ResetPasswordPage() {
  const { valid } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(resetPasswordSchema as unknown as z.ZodType),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  return (
    <AuthCard title="Choose a new password">
      {valid ? (
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField label="New password" field={fields.password} type="password" autoComplete="new-password" autoFocus />
          <TextField label="Confirm password" field={fields.confirm} type="password" autoComplete="new-password" />
          <SubmitButton pending={navigation.state === "submitting"}>Set password</SubmitButton>
        </Form>
      ) : (
        <p role="alert" className="text-sm">
          {LINK_INVALID}{" "}
          <Link to="/reset-password" className="text-blue-600 underline dark:text-blue-400">
            Send a new link
          </Link>
        </p>
      )}
    </AuthCard>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
