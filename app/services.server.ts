// Builds the long-lived services once: database (migrated, seeded when asked), cookies,
// limiters, mailer, live book and the realtime hub. server.ts and the tests both use it.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Server as HttpServer } from "node:http";
import type { AppServices } from "~/context";
import { shouldSeedDemo, type Env } from "~/env.server";
import { isDatabaseEmpty, migrateDatabase, openDatabase, type DatabaseHandle } from "~/db/client.server";
import { createAppCookies } from "~/auth/cookies.server";
import { createAuthLimiters } from "~/auth/rate-limit.server";
import { createMailer, type Mailer } from "~/mail/mailer.server";
import { LiveBook } from "~/market/live-book.server";
import { createRealtimeHub } from "~/realtime/hub.server";
import { readSessionId, bearerToken } from "~/auth/session.server";
import { findSessionUser } from "~/models/auth-session.server";
import { seedDemoData } from "~/db/seed.server";

export interface BuiltServices {
  services: AppServices;
  database: DatabaseHandle;
}

/**
 * The cookie secret: SESSION_SECRET when set; otherwise one generated once and kept in
 * ./data so sessions survive a restart of `npm start` on a fresh machine.
 */
export function resolveSessionSecret(env: Env, dataDir = "./data"): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (env.NODE_ENV === "test") return "test-secret-not-for-production-use";
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    console.warn(`[config] SESSION_SECRET is not set; generated one in ${file}`);
    return secret;
  }
}

export async function buildServices(
  env: Env,
  options: { httpServer?: HttpServer; mailer?: Mailer; log?: (line: string) => void } = {},
): Promise<BuiltServices> {
  const log = options.log ?? ((line: string) => console.log(line));
  const database = await openDatabase(env.DATABASE_URL);
  await migrateDatabase(database);
  if (shouldSeedDemo(env) && (await isDatabaseEmpty(database.db))) {
    log("[db] empty database: loading demo data");
    await seedDemoData(database.db, { log });
  }
  const cookies = createAppCookies(
    resolveSessionSecret(env),
    env.COOKIE_SECURE ?? env.NODE_ENV === "production",
  );
  const partial = { db: database.db, cookies };
  const hub = createRealtimeHub({
    httpServer: options.httpServer,
    authenticate: async ({ cookieHeader, authorization, token }) => {
      const id = (await readSessionId(partial, cookieHeader)) ?? bearerToken(authorization) ?? token ?? null;
      return id ? findSessionUser(database.db, id) : null;
    },
  });
  const services: AppServices = {
    db: database.db,
    env,
    cookies,
    mailer: options.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log }),
    limiters: createAuthLimiters({
      postsPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
      loginFailuresPer15Min: env.LOGIN_FAILURES_PER_15_MIN,
    }),
    liveBook: new LiveBook(),
    hub,
  };
  return { services, database };
}
