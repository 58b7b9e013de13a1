// The live-rate provider's credentials (api_secrets): one record, sealed at rest.
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { apiSecrets } from "~/db/schema";

export interface SealedApiSecret {
  id: number;
  apiTokenEnc: string;
  apiSecretEnc: string;
  authenticationDate: Date | null;
  sessionTokenEnc: string | null;
  sessionExpiresAt: Date | null;
  pendingApiTokenEnc: string | null;
  pendingApiSecretEnc: string | null;
  updatedAt: Date;
}

export async function getSealedApiSecret(db: AppDatabase): Promise<SealedApiSecret | null> {
  const [row] = await db
    .select({
      id: apiSecrets.id,
      apiTokenEnc: apiSecrets.apiTokenEnc,
      apiSecretEnc: apiSecrets.apiSecretEnc,
      authenticationDate: apiSecrets.authenticationDate,
      sessionTokenEnc: apiSecrets.sessionTokenEnc,
      sessionExpiresAt: apiSecrets.sessionExpiresAt,
      pendingApiTokenEnc: apiSecrets.pendingApiTokenEnc,
      pendingApiSecretEnc: apiSecrets.pendingApiSecretEnc,
      updatedAt: apiSecrets.updatedAt,
    })
    .from(apiSecrets)
    .orderBy(desc(apiSecrets.id))
    .limit(1);
  return row ?? null;
}

/** Replaces the stored credentials (new ones are unverified until the OTP is checked). */
export async function storeSealedApiSecret(db: AppDatabase, input: { apiTokenEnc: string; apiSecretEnc: string; updatedBy: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(apiSecrets);
    await tx.insert(apiSecrets).values({ ...input, authenticationDate: null });
  });
}

export async function markApiSecretAuthenticated(db: AppDatabase, id: number, at: Date): Promise<void> {
  await db.update(apiSecrets).set({ authenticationDate: at, updatedAt: at }).where(eq(apiSecrets.id, id));
}

/** Keeps a provider's day session (sealed) with its lapse; the credentials count as verified from `at`. */
export async function storeApiSession(db: AppDatabase, id: number, session: { sessionTokenEnc: string; expiresAt: Date; at: Date }): Promise<void> {
  await db
    .update(apiSecrets)
    .set({ sessionTokenEnc: session.sessionTokenEnc, sessionExpiresAt: session.expiresAt, authenticationDate: session.at, updatedAt: session.at })
    .where(eq(apiSecrets.id, id));
}

/** Keeps new credentials apart from the stored ones until a login accepts them (null clears them). */
export async function storePendingApiSecret(db: AppDatabase, id: number, pending: { apiTokenEnc: string; apiSecretEnc: string; updatedBy: number } | null): Promise<void> {
  await db
    .update(apiSecrets)
    .set(pending ? { pendingApiTokenEnc: pending.apiTokenEnc, pendingApiSecretEnc: pending.apiSecretEnc, updatedBy: pending.updatedBy } : { pendingApiTokenEnc: null, pendingApiSecretEnc: null })
    .where(eq(apiSecrets.id, id));
}

/** A login accepted the pending credentials: they become the stored ones, with the day's session, in one write. */
export async function promotePendingApiSecret(db: AppDatabase, id: number, session: { sessionTokenEnc: string; expiresAt: Date; at: Date }): Promise<void> {
  await db
    .update(apiSecrets)
    .set({
      apiTokenEnc: sql`${apiSecrets.pendingApiTokenEnc}`,
      apiSecretEnc: sql`${apiSecrets.pendingApiSecretEnc}`,
      pendingApiTokenEnc: null,
      pendingApiSecretEnc: null,
      sessionTokenEnc: session.sessionTokenEnc,
      sessionExpiresAt: session.expiresAt,
      authenticationDate: session.at,
      updatedAt: session.at,
    })
    .where(and(eq(apiSecrets.id, id), isNotNull(apiSecrets.pendingApiTokenEnc), isNotNull(apiSecrets.pendingApiSecretEnc)));
}
