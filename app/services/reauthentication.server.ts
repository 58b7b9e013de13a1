// Re-authentication (docs/decisions/121): the session's user proves it is them again before a
// sensitive action (app/auth/reauth.server.ts says which, and for how long). The page /reauth
// and the JSON API (admin/reauth) both call it.
import type { AppContext } from "~/config/context";
import { mustEnrolTwoFactor } from "~/domain/two-factor";
import { markSessionAuthenticated } from "~/models/two-factor.server";
import { ENTER_CODE, PASSWORD_WRONG } from "~/schemas/two-factor";
import type { SessionUser } from "~/auth/session.server";
import { signInWithCredentials } from "./sign-in.server";
import { verifySecondFactor } from "./two-factor.server";

export type ReauthOutcome = { ok: true } | { ok: false; status: 400 | 401 | 403 | 429; message: string; field: "password" | "code" };

/**
 * Proves the session's user again: the password through the sign-in's own check (its limits
 * and lockout apply), then the second factor when the account has one. Success renews the
 * session's authenticated_at.
 */
export async function reauthenticate(
  context: AppContext,
  request: Request,
  user: SessionUser,
  input: { password: string; code?: string; only?: "totp" | "recovery" },
): Promise<ReauthOutcome> {
  const result = await signInWithCredentials(context, request, { email: user.email, password: input.password });
  if (!result.ok) {
    const message = result.reason === "credentials" ? PASSWORD_WRONG : result.message;
    return { ok: false, status: result.status, message, field: "password" };
  }
  if (user.totpEnabledAt) {
    if (!input.code) return { ok: false, status: 400, message: ENTER_CODE, field: "code" };
    const second = await verifySecondFactor(context, user.id, input.code, { only: input.only });
    if (!second.ok) return { ok: false, status: second.status, message: second.message, field: "code" };
  } else if (mustEnrolTwoFactor(user)) {
    return { ok: false, status: 403, message: "Set up two-factor sign-in first.", field: "code" };
  }
  await markSessionAuthenticated(context.db, user.sessionId);
  return { ok: true };
}
