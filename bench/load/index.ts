// bench/load: 200 virtual users over loopback against the built server in its own process.
// Each signs in through the form, opens a socket and subscribes to 10 symbols, then for 60 s
// views pages (/dashboard, /trades, /allRealTime) and every fifth step creates a trade, with a
// think time of about 5 s between steps. Prints throughput, p50/p99 per kind and errors. Targets (2 cores): 0 errors,
// p99 page under 250 ms.
//
// Database: a fresh database (created and dropped) on the PostgreSQL server of
// BENCH_DATABASE_URL, else DATABASE_URL when it is postgres://, else the machine's local server.
// (A load test of 200 users is a PostgreSQL deployment; README: PGlite is for one machine and
// modest use. The accounts are written straight into that database before the run.)
import path from "node:path";
import { openLightSocket, type LightSocket } from "../lib/light-socket";
import { startAppServer, startPrivateRedis, waitUntil, type AppProcess, type PrivateRedis } from "../../tests/support/private-services";
import { createScratchDatabase } from "../../tests/support/scratch-database";
import { hashPassword } from "~/auth/password.server";
import { openDatabase } from "~/db/client.server";
import { insertUser } from "~/models/user.server";

export const description = "200 virtual users: sign-in, page views, trade creations and socket subscriptions for 60 s";

const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
// A user's pause between page views, drawn from 0.5x to 1.5x of this: 5 s on average. Prices
// reach an open page over its socket, so nobody reloads to see them; users move between pages
// every few seconds (docs/decisions/110). LOAD_THINK_MS=1000 is the stress run.
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 5_000);
const SIGN_IN_WAVE = Number(process.env.LOAD_SIGN_IN_WAVE ?? 20);
/** Worker processes of the server (WEB_CONCURRENCY): one per core of the 2-core target. */
const WORKERS = Number(process.env.LOAD_WORKERS ?? 2);
/** LOAD_PROFILE=<folder>: each server process writes a V8 CPU profile there when it stops. */
const PROFILE_DIR = process.env.LOAD_PROFILE;
const PAGES = ["/dashboard", "/trades", "/allRealTime"];
const SYMBOLS = ["NIFTY-I", "BANKNIFTY-I", "SENSEX", "RELIANCE", "TCS", "INFY", "HDFCBANK", "ICICIBANK", "SBIN", "ITC"];

interface Sample {
  kind: string;
  ms: number;
  ok: boolean;
  /** What went wrong: the HTTP status or the error's message. */
  failure?: string;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const fromEnv = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const base = fromEnv && /^postgres(ql)?:\/\//.test(fromEnv) ? fromEnv : "postgres://postgres@127.0.0.1:5432/test";
  return createScratchDatabase(base, "bench_load");
}

/** The virtual users' accounts (role 3, one shared password hash), through the app's user model. */
async function createAccounts(databaseUrl: string, password: string): Promise<string[]> {
  const emails = Array.from({ length: USERS }, (_, i) => `load${i}@bench.test`);
  const passwordHash = await hashPassword(password);
  const database = await openDatabase(databaseUrl);
  try {
    for (const [i, email] of emails.entries()) {
      await insertUser(database.db, { name: `Load User ${i}`, username: `load${i}`, email, passwordHash, roleId: 3, status: true, emailVerified: true });
    }
  } finally {
    await database.close();
  }
  return emails;
}

async function timed<T>(kind: string, samples: Sample[], work: () => Promise<{ ok: boolean; value?: T; failure?: string }>): Promise<T | undefined> {
  const started = performance.now();
  try {
    const { ok, value, failure } = await work();
    samples.push({ kind, ms: performance.now() - started, ok, failure: ok ? undefined : failure });
    return value;
  } catch (error) {
    samples.push({ kind, ms: performance.now() - started, ok: false, failure: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

interface SignedIn {
  cookie: string;
  client: Record<string, string>;
}

/** Signs one virtual user in through the form, opens its socket and subscribes to 10 symbols. */
async function signInUser(base: string, email: string, password: string, samples: Sample[], sockets: LightSocket[], ticks: { n: number }, index: number): Promise<SignedIn | null> {
  // Each user is its own client, as behind the load balancer (the server trusts the loopback
  // proxy's X-Forwarded-For): per-address rate limits apply per user, not to the whole bench.
  const client = { "X-Forwarded-For": `10.${Math.floor(index / 250)}.${index % 250}.1` };
  const cookie = await timed("sign-in", samples, async () => {
    const res = await fetch(`${base}/login`, {
      method: "POST",
      body: new URLSearchParams({ email, password }),
      headers: { Origin: base, ...client },
      redirect: "manual",
    });
    const c = res.headers.getSetCookie().map((h) => h.split(";")[0]).find((h) => h.startsWith("__session="));
    return { ok: res.status === 302 && Boolean(c), value: c };
  });
  if (!cookie) return null;
  await timed("socket subscribe", samples, async () => {
    const socket = await openLightSocket(base, { Cookie: cookie, Origin: base }, "getServerSymbol", () => (ticks.n += 1));
    sockets.push(socket);
    const answer = (await socket.emitWithAck("SubAdd", { subs: SYMBOLS }, 10_000)) as { ok: boolean };
    return { ok: answer.ok };
  });
  return { cookie, client };
}

/** One signed-in user for the measured minute: a page view or, every fifth step, a trade. */
async function driveUser(base: string, user: SignedIn, until: number, samples: Sample[]) {
  const { cookie, client } = user;
  let i = Math.floor(Math.random() * PAGES.length);
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random())));
    if (Date.now() >= until) break;
    i += 1;
    if (i % 5 === 0) {
      await timed("trade create", samples, async () => {
        const res = await fetch(`${base}/trades/new`, {
          method: "POST",
          body: new URLSearchParams({ symbol: "NIFTY-I", tradeType: "BUY", buyPrice: "24000.50", quantity: "75", description: "load" }),
          headers: { Origin: base, Cookie: cookie, ...client },
          redirect: "manual",
        });
        const text = await res.text();
        const ok = res.status === 302 || res.status === 303;
        return { ok, failure: `${res.status} ${text.slice(0, 120)}` };
      });
    } else {
      const path = PAGES[i % PAGES.length];
      await timed(`page ${path}`, samples, async () => {
        const res = await fetch(`${base}${path}`, { headers: { Cookie: cookie, ...client } });
        await res.arrayBuffer();
        return { ok: res.status === 200, failure: String(res.status) };
      });
    }
  }
}

