// Sign-in and sign-out (docs/product-rules.md R-TD7): the documents' access token object.
import { json } from "@remix-run/node";
import * as z from "zod";
import { endTokenSession, openTokenSession, signInForToken, type AccessToken } from "~/services/sign-in.server";
import { confirmSignupCode, emailVerifiedMessage, REGISTRATION_FAILED, SIGNUP_ANSWER, signUpCustomer, signupProblems } from "~/services/sign-up.server";
import { reauthenticate } from "~/services/reauthentication.server";
import { authPostLimitMessage } from "~/auth/auth-post-limit.server";
import { retryAfterHeaders } from "~/auth/rate-limit.server";
import { bearerToken } from "~/auth/session.server";
import { ENTER_SIX_DIGIT_CODE, otpSchema, signupSchema } from "~/schemas/auth";
import { apiLoginSchema, apiReauthSchema } from "~/schemas/two-factor";
import { createdStatus, messageShape } from "../shapes";
import { apiError, badInput, defineCall } from "../types.server";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

async function refuseWhenLimited(context: Parameters<typeof authPostLimitMessage>[0]) {
  const limited = await authPostLimitMessage(context);
  if (limited) apiError(429, limited);
}

const tokenShape = z.object({
  status: z.literal(200),
  message: z.string(),
  token: z.string().min(16),
  data: z.object({ id: z.number().int().positive(), role_id: z.number().int().min(1).max(4), name: z.string() }),
  expiresAt: z.string(),
});

/** The documents' access token object {token, data: {id, role_id}}; the token is a session id (docs/product-rules.md R-D8). */
function tokenAnswer(access: AccessToken, message: string) {
  return json({
    status: 200,
    message,
    token: access.token,
    data: { id: access.user.id, role_id: access.user.roleId, name: access.user.name },
    expiresAt: access.expiresAt.toISOString(),
  });
}

function loginCall(id: string, path: string, summary: string) {
  return defineCall({
    id,
    method: "POST",
    path,
    tag: "Sign-in",
    summary,
    page: "/login",
    public: true,
    body: apiLoginSchema,
    status: 200,
    response: tokenShape,
    handle: async ({ context, request, body }) => {
      const result = await signInForToken(context, request, body);
      if (result.ok) return tokenAnswer(result.access, result.message);
      // A refused sign-in also names the message as `error`, as the documents' clients read it.
      const { status, message, retryAfter } = result;
      return json({ status, error: message, message, errors: [{ msg: message }] }, { status, headers: retryAfterHeaders(retryAfter) });
    },
    sample: (f) => ({ body: { email: f.users[4].email, password: f.users[4].password } }),
    invalid: { body: { password: "x" }, message: "Please enter a email" },
  });
}

