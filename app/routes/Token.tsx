import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { PageTitle, secondaryButtonClass } from "~/components/admin/admin-ui";
import { controlClass, FieldFrame, FormErrors, SubmitButton } from "~/components/ui/field";
import { formatIstDateTime } from "~/domain/dates";
import { maskSecret } from "~/domain/mask";
import { loadStoredCredentials, storeCredentials } from "~/live-rate/credentials.server";
import { liveRateProviderFor } from "~/live-rate/provider.server";
import { markApiSecretAuthenticated } from "~/models/api-secret.server";
import { ENTER_CREDENTIALS, GET_SECRET_FAILED, SEND_OTP_FAILED, tokenSchema, VERIFY_OTP_FAILED } from "~/schemas/token";
import { resolveSessionSecret } from "~/services.server";
import { redirectWithToast } from "~/toast.server";

export const meta: MetaFunction = () => [{ title: "API Verification — NSE Signals" }];

function appSecret(context: LoaderFunctionArgs["context"]): string {
  return resolveSessionSecret(context.env);
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  try {
    const stored = await loadStoredCredentials(context.db, appSecret(context));
    // Never the secrets themselves: their last four characters only (DECISIONS 23).
    return json({
      loadError: null,
      stored: stored
        ? {
            apiToken: maskSecret(stored.apiToken),
            apiSecret: maskSecret(stored.apiSecret),
            lastAuthentication: stored.authenticationDate ? formatIstDateTime(stored.authenticationDate) : null,
          }
        : null,
    });
  } catch (error) {
    console.error("[token] load failed", error);
    return json({ loadError: GET_SECRET_FAILED, stored: null });
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRole(request, context, [1]);
  const submission = parseWithZod(await request.formData(), { schema: tokenSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields: ["apiToken", "apiSecret"] }), { status: 400 });
  const value = submission.value;
  const secret = appSecret(context);
  const provider = liveRateProviderFor(context.env.FEED, { mailer: context.mailer, signingSecret: secret });
  const failed = (message: string, status = 502) => json(submission.reply({ formErrors: [message], hideFields: ["apiToken", "apiSecret"] }), { status });

  const typed = value.apiToken && value.apiSecret ? { apiToken: value.apiToken, apiSecret: value.apiSecret } : null;
  if (!typed && (value.apiToken || value.apiSecret)) return failed(ENTER_CREDENTIALS, 400);
  let stored;
  try {
    stored = await loadStoredCredentials(context.db, secret);
  } catch (error) {
    console.error("[token] load failed", error);
    return failed(GET_SECRET_FAILED, 500);
  }
  const credentials = typed ?? (stored ? { apiToken: stored.apiToken, apiSecret: stored.apiSecret } : null);
  if (!credentials) return failed(ENTER_CREDENTIALS, 400);
  // New credentials are kept (sealed) from the Request on, unverified until the OTP is checked,
  // so the no-JavaScript page never has to send them back to the browser.
  const changed = !stored || stored.apiToken !== credentials.apiToken || stored.apiSecret !== credentials.apiSecret;

  if (value.intent === "request") {
    try {
      await provider.requestOtp(credentials, { email: user.email, name: user.name });
    } catch (error) {
      return failed(`${SEND_OTP_FAILED} ${reason(error)}`);
    }
    if (changed) await storeCredentials(context.db, secret, credentials, user.id);
    return redirectWithToast(context.cookies, request, "/Token", { type: "success", message: `OTP sent to ${user.email}` });
  }

  try {
    await provider.verifyOtp(credentials, value.otp);
  } catch (error) {
    return failed(`${VERIFY_OTP_FAILED} ${reason(error)}`);
  }
  if (changed) await storeCredentials(context.db, secret, credentials, user.id);
  const current = await loadStoredCredentials(context.db, secret);
  if (current) await markApiSecretAuthenticated(context.db, current.id, new Date());
  return redirectWithToast(context.cookies, request, "/Token", { type: "success", message: "API verified successfully" });
}

export default function TokenPage() {
  const { stored, loadError } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({ lastResult, shouldValidate: "onSubmit" });
  const busy = navigation.state === "submitting";
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
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4" autoComplete="off">
        <FormErrors id={form.errorId} errors={form.errors} />
        <FieldFrame label="API token" field={fields.apiToken}>
          <input {...getInputProps(fields.apiToken, { type: "password" })} key={fields.apiToken.key} placeholder={stored ? "Leave empty to use the stored token" : ""} className={controlClass} />
        </FieldFrame>
        <FieldFrame label="API secret" field={fields.apiSecret}>
          <input {...getInputProps(fields.apiSecret, { type: "password" })} key={fields.apiSecret.key} placeholder={stored ? "Leave empty to use the stored secret" : ""} className={controlClass} />
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
    </section>
  );
}
