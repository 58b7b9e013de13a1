// Builds the long-lived services once: database (migrated, seeded when asked), cookies,
// limiters, mailer, live book and the realtime hub. server.ts and the tests both use it.
import type { Server as HttpServer } from "node:http";
import type { AppServices } from "~/config/context";
import { resolveSessionSecret, resolveVapidKeys, shouldSeedDemo, type Env } from "~/config/env.server";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "~/db/client.server";
import { createAppCookies, handshakeCookieSets } from "~/auth/cookies.server";
import { createAuthLimiters } from "~/auth/rate-limit.server";
import { createMailer, type Mailer } from "~/mail/mailer.server";
import { mailedLinkBase } from "~/mail/links.server";
import { LiveBook } from "~/realtime/live-book.server";
import { createRealtimeHub, type RealtimeHub } from "~/realtime/hub.server";
import { attachChatSocketHandlers } from "~/realtime/chat.server";
import { createHandshakeAuthenticator, createSessionCheck } from "~/auth/session.server";
import { prepareDemoStore } from "~/seed/demo-seed.server";
import { chargeUnchargedTrades } from "~/services/charges.server";
import { visibleSymbolCodes } from "~/models/symbol.server";
import { realignHourlyCandles } from "~/models/candle.server";
import { createPushSender } from "~/services/push.server";

export interface BuiltServices {
  services: AppServices;
  database: DatabaseHandle;
  /** Closes what buildServices opened besides the database (Redis clients). */
  closeExtras: () => Promise<void>;
  /** The cookie set for a request: Secure over HTTPS, unless COOKIE_SECURE decides. */
  cookiesFor: (requestIsSecure: boolean) => AppServices["cookies"];
}

// Kept exported here for the callers that read it from the composition root (server.ts, scripts).

export async function buildServices(
  env: Env,
  options: { httpServer?: HttpServer; mailer?: Mailer; log?: (line: string) => void } = {},
): Promise<BuiltServices> {
  const log = options.log ?? ((line: string) => console.log(line));
  const database = await openDatabase(env.DATABASE_URL, { embedded: env.EMBEDDED_DATABASE });
  await migrateDatabase(database);
  // Hourly candles written before docs/decisions/127 hold clock hours: rebuilt once as session hours.
  if (await realignHourlyCandles(database.db)) log("[candles] hourly candles rebuilt as session hours (09:15, 10:15 … IST)");
  // Seeds an empty store, finishes one a killed start left half-seeded, or says it found one.
  // The demo admin and sub-admin's two-factor secret is sealed with a key from the session secret.
  await prepareDemoStore(database.db, { seed: shouldSeedDemo(env), log, appSecret: resolveSessionSecret(env) });
  const charged = await chargeUnchargedTrades(database);
  if (charged > 0) log(`[charges] ${charged} trades charged (docs/decisions/174)`);
  // Cookies are Secure when the request came over HTTPS (directly or through a trusted
  // proxy), unless COOKIE_SECURE forces it on or off: a Secure cookie set over plain HTTP would
  // not reach the ws:// socket handshake (docs/decisions/004).
  const secret = resolveSessionSecret(env);
  const secureCookies = createAppCookies(secret, true);
  const plainCookies = createAppCookies(secret, false);
  const cookiesFor = (requestIsSecure: boolean) =>
    (env.COOKIE_SECURE ?? requestIsSecure) ? secureCookies : plainCookies;
  const cookies = cookiesFor(false);
  const handshakeCookies = handshakeCookieSets(env.COOKIE_SECURE, secureCookies, plainCookies);
  const hub = createRealtimeHub({
    httpServer: options.httpServer,
    symbolAccess: (user) => visibleSymbolCodes(database.db, user),
    authenticate: createHandshakeAuthenticator({ db: database.db, cookies: handshakeCookies, env }),
    // Open sockets of a session that ended unseen (idle, expired) are dropped (docs/decisions/128, 119).
    sessionStillValid: createSessionCheck({ db: database.db, env }),
  });
  attachChatSocketHandlers(hub.io);
  const closeExtras = env.REDIS_URL ? await attachRedisAdapter(hub, env.REDIS_URL, log) : async () => {};
  const services: AppServices = {
    db: database.db,
    env,
    cookies,
    mailer: options.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log }),
    // With PORT=0 server.ts replaces it once the port is known (in its listen callback).
    mailedLinkBase: mailedLinkBase(env),
    limiters: createAuthLimiters({
      postsPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
      loginFreeFailures: env.LOGIN_FREE_FAILURES,
      loginFailuresPerAccountPerHour: env.LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR,
    }),
    liveBook: new LiveBook(),
    hub,
    // VAPID keys from the environment, or generated once into ./data (docs/decisions/153).
    push: createPushSender({ db: database.db, hub, vapid: resolveVapidKeys(env), log }),
  };
  return { services, database, closeExtras, cookiesFor };
}

/**
 * With REDIS_URL, socket.io emits reach the sockets of every process. If Redis cannot be
 * reached at start, the app keeps serving on this process alone and says so.
 */
async function attachRedisAdapter(hub: RealtimeHub, url: string, log: (line: string) => void): Promise<() => Promise<void>> {
  const { createClient } = await import("redis");
  const { createAdapter } = await import("@socket.io/redis-adapter");
  const pub = createClient({ url, socket: { reconnectStrategy: (retries) => Math.min(retries * 200, 5000) } });
  const sub = pub.duplicate();
  let reported = false;
  const onError = (error: Error) => {
    if (!reported) log(`[redis] ${error.message}: live updates reach this process's clients only until Redis is back`);
    reported = true;
  };
  pub.on("error", onError);
  sub.on("error", onError);
  pub.on("ready", () => {
    if (reported) log("[redis] connected again");
    reported = false;
  });
  try {
    await Promise.race([
      Promise.all([pub.connect(), sub.connect()]),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timed out connecting")), 5000)),
    ]);
    hub.io.adapter(createAdapter(pub, sub));
    hub.clustered = true;
    log(`[redis] socket.io adapter on ${url.replace(/\/\/[^@]*@/, "//***@")}`);
  } catch (error) {
    onError(error as Error);
  }
  return async () => {
    await Promise.allSettled([pub.quit(), sub.quit()]);
  };
}