export async function run() {
  const password = "load-bench-1234";
  const database = await freshDatabase();
  let app: AppProcess | null = null;
  let redis: PrivateRedis | null = null;
  const sockets: LightSocket[] = [];
  try {
    // Several workers meet through Redis: a private one, so nothing else on the machine joins in.
    redis = WORKERS > 1 ? await startPrivateRedis() : null;
    app = await startAppServer({
      DATABASE_URL: database.url,
      SEED_DEMO: "1",
      FEED: "simulated",
      LOGIN_FREE_FAILURES: "1000",
      WEB_CONCURRENCY: String(WORKERS),
      ...(redis ? { REDIS_URL: redis.url } : {}),
    }, PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`, "--cpu-prof-interval=250"] : []);
    const server = app;
    await waitUntil(() => (server.output().match(/\[server\] listening/g) ?? []).length === WORKERS, 60_000, "every worker to listen", server.output);
    const emails = await createAccounts(database.url, password);
    const samples: Sample[] = [];
    const ticks = { n: 0 };
    // The sign-in wave first (SIGN_IN_WAVE at a time, as a morning's logins spread out), then
    // the measured minute with every user signed in and subscribed: scrypt's deliberate cost
    // belongs to sign-in, not to the page views it would otherwise queue behind.
    const signedIn: SignedIn[] = [];
    const waveStarted = Date.now();
    for (let from = 0; from < emails.length; from += SIGN_IN_WAVE) {
      const wave = emails.slice(from, from + SIGN_IN_WAVE);
      const users = await Promise.all(wave.map((email, k) => signInUser(app!.base, email, password, samples, sockets, ticks, from + k)));
      for (const u of users) if (u) signedIn.push(u);
    }
    console.log(`${USERS} virtual users, think time ${THINK_MS} ms, ${WORKERS} server worker process${WORKERS === 1 ? "" : "es"}, database PostgreSQL: ${signedIn.length} signed in and subscribed in ${((Date.now() - waveStarted) / 1000).toFixed(1)} s`);
    ticks.n = 0;
    const started = Date.now();
    const until = started + SECONDS * 1000;
    const measuredFrom = samples.length;
    await Promise.all(signedIn.map((user) => driveUser(app!.base, user, until, samples)));
    const elapsed = (Date.now() - started) / 1000;
    const measured = samples.slice(measuredFrom);

    const kinds = [...new Set(samples.map((s) => s.kind))].sort();
    const rows = kinds.map((kind) => {
      const of = samples.filter((s) => s.kind === kind);
      const ms = of.map((s) => s.ms).sort((a, b) => a - b);
      return {
        kind,
        requests: of.length,
        errors: of.filter((s) => !s.ok).length,
        p50: percentile(ms, 50).toFixed(1),
        p99: percentile(ms, 99).toFixed(1),
      };
    });
    console.table(rows);
    const failures = new Map<string, number>();
    for (const f of samples.filter((x) => !x.ok)) failures.set(`${f.kind}: ${f.failure}`, (failures.get(`${f.kind}: ${f.failure}`) ?? 0) + 1);
    for (const [what, n] of failures) console.log(`  ${n} x ${what}`);
    const pages = measured.filter((s) => s.kind.startsWith("page "));
    const pageMs = pages.map((s) => s.ms).sort((a, b) => a - b);
    const errors = samples.filter((s) => !s.ok).length;
    console.log(`throughput: ${(measured.length / elapsed).toFixed(1)} requests/s over ${elapsed.toFixed(0)} s; live-price messages delivered: ${(ticks.n / elapsed).toFixed(0)}/s`);
    console.log(`errors: ${errors} (target 0); page p99: ${percentile(pageMs, 99).toFixed(1)} ms (target < 250 ms), p50 ${percentile(pageMs, 50).toFixed(1)} ms`);
  } finally {
    for (const s of sockets) s.close();
    // A profile is written when the process exits by itself: stop it as npm start's would be.
    if (PROFILE_DIR && app) {
      const primary = app.pid;
      const alive = () => {
        try {
          process.kill(primary, 0);
          return true;
        } catch {
          return false;
        }
      };
      process.kill(primary, "SIGTERM");
      await waitUntil(() => !alive(), 60_000, "the server to stop", app.output).catch((error) => console.warn(String(error)));
      console.log(`CPU profiles in ${PROFILE_DIR}`);
    }
    app?.kill();
    await redis?.stop();
    await database.drop();
  }
}
