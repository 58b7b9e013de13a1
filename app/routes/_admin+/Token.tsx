import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { reauthRedirect, ReauthenticationRequired } from "~/auth/reauth.server";
import { PageTitle, secondaryButtonClass } from "~/components/admin/admin-ui";
import { controlClass, FieldFrame, FormErrors, SubmitButton } from "~/components/ui/field";
import { formatIstDateTime } from "~/domain/dates";
import { readStoredCredentials, runVerificationStep } from "~/services/live-rate.server";
import { tokenSchema } from "~/schemas/token";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "API Verification — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  // Never the secrets themselves: their last four characters only (docs/product-rules.md R-D23).
  const outcome = await readStoredCredentials(context);
  if (!outcome.ok) return json({ loadError: outcome.problem.message, stored: null });
  const stored = outcome.value;
  return json({
    loadError: null,
    stored: stored
      ? {
          apiToken: stored.apiToken,
          apiSecret: stored.apiSecret,
          lastAuthentication: stored.authenticationDate ? formatIstDateTime(stored.authenticationDate) : null,
        }
      : null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRole(request, context, [1]);
  const submission = parseWithZod(await readForm(request), { schema: tokenSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields: ["apiToken", "apiSecret"] }), { status: 400 });
  let outcome;
  try {
    outcome = await runVerificationStep(context, user, submission.value);
  } catch (error) {
    // Saving or trusting credentials needs a recent sign-in: confirm on /reauth, then back here.
    if (error instanceof ReauthenticationRequired) return reauthRedirect(context, request, error);
    throw error;
  }
  if (!outcome.ok) return json(submission.reply({ formErrors: [outcome.problem.message], hideFields: ["apiToken", "apiSecret"] }), { status: outcome.problem.status });
  return redirectWithToast(context.cookies, request, "/Token", { type: "success", message: outcome.value.message });
}

export default function TokenPage() {
  const { stored, loadError } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const location = useLocation();
  return (
    <section aria-labelledby="token-title" className="max-w-xl">
      <PageTitle id="token-title" title="API Verification" />
      <FormErrors errors={loadError ? [loadError] : undefined} />
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Stored API token</dt>
        <dd data-testid="stored-token">{stored?.apiToken ?? "None"}</dd>
        <dt className="font-medium">Stored API secret</dt>
        <dd data-testid="stored-secret">{stored?.apiSecret ?? "None"}</dd>
        <dt className="font-medium">Last Authentication</dt>
        <dd data-testid="last-authentication">{stored?.lastAuthentication ?? (stored ? "Not verified yet" : "Never")}</dd>
      </dl>
      {/* A success redirects back here without action data, and Conform keeps the last errors it
          was given: a new form per visit shows only the latest outcome (docs/decisions/145). */}
      <TokenForm key={lastResult ? "answered" : location.key} hasStored={stored !== null} lastResult={lastResult} />
    </section>
  );
}

function TokenForm({ hasStored, lastResult }: { hasStored: boolean; lastResult: ReturnType<typeof useActionData<typeof action>> }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({ lastResult, shouldValidate: "onSubmit" });
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4" autoComplete="off">
      <FormErrors id={form.errorId} errors={form.errors} />
      <FieldFrame label="API token" field={fields.apiToken}>
        <input {...getInputProps(fields.apiToken, { type: "password" })} key={fields.apiToken.key} placeholder={hasStored ? "Leave empty to use the stored token" : ""} className={controlClass} />
      </FieldFrame>
      <FieldFrame label="API secret" field={fields.apiSecret}>
        <input {...getInputProps(fields.apiSecret, { type: "password" })} key={fields.apiSecret.key} placeholder={hasStored ? "Leave empty to use the stored secret" : ""} className={controlClass} />
      </FieldFrame>
      <div className="flex gap-2">
        <SubmitButton name="intent" value="request" pending={busy}>
          Request
        </SubmitButton>
        <button type="reset" className={secondaryButtonClass}>
          Clear
        </button>
      </div>
      <FieldFrame label="OTP" field={fields.otp}>
        <input {...getInputProps(fields.otp, { type: "text" })} key={fields.otp.key} inputMode="numeric" autoComplete="one-time-code" className={controlClass} />
      </FieldFrame>
      <div>
        <SubmitButton name="intent" value="verify" pending={busy}>
          Verify
        </SubmitButton>
      </div>
    </Form>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
