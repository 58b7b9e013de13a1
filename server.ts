// One HTTP server: Express (the pipeline of app/server/http-pipeline.server.ts: security
// headers, compression, static files; plus /healthz), the Remix request handler, and socket.io.
// Graceful shutdown on SIGTERM/SIGINT.
import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import { appLoadContext, mountHttpPipeline } from "~/server/http-pipeline.server";
import { runClusterPrimary } from "~/server/cluster.server";
import { parseEnv } from "~/config/env.server";
import { buildServices } from "~/server/build-services.server";
import { resolveSessionSecret } from "~/config/env.server";
import { mailedLinkBase } from "~/mail/links.server";
import { registerDemoLiveRateFeed } from "~/live-rate/provider.server";
import { registerKiteFeed } from "~/live-rate/kite-provider.server";
import { KITE_PROVIDER } from "~/domain/kite-session";
import { loadProviderCredentials } from "~/live-rate/credentials.server";
import { healthReport, recentLoopDelay } from "~/server/health.server";
import { installLogRedaction } from "~/config/log.server";
import { startMarket } from "~/market/market.server";
import { openFeedFromEnv } from "~/market/feeds/index.server";
import { loadTradingDayCheck } from "~/models/trading-calendar.server";
import { CandleWriter } from "~/market/candle-writer.server";
import { mountE2eHooks } from "~/server/e2e-hooks.server";
import "~/config/context";

// Every log line of this process goes through one redaction (docs/decisions/114).
installLogRedaction();
// A stray rejection (a query on a connection that just died) is logged, not fatal; an
// uncaught exception leaves the process in an unknown state, so it is logged and ends it.
process.on("unhandledRejection", (reason) => console.error("[process] unhandled rejection (still serving):", reason));
process.on("uncaughtException", (error) => {
  console.error("[process] uncaught exception; exiting:", error);
  process.exit(1);
});

const env = parseEnv();

if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) {
  runClusterPrimary(env.WEB_CONCURRENCY);
} else {
  await serve();
}

/** One server process: the whole app on one HTTP server (alone, or as one worker of several). */
async function serve() {
  const isProduction = env.NODE_ENV === "production";
  const BUILD_PATH = path.resolve("build/index.js");
  const VERSION_PATH = path.resolve("build/version.txt");

  async function importBuild(): Promise<ServerBuild> {
    // The query defeats the module cache so the dev server picks up a rebuilt app.
    return import(pathToFileURL(BUILD_PATH).href + "?t=" + Date.now()) as Promise<ServerBuild>;
  }

  const app = express();
  const httpServer = http.createServer(app);
  // An idle keep-alive connection is kept longer than a client or proxy keeps it (decision 157):
  // with Node's 5 s, a request sent on a pooled connection just as the server closed it was reset.
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;
  const { services, database, closeExtras, cookiesFor } = await buildServices(env, { httpServer });
  const isTradingDay = await loadTradingDayCheck(services.db);
  // A licensed vendor registers here; the demo provider stands in for one (docs/decisions/050).
  registerDemoLiveRateFeed();
  registerKiteFeed({ db: services.db, appSecret: resolveSessionSecret(env), env, isTradingDay });
  const providerCredentials = await loadProviderCredentials(services.db, resolveSessionSecret(env));
  const market = await startMarket({
    db: services.db,
    liveBook: services.liveBook,
    hub: services.hub,
    notifyAway: (notices) => services.push.notifyAway(notices),
    databaseUrl: env.DATABASE_URL,
    openFeed: () => openFeedFromEnv(env, { isTradingDay, providerCredentials, log: (line) => console.log(line) }),
    createCandleSink: (resolveSymbolId) => new CandleWriter({ db: services.db, resolveSymbolId }),
    dailyJobs: { isTradingDay, retentionDays: env.INTRADAY_RETENTION_DAYS },
  });
  services.feedStatus = () => market.engine()?.feedStatus() ?? null;
  // /healthz reports the last few seconds of event-loop delay, not the lifetime's.
  const loopDelay = recentLoopDelay();

  let build = await importBuild();
  const getLoadContext = appLoadContext(services, cookiesFor);
  mountHttpPipeline(app, {
    isProduction,
    formActionOrigins: env.FEED === KITE_PROVIDER ? [new URL(env.KITE_LOGIN_URL).origin] : [],
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    handler: isProduction
      ? createRequestHandler({ build, mode: "production", getLoadContext })
      : (req, res, next) => createRequestHandler({ build, mode: "development", getLoadContext })(req, res, next),
    beforeStatic: (on) =>
      on.get("/healthz", async (_req, res) => {
        const report = await healthReport(database, loopDelay, { feed: services.feedStatus });
        res.set("Cache-Control", "no-store");
        res.status(report.status).json(report.body);
      }),
    // Test-only (E2E_TEST_HOOKS=1, refused by parseEnv on a real deployment): POST /__e2e/users.
    beforeApp: (on) => mountE2eHooks(on, { ...services, cookies: cookiesFor(false) }),
  });

  if (!isProduction) {
    // `remix dev --manual`: re-import the rebuilt app and tell the dev server we are ready.
    fs.watchFile(VERSION_PATH, { interval: 200 }, async () => {
      build = await importBuild();
      await broadcastDevReady(build);
    });
  }

  httpServer.listen(env.PORT, env.HOST, async () => {
    const address = httpServer.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    // Mailed links use the port really bound (PORT=0 picks one), never a request's Host.
    services.mailedLinkBase = mailedLinkBase(env, port);
    console.log(`[server] listening on http://localhost:${port} (database: ${database.driver})`);
    if (!isProduction) await broadcastDevReady(build);
  });

  let shuttingDown = false;
  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`[server] ${signal}: draining connections`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await market.stop();
      // Closing the hub disconnects every socket and closes the HTTP server it is attached to.
      await services.hub.close();
      await closeExtras();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await database.close();
      console.log("[server] closed");
      process.exit(0);
    } catch (error) {
      console.error("[server] shutdown error", error);
      process.exit(1);
    }
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
