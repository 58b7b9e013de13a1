// Sign-in sessions: a random id in a signed cookie (or a Bearer token) points at a row here.
import { and, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { authSessions, users } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import { DEFAULT_SESSION_IDLE, idleMinutesFor, isSessionIdle, shouldRecordActivity, type SessionIdleSettings } from "~/domain/sessions";
import { notificationsSince } from "~/domain/notifications";
import { shellValueColumns, type ShellValues } from "./shell.server";
import { randomToken } from "./tokens.server";

export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionUser {
  sessionId: string;
  id: number;
  name: string;
  username: string;
  email: string;
  roleId: RoleId;
  /** When this session last proved who the user is: sign-in or re-authentication (docs/decisions/121). */
  authenticatedAt: Date;
  /** Two-factor sign-in is on since; null when off (a role that must use it is sent to set it up). */
  totpEnabledAt: Date | null;
}

export async function createAuthSession(
  db: AppDatabase,
  userId: number,
  meta: { userAgent?: string | null; ip?: string | null } = {},
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomToken(32);
  // Every time of a session comes from the app's clock, the one its idle and expiry checks read:
  // the database's own now() can differ (another host's clock), and an idle check against it
  // would sign a fresh session out.
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db.insert(authSessions).values({
    id,
    userId,
    createdAt: now,
    lastSeenAt: now,
    authenticatedAt: now,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
  return { id, expiresAt };
}

/**
 * What a session id names: an active session and its user (with the shell's values when asked
 * for); a session that was idle too long (docs/decisions/119), with its idle time for the
 * message; or nothing (unknown, expired, the user inactive).
 */
export type SessionLookup =
  | { kind: "active"; user: SessionUser; shell?: ShellValues }
  | { kind: "idle"; idleMinutes: number }
  | { kind: "none" };

export interface SessionLookupOptions {
  idle?: SessionIdleSettings;
  /**
   * "use" (the default): a request of the user's. It counts as activity, and an idle session it
   * finds is deleted. "check": a look without side effects (socket handshakes and re-checks,
   * which are not the user acting), so the next page can still say why the session ended.
   */
  mode?: "use" | "check";
  /** Also read what the page's shell shows (models/shell.server.ts), in the same statement (docs/decisions/160). */
  shell?: boolean;
  now?: Date;
}

const sessionColumns = {
  sessionId: authSessions.id,
  lastSeenAt: authSessions.lastSeenAt,
  id: users.id,
  name: users.name,
  username: users.username,
  email: users.email,
  roleId: users.roleId,
  authenticatedAt: authSessions.authenticatedAt,
  totpEnabledAt: users.totpEnabledAt,
};

/**
 * The session's row joined to its user's, when unexpired and the user active, with the shell's
 * values or without: the statements every signed-in request runs. Prepared once per database
 * handle (drizzle builds its SQL text once; on PostgreSQL it is also a named statement, parsed
 * and planned once per connection), with the session id, the time and the bell's start as
 * placeholders. A placeholder's value reaches the driver as given, not through the column's
 * encoder, so the times are passed as the encoder writes them (ISO 8601, UTC).
 */
function prepareSessionReads(db: AppDatabase) {
  const userOfSession = eq(users.id, authSessions.userId);
  const standing = and(eq(authSessions.id, sql.placeholder("sessionId")), gt(authSessions.expiresAt, sql.placeholder("now")), eq(users.status, true));
  return {
    plain: db.select(sessionColumns).from(authSessions).innerJoin(users, userOfSession).where(standing).limit(1).prepare("session_read"),
    withShell: db
      .select({ ...sessionColumns, shell: shellValueColumns(db, sql.placeholder("since")) })
      .from(authSessions)
      .innerJoin(users, userOfSession)
      .where(standing)
      .limit(1)
      .prepare("session_read_with_shell"),
  };
}

const preparedSessionReads = new WeakMap<AppDatabase, ReturnType<typeof prepareSessionReads>>();

async function readSessionRow(db: AppDatabase, sessionId: string, now: Date, withShell: boolean) {
  let reads = preparedSessionReads.get(db);
  if (!reads) preparedSessionReads.set(db, (reads = prepareSessionReads(db)));
  if (!withShell) {
    const [row] = await reads.plain.execute({ sessionId, now: now.toISOString() });
    return row ? { ...row, shell: undefined } : undefined;
  }
  const [row] = await reads.withShell.execute({ sessionId, now: now.toISOString(), since: notificationsSince(now).toISOString() });
  return row;
}

export async function lookupSession(db: AppDatabase, sessionId: string, options: SessionLookupOptions = {}): Promise<SessionLookup> {
  const now = options.now ?? new Date();
  const row = await readSessionRow(db, sessionId, now, options.shell ?? false);
  if (!row) return { kind: "none" };
  const { lastSeenAt, shell, ...user } = row;
  const roleId = user.roleId as RoleId;
  const idleMinutes = idleMinutesFor(roleId, options.idle ?? DEFAULT_SESSION_IDLE);
  const use = (options.mode ?? "use") === "use";
  if (isSessionIdle(lastSeenAt, now, idleMinutes)) {
    if (use) await deleteAuthSession(db, sessionId);
    return { kind: "idle", idleMinutes };
  }
  if (use && shouldRecordActivity(lastSeenAt, now, idleMinutes)) {
    // Written at most once a minute, so page views do not each cost a write.
    await db.update(authSessions).set({ lastSeenAt: now }).where(eq(authSessions.id, sessionId));
  }
  return shell ? { kind: "active", user: { ...user, roleId }, shell } : { kind: "active", user: { ...user, roleId } };
}

/** The signed-in user behind a session id, or null when unknown, expired, idle or the user is inactive. */
export async function findSessionUser(db: AppDatabase, sessionId: string, options: SessionLookupOptions = {}): Promise<SessionUser | null> {
  const found = await lookupSession(db, sessionId, options);
  return found.kind === "active" ? found.user : null;
}

export async function deleteAuthSession(db: AppDatabase, sessionId: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, sessionId));
}

/** Ends every session of a user; how many there were. */
export async function deleteUserSessions(db: AppDatabase, userId: number): Promise<number> {
  const ended = await db.delete(authSessions).where(eq(authSessions.userId, userId)).returning({ id: authSessions.id });
  return ended.length;
}

/** Ends every session of a user except one (the caller's); returns the ids it ended. */
export async function deleteOtherUserSessions(db: AppDatabase, userId: number, keepSessionId: string): Promise<string[]> {
  const rows = await db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, userId), ne(authSessions.id, keepSessionId)))
    .returning({ id: authSessions.id });
  return rows.map((row) => row.id);
}

/** Ends one session of this user; a session of another user is never touched. */
export async function deleteUserSession(db: AppDatabase, userId: number, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, userId), eq(authSessions.id, sessionId)))
    .returning({ id: authSessions.id });
  return rows.length > 0;
}

export interface SessionRecord {
  id: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** A user's unexpired sessions, most recently active first. */
export async function listUserSessions(db: AppDatabase, userId: number, now = new Date()): Promise<SessionRecord[]> {
  return db
    .select({
      id: authSessions.id,
      userAgent: authSessions.userAgent,
      ip: authSessions.ip,
      createdAt: authSessions.createdAt,
      lastSeenAt: authSessions.lastSeenAt,
    })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, now)))
    .orderBy(desc(authSessions.lastSeenAt), desc(authSessions.createdAt));
}

export async function deleteExpiredSessions(db: AppDatabase): Promise<void> {
  await db.delete(authSessions).where(lt(authSessions.expiresAt, new Date()));
}

export async function countUserSessions(db: AppDatabase, userId: number): Promise<number> {
  const rows = await db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, userId));
  return rows.length;
}
