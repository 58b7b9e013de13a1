// API Verification's steps (the /Token page and the JSON API's LiverateSettingController calls):
// request an OTP for the typed (or stored) provider credentials, verify it, and read back only
// masked values (DECISIONS 23).
import type { AppContext } from "~/server/context";
import type { SessionUser } from "~/auth/session.server";
import { maskSecret } from "~/domain/mask";
import { markApiSecretAuthenticated } from "~/models/api-secret.server";
import { ENTER_CREDENTIALS, GET_SECRET_FAILED, SEND_OTP_FAILED, VERIFY_OTP_FAILED } from "~/schemas/token";
import { resolveSessionSecret } from "~/server/build-services.server";
import { requireRecentAuthentication } from "~/auth/reauth.server";
import { loadStoredCredentials, storeCredentials } from "./credentials.server";
import { liveRateProviderFor, ProviderRefusedError } from "./provider.server";

export type VerificationStep = { intent: "request"; apiToken?: string; apiSecret?: string } | { intent: "verify"; apiToken?: string; apiSecret?: string; otp: string };

export type VerificationOutcome = { ok: true; message: string } | { ok: false; status: 400 | 422 | 500 | 502; message: string };

/** 422 when the provider refused what the user typed; 502 when the provider itself failed. */
function providerFailureStatus(error: unknown): 422 | 502 {
  return error instanceof ProviderRefusedError ? 422 : 502;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The stored credentials, masked to their last four characters; throws GET_SECRET_FAILED's cause. */
export async function readMaskedCredentials(context: Pick<AppContext, "db" | "env">) {
  const stored = await loadStoredCredentials(context.db, resolveSessionSecret(context.env));
  return stored
    ? { apiToken: maskSecret(stored.apiToken), apiSecret: maskSecret(stored.apiSecret), authenticationDate: stored.authenticationDate }
    : null;
}

/**
 * One step of API Verification. Both steps save or trust credentials the live feed will use, so
 * both need a recent sign-in: else ReauthenticationRequired is thrown (docs/decisions/121).
 */
export async function runVerificationStep(context: AppContext, user: SessionUser, step: VerificationStep): Promise<VerificationOutcome> {
  requireRecentAuthentication(context, user);
  const secret = resolveSessionSecret(context.env);
  const provider = liveRateProviderFor(context.env.FEED, { mailer: context.mailer, signingSecret: secret });
  const typed = step.apiToken && step.apiSecret ? { apiToken: step.apiToken, apiSecret: step.apiSecret } : null;
  if (!typed && (step.apiToken || step.apiSecret)) return { ok: false, status: 400, message: ENTER_CREDENTIALS };
  let stored;
  try {
    stored = await loadStoredCredentials(context.db, secret);
  } catch (error) {
    console.error("[token] load failed", error);
    return { ok: false, status: 500, message: GET_SECRET_FAILED };
  }
  const credentials = typed ?? (stored ? { apiToken: stored.apiToken, apiSecret: stored.apiSecret } : null);
  if (!credentials) return { ok: false, status: 400, message: ENTER_CREDENTIALS };
  // New credentials are kept (sealed) from the Request on, unverified until the OTP is checked,
  // so the no-JavaScript page never has to send them back to the browser.
  const changed = !stored || stored.apiToken !== credentials.apiToken || stored.apiSecret !== credentials.apiSecret;

  if (step.intent === "request") {
    try {
      await provider.requestOtp(credentials, { email: user.email, name: user.name });
    } catch (error) {
      return { ok: false, status: providerFailureStatus(error), message: `${SEND_OTP_FAILED} ${reason(error)}` };
    }
    if (changed) await storeCredentials(context.db, secret, credentials, user.id);
    return { ok: true, message: `OTP sent to ${user.email}` };
  }

  try {
    await provider.verifyOtp(credentials, step.otp);
  } catch (error) {
    return { ok: false, status: providerFailureStatus(error), message: `${VERIFY_OTP_FAILED} ${reason(error)}` };
  }
  if (changed) await storeCredentials(context.db, secret, credentials, user.id);
  const current = await loadStoredCredentials(context.db, secret);
  if (current) await markApiSecretAuthenticated(context.db, current.id, new Date());
  return { ok: true, message: "API verified successfully" };
}
