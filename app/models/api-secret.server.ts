// The live-rate provider's credentials (api_secrets): one record, sealed at rest.
import { desc, eq } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { apiSecrets } from "~/db/schema";

export interface SealedApiSecret {
  id: number;
  apiTokenEnc: string;
  apiSecretEnc: string;
  authenticationDate: Date | null;
  updatedAt: Date;
}

export async function getSealedApiSecret(db: AppDatabase): Promise<SealedApiSecret | null> {
  const [row] = await db
    .select({
      id: apiSecrets.id,
      apiTokenEnc: apiSecrets.apiTokenEnc,
      apiSecretEnc: apiSecrets.apiSecretEnc,
      authenticationDate: apiSecrets.authenticationDate,
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
