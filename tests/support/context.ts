// A real context for integration tests: a migrated database of its own (in-memory PGlite,
// or a fresh PostgreSQL database when TEST_DATABASE_URL is set by `npm run test:pg`),
// a memory mailer and a socket.io server without a port.
import type { AppContext } from "~/config/context";
import { parseEnv, resolveVapidKeys } from "~/config/env.server";
import { createPushSender } from "~/services/push.server";
import { migrateDatabase, openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from "~/db/client.server";
import { createAppCookies } from "~/auth/cookies.server";
import { createAuthLimiters } from "~/auth/rate-limit.server";
import { createMemoryMailer, type MailMessage } from "~/mail/mailer.server";
import { mailedLinkBase } from "~/mail/links.server";
import { LiveBook } from "~/realtime/live-book.server";
import { createRealtimeHub } from "~/realtime/hub.server";
import { createHandshakeAuthenticator } from "~/auth/session.server";
import { visibleSymbolCodes } from "~/models/symbol.server";
import { createScratchDatabase } from "./scratch-database";

export interface TestContext {
  context: AppContext;
  outbox: MailMessage[];
  database: DatabaseHandle;
  close(): Promise<void>;
}

export const TEST_SECRET = "integration-test-secret-0123456789";

/** What a test hub needs besides a server: the handshake and the symbol entitlement, as services.server.ts wires them. */
export function hubOptionsFor(context: Pick<AppContext, "db" | "cookies">) {
  return {
    authenticate: createHandshakeAuthenticator(context),
    symbolAccess: (user: { id: number; roleId: number }) => visibleSymbolCodes(context.db, user),
  };
}

/** Opens a fresh database: PGlite in memory, or a new PostgreSQL database dropped on close. */
export async function openTestDatabase(options: OpenDatabaseOptions = {}): Promise<{ database: DatabaseHandle; drop: () => Promise<void>; url: string }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase("memory://", options);
    await migrateDatabase(database);
    return { database, drop: async () => {}, url: "memory://" };
  }
  const scratch = await createScratchDatabase(baseUrl, "t");
  const database = await openDatabase(scratch.url, options);
  await migrateDatabase(database);
  return { database, url: scratch.url, drop: scratch.drop };
}

export async function createTestContext(
  overrides: {
    authPostsPerMinute?: number;
    loginFreeFailures?: number;
    loginFailuresPerAccountPerHour?: number;
    env?: Record<string, string>;
    /** Told of every SQL statement the context's database is sent (tests that count queries). */
    onQuery?: (sql: string) => void;
  } = {},
): Promise<TestContext> {
  const onQuery = overrides.onQuery;
  const { database, drop } = await openTestDatabase(onQuery ? { logger: { logQuery: (sql) => onQuery(sql) } } : {});
  const env = parseEnv({ NODE_ENV: "test", SESSION_SECRET: TEST_SECRET, ...overrides.env });
  const cookies = createAppCookies(TEST_SECRET, false);
  const mailer = createMemoryMailer();
  const hub = createRealtimeHub({
    authenticate: createHandshakeAuthenticator({ db: database.db, cookies }),
    symbolAccess: (user) => visibleSymbolCodes(database.db, user),
  });
  const context: AppContext = {
    db: database.db,
    env,
    cookies,
    mailer,
    mailedLinkBase: mailedLinkBase(env),
    limiters: createAuthLimiters({
      postsPerMinute: overrides.authPostsPerMinute ?? 1000,
      loginFreeFailures: overrides.loginFreeFailures ?? 5,
      loginFailuresPerAccountPerHour: overrides.loginFailuresPerAccountPerHour ?? 100,
    }),
    liveBook: new LiveBook(),
    hub,
    push: createPushSender({ db: database.db, hub, vapid: resolveVapidKeys(env), log: () => {} }),
    cspNonce: "test-nonce",
    clientIp: "127.0.0.1",
  };
  return {
    context,
    outbox: mailer.outbox,
    database,
    close: async () => {
      await hub.close();
      await database.close();
      await drop();
    },
  };
}
