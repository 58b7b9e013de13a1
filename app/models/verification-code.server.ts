// One-time signup codes and reset links. Only hashes are stored; a code dies after
// MAX_ATTEMPTS wrong tries or when it expires, and a new one replaces the old.
import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { verificationCodes } from "~/db/schema";
import { hashToken } from "./tokens.server";

export const MAX_CODE_ATTEMPTS = 5;
export const SIGNUP_CODE_TTL_MS = 10 * 60 * 1000;
export const RESET_LINK_TTL_MS = 30 * 60 * 1000;

type Purpose = "signup" | "reset";

/** A user's unused codes of a purpose. */
function unusedCodesOf(userId: number, purpose: Purpose): SQL | undefined {
  return and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt));
}

/** The unused reset link a token opens. */
function unusedResetLink(token: string): SQL | undefined {
  return and(eq(verificationCodes.codeHash, hashToken(token)), eq(verificationCodes.purpose, "reset"), isNull(verificationCodes.consumedAt));
}

/** The code `where` picks, locked until the transaction ends so two tries cannot both use it. */
async function lockCode(tx: AppDatabase, where: SQL | undefined) {
  const [code] = await tx.select().from(verificationCodes).where(where).limit(1).for("update");
  return code;
}

async function markConsumed(tx: AppDatabase, id: number): Promise<void> {
  await tx.update(verificationCodes).set({ consumedAt: new Date() }).where(eq(verificationCodes.id, id));
}

function hasExpired(code: { expiresAt: Date }): boolean {
  return code.expiresAt.getTime() <= Date.now();
}

export async function issueCode(
  db: AppDatabase,
  userId: number,
  purpose: Purpose,
  plainCode: string,
  ttlMs: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Only the newest code of a purpose is valid.
    await tx.update(verificationCodes).set({ consumedAt: new Date() }).where(unusedCodesOf(userId, purpose));
    await tx.insert(verificationCodes).values({
      userId,
      purpose,
      codeHash: hashToken(plainCode),
      expiresAt: new Date(Date.now() + ttlMs),
    });
  });
}

export type ConsumeResult = "ok" | "wrong" | "expired" | "none";

/** Checks a signup code for a user; a right code is consumed, a wrong one counts an attempt. */
export async function consumeUserCode(
  db: AppDatabase,
  userId: number,
  purpose: Purpose,
  plainCode: string,
): Promise<ConsumeResult> {
  return db.transaction(async (tx) => {
    const code = await lockCode(tx, unusedCodesOf(userId, purpose));
    if (!code) return "none";
    if (hasExpired(code) || code.attempts >= MAX_CODE_ATTEMPTS) return "expired";
    if (code.codeHash !== hashToken(plainCode)) {
      await tx
        .update(verificationCodes)
        .set({ attempts: code.attempts + 1 })
        .where(eq(verificationCodes.id, code.id));
      return "wrong";
    }
    await markConsumed(tx, code.id);
    return "ok";
  });
}

/** The user a live reset link belongs to, without consuming it (the form shows first). */
export async function findResetLinkUser(db: AppDatabase, token: string): Promise<number | null> {
  const [code] = await db
    .select({ userId: verificationCodes.userId, expiresAt: verificationCodes.expiresAt })
    .from(verificationCodes)
    .where(unusedResetLink(token))
    .limit(1);
  if (!code || hasExpired(code)) return null;
  return code.userId;
}

/** Consumes a reset link and runs `apply` in the same transaction: the link works once. */
export async function consumeResetLink(
  db: AppDatabase,
  token: string,
  apply: (tx: AppDatabase, userId: number) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const code = await lockCode(tx, unusedResetLink(token));
    if (!code || hasExpired(code)) return false;
    await markConsumed(tx, code.id);
    await apply(tx, code.userId);
    return true;
  });
}
