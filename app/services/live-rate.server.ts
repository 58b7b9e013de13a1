// API Verification (/Token) and the JSON API's LiverateSettingController calls: read back the
// stored provider credentials, masked (docs/product-rules.md R-D23), request an OTP for the typed (or stored)
// credentials and verify it. The page and the API call these, so each message lives here once;
// a refusal comes back as an Outcome (the page shows it above the form, the API as its error).
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { requireRecentAuthentication } from "~/auth/reauth.server";
import { maskSecret } from "~/domain/mask";
import { refuse, succeed, type Outcome } from "~/domain/outcome";
import { loadStoredCredentials, storeCredentials } from "~/live-rate/credentials.server";
import { liveRateProviderFor, ProviderRefusedError } from "~/live-rate/provider.server";
import { markApiSecretAuthenticated } from "~/models/api-secret.server";
import { ENTER_CREDENTIALS, GET_SECRET_FAILED, SEND_OTP_FAILED, VERIFY_OTP_FAILED } from "~/schemas/token";
import { resolveSessionSecret } from "~/config/env.server";

export type VerificationStep = { intent: "request"; apiToken?: string; apiSecret?: string } | { intent: "verify"; apiToken?: string; apiSecret?: string; otp: string };

export interface MaskedCredentials {
  /** The last four characters, the rest masked (maskSecret). */
  apiToken: string | null;
  apiSecret: string | null;
  authenticationDate: Date | null;
}

/** 422 when the provider refused what the user typed; 502 when the provider itself failed. */
function providerFailureStatus(error: unknown): 422 | 502 {
  return error instanceof ProviderRefusedError ? 422 : 502;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The stored credentials, masked to their last four characters; null when none are stored. */
export async function readStoredCredentials(context: Pick<AppContext, "db" | "env">): Promise<Outcome<MaskedCredentials | null>> {
  try {
    const stored = await loadStoredCredentials(context.db, resolveSessionSecret(context.env));
    return succeed(stored ? { apiToken: maskSecret(stored.apiToken), apiSecret: maskSecret(stored.apiSecret), authenticationDate: stored.authenticationDate } : null);
  } catch (error) {
    console.error("[token] load failed", error);
    return refuse(GET_SECRET_FAILED, undefined, 500);
  }
}

/**
 * One step of API Verification; the answer is the toast / API message. Both steps save or trust
 * credentials the live feed will use, so both need a recent sign-in: else ReauthenticationRequired
 * is thrown (docs/decisions/121).
 */
export async function runVerificationStep(context: AppContext, user: SessionUser, step: VerificationStep): Promise<Outcome<{ message: string }>> {
  requireRecentAuthentication(context, user);
  const secret = resolveSessionSecret(context.env);
  const provider = liveRateProviderFor(context.env.FEED, { mailer: context.mailer, signingSecret: secret });
  const typed = step.apiToken && step.apiSecret ? { apiToken: step.apiToken, apiSecret: step.apiSecret } : null;
  if (!typed && (step.apiToken || step.apiSecret)) return refuse(ENTER_CREDENTIALS);
  let stored;
  try {
    stored = await loadStoredCredentials(context.db, secret);
  } catch (error) {
    console.error("[token] load failed", error);
    return refuse(GET_SECRET_FAILED, undefined, 500);
  }
  const credentials = typed ?? (stored ? { apiToken: stored.apiToken, apiSecret: stored.apiSecret } : null);
  if (!credentials) return refuse(ENTER_CREDENTIALS);
  // New credentials are kept (sealed) from the Request on, unverified until the OTP is checked,
  // so the no-JavaScript page never has to send them back to the browser.
  const changed = !stored || stored.apiToken !== credentials.apiToken || stored.apiSecret !== credentials.apiSecret;

  if (step.intent === "request") {
    try {
      await provider.requestOtp(credentials, { email: user.email, name: user.name });
    } catch (error) {
      return refuse(`${SEND_OTP_FAILED} ${reason(error)}`, undefined, providerFailureStatus(error));
    }
    if (changed) await storeCredentials(context.db, secret, credentials, user.id);
    return succeed({ message: `OTP sent to ${user.email}` });
  }

  try {
    await provider.verifyOtp(credentials, step.otp);
  } catch (error) {
    return refuse(`${VERIFY_OTP_FAILED} ${reason(error)}`, undefined, providerFailureStatus(error));
  }
  if (changed) await storeCredentials(context.db, secret, credentials, user.id);
  const current = await loadStoredCredentials(context.db, secret);
  if (current) await markApiSecretAuthenticated(context.db, current.id, new Date());
  return succeed({ message: "API verified successfully" });
}
