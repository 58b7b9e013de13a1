// Signing in, shared by the page (/login, /login/two-factor) and the JSON API (/api/admin/login):
// the password through remix-auth's FormStrategy, then, for an account with two-factor sign-in,
// the second step (a short-lived challenge between the password and the code on the page; the
// code beside the password in the API's one request), and the session or the access token.
// docs/decisions/121. Every attempt, success or failure of either step, goes into the sign-in
// history (docs/decisions/141); re-authentication of a signed-in session does not.
import { redirect } from "@remix-run/node";
import type { AppContext } from "~/config/context";
import { mustEnrolTwoFactor, SIGN_IN_CHALLENGE_ATTEMPTS, SIGN_IN_CHALLENGE_SECONDS, TWO_FACTOR_SETUP_PATH } from "~/domain/two-factor";
import type { RoleId } from "~/domain/access";
import { findUserByEmail, findUserById, type PublicUser } from "~/models/user.server";
import type { LoginFailureReason } from "~/domain/login-history";
import { createAuthSession, deleteAuthSession } from "~/models/auth-session.server";
import { claimSignInAttempt, createSignInChallenge, deleteSignInChallenge, findSignInChallenge, findTwoFactorRecord } from "~/models/two-factor.server";
import { API_CODE_REQUIRED, CHALLENGE_EXPIRED, ENROLMENT_REQUIRED, ENROLMENT_REQUIRED_API } from "~/schemas/two-factor";
import { createAuthenticator, LoginError } from "~/auth/auth.server";
import { authPostLimit } from "~/auth/auth-post-limit.server";
import { hashToken, randomToken } from "~/auth/password.server";
import { startSession } from "~/auth/session.server";
import { redirectWithToast } from "~/auth/toast.server";
import { verifySecondFactor, type TwoFactorContext } from "./two-factor.server";
import { recordLoginAttempt } from "./login-history.server";

export function loginSuccessMessage(name: string): string {
  return `Login successful: Welcome back, ${name}.`;
}

// ---------------------------------------------------------------- the password

export type SignInResult =
  | { ok: true; user: PublicUser }
  | {
      ok: false;
      message: string;
      reason: LoginError["reason"];
      status: 400 | 401 | 403 | 429;
      retryAfter?: number;
      /** What the history records: the email typed and the account it named (null: none). */
      attempt: { identifier: string; userId: number | null };
    };

/** The password check alone (nothing recorded): remix-auth's FormStrategy over the request's form body. */
async function checkPassword(context: AppContext, request: Request): Promise<SignInResult> {
  try {
    const user = await createAuthenticator(context).authenticate("form", request);
    return { ok: true, user };
  } catch (error) {
    if (error instanceof LoginError) {
      const status = error.reason === "limited" ? 429 : error.reason === "credentials" ? 401 : 403;
      const attempt = error.attempt ?? { identifier: "", userId: null };
      return { ok: false, message: error.message, reason: error.reason, status, retryAfter: error.retryAfter, attempt };
    }
    throw error;
  }
}

/** The history's reason for a refused password step. */
function passwordFailureReason(result: Extract<SignInResult, { ok: false }>): LoginFailureReason {
  switch (result.reason) {
    case "credentials":
      return result.attempt.userId === null ? "unknown-account" : "bad-password";
    case "limited":
      return "throttled";
    default:
      return result.reason;
  }
}

/** Records a refused password step; a throttled one is put down to the account it named, if any. */
async function recordPasswordFailure(context: AppContext, request: Request, result: Extract<SignInResult, { ok: false }>): Promise<void> {
  const { identifier } = result.attempt;
  const userId = result.attempt.userId ?? (result.reason === "limited" && identifier ? ((await findUserByEmail(context.db, identifier))?.id ?? null) : null);
  await recordLoginAttempt(context, request, { success: false, userId, identifier, reason: passwordFailureReason(result) });
}

/** Records a sign-in that opened a session (or issued a token). */
export function recordSignedIn(context: AppContext, request: Request, user: { id: number; email: string }): Promise<void> {
  return recordLoginAttempt(context, request, { success: true, userId: user.id, identifier: user.email });
}

/**
 * The /login page's password step: verifies email and password through remix-auth's
 * FormStrategy (`request` must carry the form body: FormStrategy reads
 * request.clone().formData()). A refusal is recorded in the sign-in history; a success is
 * recorded when its session starts (finishPasswordStep, or the second step).
 */
