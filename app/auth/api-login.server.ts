// The JSON API's sign-in: the documents' access token object {token, data: {id, role_id}}.
// The token is a session id, accepted as `Authorization: Bearer <token>` (DECISIONS 8).
// The body is read and validated (loginSchema) by the API router before these run.
import { json } from "@remix-run/node";
import type { AppContext } from "~/server/context";
import { createAuthSession, deleteAuthSession } from "~/models/auth-session.server";
import { authPostLimit, signIn } from "./login.server";
import { retryAfterHeaders } from "./rate-limit.server";
import { bearerToken } from "./session.server";
import { apiSecondFactorProblem } from "./two-factor.server";

export async function apiLogin(context: AppContext, request: Request, credentials: { email: string; password: string; otp?: string; recovery_code?: string }) {
  const limited = await authPostLimit(context);
  if (limited) {
    const { message, retryAfter } = limited;
    return json({ status: 429, error: message, message, errors: [{ msg: message }] }, { status: 429, headers: retryAfterHeaders(retryAfter) });
  }
  // FormStrategy reads a form body: hand it one built from the validated JSON.
  const form = new FormData();
  form.set("email", credentials.email);
  form.set("password", credentials.password);
  const result = await signIn(context, new Request(request.url, { method: "POST", body: form }));
  if (!result.ok) {
    return json(
      { status: result.status, error: result.message, message: result.message, errors: [{ msg: result.message }] },
      { status: result.status, headers: retryAfterHeaders(result.retryAfter) },
    );
  }
  // Two-factor sign-in in the same request: otp or recovery_code beside the password (docs/decisions/121).
  const second = await apiSecondFactorProblem(context, result.user, credentials);
  if (second) {
    return json({ status: second.status, error: second.message, message: second.message, errors: [{ msg: second.message }] }, { status: second.status });
  }
  return issueAccessToken(context, request, result.user, `Welcome back, ${result.user.name}.`);
}

/** A new session for the user, answered as the documents' access token object. */
export async function issueAccessToken(context: AppContext, request: Request, user: { id: number; roleId: number; name: string }, message: string) {
  const session = await createAuthSession(context.db, user.id, {
    userAgent: request.headers.get("User-Agent"),
    ip: context.clientIp,
  });
  return json({
    status: 200,
    message,
    token: session.id,
    data: { id: user.id, role_id: user.roleId, name: user.name },
    expiresAt: session.expiresAt.toISOString(),
  });
}

/** Ends the session named by the Bearer token (a cookie-signed caller signs out at /logout). */
export async function apiLogout(context: AppContext, request: Request) {
  const token = bearerToken(request.headers.get("Authorization"));
  if (token) {
    await deleteAuthSession(context.db, token);
  }
  return json({ status: 200, message: "Logged out" });
}
