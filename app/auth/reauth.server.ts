// Re-authentication before sensitive admin actions (docs/decisions/121): creating an admin,
// changing an account's role and saving the live-rate credentials need a sign-in (or a
// re-authentication) of the last REAUTH_WINDOW_SECONDS (5 minutes by default). The services
// refuse with ReauthenticationRequired; a page turns that into /reauth?redirectTo=..., the
// JSON API into a 403 that names POST /api/admin/reauth. Proving it again is the service
// app/services/reauthentication.server.ts.
import type { AppContext } from "~/config/context";
import { isRecentlyAuthenticated, REAUTH_PATH } from "~/domain/two-factor";
import { reauthRequiredApiMessage, reauthRequiredMessage } from "~/schemas/two-factor";
import { redirectWithToast } from "~/auth/toast.server";
import type { SessionUser } from "./session.server";
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