export async function signIn(context: AppContext, request: Request): Promise<SignInResult> {
  const result = await checkPassword(context, request);
  if (!result.ok) await recordPasswordFailure(context, request, result);
  return result;
}

/**
 * The password check with credentials that did not come as a form (the JSON API,
 * re-authentication). Nothing is recorded here: the API's sign-in records with its own request
 * (this one carries no headers), and re-authenticating a session is not a sign-in.
 */
export function signInWithCredentials(context: AppContext, request: Request, credentials: { email: string; password: string }): Promise<SignInResult> {
  // FormStrategy reads a form body: hand it one built from the credentials.
  const form = new FormData();
  form.set("email", credentials.email);
  form.set("password", credentials.password);
  return checkPassword(context, new Request(request.url, { method: "POST", body: form }));
}

/** Starts a browser session for a user who just proved who they are, and records the sign-in. */
export async function startSignedInSession(context: AppContext, request: Request, user: { id: number; email: string }): Promise<string> {
  const setCookie = await startSession(context, request, user.id);
  await recordSignedIn(context, request, user);
  return setCookie;
}

// ---------------------------------------------------------------- the page's second step

/**
 * After the password was accepted (the /login page): an account with two-factor sign-in gets a
 * challenge (its id in a 5-minute cookie, a hash stored) and goes to /login/two-factor; any
 * other account gets its session, and a role that must enrol goes to the set-up page.
 */
export async function finishPasswordStep(context: AppContext, request: Request, user: { id: number; name: string; email: string; roleId: RoleId }): Promise<Response> {
  const record = await findTwoFactorRecord(context.db, user.id);
  if (record?.totpEnabledAt) {
    const id = randomToken(32);
    await createSignInChallenge(context.db, { idHash: hashToken(id), userId: user.id, expiresAt: new Date(Date.now() + SIGN_IN_CHALLENGE_SECONDS * 1000) });
    const cookie = await context.cookies.signInChallenge.serialize(id, { maxAge: SIGN_IN_CHALLENGE_SECONDS });
    return redirect("/login/two-factor", { headers: { "Set-Cookie": cookie } });
  }
  const setCookie = await startSignedInSession(context, request, user);
  if (mustEnrolTwoFactor({ roleId: user.roleId, totpEnabledAt: null })) {
    return redirectWithToast(context.cookies, request, TWO_FACTOR_SETUP_PATH, { type: "info", message: ENROLMENT_REQUIRED }, { headers: { "Set-Cookie": setCookie } });
  }
  return redirectWithToast(context.cookies, request, "/dashboard", { type: "success", message: loginSuccessMessage(user.name) }, { headers: { "Set-Cookie": setCookie } });
}

async function challengeIdHash(context: AppContext, request: Request): Promise<string | null> {
  const id = await context.cookies.signInChallenge.parse(request.headers.get("Cookie"));
  return typeof id === "string" && id.length > 0 ? hashToken(id) : null;
}

