// Change password while signed in, and one's own sessions: the list, "Sign out" of one, and
// "Sign out everywhere else" (docs/decisions/119). The page /settings/security and the JSON API
// both call these; every message the user reads is here once.
import type { AppContext } from "~/config/context";
import { formatIstDateTime } from "~/domain/dates";
import { describeDevice, idleMinutesFor, isSessionIdle } from "~/domain/sessions";
import { deleteOtherUserSessions, deleteUserSession, listUserSessions } from "~/models/auth-session.server";
import { findPasswordHash, setPasswordHash } from "~/models/user.server";
import { authPostLimitMessage } from "~/auth/auth-post-limit.server";
import { checkPasswordStrength, hashPassword, hashToken, verifyPassword } from "~/auth/password.server";
import { sessionIdleSettings, type SessionUser } from "~/auth/session.server";

export const WRONG_CURRENT_PASSWORD = "Your current password is not correct";
export const SAME_AS_CURRENT = "Choose a new password, not your current one";
export const PASSWORD_CHANGED = "Your password was changed. Your other devices were signed out.";
export const SESSION_SIGNED_OUT = "That device was signed out.";

export function othersSignedOutMessage(count: number): string {
  if (count === 0) return "No other device was signed in.";
  return `Signed out of ${count} other ${count === 1 ? "device" : "devices"}.`;
}

export type ChangePasswordResult =
  | { ok: true; endedSessions: number }
  | { ok: false; field: "currentPassword" | "password" | null; message: string; status: 400 | 429 };

/**
 * Sets a new password after checking the current one, then ends every OTHER session and Bearer
 * token of the user (and their sockets); the session that asked stays signed in.
 */
export async function changePassword(
  context: AppContext,
  user: SessionUser,
  input: { currentPassword: string; password: string },
): Promise<ChangePasswordResult> {
  const limited = await authPostLimitMessage(context);
  if (limited) return { ok: false, field: null, message: limited, status: 429 };
  const stored = await findPasswordHash(context.db, user.id);
  if (!stored || !(await verifyPassword(input.currentPassword, stored))) {
    return { ok: false, field: "currentPassword", message: WRONG_CURRENT_PASSWORD, status: 400 };
  }
  if (input.password.normalize("NFKC") === input.currentPassword.normalize("NFKC")) {
    return { ok: false, field: "password", message: SAME_AS_CURRENT, status: 400 };
  }
  const strength = await checkPasswordStrength(input.password, [user.name, user.username, user.email]);
  if (!strength.ok) return { ok: false, field: "password", message: strength.message, status: 400 };

  const passwordHash = await hashPassword(input.password);
  const ended = await context.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    return deleteOtherUserSessions(tx, user.id, user.sessionId);
  });
  for (const sessionId of ended) context.hub.disconnectSession(sessionId);
  return { ok: true, endedSessions: ended.length };
}

/** A session id is a bearer secret: pages and forms name a session by this hash of it instead. */
export function sessionHandle(sessionId: string): string {
  return hashToken(sessionId).slice(0, 32);
}

export interface SessionView {
  handle: string;
  device: string;
  address: string;
  /** DD-MM-YYYY hh:mm:ss a, IST. */
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
}

/** The user's signed-in sessions (not expired, not idle), this one first, then by last activity. */
export async function listActiveSessions(context: AppContext, user: SessionUser, now = new Date()): Promise<SessionView[]> {
  const idleMinutes = idleMinutesFor(user.roleId, sessionIdleSettings(context.env));
  const rows = await listUserSessions(context.db, user.id, now);
  return rows
    .filter((row) => row.id === user.sessionId || !isSessionIdle(row.lastSeenAt, now, idleMinutes))
    .map((row) => ({
      handle: sessionHandle(row.id),
      device: describeDevice(row.userAgent),
      address: row.ip || "Unknown",
      signedInAt: formatIstDateTime(row.createdAt),
      lastActiveAt: formatIstDateTime(row.lastSeenAt),
      current: row.id === user.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs out one other session of this user, named by its handle; false when none matches. */
export async function endOwnSession(context: AppContext, user: SessionUser, handle: string): Promise<boolean> {
  // Looked up among this user's own sessions only: another user's handle matches nothing.
  const rows = await listUserSessions(context.db, user.id);
  const target = rows.find((row) => row.id !== user.sessionId && sessionHandle(row.id) === handle);
  if (!target || !(await deleteUserSession(context.db, user.id, target.id))) return false;
  context.hub.disconnectSession(target.id);
  return true;
}

/** "Sign out everywhere else": every session and token of this user but the caller's. */
export async function endOtherSessions(context: AppContext, user: SessionUser): Promise<number> {
  const ended = await deleteOtherUserSessions(context.db, user.id, user.sessionId);
  for (const sessionId of ended) context.hub.disconnectSession(sessionId);
  return ended.length;
}
