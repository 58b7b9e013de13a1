// The Express pipeline every request goes through before and after the Remix handler: CSP
// nonce, security headers, compression, the same-origin check on writes, body limits, the write
// rate limit, static files, private caching and the body-limit errors. server.ts mounts it, and
// so does bench/pages (around the app and around its one-route floor app), so the bench
// measures the production pipeline and not a copy of it.
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import express, { type Express, type Request as ExpressRequest, type RequestHandler, type Response as ExpressResponse, type NextFunction } from "express";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { AppLoadContext } from "@remix-run/node";
import type { AppServices } from "~/config/context";
import { createLimiter } from "~/auth/rate-limit.server";
import { bodyLimit, bodyRefusedErrors } from "~/server/body-limit.server";
import { privateByDefault } from "~/server/cache-control.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A fresh CSP nonce per response, in res.locals.cspNonce (helmet's script-src and the load context read it). */
export function cspNonce(): RequestHandler {
  return (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
}

/**
 * `formActionOrigins`: other origins a form's POST may end at through a redirect (Kite's login
 * page, which /Token's Request sends role 1 to: docs/decisions/175); Chromium applies
 * form-action to the redirect's target too.
 */
export function securityHeaders(isProduction: boolean, formActionOrigins: readonly string[] = []): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as ExpressResponse).locals.cspNonce}'`],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "form-action": ["'self'", ...formActionOrigins],
        "connect-src": isProduction ? ["'self'"] : ["'self'", "ws:"],
        "upgrade-insecure-requests": null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Not "no-referrer": with it Chromium sends `Origin: null` on same-origin form posts,
    // which the origin check below must refuse.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: isProduction ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
}

/**
 * Brotli quality for dynamic answers. bench/pages compares the settings on the largest page's
 * HTML: quality 2 costs about half of quality 4 (the middleware's default) for about 7 % more
 * bytes, and is smaller than quality 3 (docs/decisions/165).
 */
export const DYNAMIC_BROTLI_QUALITY = 2;

/** Compression of dynamic answers (brotli or gzip as the client asks); bench/pages measures it. */
export function responseCompression(): RequestHandler {
  return compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } } });
}

/** Cross-origin form posts are refused: a state change must come from our own pages. */
export function sameOriginWrites(): RequestHandler {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
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
  };
}

/** A broad per-address ceiling on writes; sign-in posts have their own stricter limits. */
export function writeRateLimit(): RequestHandler {
  const writeLimiter = createLimiter({ keyPrefix: "writes", points: 600, duration: 60 });
  return async (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    try {
      await writeLimiter.consume(req.ip ?? "unknown");
      next();
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) return next(error);
      res.set("Retry-After", String(Math.ceil(error.msBeforeNext / 1000)));
      res.status(429).send("Too many requests. Please wait a minute and try again.");
    }
  };
}

/** The build's assets, the favicon, the service worker and the rest of public/. */
export function staticFiles(): express.Router {
  const router = express.Router();
  // The build's brotli copies (scripts/precompress-build.mjs) to a client that takes brotli; the
  // file itself to one that does not (the compression middleware then gzips it).
  router.use("/build", expressStaticGzip("public/build", { enableBrotli: true, orderPreference: ["br"], index: false, serveStatic: { immutable: true, maxAge: "1y" } }));
  // Browsers ask for /favicon.ico on their own; answer it here, never through the app's routes.
  router.get("/favicon.ico", (_req, res) => res.redirect(301, "/favicon.svg"));
  // The service worker and the offline page it keeps are revalidated at every visit, so a new
  // version reaches browsers at once; the rest of public/ keeps an hour (docs/decisions/154).
  router.get(["/sw.js", "/offline.html"], (_req, res, next) => {
    res.set("Cache-Control", "no-cache");
    next();
  });
  router.use(express.static("public", { maxAge: "1h" }));
  return router;
}

/**
 * The load context of one request: the services, its cookie set, its nonce, its address, a
 * per-request lookup scope and, for a Remix data request, the route it asks for.
 */
export function appLoadContext(services: AppServices, cookiesFor: (requestIsSecure: boolean) => AppServices["cookies"]) {
  return (req: ExpressRequest, res: ExpressResponse): AppLoadContext => ({
    ...services,
    cookies: cookiesFor(req.secure),
    cspNonce: res.locals.cspNonce as string,
    clientIp: req.ip ?? "",
    requestScope: new Map(),
    dataRouteId: typeof req.query._data === "string" ? req.query._data : undefined,
  });
}

export interface PipelineOptions {
  isProduction: boolean;
  /** Origins a form may be redirected to (securityHeaders). */
  formActionOrigins?: readonly string[];
  bodyLimitBytes: number;
  /** The Remix request handler (or any handler standing in for it). */
  handler: RequestHandler;
  /** Routes answered after the limits and before the static files (server.ts: /healthz). */
  beforeStatic?: (app: Express) => void;
  /** Routes answered after the static files and before the app (server.ts: the end-to-end test hook). */
  beforeApp?: (app: Express) => void;
}

/** Mounts the whole pipeline, in production's order, on `app`. */
export function mountHttpPipeline(app: Express, options: PipelineOptions): void {
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use(cspNonce());
  app.use(securityHeaders(options.isProduction, options.formActionOrigins));
  app.use(responseCompression());
  app.use(sameOriginWrites());
  // Bodies are capped before anything reads them; uploads keep their own caps (docs/decisions/117).
  app.use(bodyLimit({ limitBytes: options.bodyLimitBytes }));
  app.use(writeRateLimit());
  options.beforeStatic?.(app);
  app.use(staticFiles());
  options.beforeApp?.(app);
  // The app's answers are one person's: private, no-store unless an answer says otherwise.
  app.use(privateByDefault());
  app.all("*", options.handler);
  app.use(bodyRefusedErrors);
}