async function clearChallengeCookie(context: AppContext): Promise<string> {
  return context.cookies.signInChallenge.serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Back to /login with the reason, the challenge cookie cleared. */
async function restartSignIn(context: AppContext, request: Request): Promise<Response> {
  return redirectWithToast(context.cookies, request, "/login", { type: "error", message: CHALLENGE_EXPIRED }, { headers: { "Set-Cookie": await clearChallengeCookie(context) } });
}

/** The /login/two-factor page may show: a live challenge exists, else the visitor starts over. */
export async function requireSignInChallenge(context: AppContext, request: Request): Promise<void> {
  const idHash = await challengeIdHash(context, request);
  const live = idHash ? await findSignInChallenge(context.db, idHash, SIGN_IN_CHALLENGE_ATTEMPTS) : null;
  if (!live) throw await restartSignIn(context, request);
}

/**
 * The code of the second step. Each try is counted before the code is checked; the fifth wrong
 * one ends the challenge. Success starts the session. A Response is the answer (a redirect);
 * otherwise the form shows the message.
 */
export async function completeSignInChallenge(context: AppContext, request: Request, typed: string): Promise<Response | { status: 400 | 429; message: string }> {
  const idHash = await challengeIdHash(context, request);
  const claimed = idHash ? await claimSignInAttempt(context.db, idHash, SIGN_IN_CHALLENGE_ATTEMPTS) : null;
  if (!idHash || !claimed) return restartSignIn(context, request);
  const outcome = await verifySecondFactor(context, claimed.userId, typed);
  const user = await findUserById(context.db, claimed.userId);
  if (!outcome.ok) {
    await recordLoginAttempt(context, request, { success: false, userId: claimed.userId, identifier: user?.email ?? "", reason: "second-step" });
    if (claimed.attempts >= SIGN_IN_CHALLENGE_ATTEMPTS) {
      await deleteSignInChallenge(context.db, idHash);
      return restartSignIn(context, request);
    }
    return outcome;
  }
  // Finished once: of two right codes sent at once, only one starts a session.
  if (!(await deleteSignInChallenge(context.db, idHash))) return restartSignIn(context, request);
  const headers = new Headers();
  headers.append("Set-Cookie", await startSignedInSession(context, request, { id: claimed.userId, email: user?.email ?? "" }));
  headers.append("Set-Cookie", await clearChallengeCookie(context));
  const note = outcome.method === "recovery" ? " You used a recovery code: it will not work again." : "";
  return redirectWithToast(context.cookies, request, "/dashboard", { type: "success", message: loginSuccessMessage(user?.name ?? "") + note }, { headers });
}

// ---------------------------------------------------------------- the JSON API's sign-in

/**
 * The JSON API signs in with one request: for an account with two-factor sign-in the body must
 * carry otp or recovery_code as well. Null: go on and issue the token.
 */
async function tokenSecondFactorProblem(
  context: TwoFactorContext,
  user: { id: number; roleId: RoleId },
  body: { otp?: string; recovery_code?: string },
): Promise<{ status: 401 | 403 | 429; message: string; reason: LoginFailureReason } | null> {
  const record = await findTwoFactorRecord(context.db, user.id);
  if (!record?.totpEnabledAt) {
    return mustEnrolTwoFactor({ roleId: user.roleId, totpEnabledAt: null }) ? { status: 403, message: ENROLMENT_REQUIRED_API, reason: "enrolment-required" } : null;
  }
  if (!body.otp && !body.recovery_code) return { status: 401, message: API_CODE_REQUIRED, reason: "code-required" };
  const outcome = body.otp
    ? await verifySecondFactor(context, user.id, body.otp, { only: "totp" })
    : await verifySecondFactor(context, user.id, body.recovery_code ?? "", { only: "recovery" });
  if (outcome.ok) return null;
  return { status: outcome.status === 429 ? 429 : 401, message: outcome.message, reason: "second-step" };
}

/** A new session for the API: its id is the Bearer token (docs/product-rules.md R-D8). */
export interface AccessToken {
  token: string;
  expiresAt: Date;
  user: { id: number; roleId: number; name: string };
}

export type TokenSignInResult =
  | { ok: true; access: AccessToken; message: string }
  | { ok: false; status: 400 | 401 | 403 | 429; message: string; retryAfter?: number };

/** Opens a session for the user, as a token (after sign-up's code, or a sign-in), and records the sign-in. */
export async function openTokenSession(context: AppContext, request: Request, user: { id: number; roleId: number; name: string; email: string }): Promise<AccessToken> {
  const session = await createAuthSession(context.db, user.id, {
    userAgent: request.headers.get("User-Agent"),
    ip: context.clientIp,
  });
  await recordSignedIn(context, request, user);
  return { token: session.id, expiresAt: session.expiresAt, user: { id: user.id, roleId: user.roleId, name: user.name } };
}

/**
 * The API's sign-in: the address's limit, the password, the second factor in the same request
 * (otp or recovery_code beside the password), then a new session as the token.
 */
export async function signInForToken(
  context: AppContext,
  request: Request,
  credentials: { email: string; password: string; otp?: string; recovery_code?: string },
): Promise<TokenSignInResult> {
  const limited = await authPostLimit(context);
  if (limited) return { ok: false, status: 429, message: limited.message, retryAfter: limited.retryAfter };
  const result = await signInWithCredentials(context, request, credentials);
  if (!result.ok) {
    await recordPasswordFailure(context, request, result);
    return { ok: false, status: result.status, message: result.message, retryAfter: result.retryAfter };
  }
  const second = await tokenSecondFactorProblem(context, result.user, credentials);
  if (second) {
    await recordLoginAttempt(context, request, { success: false, userId: result.user.id, identifier: result.user.email, reason: second.reason });
    return { ok: false, status: second.status, message: second.message };
  }
  return { ok: true, access: await openTokenSession(context, request, result.user), message: `Welcome back, ${result.user.name}.` };
}

/** Ends the session a Bearer token names (a cookie-signed caller signs out at /logout). */
export async function endTokenSession(context: Pick<AppContext, "db">, token: string | null): Promise<void> {
  if (token) await deleteAuthSession(context.db, token);
}
