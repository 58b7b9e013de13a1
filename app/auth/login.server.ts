// Sign-in shared by the page (/login) and the JSON API (/api/admin/login): one rule, two doors.
import type { AppContext } from "~/server/context";
import type { PublicUser } from "~/models/user.server";
import { createAuthenticator, LoginError } from "./auth.server";
import { consumeLimit, waitMessage } from "./rate-limit.server";

export type SignInResult =
  | { ok: true; user: PublicUser }
  | { ok: false; message: string; reason: LoginError["reason"]; status: 400 | 401 | 403 | 429; retryAfter?: number };

/** Counts an auth post against its address's limit; when exceeded, the message and the seconds to wait. */
export async function authPostLimit(context: AppContext): Promise<{ message: string; retryAfter: number } | null> {
  const wait = await consumeLimit(context.limiters.authPostsByIp, context.clientIp || "unknown");
  return wait ? { message: waitMessage(wait), retryAfter: wait } : null;
}

/** Checks the per-address limit on auth posts; returns the message to show when exceeded. */
export async function authPostLimitMessage(context: AppContext): Promise<string | null> {
  return (await authPostLimit(context))?.message ?? null;
}

/**
 * Verifies email and password through remix-auth's FormStrategy. `request` must carry the
 * form body (FormStrategy reads request.clone().formData()).
 */
export async function signIn(context: AppContext, request: Request): Promise<SignInResult> {
  try {
    const user = await createAuthenticator(context).authenticate("form", request);
    return { ok: true, user };
  } catch (error) {
    if (error instanceof LoginError) {
      const status = error.reason === "limited" ? 429 : error.reason === "credentials" ? 401 : 403;
      return { ok: false, message: error.message, reason: error.reason, status, retryAfter: error.retryAfter };
    }
    throw error;
  }
}
