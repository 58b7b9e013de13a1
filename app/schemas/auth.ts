// Zod schemas of the sign-in forms. The same schema validates on the server (always) and in
// the browser (when JavaScript runs); messages are the ones the user reads.
import * as z from "zod";

const email = z
  .string({ error: "Please enter a email" })
  .trim()
  .min(1, "Please enter a email")
  .max(254, "Email is too long")
  .pipe(z.email("Please enter a valid email address"));

/** The message of every six-digit code field (the sign-up code, a new authenticator's first code). */
export const ENTER_SIX_DIGIT_CODE = "Please enter the 6-digit code";

export const loginSchema = z.object({
  email,
  password: z.string({ error: "Please enter your password" }).min(1, "Please enter your password").max(200),
});

export const PASSWORD_MIN = 8;
const newPassword = z
  .string({ error: "Please enter a password" })
  .min(1, "Please enter a password")
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(200, "Password must be at most 200 characters");

export const signupSchema = z.object({
  name: z.string({ error: "Please enter a name" }).trim().min(1, "Please enter a name").max(100, "Name is too long"),
  username: z
    .string({ error: "Please enter a username" })
    .trim()
    .min(1, "Please enter a username")
    .max(50, "Username is too long")
    .regex(/^[A-Za-z0-9._-]+$/, "Username may use letters, digits, dot, dash and underscore"),
  email,
  password: newPassword,
});

export const OTP_ERROR = "Error during OTP verification";

export const otpSchema = z.object({
  intent: z.enum(["verify", "resend"]).default("verify"),
  email,
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, ENTER_SIX_DIGIT_CODE)
    .optional(),
});

export const resetRequestSchema = z.object({ email });

const confirmPassword = z.string({ error: "Please confirm the password" }).min(1, "Please confirm the password");
const passwordsMatch = (v: { password: string; confirm: string }) => v.password === v.confirm;
const PASSWORDS_DO_NOT_MATCH = { path: ["confirm"], message: "Passwords do not match" };

export const resetPasswordSchema = z
  .object({
    password: newPassword,
    confirm: confirmPassword,
  })
  .refine(passwordsMatch, PASSWORDS_DO_NOT_MATCH);

/** Change password while signed in (/settings/security and the API): the current one, the new one twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Please enter your current password" }).min(1, "Please enter your current password").max(200),
    password: newPassword,
    confirm: confirmPassword,
  })
  .refine(passwordsMatch, PASSWORDS_DO_NOT_MATCH);

export const SESSION_NOT_SIGNED_IN = "That session is no longer signed in.";

/** "Sign out" of one of one's sessions, named by its handle (a hash, never the session id). */
export const endSessionSchema = z.object({
  session: z.string({ error: SESSION_NOT_SIGNED_IN }).trim().regex(/^[0-9a-f]{32}$/, SESSION_NOT_SIGNED_IN),
});

export const RESET_SENT = "If an account exists for that email, we sent a link to reset the password.";
export const LINK_INVALID = "This link is invalid or has expired. Please ask for a new one.";
