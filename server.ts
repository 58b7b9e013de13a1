// One HTTP server: Express (security headers, compression, static files, /healthz), the
// Remix request handler, and socket.io. Graceful shutdown on SIGTERM/SIGINT.
import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import express, { type Request as ExpressRequest, type Response as ExpressResponse, type NextFunction } from "express";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { RateLimiterRes } from "rate-limiter-flexible";
import { createLimiter } from "~/auth/rate-limit.server";
import { bodyLimit, bodyRefusedErrors } from "~/server/body-limit.server";
import { privateByDefault } from "~/server/cache-control.server";
import { runClusterPrimary } from "~/server/cluster.server";
import { parseEnv } from "~/config/env.server";
import { buildServices } from "~/server/build-services.server";
import { resolveSessionSecret } from "~/config/env.server";
import { mailedLinkBase } from "~/mail/links.server";
import { registerDemoLiveRateFeed } from "~/live-rate/provider.server";
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
  // /healthz reports the last few seconds of event-loop delay, not the lifetime's.
  const loopDelay = recentLoopDelay();

  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", (_req, res) => `'nonce-${(res as ExpressResponse).locals.cspNonce}'`],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:"],
          "connect-src": isProduction ? ["'self'"] : ["'self'", "ws:"],
          "upgrade-insecure-requests": null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Not "no-referrer": with it Chromium sends `Origin: null` on same-origin form posts,
      // which the origin check below must refuse.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: isProduction ? { maxAge: 15552000, includeSubDomains: true } : false,
    }),
  );
  app.use(compression());

  // Cross-origin form posts are refused: a state change must come from our own pages.
  const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
  app.use((req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const bearerOnly = /^Bearer\s/i.test(req.get("authorization") ?? "") && !req.get("cookie");
    if (bearerOnly) return next();
    const origin = req.get("origin");
    if (origin) {
      let originHost = "";
      try {
        originHost = new URL(origin).host;
      } catch {
        // An unparsable Origin is refused below.
      }
      if (originHost !== req.get("host")) return res.status(403).json({ message: "Cross-origin request refused" });
    } else {
      const site = req.get("sec-fetch-site");
      if (site && site !== "same-origin" && site !== "none") {
        return res.status(403).json({ message: "Cross-origin request refused" });
      }
    }
    next();
  });

  // Bodies are capped before anything reads them; uploads keep their own caps (docs/decisions/117).
  app.use(bodyLimit({ limitBytes: env.BODY_LIMIT_BYTES }));

  // A broad per-address ceiling on writes; sign-in posts have their own stricter limits.
  const writeLimiter = createLimiter({ keyPrefix: "writes", points: 600, duration: 60 });
  app.use(async (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    try {
      await writeLimiter.consume(req.ip ?? "unknown");
      next();
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) return next(error);
      res.set("Retry-After", String(Math.ceil(error.msBeforeNext / 1000)));
      res.status(429).send("Too many requests. Please wait a minute and try again.");
    }
  });

  app.get("/healthz", async (_req, res) => {
    const report = await healthReport(database, loopDelay);
    res.set("Cache-Control", "no-store");
    res.status(report.status).json(report.body);
  });

  // The build's brotli copies (scripts/precompress-build.mjs) to a client that takes brotli; the
  // file itself to one that does not (the compression middleware then gzips it).
  app.use("/build", expressStaticGzip("public/build", { enableBrotli: true, orderPreference: ["br"], index: false, serveStatic: { immutable: true, maxAge: "1y" } }));
  // Browsers ask for /favicon.ico on their own; answer it here, never through the app's routes.
  app.get("/favicon.ico", (_req, res) => res.redirect(301, "/favicon.svg"));
  // The service worker and the offline page it keeps are revalidated at every visit, so a new
  // version reaches browsers at once; the rest of public/ keeps an hour (docs/decisions/154).
  app.get(["/sw.js", "/offline.html"], (_req, res, next) => {
    res.set("Cache-Control", "no-cache");
    next();
  });
  app.use(express.static("public", { maxAge: "1h" }));

  // Test-only (E2E_TEST_HOOKS=1, refused by parseEnv on a real deployment): POST /__e2e/users.
  mountE2eHooks(app, { ...services, cookies: cookiesFor(false) });

  let build = await importBuild();
  function getLoadContext(req: ExpressRequest, res: ExpressResponse): AppLoadContext {
    return { ...services, cookies: cookiesFor(req.secure), cspNonce: res.locals.cspNonce as string, clientIp: req.ip ?? "", requestScope: new Map() };
  }
  // The app's answers are one person's: private, no-store unless an answer says otherwise.
  app.use(privateByDefault());
  app.all(
    "*",
    isProduction
      ? createRequestHandler({ build, mode: "production", getLoadContext })
      : (req, res, next) => createRequestHandler({ build, mode: "development", getLoadContext })(req, res, next),
  );
  app.use(bodyRefusedErrors);

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
