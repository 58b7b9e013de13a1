// Sign-in sessions: a random id in a signed cookie (or a Bearer token) points at a row here.
import { and, eq, gt, lt } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { authSessions, users } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import { randomToken } from "~/auth/password.server";

export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

export interface SessionUser {
  sessionId: string;
  id: number;
  name: string;
  username: string;
  email: string;
  roleId: RoleId;
}

export async function createAuthSession(
  db: AppDatabase,
  userId: number,
  meta: { userAgent?: string | null; ip?: string | null } = {},
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomToken(32);
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  await db.insert(authSessions).values({
    id,
    userId,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
  return { id, expiresAt };
}

/** The signed-in user behind a session id, or null when unknown, expired or the user is inactive. */
export async function findSessionUser(db: AppDatabase, sessionId: string): Promise<SessionUser | null> {
  const now = new Date();
  const [row] = await db
    .select({
      sessionId: authSessions.id,
      lastSeenAt: authSessions.lastSeenAt,
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      roleId: users.roleId,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, sessionId), gt(authSessions.expiresAt, now), eq(users.status, true)))
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    // Written at most every few minutes, so page views do not each cost a write.
    await db.update(authSessions).set({ lastSeenAt: now }).where(eq(authSessions.id, sessionId));
  }
  const { lastSeenAt: _seen, ...user } = row;
  return { ...user, roleId: user.roleId as RoleId };
}

export async function deleteAuthSession(db: AppDatabase, sessionId: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, sessionId));
}

export async function deleteUserSessions(db: AppDatabase, userId: number): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.userId, userId));
}

export async function deleteExpiredSessions(db: AppDatabase): Promise<void> {
  await db.delete(authSessions).where(lt(authSessions.expiresAt, new Date()));
}

export async function countUserSessions(db: AppDatabase, userId: number): Promise<number> {
  const rows = await db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, userId));
  return rows.length;
}
