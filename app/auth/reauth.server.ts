// Re-authentication before sensitive admin actions (docs/decisions/121): creating an admin,
// changing an account's role and saving the live-rate credentials need a sign-in (or a
// re-authentication) of the last REAUTH_WINDOW_SECONDS (5 minutes by default). The services
// refuse with ReauthenticationRequired; a page turns that into /reauth?redirectTo=..., the
// JSON API into a 403 that names POST /api/admin/reauth.
import type { AppContext } from "~/server/context";
import { isRecentlyAuthenticated, mustEnrolTwoFactor, REAUTH_PATH } from "~/domain/two-factor";
import { markSessionAuthenticated } from "~/models/two-factor.server";
import { ENTER_CODE, PASSWORD_WRONG, reauthRequiredApiMessage, reauthRequiredMessage } from "~/schemas/two-factor";
import { redirectWithToast } from "~/auth/toast.server";
import { signIn } from "./login.server";
import type { SessionUser } from "./session.server";
import { verifySecondFactor } from "./two-factor.server";
import { requestUrl } from "~/schemas/request-input.server";

export class ReauthenticationRequired extends Error {
  constructor(readonly windowSeconds: number) {
    super(reauthRequiredMessage(windowSeconds));
  }
  /** The JSON API's wording: which call to make. */
  get apiMessage(): string {
    return reauthRequiredApiMessage(this.windowSeconds);
  }
}

/** Throws ReauthenticationRequired unless the session proved its identity recently. */
export function requireRecentAuthentication(
  context: Pick<AppContext, "env">,
  user: Pick<SessionUser, "authenticatedAt">,
  now: Date = new Date(),
): void {
  const window = context.env.REAUTH_WINDOW_SECONDS;
  if (!isRecentlyAuthenticated(new Date(user.authenticatedAt), now, window)) throw new ReauthenticationRequired(window);
}

/** The page's answer to ReauthenticationRequired: confirm on /reauth, then come back here. */
export async function reauthRedirect(context: AppContext, request: Request, error: ReauthenticationRequired): Promise<Response> {
  const url = requestUrl(request);
  const back = url.pathname + url.search;
  return redirectWithToast(context.cookies, request, `${REAUTH_PATH}?redirectTo=${encodeURIComponent(back)}`, { type: "info", message: error.message });
}

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
  const form = new FormData();
  form.set("email", user.email);
  form.set("password", input.password);
  const result = await signIn(context, new Request(request.url, { method: "POST", body: form }));
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
