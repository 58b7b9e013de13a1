// Environment, validated once at start-up; the parsed object is what the code reads.
import fs from "node:fs";
import path from "node:path";
import { createECDH, randomBytes } from "node:crypto";
import * as z from "zod";

const flag = z
  .enum(["0", "1", "true", "false"])
  .transform((v) => v === "1" || v === "true");

// Decimal notation only (0.5 is thirty seconds, for tests); at most the 7-day session lifetime.
const idleMinutes = (fallback: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, "must be a number of minutes")
    .transform(Number)
    .pipe(z.number().positive("must be more than 0").max(7 * 24 * 60, "must be at most 10080 (the 7-day session lifetime)"))
    .default(fallback);

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  // unset → embedded PGlite in ./data/pglite; memory:// → in-memory PGlite; postgres://… → node-postgres
  DATABASE_URL: z.string().optional(),
  // The embedded database's place: its own process (the default for a data folder, docs/decisions/163)
  // or the app's (the default for memory://, the tests').
  EMBEDDED_DATABASE: z.enum(["process", "in-process"]).optional(),
  SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters").optional(),
  SEED_DEMO: flag.optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("NSE Signals <no-reply@localhost>"),
  REDIS_URL: z.string().optional(),
  FEED: z.string().default("simulated"),
  FEED_SEED: z.string().regex(/^\d+$/, "FEED_SEED must be a whole number").optional(),
  FEED_SPEED: z.string().regex(/^\d+(\.\d+)?$/, "FEED_SPEED must be a number").default("1"),
  FEED_HOURS: z.enum(["always", "exchange"]).default("always"),
  // FEED=kite (docs/decisions/175): Kite Connect's roots, Zerodha's unless a test server stands in.
  KITE_API_ROOT: z.string().url().default("https://api.kite.trade"),
  KITE_WS_ROOT: z.string().url().default("wss://ws.kite.trade/"),
  KITE_LOGIN_URL: z.string().url().default("https://kite.zerodha.com/connect/login"),
  INTRADAY_RETENTION_DAYS: z.coerce.number().int().positive().default(30),
  // Days the sign-in history (login_events) is kept; older rows are pruned a few at a time as attempts are recorded (docs/decisions/141).
  LOGIN_HISTORY_RETENTION_DAYS: z.coerce.number().int().positive().max(3650).default(180),
  COOKIE_SECURE: flag.optional(),
  // Minutes without a request after which a session or Bearer token ends (docs/decisions/119).
  SESSION_IDLE_MINUTES_STAFF: idleMinutes(30),
  SESSION_IDLE_MINUTES_CUSTOMER: idleMinutes(24 * 60),
  // Largest body of a request that is not an upload, in bytes (docs/decisions/117); whole digits only.
  BODY_LIMIT_BYTES: z
    .string()
    .regex(/^\d+$/, "must be a whole number of bytes")
    .transform(Number)
    .pipe(z.number().min(1024, "must be at least 1024").max(100 * 1024 * 1024, "must be at most 104857600 (100 MB)"))
    .default(1024 * 1024),
  // Sign-in and code attempts: per client address; failed sign-ins per account and address
  // together, with a doubling wait, and per account from every address (docs/decisions/120).
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  LOGIN_FREE_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().positive().default(100),
  PUBLIC_URL: z.string().url().optional(),
  // Seconds a sign-in counts as fresh for a sensitive admin action (docs/decisions/121); whole digits only.
  REAUTH_WINDOW_SECONDS: z
    .string()
    .regex(/^\d+$/, "must be a whole number of seconds")
    .transform(Number)
    .pipe(z.number().min(1, "must be at least 1").max(24 * 60 * 60, "must be at most 86400 (a day)"))
    .default(5 * 60),
  // Worker processes on this machine (one per core); above 1 needs Redis and PostgreSQL.
  WEB_CONCURRENCY: z.coerce.number().int().min(1, "WEB_CONCURRENCY must be 1 or more").max(64, "WEB_CONCURRENCY must be 64 or less").default(1),
  // Web Push's VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints them) and
  // the contact the push services see; unset, a pair is generated once into ./data (docs/decisions/153).
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key (87 characters)").optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key (43 characters)").optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: address or an https:// URL").optional(),
  // Test-only: mounts POST /__e2e/users (app/server/e2e-hooks.server.ts) for the end-to-end suite.
  E2E_TEST_HOOKS: flag.optional(),
}).superRefine((env, ctx) => {
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({ code: "custom", path: ["VAPID_PRIVATE_KEY"], message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all" });
  }
  const hooksRefused = env.E2E_TEST_HOOKS ? e2eHooksRefusal(env) : null;
  if (hooksRefused) ctx.addIssue({ code: "custom", path: ["E2E_TEST_HOOKS"], message: hooksRefused });
  if (env.WEB_CONCURRENCY === 1) return;
  if (!env.REDIS_URL) {
    ctx.addIssue({ code: "custom", path: ["WEB_CONCURRENCY"], message: "several worker processes need REDIS_URL, which carries live updates between them" });
  }
  if (!env.DATABASE_URL || !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
    ctx.addIssue({ code: "custom", path: ["WEB_CONCURRENCY"], message: "several worker processes need a postgres:// DATABASE_URL (the embedded database serves one process)" });
  }
});

export type Env = z.infer<typeof envSchema>;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);

