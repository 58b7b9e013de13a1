// Forgotten passwords: a one-time link mailed to an active account, and the new password set
// through it. The pages /reset-password and /reset-password/:token use them.
import type { AppContext } from "~/config/context";
import type { AppDatabase } from "~/db/client.server";
import { consumeResetLink, findResetLinkUser, issueCode, RESET_LINK_TTL_MS } from "~/models/verification-code.server";
import { findUserByEmail, findUserById, setPasswordHash } from "~/models/user.server";
import { deleteUserSessions } from "~/models/auth-session.server";
import { LINK_INVALID } from "~/schemas/auth";
import { checkPasswordStrength, hashPassword, randomToken } from "~/auth/password.server";

export const PASSWORD_RESET_DONE = "Your password has been changed. Please sign in.";

/** Whether a reset link can still be used (the page shows the form, or says it cannot). */
export async function isResetLinkLive(context: Pick<AppContext, "db">, token: string): Promise<boolean> {
  return (await findResetLinkUser(context.db, token)) !== null;
}

/** Mails a one-time reset link to an active account; silent for any other email. */
export async function sendResetLink(context: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(context.db, email);
  if (!user || !user.status) return;
  await mailResetLink(context, context.db, user);
}

/**
 * Issues a one-time reset link for the account (with `db`, which may be the caller's
 * transaction) and mails it once the link is stored. An admin's "send a reset link" uses it too.
 */
export async function mailResetLink(context: Pick<AppContext, "mailer" | "mailedLinkBase">, db: AppDatabase, user: { id: number; email: string }): Promise<void> {
  const token = randomToken(32);
  await issueCode(db, user.id, "reset", token, RESET_LINK_TTL_MS);
  await context.mailer.send({
    to: user.email,
    subject: "Reset your NSE Signals password",
    text: `Open this link to choose a new password (valid for ${RESET_LINK_TTL_MS / 60000} minutes, once):\n${context.mailedLinkBase}/reset-password/${token}`,
  });
}

export type ResetOutcome = { ok: true } | { ok: false; field: "password" | "link"; message: string };

/**
 * Sets the new password through a reset link and ends every session of that user; refuses a
 * password too easy to guess for that user (zxcvbn, with their name, email and username).
 */
export async function resetPasswordWithLink(context: AppContext, token: string, password: string): Promise<ResetOutcome> {
  const userId = await findResetLinkUser(context.db, token);
  const user = userId === null ? null : await findUserById(context.db, userId);
  if (!user) return { ok: false, field: "link", message: LINK_INVALID };
  const strength = await checkPasswordStrength(password, [user.name, user.email, user.username]);
  if (!strength.ok) return { ok: false, field: "password", message: strength.message };
  const passwordHash = await hashPassword(password);
  const changed = await consumeResetLink(context.db, token, async (tx, linkUserId) => {
    await setPasswordHash(tx, linkUserId, passwordHash);
    await deleteUserSessions(tx, linkUserId);
  });
  return changed ? { ok: true } : { ok: false, field: "link", message: LINK_INVALID };
}
