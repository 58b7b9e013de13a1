// Two-factor sign-in data: the sealed TOTP state on the user row, recovery codes (hashes only)
// and the pending second step of a sign-in (a hash of the challenge id only).
import { and, count, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { authSessions, recoveryCodes, signInChallenges, users } from "~/db/schema";

export interface TwoFactorRecord {
  /** Sealed TOTP state (secret and last step), or null. Pending until enabledAt is set. */
  totpSecret: string | null;
  totpEnabledAt: Date | null;
}

export async function findTwoFactorRecord(db: AppDatabase, userId: number): Promise<TwoFactorRecord | null> {
  const [row] = await db
    .select({ totpSecret: users.totpSecret, totpEnabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Stores a new secret awaiting confirmation; never over an enabled one. False: it is enabled. */
export async function storePendingTotpSecret(db: AppDatabase, userId: number, sealed: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: sealed, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Replaces the sealed state only if it is still the one read (compare-and-set): of two requests
 * that used the same code at once, one wins. False: someone else wrote first.
 */
export async function replaceTotpSecret(db: AppDatabase, userId: number, expected: string, sealed: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: sealed })
    .where(and(eq(users.id, userId), eq(users.totpSecret, expected)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Turns two-factor sign-in on with the confirmed state and a new set of recovery codes, in one
 * transaction. False when the pending secret changed meanwhile (another tab started over).
 */
export async function enableTotp(db: AppDatabase, userId: number, expected: string, sealed: string, codeHashes: readonly string[], now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ totpSecret: sealed, totpEnabledAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.totpSecret, expected), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (rows.length === 0) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    if (codeHashes.length > 0) await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    return true;
  });
}

/** Turns two-factor sign-in off: the secret, the recovery codes and pending sign-ins go. */
export async function disableTotp(db: AppDatabase, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, updatedAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
  });
}

/** A new set of recovery codes replaces the old one (used or not), in one transaction. */
export async function replaceRecoveryCodes(db: AppDatabase, userId: number, codeHashes: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  });
}

/** Marks an unused code used; true when this call used it (a code works once, even under a race). */
export async function consumeRecoveryCode(db: AppDatabase, userId: number, codeHash: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: AppDatabase, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------- sign-in challenges

export async function createSignInChallenge(db: AppDatabase, values: { idHash: string; userId: number; expiresAt: Date }): Promise<void> {
  // A user has one pending second step at a time: a new password entry replaces the old one.
  await db.transaction(async (tx) => {
    await tx.delete(signInChallenges).where(eq(signInChallenges.userId, values.userId));
    await tx.insert(signInChallenges).values(values);
  });
}

/** The user of a live challenge (unexpired, tries left), or null. */
export async function findSignInChallenge(db: AppDatabase, idHash: string, maxAttempts: number, now = new Date()): Promise<{ userId: number } | null> {
  const [row] = await db
    .select({ userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(and(eq(signInChallenges.idHash, idHash), gt(signInChallenges.expiresAt, now), lt(signInChallenges.attempts, maxAttempts)))
    .limit(1);
  return row ?? null;
}

/**
 * Spends one try of a live challenge before the code is checked, so parallel guesses cannot
 * exceed the limit. Null when the challenge is unknown, expired or out of tries.
 */
export async function claimSignInAttempt(
  db: AppDatabase,
  idHash: string,
  maxAttempts: number,
  now = new Date(),
): Promise<{ userId: number; attempts: number } | null> {
  const [row] = await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(and(eq(signInChallenges.idHash, idHash), gt(signInChallenges.expiresAt, now), lt(signInChallenges.attempts, maxAttempts)))
    .returning({ userId: signInChallenges.userId, attempts: signInChallenges.attempts });
  return row ?? null;
}

/** Deletes a challenge; true when this call deleted it (it is finished once). */
export async function deleteSignInChallenge(db: AppDatabase, idHash: string): Promise<boolean> {
  const rows = await db.delete(signInChallenges).where(eq(signInChallenges.idHash, idHash)).returning({ userId: signInChallenges.userId });
  return rows.length > 0;
}

export async function deleteExpiredSignInChallenges(db: AppDatabase, now = new Date()): Promise<void> {
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
}

// ---------------------------------------------------------------- re-authentication

/** Records a fresh proof of identity on one session (re-authentication). */
export async function markSessionAuthenticated(db: AppDatabase, sessionId: string, now = new Date()): Promise<void> {
  await db.update(authSessions).set({ authenticatedAt: now }).where(eq(authSessions.id, sessionId));
}