/**
 * Why this environment may not run the end-to-end test hooks, or null when it may. Outside
 * production they may run; in production only on a throwaway server: the in-memory database
 * (memory://) bound to a loopback address, as playwright.config.ts starts the built server.
 * A real deployment keeps its data and listens beyond the machine, so it cannot start with them.
 */
export function e2eHooksRefusal(env: { NODE_ENV: string; DATABASE_URL?: string; HOST: string }): string | null {
  if (env.NODE_ENV !== "production") return null;
  if (env.DATABASE_URL === "memory://" && LOOPBACK_HOSTS.has(env.HOST)) return null;
  return "E2E_TEST_HOOKS is for test servers only: in production it needs DATABASE_URL=memory:// and a loopback HOST";
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${issues}`);
  }
  return result.data;
}

/** Demo data is on by default for the embedded database, off for postgres:// unless SEED_DEMO=1. */
export function shouldSeedDemo(env: Env): boolean {
  if (env.SEED_DEMO !== undefined) return env.SEED_DEMO;
  return !env.DATABASE_URL || !/^postgres(ql)?:\/\//.test(env.DATABASE_URL);
}

/**
 * The cookie secret: SESSION_SECRET when set; otherwise one generated once and kept in
 * ./data so sessions survive a restart of `npm start` on a fresh machine. Sealed secrets (the
 * live-rate credentials, two-factor secrets) use a key derived from it, so it lives here, beside
 * the environment it is read from, for every layer to reach.
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

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** A fresh P-256 key pair in the base64url form web-push and the browser's applicationServerKey take. */
export function generateVapidKeyPair(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  // The private key is 32 bytes; a leading zero byte would be dropped, so it is padded back.
  const privateKey = ecdh.getPrivateKey();
  const padded = Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]);
  return { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: padded.toString("base64url") };
}

let testVapidKeys: { publicKey: string; privateKey: string } | null = null;

/**
 * Web Push's VAPID keys (docs/decisions/153): VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set;
 * otherwise a pair generated once and kept in ./data beside the session secret, so the devices
 * that subscribed keep receiving after a restart (a new pair would orphan every subscription).
 * Several workers starting together race to create the file: the first one's pair wins.
 */
export function resolveVapidKeys(env: Env, dataDir = "./data"): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? defaultVapidSubject(env);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  if (env.NODE_ENV === "test") return { ...(testVapidKeys ??= generateVapidKeyPair()), subject };
  const file = path.join(dataDir, "vapid-keys.json");
  const read = (): { publicKey: string; privateKey: string } => {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof parsed.publicKey !== "string" || typeof parsed.privateKey !== "string") throw new Error(`${file} does not hold a VAPID key pair`);
    return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
  };
  if (fs.existsSync(file)) return { ...read(), subject };
  fs.mkdirSync(dataDir, { recursive: true });
  const pair = generateVapidKeyPair();
  try {
    fs.writeFileSync(file, JSON.stringify(pair), { mode: 0o600, flag: "wx" });
    console.warn(`[config] VAPID keys are not set; generated a pair in ${file}`);
    return { ...pair, subject };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { ...read(), subject };
  }
}

/** The contact push services may write to: PUBLIC_URL when it is https, else MAIL_FROM's address. */
function defaultVapidSubject(env: Env): string {
  if (env.PUBLIC_URL?.startsWith("https://")) return env.PUBLIC_URL;
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return `mailto:${address.trim()}`;
}
