// Sealing and opening the stored live-rate credentials with the key derived from the app secret.
import type { AppDatabase } from "~/db/client.server";
import { deriveSecretKey, openSecret, sealSecret } from "~/auth/secret-box.server";
import type { ProviderCredentials } from "~/market/feed";
import { getSealedApiSecret, promotePendingApiSecret, storeApiSession, storePendingApiSecret, storeSealedApiSecret } from "~/models/api-secret.server";

export interface StoredCredentials extends ProviderCredentials {
  id: number;
  authenticationDate: Date | null;
  /** A daily-login provider's session (Kite): its access token, null when none or it cannot be opened. */
  sessionToken: string | null;
  sessionExpiresAt: Date | null;
  /** New credentials waiting for a daily-login provider's login to accept them, null when none. */
  pending: ProviderCredentials | null;
}

/** The stored credentials, opened; null when none are stored or they cannot be opened (secret changed). */
export async function loadStoredCredentials(db: AppDatabase, appSecret: string): Promise<StoredCredentials | null> {
  const row = await getSealedApiSecret(db);
  if (!row) return null;
  const key = deriveSecretKey(appSecret);
  const apiToken = openSecret(row.apiTokenEnc, key);
  const apiSecret = openSecret(row.apiSecretEnc, key);
  if (apiToken === null || apiSecret === null) return null;
  const sessionToken = row.sessionTokenEnc ? openSecret(row.sessionTokenEnc, key) : null;
  const pendingToken = row.pendingApiTokenEnc ? openSecret(row.pendingApiTokenEnc, key) : null;
  const pendingSecret = row.pendingApiSecretEnc ? openSecret(row.pendingApiSecretEnc, key) : null;
  const pending = pendingToken !== null && pendingSecret !== null ? { apiToken: pendingToken, apiSecret: pendingSecret } : null;
  return { id: row.id, apiToken, apiSecret, authenticationDate: row.authenticationDate, sessionToken, sessionExpiresAt: row.sessionExpiresAt, pending };
}

/** Keeps new credentials for a daily-login provider apart until its login accepts them; null forgets them. */
export async function storePendingCredentials(db: AppDatabase, appSecret: string, id: number, credentials: ProviderCredentials | null, userId: number): Promise<void> {
  const key = deriveSecretKey(appSecret);
  await storePendingApiSecret(db, id, credentials ? { apiTokenEnc: sealSecret(credentials.apiToken, key), apiSecretEnc: sealSecret(credentials.apiSecret, key), updatedBy: userId } : null);
}

/** The login accepted the pending credentials: they replace the stored ones, with the day's session. */
export async function promotePendingCredentials(db: AppDatabase, appSecret: string, id: number, session: { token: string; expiresAt: Date; at: Date }): Promise<void> {
  await promotePendingApiSecret(db, id, { sessionTokenEnc: sealSecret(session.token, deriveSecretKey(appSecret)), expiresAt: session.expiresAt, at: session.at });
}

/** Keeps the day's session of a daily-login provider (Kite) for the stored credentials. */
export async function storeProviderSession(db: AppDatabase, appSecret: string, id: number, session: { token: string; expiresAt: Date; at: Date }): Promise<void> {
  await storeApiSession(db, id, { sessionTokenEnc: sealSecret(session.token, deriveSecretKey(appSecret)), expiresAt: session.expiresAt, at: session.at });
}

/** For server.ts: the verified credentials for openFeedFromEnv's providerCredentials. */
export async function loadProviderCredentials(db: AppDatabase, appSecret: string): Promise<ProviderCredentials | undefined> {
  const stored = await loadStoredCredentials(db, appSecret);
  if (!stored || !stored.authenticationDate) return undefined;
  return { apiToken: stored.apiToken, apiSecret: stored.apiSecret };
}

export async function storeCredentials(db: AppDatabase, appSecret: string, credentials: ProviderCredentials, userId: number): Promise<void> {
  const key = deriveSecretKey(appSecret);
  await storeSealedApiSecret(db, {
    apiTokenEnc: sealSecret(credentials.apiToken, key),
    apiSecretEnc: sealSecret(credentials.apiSecret, key),
    updatedBy: userId,
  });
}
