// Users: the only place that reads or writes the users table.
import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { AppDatabase } from "~/db/client.server";
import { authSessions, users, userSettings } from "~/db/schema";
import type { RoleId } from "~/domain/access";

/** A user's account as the lists and forms show it. */
export interface UserAccount {
  id: number;
  name: string;
  username: string;
  email: string;
  roleId: RoleId;
  status: boolean;
}

/** What loaders may see of a user: never the password hash. */
export interface PublicUser extends UserAccount {
  emailVerified: boolean;
}

/** The columns of a UserAccount (roleId still a plain number). */
export const accountColumns = {
  id: users.id,
  name: users.name,
  username: users.username,
  email: users.email,
  roleId: users.roleId,
  status: users.status,
};

const publicColumns = { ...accountColumns, emailVerifiedAt: users.emailVerifiedAt };

type PublicRow = Pick<typeof users.$inferSelect, keyof typeof publicColumns>;

function toPublic(row: PublicRow): PublicUser {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    roleId: row.roleId as RoleId,
    status: row.status,
    emailVerified: row.emailVerifiedAt !== null,
  };
}

/** Ids of the active users holding any of these roles. */
export async function listActiveUserIdsWithRoles(db: AppDatabase, roles: readonly RoleId[]): Promise<number[]> {
  if (roles.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.roleId, [...roles]), eq(users.status, true)));
  return rows.map((row) => row.id);
}

export async function findUserById(db: AppDatabase, id: number): Promise<PublicUser | null> {
  const [row] = await db.select(publicColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ? toPublic(row) : null;
}

/** Emails and usernames are matched without regard to case or surrounding spaces. */
function sameText(column: typeof users.email | typeof users.username, value: string) {
  return sql`lower(${column}) = ${value.trim().toLowerCase()}`;
}

export async function findUserByEmail(db: AppDatabase, email: string): Promise<PublicUser | null> {
  const [row] = await db.select(publicColumns).from(users).where(sameText(users.email, email)).limit(1);
  return row ? toPublic(row) : null;
}

/** The credentials row for sign-in only; the hash never leaves the auth module. */
export async function findCredentialsByEmail(
  db: AppDatabase,
  email: string,
): Promise<(PublicUser & { passwordHash: string }) | null> {
  const [row] = await db
    .select({ ...publicColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(sameText(users.email, email))
    .limit(1);
  return row ? { ...toPublic(row), passwordHash: row.passwordHash } : null;
}

/** Whether another user (any but `exceptId`, the one being edited) holds this value. */
async function isTaken(
  db: AppDatabase,
  column: typeof users.email | typeof users.username,
  value: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sameText(column, value), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export function isEmailTaken(db: AppDatabase, email: string, exceptId?: number): Promise<boolean> {
  return isTaken(db, users.email, email, exceptId);
}

export function isUsernameTaken(db: AppDatabase, username: string, exceptId?: number): Promise<boolean> {
  return isTaken(db, users.username, username, exceptId);
}

export interface NewUser {
  name: string;
  username: string;
  email: string;
  passwordHash: string;
  roleId: RoleId;
  status?: boolean;
  emailVerified?: boolean;
}

/** How a user's name, username and email are stored: trimmed, the email lower-cased. */
export function identityValues(input: { name: string; username: string; email: string }) {
  return { name: input.name.trim(), username: input.username.trim(), email: input.email.trim().toLowerCase() };
}

export async function insertUser(db: AppDatabase, input: NewUser): Promise<PublicUser> {
  const [row] = await db
    .insert(users)
    .values({
      ...identityValues(input),
      passwordHash: input.passwordHash,
      roleId: input.roleId,
      status: input.status ?? true,
      emailVerifiedAt: input.emailVerified ? new Date() : null,
    })
    .returning(publicColumns);
  return toPublic(row);
}

export async function markEmailVerified(db: AppDatabase, userId: number): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function setPasswordHash(db: AppDatabase, userId: number, passwordHash: string): Promise<void> {
  const now = new Date();
  await db.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, userId));
}

/** The stored hash of an active user's password, to check the current one before a change. */
export async function findPasswordHash(db: AppDatabase, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, true)))
    .limit(1);
  return row?.passwordHash ?? null;
}

export async function recordLogin(db: AppDatabase, userId: number): Promise<void> {
  await db.update(users).set({ loginTimestamp: new Date() }).where(eq(users.id, userId));
}

/** Deactivating a user also ends every session they hold, in one transaction. */
export async function setUserStatus(db: AppDatabase, userId: number, active: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ status: active, updatedAt: new Date() }).where(eq(users.id, userId));
    if (!active) await tx.delete(authSessions).where(eq(authSessions.userId, userId));
  });
}

/** One setting of a user, whose id is a value or the `users.id` of a query that reads the user's row. */
function userSettingQuery(db: AppDatabase, userId: number | AnyPgColumn, name: string) {
  return db
    .select({ value: userSettings.value })
    .from(userSettings)
    .where(and(eq(userSettings.userId, userId), eq(userSettings.name, name)))
    .limit(1);
}

export async function getUserSetting(db: AppDatabase, userId: number, name: string): Promise<string | null> {
  const [row] = await userSettingQuery(db, userId, name);
  return row?.value ?? null;
}

/** A setting of the user whose row the query reads, as a scalar subquery (null when unset). */
export function userSettingValue(db: AppDatabase, userId: AnyPgColumn, name: string): SQL<string | null> {
  return sql<string | null>`${userSettingQuery(db, userId, name)}`;
}

export async function setUserSetting(db: AppDatabase, userId: number, name: string, value: string): Promise<void> {
  await db
    .insert(userSettings)
    .values({ userId, name, value })
    .onConflictDoUpdate({
      target: [userSettings.userId, userSettings.name],
      set: { value, updatedAt: new Date() },
    });
}