export const authCalls = [
  loginCall(
    "admin/login",
    "/api/admin/login",
    "Sign in; the token goes in `Authorization: Bearer <token>`. role_id and fcm_token are accepted and ignored. An account with two-factor sign-in also sends otp (the 6-digit code) or recovery_code, else 401; a role that must use two-factor sign-in and has not set it up is refused (403) until it has, on the website.",
  ),
  loginCall("admin/users/login", "/api/admin/users/login", "Sign in (the trading area's second sign-in call): same answer as admin/login."),
  defineCall({
    id: "admin/users/register",
    method: "POST",
    path: "/api/admin/users/register",
    tag: "Sign-in",
    summary: "Registers a customer {name, username, email, password} and mails a 6-digit code; verify it with users/verify/mail/otp. A registered email gets the same answer (its owner is mailed instead), so the answer carries no account id.",
    page: "/signup",
    public: true,
    body: signupSchema,
    status: 201,
    response: z.object({ status: createdStatus, message: z.string(), data: z.object({ email: z.string() }) }),
    handle: async ({ context, body }) => {
      // The limit before any lookup; then the same answer for a new and a registered email.
      await refuseWhenLimited(context);
      const [problem] = await signupProblems(context.db, body);
      if (problem) badInput(problem.message, problem.path);
      try {
        const { email } = await signUpCustomer(context, body);
        return { status: 201, message: SIGNUP_ANSWER, data: { email } };
      } catch (error) {
        console.error("[register]", error instanceof Error ? error.message : error);
        apiError(500, REGISTRATION_FAILED);
      }
    },
    sample: () => ({ body: { name: "Api Customer", username: `reg_${unique()}`, email: `reg.${unique()}@example.test`, password: "long-enough-1" } }),
    invalid: { body: { username: "x", email: "x@example.test", password: "long-enough-1" }, message: "Please enter a name" },
  }),
  defineCall({
    id: "users/verify/mail/otp",
    method: "POST",
    path: "/api/users/verify/mail/otp",
    tag: "Sign-in",
    summary: "Verifies a registration code {email, otp}; answers the access token object (signed in). A wrong or expired code is 400 'Error during OTP verification'.",
    page: "/verifictionOtp",
    public: true,
    body: otpSchema.pick({ email: true }).extend({ otp: otpSchema.shape.otp.unwrap() }),
    status: 200,
    response: tokenShape,
    handle: async ({ context, request, body }) => {
      await refuseWhenLimited(context);
      const verified = await confirmSignupCode(context, body.email, body.otp);
      if (!verified.ok) apiError(verified.status, verified.message, verified.status === 400 ? "otp" : undefined);
      return tokenAnswer(await openTokenSession(context, request, verified.user), emailVerifiedMessage(verified.user.name));
    },
    sample: async (f) => ({ body: await f.pendingSignup() }),
    invalid: { body: { email: "someone@example.test", otp: "12ab" }, message: ENTER_SIX_DIGIT_CODE },
  }),
  defineCall({
    id: "admin/reauth",
    method: "POST",
    path: "/api/admin/reauth",
    tag: "Sign-in",
    summary:
      "Re-authenticates the token's session {password, and otp or recovery_code when two-factor sign-in is on}. Creating an admin, changing a role and the live-rate " +
      "credential calls answer 403 with a message naming this call when the session last proved its identity more than REAUTH_WINDOW_SECONDS (5 minutes) ago; " +
      "after this call they are accepted for that long. A wrong password or code answers 401.",
    page: "/reauth",
    body: apiReauthSchema,
    status: 200,
    response: z.object({ status: z.literal(200), message: z.string(), validUntil: z.string() }),
    handle: async ({ context, request, user, body }) => {
      await refuseWhenLimited(context);
      const only = body.otp ? "totp" : body.recovery_code ? "recovery" : undefined;
      const outcome = await reauthenticate(context, request, user, { password: body.password, code: body.otp ?? body.recovery_code, only });
      if (!outcome.ok) {
        const status = outcome.status === 429 || outcome.status === 403 ? outcome.status : 401;
        return json({ status, message: outcome.message, errors: [{ msg: outcome.message, path: outcome.field === "code" ? "otp" : "password" }] }, { status });
      }
      const validUntil = new Date(Date.now() + context.env.REAUTH_WINDOW_SECONDS * 1000).toISOString();
      return { status: 200, message: "Re-authenticated", validUntil };
    },
    sample: async (f, role) => ({ body: { password: f.users[role].password, ...(await f.secondFactor(role)) } }),
    invalid: { body: { otp: "12" }, message: "Please enter your password" },
  }),
  defineCall({
    id: "admin/logout",
    method: "POST",
    path: "/api/admin/logout",
    tag: "Sign-in",
    summary: "Ends the session of the Bearer token; the token answers 401 afterwards. fcm_token is accepted and ignored.",
    page: "/logout",
    status: 200,
    response: messageShape(),
    handle: async ({ context, request }) => {
      await endTokenSession(context, bearerToken(request.headers.get("Authorization")));
      return json({ status: 200, message: "Logged out" });
    },
    sample: () => ({}),
  }),
];
