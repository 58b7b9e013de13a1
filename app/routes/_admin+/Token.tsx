import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "~/schemas/parse";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { reauthRedirect, ReauthenticationRequired } from "~/auth/reauth.server";
import { PageTitle, secondaryButtonClass } from "~/components/admin/admin-ui";
import { controlClass, FieldFrame, FormErrors, SubmitButton } from "~/components/ui/field";
import { formatIstDateTime } from "~/domain/dates";
import { chooseKiteInstrument, describeKiteInstruments, readStoredCredentials, runVerificationStep } from "~/services/live-rate.server";
import { KiteInstrumentTable, kiteInstrumentAnchor, refusedChoiceOf } from "~/components/admin/kite-instrument";
import { KITE_PROVIDER, kiteSessionState } from "~/domain/kite-session";
import { KITE_TOKEN_REFUSED } from "~/market/feeds/kite.server";
import type { FeedStatusReport } from "~/market/feed";
import { tokenSchema } from "~/schemas/token";
import { redirectWithToast } from "~/auth/toast.server";
import { useSettledRevalidate } from "~/components/realtime/use-settled-revalidate";
import { useSocket } from "~/components/realtime/socket-context";
import { SERVER_EVENTS } from "~/realtime/events";
import { useEffect } from "react";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "API Verification — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  // Never the secrets themselves: their last four characters only (docs/product-rules.md R-D23).
  const outcome = await readStoredCredentials(context);
  const kite = context.env.FEED === KITE_PROVIDER;
  const feedStatus = kite ? (context.feedStatus?.() ?? null) : null;
  if (!outcome.ok) return json({ loadError: outcome.problem.message, stored: null, kite, kiteSession: null, feed: null, instruments: null });
  const stored = outcome.value;
  return json({
    loadError: null,
    kite,
    // The day's Kite session: when it lapses, and whether it has (docs/decisions/175).
    kiteSession: kite ? kiteSessionView(stored?.sessionExpiresAt ?? null, Date.now(), feedStatus) : null,
    // The feed's link as the leading process sees it (null on another process).
    feed: kite ? feedView(feedStatus) : null,
    // Each active symbol's instrument in the stored dump (null until the feed has stored one).
    instruments: kite ? await describeKiteInstruments(context) : null,
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
  if (submission.value.intent === "instrument") {
    const chosen = await chooseKiteInstrument(context, submission.value);
    if (!chosen.ok) return json(submission.reply({ formErrors: [chosen.problem.message] }), { status: chosen.problem.status });
    // Back to the symbol's row, where the choice was made.
    return redirectWithToast(context.cookies, request, `/Token#${kiteInstrumentAnchor(submission.value.symbolCode)}`, { type: "success", message: chosen.value.message });
  }
  let outcome;
  try {
    outcome = await runVerificationStep(context, user, submission.value);
  } catch (error) {
    // Saving or trusting credentials needs a recent sign-in: confirm on /reauth, then back here.
    if (error instanceof ReauthenticationRequired) return reauthRedirect(context, request, error);
    throw error;
  }
  if (!outcome.ok) return json(submission.reply({ formErrors: [outcome.problem.message], hideFields: ["apiToken", "apiSecret"] }), { status: outcome.problem.status });
  // Kite's login page (docs/decisions/175); it comes back to /Token/kite.
  if (outcome.value.redirectTo) return redirect(outcome.value.redirectTo);
  return redirectWithToast(context.cookies, request, "/Token", { type: "success", message: outcome.value.message });
}

const FEED_STATE_WORDS = { live: "Streaming", stale: "No prices", connecting: "Connecting", reconnecting: "Reconnecting", off: "Off", simulated: "Simulated", replay: "Replay" } as const;

function feedView(status: FeedStatusReport | null) {
  if (!status) return null;
  const since = formatIstDateTime(new Date(status.since));
  return { state: status.state, text: `${FEED_STATE_WORDS[status.state]} since ${since}${status.detail ? `: ${status.detail}` : ""}` };
}

function kiteSessionView(expiresAt: Date | null, now: number, feed: FeedStatusReport | null) {
  const state = kiteSessionState(expiresAt ? expiresAt.getTime() : null, now);
  // Kite refused the stored session before its lapse (revoked, or a new login elsewhere).
  if (state.kind !== "none" && state.kind !== "expired" && feed?.state === "off" && feed.detail === KITE_TOKEN_REFUSED) {
    return { kind: "refused", text: `Refused by Kite at ${formatIstDateTime(new Date(feed.since))}: press Request and log in to Kite again.` };
  }
  if (state.kind === "none") return { kind: state.kind, text: "Not logged in to Kite yet: press Request to log in." };
  if (state.kind === "expired") return { kind: state.kind, text: `Lapsed at ${formatIstDateTime(new Date(state.expiredAt))}: the feed is off until you press Request and log in to Kite again.` };
  const until = formatIstDateTime(new Date(state.expiresAt));
  return { kind: state.kind, text: state.kind === "expiring" ? `Lapses at ${until}, within the hour: log in again after it to keep prices live.` : `Active until ${until} (Kite asks for a new login every day).` };
}

/** A state line of the Kite session or feed: in red when it needs role 1. */
function StateRow({ label, testId, state, good, text }: { label: string; testId: string; state: string; good: boolean; text: string }) {
  return (
    <>
      <dt className="font-medium">{label}</dt>
      <dd data-testid={testId} data-state={state} className={good ? "" : "font-semibold text-down"}>
        {text}
      </dd>
    </>
  );
}

export default function TokenPage() {
  const { stored, loadError, kite, kiteSession, feed, instruments } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // An instrument form's refusal is shown in its row; the credentials form shows its own.
  const refused = refusedChoiceOf(actionData);
  // The session and feed lines follow the feed while the page is open (JavaScript only; without
  // it a reload shows the latest): often while it is not streaming, now and then while it is.
  const revalidate = useSettledRevalidate();
  // A change of the feed's state, told over the socket (feed-state), is shown at once.
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return;
    socket.on(SERVER_EVENTS.feedState, revalidate);
    return () => {
      socket.off(SERVER_EVENTS.feedState, revalidate);
    };
  }, [socket, revalidate]);
  useEffect(() => {
    if (!feed) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") revalidate();
    }, feed.state === "live" ? 30_000 : 5_000);
    return () => clearInterval(timer);
  }, [feed, revalidate]);
  const lastResult = refused ? undefined : actionData;
  const location = useLocation();
  return (
    <section aria-labelledby="token-title">
      <div className="max-w-xl">
      <PageTitle id="token-title" title="API Verification" />
      <FormErrors errors={loadError ? [loadError] : undefined} />
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Stored API token</dt>
        <dd data-testid="stored-token">{stored?.apiToken ?? "None"}</dd>
        <dt className="font-medium">Stored API secret</dt>
        <dd data-testid="stored-secret">{stored?.apiSecret ?? "None"}</dd>
        <dt className="font-medium">Last Authentication</dt>
        <dd data-testid="last-authentication">{stored?.lastAuthentication ?? (stored ? "Not verified yet" : "Never")}</dd>
        {kiteSession ? <StateRow label="Kite session" testId="kite-session" state={kiteSession.kind} good={kiteSession.kind === "active"} text={kiteSession.text} /> : null}
        {feed ? <StateRow label="Kite feed" testId="kite-feed" state={feed.state} good={feed.state === "live"} text={feed.text} /> : null}
      </dl>
      {kite ? (
        <p className="mb-4 text-sm text-muted">
          API token and API secret are the app&apos;s Kite Connect API key and secret. Request opens Kite&apos;s login; Kite returns here with the day&apos;s session, and the key and secret are kept once Kite accepts them. Kite needs no OTP: the OTP field and Verify serve providers with an OTP step.
        </p>
      ) : null}
      {/* A success redirects back here without action data, and Conform keeps the last errors it
          was given: a new form per visit shows only the latest outcome (docs/decisions/145). */}
      <TokenForm key={lastResult ? "answered" : location.key} hasStored={stored !== null} lastResult={lastResult} />
      </div>
      {instruments && instruments.instruments.length > 0 ? (
        <div className="max-w-4xl">
          <KiteInstrumentTable listedOn={instruments.listedOn} instruments={instruments.instruments} refused={refused} />
        </div>
      ) : null}
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
