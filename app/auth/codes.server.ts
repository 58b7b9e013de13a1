// Signup codes and reset links: issue, mail, check. Used by the pages and the API.
import type { AppContext } from "~/context";
import type { AppDatabase } from "~/db/client.server";
import {
  consumeResetLink,
  consumeUserCode,
  issueCode,
  RESET_LINK_TTL_MS,
  SIGNUP_CODE_TTL_MS,
} from "~/models/verification-code.server";
import {
  findUserByEmail,
  insertUser,
  isEmailTaken,
  isUsernameTaken,
  markEmailVerified,
  setPasswordHash,
  type PublicUser,
} from "~/models/user.server";
import { deleteUserSessions } from "~/models/auth-session.server";
import { hashPassword, randomToken, sixDigitCode } from "./password.server";

export const EMAIL_REGISTERED = "This email is already registered";
export const USERNAME_REGISTERED = "This username is already taken";

/** The sign-up form's checks after its schema: an email or username another account has. */
export async function signupProblems(db: AppDatabase, input: { email: string; username: string }): Promise<{ path: "email" | "username"; message: string }[]> {
  const problems: { path: "email" | "username"; message: string }[] = [];
  if (await isEmailTaken(db, input.email)) problems.push({ path: "email", message: EMAIL_REGISTERED });
  if (await isUsernameTaken(db, input.username)) problems.push({ path: "username", message: USERNAME_REGISTERED });
  return problems;
}

export async function registerCustomer(
  context: AppContext,
  input: { name: string; username: string; email: string; password: string },
): Promise<PublicUser> {
  const passwordHash = await hashPassword(input.password);
  const code = sixDigitCode();
  // The account and its first code are written together, or not at all.
  const user = await context.db.transaction(async (tx) => {
    const created = await insertUser(tx as unknown as AppDatabase, { ...input, passwordHash, roleId: 4 });
    await issueCode(tx as unknown as AppDatabase, created.id, "signup", code, SIGNUP_CODE_TTL_MS);
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

/** Sends a fresh code to an unverified account; silent for any other email (no enumeration). */
export async function resendSignupCode(context: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(context.db, email);
  if (!user || user.emailVerified || !user.status) return;
  const code = sixDigitCode();
  await issueCode(context.db, user.id, "signup", code, SIGNUP_CODE_TTL_MS);
  await mailSignupCode(context, user.email, code);
}

/** Verifies a signup code; returns the verified user, or null for any failure. */
export async function verifySignupCode(context: AppContext, email: string, code: string): Promise<PublicUser | null> {
  const user = await findUserByEmail(context.db, email);
  if (!user || user.emailVerified || !user.status) return null;
  const result = await consumeUserCode(context.db, user.id, "signup", code);
  if (result !== "ok") return null;
  await markEmailVerified(context.db, user.id);
  return { ...user, emailVerified: true };
}

/** Mails a one-time reset link to an active account; silent for any other email. */
export async function sendResetLink(context: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(context.db, email);
  if (!user || !user.status) return;
  const token = randomToken(32);
  await issueCode(context.db, user.id, "reset", token, RESET_LINK_TTL_MS);
  await context.mailer.send({
    to: user.email,
    subject: "Reset your NSE Signals password",
    text: `Open this link to choose a new password (valid for ${RESET_LINK_TTL_MS / 60000} minutes, once):\n${context.mailedLinkBase}/reset-password/${token}`,
  });
}

/** Sets the new password through a reset link and ends every session of that user. */
export async function resetPasswordWithLink(context: AppContext, token: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return consumeResetLink(context.db, token, async (tx, userId) => {
    await setPasswordHash(tx, userId, passwordHash);
    await deleteUserSessions(tx, userId);
  });
}
