// Forms and API bodies of two-factor sign-in and re-authentication, with the messages the user
// reads (docs/decisions/121).
import * as z from "zod";
import { formatReauthWindow } from "~/domain/two-factor";
import { ENTER_SIX_DIGIT_CODE, loginSchema } from "./auth";
import { localPath } from "./preferences";

export const ENTER_CODE = "Please enter the 6-digit code from your authenticator app, or a recovery code";
export const CODE_WRONG = "That code is not right. Check the code in your authenticator app and try again.";
export const CODE_REUSED = "That code has already been used. Wait for the next code in your authenticator app.";
export const RECOVERY_CODE_WRONG = "That recovery code is not right or has already been used.";
export const CHALLENGE_EXPIRED = "Your sign-in took too long or had too many wrong codes. Please sign in again.";
export const SECRET_UNREADABLE =
  "Your two-factor secret cannot be read (the server's secret key changed). Sign in with a recovery code, or ask an administrator.";
export const ENROLMENT_REQUIRED = "Your role must use two-factor sign-in. Set it up to continue.";
export const ENROLMENT_REQUIRED_API =
  "Two-factor sign-in is required for your role. Sign in on the website and set it up at /settings/two-factor first.";
export const API_CODE_REQUIRED =
  "This account uses two-factor sign-in: send otp (the 6-digit code from the authenticator app) or recovery_code with the email and password.";
export const TWO_FACTOR_ENABLED = "Two-factor sign-in is on. Keep your recovery codes somewhere safe.";
export const TWO_FACTOR_DISABLED = "Two-factor sign-in is off.";
export const RECOVERY_CODES_REPLACED = "New recovery codes are ready; the old ones no longer work.";
export const CONFIRM_WITH_CODE_OR_PASSWORD = "Please enter a current code from your authenticator app, or your password";
export const PASSWORD_WRONG = "That password is not right.";
export const REAUTHENTICATED = "Thank you. You can continue.";

export const reauthRequiredMessage = (windowSeconds: number) =>
  `For your security, please confirm it is you: you last signed in more than ${formatReauthWindow(windowSeconds)} ago.`;
export const reauthRequiredApiMessage = (windowSeconds: number) =>
  `Please re-authenticate: POST /api/admin/reauth with your password (and otp when two-factor sign-in is on), then repeat this call within ${formatReauthWindow(windowSeconds)}.`;

const code = z.string({ error: ENTER_CODE }).trim().min(1, ENTER_CODE).max(64, ENTER_CODE);

/** /login/two-factor: the 6-digit code or a recovery code, in one field. */
export const twoFactorSignInSchema = z.object({ code });

/** /settings/two-factor: the enrolment page's posts. */
export const twoFactorSettingsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start") }),
  z.object({ intent: z.literal("confirm"), code: z.string({ error: ENTER_SIX_DIGIT_CODE }).trim().regex(/^\d{6}$/, ENTER_SIX_DIGIT_CODE) }),
  z.object({ intent: z.literal("regenerate"), confirmation: z.string({ error: CONFIRM_WITH_CODE_OR_PASSWORD }).min(1, CONFIRM_WITH_CODE_OR_PASSWORD).max(200) }),
  z.object({ intent: z.literal("disable"), confirmation: z.string({ error: CONFIRM_WITH_CODE_OR_PASSWORD }).min(1, CONFIRM_WITH_CODE_OR_PASSWORD).max(200) }),
]);

/** /reauth: the password, and the code when two-factor sign-in is on (checked by the service). */
export const reauthSchema = z.object({
  password: loginSchema.shape.password,
  code: z.string().trim().max(64).optional(),
  redirectTo: localPath.default("/dashboard"),
});

const apiCode = {
  otp: z.string().trim().regex(/^\d{6}$/, "otp must be the 6-digit code").optional(),
  recovery_code: z.string().trim().min(1).max(64).optional(),
};

/** The JSON API's sign-in: email and password, and the second factor when the account uses one. */
export const apiLoginSchema = loginSchema.extend(apiCode);

/** POST /api/admin/reauth. */
export const apiReauthSchema = z.object({ password: loginSchema.shape.password, ...apiCode });
