// Sign-in with remix-auth's FormStrategy. The verify callback checks the account and address's
// wait (app/auth/login-throttle.server.ts), the password (scrypt), the account's status and its
// verified email; it throws a LoginError whose message the form shows.
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { AppContext } from "~/config/context";
import { findCredentialsByEmail, recordLogin, type PublicUser } from "~/models/user.server";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "./password.server";
import { waitMessage } from "./rate-limit.server";
import { clearLoginFailures, loginWait, recordLoginFailure } from "./login-throttle.server";

export class LoginError extends Error {
  constructor(
    message: string,
    readonly reason: "credentials" | "inactive" | "unverified" | "limited",
    /** For "limited": the seconds to wait (the answer's Retry-After). */
    readonly retryAfter?: number,
    /** For the sign-in history (docs/decisions/141): the email as typed (normalised) and the account it named, if any. Never shown. */
    readonly attempt?: { identifier: string; userId: number | null },
  ) {
    super(message);
  }
}

export const INVALID_CREDENTIALS = "Invalid email or password";
export const INACTIVE_ACCOUNT = "Your account is inactive. Please contact support.";
export const UNVERIFIED_ACCOUNT = "Please verify your email with the code we sent you.";

export function createAuthenticator(context: Pick<AppContext, "db" | "limiters" | "clientIp">): Authenticator<PublicUser> {
  const authenticator = new Authenticator<PublicUser>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const email = String(form.get("email") ?? "").trim().toLowerCase();
      const password = String(form.get("password") ?? "");
      const wait = await loginWait(context.limiters, email, context.clientIp);
      if (wait) throw new LoginError(waitMessage(wait), "limited", wait, { identifier: email, userId: null });

      const found = await findCredentialsByEmail(context.db, email);
      // Spend the same scrypt time for an unknown email, so timing reveals nothing.
      const ok = await verifyPassword(password, found?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!found || !ok) {
        await recordLoginFailure(context.limiters, email, context.clientIp);
        throw new LoginError(INVALID_CREDENTIALS, "credentials", undefined, { identifier: email, userId: found?.id ?? null });
      }
      const attempt = { identifier: email, userId: found.id };
      if (!found.status) throw new LoginError(INACTIVE_ACCOUNT, "inactive", undefined, attempt);
      if (!found.emailVerified) throw new LoginError(UNVERIFIED_ACCOUNT, "unverified", undefined, attempt);
      await clearLoginFailures(context.limiters, email, context.clientIp);
      await recordLogin(context.db, found.id);
      const { passwordHash: _hash, ...user } = found;
      return user;
    }),
    "form",
  );
  return authenticator;
}
