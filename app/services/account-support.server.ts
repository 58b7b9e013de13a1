// What an operator does for a user who is stuck or at risk (issue 19): mail them a password
// reset link, or sign them out everywhere. Each is for an account the operator may manage
// (services/accounts.server.ts), is audited in its own transaction, and answers the toast.
import type { AppContext } from "~/config/context";
import { refuse, succeed, type Outcome } from "~/domain/outcome";
import { recordAudit } from "~/models/audit-log.server";
import { deleteUserSessions } from "~/models/auth-session.server";
import { findAccountForEdit, type AccountActor } from "./accounts.server";
import { mailResetLink } from "./password-reset.server";

export const RESET_NEEDS_ACTIVE_ACCOUNT = "This account is inactive: activate it before sending a reset link.";
export const resetLinkSentMessage = (email: string) => `A password reset link was sent to ${email}`;
export const signedOutEverywhereMessage = (username: string, sessions: number) =>
  `${username} was signed out everywhere (${sessions} ${sessions === 1 ? "session" : "sessions"} ended)`;

/** Mails the account a one-time reset link (the same link "Forgot password" sends). */
export async function sendAccountResetLink(context: Pick<AppContext, "db" | "mailer" | "mailedLinkBase">, actor: AccountActor, id: number | null): Promise<Outcome<string>> {
  const target = await findAccountForEdit(context, actor, id);
  if (!target.ok) return target;
  const user = target.value;
  if (!user.status) return refuse(RESET_NEEDS_ACTIVE_ACCOUNT, undefined, 409);
  // The audit row first and the mail last: a mail that cannot be sent rolls the link back.
  await context.db.transaction(async (tx) => {
    await recordAudit(tx, [{ actor, action: "reset-password", entity: "user", entityId: user.id, before: { username: user.username }, after: { resetLinkSentTo: user.email } }]);
    await mailResetLink(context, tx, user);
  });
  return succeed(resetLinkSentMessage(user.email));
}

/** Ends every session of the account and closes its sockets. */
export async function signOutAccountEverywhere(context: Pick<AppContext, "db" | "hub">, actor: AccountActor, id: number | null): Promise<Outcome<string>> {
  const target = await findAccountForEdit(context, actor, id);
  if (!target.ok) return target;
  const user = target.value;
  const ended = await context.db.transaction(async (tx) => {
    const count = await deleteUserSessions(tx, user.id);
    await recordAudit(tx, [{ actor, action: "sign-out-all", entity: "user", entityId: user.id, before: { username: user.username, sessions: count }, after: { sessions: 0 } }]);
    return count;
  });
  context.hub.disconnectUser(user.id);
  return succeed(signedOutEverywhereMessage(user.username, ended));
}
