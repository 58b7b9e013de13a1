import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/guards.server";
import { authPostLimitMessage } from "~/auth/auth-post-limit.server";
import { confirmEnrolment, loadTwoFactorSettings, regenerateRecoveryCodes, startEnrolment, turnOffTwoFactor } from "~/services/two-factor.server";
import { secondaryButtonClass } from "~/components/admin/admin-ui";
import { controlClass, FormErrors, SubmitButton } from "~/components/ui/field";
import { TWO_FACTOR_SETUP_PATH } from "~/domain/two-factor";
import { parseWithZod } from "~/schemas/parse";
import { RECOVERY_CODES_REPLACED, TWO_FACTOR_DISABLED, TWO_FACTOR_ENABLED, twoFactorSettingsSchema } from "~/schemas/two-factor";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Two-factor sign-in — NSE Signals" }];

type Intent = "start" | "confirm" | "regenerate" | "disable";
type ActionData = { intent: Intent | null; error?: string; recoveryCodes?: string[]; message?: string };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  return json(await loadTwoFactorSettings(context, user));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const formData = await readForm(request);
  const named = formData.get("intent");
  const intent = (["start", "confirm", "regenerate", "disable"] as const).find((i) => i === named) ?? null;
  const answer = (data: ActionData, status = 200) => json(data, { status });
  const limited = await authPostLimitMessage(context);
  if (limited) return answer({ intent, error: limited }, 429);
  const submission = parseWithZod(formData, { schema: twoFactorSettingsSchema });
  if (submission.status !== "success") {
    const errors = submission.error ? Object.values(submission.error).flat() : [];
    return answer({ intent, error: errors.find(Boolean) ?? "Please choose what to do." }, 400);
  }
  const value = submission.value;
  switch (value.intent) {
    case "start":
      await startEnrolment(context, user.id);
      return redirect(TWO_FACTOR_SETUP_PATH);
    case "confirm": {
      const outcome = await confirmEnrolment(context, user.id, value.code);
      if (!outcome.ok) return answer({ intent: value.intent, error: outcome.message }, outcome.status);
      // Shown once, in this answer: only their hashes are stored.
      return answer({ intent: value.intent, recoveryCodes: outcome.recoveryCodes, message: TWO_FACTOR_ENABLED });
    }
    case "regenerate": {
      const outcome = await regenerateRecoveryCodes(context, user.id, value.confirmation);
      if (!outcome.ok) return answer({ intent: value.intent, error: outcome.message }, outcome.status);
      return answer({ intent: value.intent, recoveryCodes: outcome.recoveryCodes, message: RECOVERY_CODES_REPLACED });
    }
    case "disable": {
      const outcome = await turnOffTwoFactor(context, user.id, value.confirmation);
      if (!outcome.ok) return answer({ intent: value.intent, error: outcome.message }, outcome.status);
      return redirectWithToast(context.cookies, request, TWO_FACTOR_SETUP_PATH, { type: "success", message: TWO_FACTOR_DISABLED });
    }
  }
}

/** The key in groups of four, easier to type into an app by hand. */
function grouped(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

export default function TwoFactorSettingsPage() {
  const settings = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state === "submitting";
  const errorFor = (intent: Intent) => (result?.intent === intent && result.error ? [result.error] : undefined);
  return (
    <section aria-labelledby="two-factor-title" className="flex max-w-xl flex-col gap-5">
      <h1 id="two-factor-title" className="text-xl font-semibold">
        Two-factor sign-in
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        After your password, sign-in asks for a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
        1Password, Authy and others). {settings.required ? "Your role must use it." : "It is optional for your role, and recommended."}
      </p>

      {result?.recoveryCodes ? (
        <div role="status" className="rounded-md border border-green-300 bg-green-50 p-4 text-sm dark:border-green-800 dark:bg-green-950">
          <p className="font-semibold">{result.message}</p>
          <p className="mt-1">Your recovery codes: each works once, instead of a code from your app. Keep them somewhere safe; they are not shown again.</p>
          <ul aria-label="Recovery codes" className="mt-2 grid grid-cols-2 gap-1 font-mono">
            {result.recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {settings.enabled ? (
        <>
          <p data-testid="two-factor-status" className="text-sm">
            <strong>Two-factor sign-in is on.</strong> You have {settings.unusedRecoveryCodes} unused recovery code{settings.unusedRecoveryCodes === 1 ? "" : "s"}.
          </p>
          <ConfirmForm intent="regenerate" label="Create new recovery codes" errors={errorFor("regenerate")} busy={busy} />
          <ConfirmForm
            intent="disable"
            label="Turn off two-factor sign-in"
            note={settings.required ? "Your role must use two-factor sign-in: after turning it off you set it up again (for instance on a new phone) before anything else." : undefined}
            errors={errorFor("disable")}
            busy={busy}
          />
        </>
      ) : settings.pending ? (
        <>
          <ol className="flex list-decimal flex-col gap-3 pl-5 text-sm">
            <li>
              Scan this QR code with your authenticator app.
              <img src={settings.pending.qrDataUrl} alt="QR code that adds NSE Signals to an authenticator app" width={200} height={200} className="mt-2 rounded bg-white" />
            </li>
            <li>
              Or, if you cannot scan it, add an account by hand with this key (time-based):{" "}
              <code data-testid="totp-secret" aria-label={`Set-up key: ${settings.pending.secret}`} className="rounded bg-slate-100 px-1 font-mono dark:bg-slate-800">
                {grouped(settings.pending.secret)}
              </code>
            </li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <Form method="post" className="flex flex-col gap-3">
            <FormErrors errors={errorFor("confirm")} />
            <input type="hidden" name="intent" value="confirm" />
            <label className="flex flex-col gap-1 text-sm font-medium">
              Code from your app
              <input name="code" required inputMode="numeric" pattern="\d{6}" maxLength={6} autoComplete="one-time-code" className={controlClass} />
            </label>
            <div>
              <SubmitButton pending={busy}>Turn on two-factor sign-in</SubmitButton>
            </div>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="start" />
            <button type="submit" className={secondaryButtonClass}>
              Start over with a new key
            </button>
          </Form>
        </>
      ) : (
        <Form method="post" className="flex flex-col gap-3">
          <FormErrors errors={errorFor("start")} />
          <input type="hidden" name="intent" value="start" />
          <div>
            <SubmitButton pending={busy}>Set up two-factor sign-in</SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}

function ConfirmForm({ intent, label, note, errors, busy }: { intent: "regenerate" | "disable"; label: string; note?: string; errors?: string[]; busy: boolean }) {
  const id = `confirm-${intent}`;
  return (
    <Form method="post" aria-label={label} className="flex flex-col gap-2 rounded-md border border-slate-200 p-4 dark:border-slate-700">
      <FormErrors errors={errors} />
      <input type="hidden" name="intent" value={intent} />
      {note ? <p className="text-sm text-slate-600 dark:text-slate-300">{note}</p> : null}
      <label htmlFor={id} className="text-sm font-medium">
        Current code or your password
      </label>
      <input id={id} name="confirmation" type="password" required autoComplete="off" className={controlClass} />
      <div>
        <SubmitButton pending={busy}>{label}</SubmitButton>
      </div>
    </Form>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
