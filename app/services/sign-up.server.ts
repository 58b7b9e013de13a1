// Signing up: the form's checks, the account and its first code, the code mailed and checked.
// The pages (/signup, /verifictionOtp) and the JSON API (users/register, users/verify/mail/otp)
// share them.
import type { AppContext } from "~/config/context";
import type { AppDatabase } from "~/db/client.server";
import { consumeUserCode, issueCode, SIGNUP_CODE_TTL_MS } from "~/models/verification-code.server";
import { findUserByEmail, insertUser, isUsernameTaken, markEmailVerified, type PublicUser } from "~/models/user.server";
import { checkPasswordStrength, hashPassword, sixDigitCode } from "~/auth/password.server";
import { consumeLimit, waitMessage } from "~/auth/rate-limit.server";
import { OTP_ERROR } from "~/schemas/auth";

export const USERNAME_REGISTERED = "This username is already taken";
/** What every sign-up answers, whether or not the email already has an account (decision 116). */
export const SIGNUP_ANSWER = "Registration successful. Check your email for the code to finish signing up.";
export const REGISTRATION_FAILED = "Error during registration";
export const RESEND_ANSWER = "If the account is waiting for verification, a new code is on its way.";

/** The welcome after a right code: the page's toast and the API's message. */
export function emailVerifiedMessage(name: string): string {
  return `Login successful: your email is verified. Welcome, ${name}.`;
}

/**
 * The sign-up form's checks after its schema: a username another account has, and a password
 * too easy to guess (zxcvbn, with the name, email and username). Never the email: that would
 * tell anyone whether an address is registered; its owner is mailed instead.
 */
export async function signupProblems(
  db: AppDatabase,
  input: { name: string; username: string; email: string; password: string },
): Promise<{ path: "username" | "password"; message: string }[]> {
  const problems: { path: "username" | "password"; message: string }[] = [];
  if (await isUsernameTaken(db, input.username)) problems.push({ path: "username", message: USERNAME_REGISTERED });
  const strength = await checkPasswordStrength(input.password, [input.name, input.email, input.username]);
  if (!strength.ok) problems.push({ path: "password", message: strength.message });
  return problems;
}

/**
 * Registers a customer, or, when the email already has an account, mails its owner instead
 * and changes nothing. The caller answers the same either way (docs/decisions/116). Returns
 * the email as the caller should show it.
 */
export async function signUpCustomer(
  context: AppContext,
  input: { name: string; username: string; email: string; password: string },
): Promise<{ email: string }> {
  const email = input.email.trim().toLowerCase();
  const existing = await findUserByEmail(context.db, email);
  if (!existing) {
    await registerCustomer(context, input);
    return { email };
  }
  // The same slow hash a new account costs, so the answer's timing does not tell either.
  await hashPassword(input.password);
  await mailSignupAttemptNotice(context, existing);
  return { email };
}

export async function registerCustomer(
  context: AppContext,
  input: { name: string; username: string; email: string; password: string },
): Promise<PublicUser> {
  const passwordHash = await hashPassword(input.password);
  const code = sixDigitCode();
  // The account and its first code are written together, or not at all.
  const user = await context.db.transaction(async (tx) => {
    const created = await insertUser(tx, { ...input, passwordHash, roleId: 4 });
    await issueCode(tx, created.id, "signup", code, SIGNUP_CODE_TTL_MS);
    return created;
  });
  await mailSignupCode(context, user.email, code);
  return user;
}

function signupCodeText(context: AppContext, email: string, code: string): string {
  return (
    `Your verification code is ${code}. It expires in ${SIGNUP_CODE_TTL_MS / 60000} minutes.\n` +
    `Enter it at ${context.mailedLinkBase}/verifictionOtp?email=${encodeURIComponent(email)}`
  );
}

async function mailSignupCode(context: AppContext, email: string, code: string) {
  await context.mailer.send({ to: email, subject: "Your NSE Signals verification code", text: signupCodeText(context, email, code) });
}

/**
 * Someone signed up with an address that has an account: tell its owner, with the way back
 * in. An account still waiting for verification gets a fresh code in the same mail, so an
 * owner who signs up twice can still finish.
 */
async function mailSignupAttemptNotice(context: AppContext, owner: PublicUser): Promise<void> {
  const base = context.mailedLinkBase;
  const pending = !owner.emailVerified && owner.status;
  let next = `If it was you, sign in: ${base}/login\nForgot your password? Choose a new one: ${base}/reset-password`;
  if (pending) {
    const code = sixDigitCode();
    await issueCode(context.db, owner.id, "signup", code, SIGNUP_CODE_TTL_MS);
    next = `If it was you, finish with this code (your first password still holds).\n${signupCodeText(context, owner.email, code)}\nForgot your password? Choose a new one after verifying: ${base}/reset-password`;
  }
  await context.mailer.send({
    to: owner.email,
    subject: "Someone tried to sign up with your email",
    text:
      `Hello ${owner.name},\n\nSomeone tried to sign up for NSE Signals with this email address, which already has an account. Nothing was changed.\n\n` +
      `${next}\n\nIf it was not you, you can ignore this mail.`,
  });
}

/** Sends a fresh code to an unverified account; silent for any other email (no enumeration). */
export async function resendSignupCode(context: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(context.db, email);
  if (!user || user.emailVerified || !user.status) return;
  const code = sixDigitCode();
  await issueCode(context.db, user.id, "signup", code, SIGNUP_CODE_TTL_MS);
  await mailSignupCode(context, user.email, code);
}

export type SignupCodeResult = { ok: true; user: PublicUser } | { ok: false; status: 400 | 429; message: string };

/**
 * The code page's and the API's check: each try counts against the email (codeAttemptsByEmail)
 * before the code is compared; any failure reads the same (OTP_ERROR).
 */
export async function confirmSignupCode(context: AppContext, email: string, code: string): Promise<SignupCodeResult> {
  const wait = await consumeLimit(context.limiters.codeAttemptsByEmail, email.toLowerCase());
  if (wait) return { ok: false, status: 429, message: waitMessage(wait) };
  const user = await verifySignupCode(context, email, code);
  return user ? { ok: true, user } : { ok: false, status: 400, message: OTP_ERROR };
}

/** Verifies a signup code; returns the verified user, or null for any failure. */
async function verifySignupCode(context: AppContext, email: string, code: string): Promise<PublicUser | null> {
  const user = await findUserByEmail(context.db, email);
  if (!user || user.emailVerified || !user.status) return null;
  const result = await consumeUserCode(context.db, user.id, "signup", code);
  if (result !== "ok") return null;
  await markEmailVerified(context.db, user.id);
  return { ...user, emailVerified: true };
}
