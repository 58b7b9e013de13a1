// Faults (test:pg only): the built server keeps working when Redis or PostgreSQL goes away,
// and heals when they come back. Uses private, throw-away servers (tests/support/private-services)
// so stopping them never disturbs the machine's shared PostgreSQL and Redis.
import { afterAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { users } from "~/db/schema";
import { createAuthSession } from "~/models/auth-session.server";
import type { SymbolTickPayload } from "~/realtime/events";
import { openTestDatabase } from "../support/context";
import { seedDemoData } from "~/seed/seed.server";
import { startTcpRelay, type TcpRelay } from "../support/tcp-relay";
import {
  privateServicesUnavailable,
  signInCookie,
  spawnAppServer,
  startAppServer,
  startPrivatePostgres,
  startPrivateRedis,
  waitUntil,
  type AppProcess,
  type PrivatePostgres,
  type PrivateRedis,
} from "../support/private-services";

const unavailable = !process.env.TEST_DATABASE_URL ? "needs TEST_DATABASE_URL (npm run test:pg)" : privateServicesUnavailable();
if (unavailable) console.log(`[faults] skipped: ${unavailable}`);

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function health(app: AppProcess): Promise<number> {
  try {
    return (await fetch(`${app.base}/healthz`)).status;
  } catch {
    return 0;
  }
}

describe.skipIf(Boolean(unavailable))("faults", () => {
  it("Redis stopped: the app keeps serving pages and live prices on its own process, and logs it", async () => {
    const db = await openTestDatabase();
    cleanups.push(async () => {
      await db.database.close();
      await db.drop();
    });
    const redis: PrivateRedis = await startPrivateRedis();
    cleanups.push(() => redis.stop());
    const app = await startAppServer({ DATABASE_URL: db.url, SEED_DEMO: "1", FEED: "simulated", REDIS_URL: redis.url });
    cleanups.push(() => app.kill());
    expect(app.output()).toContain("[redis] socket.io adapter");

    const [admin] = await db.database.db.select({ id: users.id }).from(users).where(eq(users.email, "admin@example.com"));
    const token = (await createAuthSession(db.database.db, admin.id)).id;
    const socket: Socket = connect(app.base, { transports: ["websocket"], auth: { token } });
    cleanups.push(() => socket.disconnect());
    const seen: SymbolTickPayload[] = [];
    socket.on("getServerSymbol", (batch: SymbolTickPayload[]) => seen.push(...batch));
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    expect((await socket.emitWithAck("SubAdd", { subs: ["NIFTY-I"] })).ok).toBe(true);
    await waitUntil(() => seen.length > 0, 10_000, "a tick with Redis up");

    await redis.stop();
    const stoppedAt = Date.now();
    await waitUntil(() => /\[redis\] .*this process's clients only/.test(app.output()), 15_000, "the Redis outage in the log", app.output);
    await waitUntil(() => seen.some((p) => p.tickData.time > stoppedAt + 500), 10_000, "ticks after Redis stopped", app.output);

    const cookie = await signInCookie(app.base, "customer@example.com");
    const page = await fetch(`${app.base}/dashboard`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(await health(app)).toBe(200);
  }, 180_000);

  it("PostgreSQL restarted during a burst of trade creations: every acknowledged trade is stored, /healthz says 503 then 200", async () => {
    const postgres: PrivatePostgres = await startPrivatePostgres();
    cleanups.push(() => postgres.destroy());
    const app = await startAppServer({ DATABASE_URL: postgres.url, SEED_DEMO: "1", FEED: "off" });
    cleanups.push(() => app.kill());
    const cookie = await signInCookie(app.base, "employee@example.com");
    expect(await health(app)).toBe(200);

    // Four writers post trades back to back, each with its own description, until told to stop.
    const acknowledged: string[] = [];
    const refused: number[] = [];
    let stop = false;
    let sent = 0;
    const writer = async (w: number) => {
      while (!stop) {
        const description = `burst-${w}-${sent++}`;
        try {
          const res = await fetch(`${app.base}/trades/new`, {
            method: "POST",
            body: new URLSearchParams({ symbol: "NIFTY-I", tradeType: "BUY", buyPrice: "24000.50", quantity: "75", description }),
            headers: { Origin: app.base, Cookie: cookie },
            redirect: "manual",
          });
          await res.arrayBuffer();
          if (res.status === 302 || res.status === 303) acknowledged.push(description);
          else refused.push(res.status);
        } catch {
          refused.push(0);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await waitUntil(() => acknowledged.length >= 20, 20_000, "trades to be acknowledged before the restart", app.output);

    postgres.stop();
    await waitUntil(async () => (await health(app)) === 503, 15_000, "/healthz to report 503", app.output);
    const acknowledgedBeforeOutage = acknowledged.length;
    await new Promise((r) => setTimeout(r, 1_500));
    postgres.start();
    await waitUntil(async () => (await health(app)) === 200, 30_000, "/healthz to report 200 again", app.output);
    // The app reconnected: new trades are acknowledged again after the restart.
    await waitUntil(() => acknowledged.length >= acknowledgedBeforeOutage + 20, 30_000, "trades acknowledged after the restart", app.output);
    stop = true;
    await Promise.all(writers);

    expect(refused.length).toBeGreaterThan(0); // the outage was real: some posts failed
    expect(refused.every((status) => status === 0 || status >= 500)).toBe(true);
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const { rows } = await client.query<{ description: string }>("select description from trades where description like 'burst-%'");
    await client.end();
    const stored = new Set(rows.map((r) => r.description));
    expect(acknowledged.filter((d) => !stored.has(d))).toEqual([]);
    const page = await fetch(`${app.base}/trades`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
  }, 180_000);
});

// A connection cut between the app and PostgreSQL (a relay killed mid-burst): the process must
// live through it, answer 503 on /healthz while cut, heal, and lose no acknowledged write.
// RELAY_KILL_RUNS repeats the cut (default 3; docs/decisions/114 has the figures of 20).
const relayUnavailable = !process.env.TEST_DATABASE_URL ? "needs TEST_DATABASE_URL (npm run test:pg)" : null;
const RELAY_KILL_RUNS = Math.max(1, Number(process.env.RELAY_KILL_RUNS ?? 3));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function apiToken(base: string, email: string, password = "demo12345"): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`API sign-in as ${email} failed with ${res.status}`);
  return body.token;
}

describe.skipIf(Boolean(relayUnavailable))("faults: the PostgreSQL connection cut mid-burst", () => {
  it(`survives ${RELAY_KILL_RUNS} cuts: alive, /healthz 503 then 200, an error page while cut, no acknowledged write lost`, async () => {
    const db = await openTestDatabase();
    cleanups.push(async () => {
      await db.database.close();
      await db.drop();
    });
    await seedDemoData(db.database.db);
    const target = new URL(db.url);
    const relay: TcpRelay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => relay.close());
    const appEnv = { DATABASE_URL: relay.urlFor(db.url), SEED_DEMO: "0", FEED: "simulated" };
    let app = await startAppServer(appEnv);
    cleanups.push(() => app.kill());
    const token = await apiToken(app.base, "employee@example.com");
    const cookie = await signInCookie(app.base, "customer@example.com");

    const acknowledged: number[] = [];
    const figures = { runs: 0, crashes: 0, acknowledged: 0, refused: 0, pageErrorsWhileCut: 0, lost: 0 };
    for (let run = 0; run < RELAY_KILL_RUNS; run++) {
      let stop = false;
      let acked = 0;
      // Each writer is its own client address (trust proxy: loopback), so the per-address
      // write ceiling never stands in for the outage.
      const writer = async (w: number) => {
        let n = 0;
        while (!stop) {
          try {
            const res = await fetch(`${app.base}/api/admin/trade/create`, {
              method: "POST",
              headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "X-Forwarded-For": `10.${run}.${w}.${n % 250}` },
              body: JSON.stringify({ symbol_code: "NIFTY-I", tradeType: "BUY", buyPrice: 24000.5, quantity: 75, description: `relay-${run}-${w}-${n++}` }),
            });
            const body = (await res.json().catch(() => ({}))) as { data?: { id?: number } };
            if (res.status === 201 && body.data?.id) {
              acknowledged.push(body.data.id);
              acked++;
            } else {
              figures.refused++;
              expect(res.status === 201 || res.status >= 500, `status ${res.status}`).toBe(true);
            }
          } catch {
            figures.refused++;
          }
          await new Promise((r) => setTimeout(r, 15));
        }
      };
      const reader = async () => {
        while (!stop) {
          await fetch(`${app.base}/trades`, { headers: { Cookie: cookie } }).then((r) => r.arrayBuffer()).catch(() => {});
        }
      };
      const workers = [0, 1, 2, 3].map(writer).concat([reader(), reader()]);
      await waitUntil(() => acked >= 10, 30_000, "writes acknowledged before the cut", app.output);

      relay.cut();
      await new Promise((r) => setTimeout(r, 300)); // the burst runs into the cut
      await waitUntil(async () => (await health(app)) === 503 || !isAlive(app.pid), 15_000, "/healthz to say 503 while cut", app.output);
      if (isAlive(app.pid)) {
        const page = await fetch(`${app.base}/trades`, { headers: { Cookie: cookie } });
        const html = await page.text();
        if (page.status >= 500 && html.includes("Something went wrong")) figures.pageErrorsWhileCut++;
      }
      relay.restore();

      if (!isAlive(app.pid)) {
        figures.crashes++;
        stop = true;
        await Promise.all(workers);
        console.log(`[relay-kill] run ${run}: the server died:\n${app.output().slice(-2000)}`);
        app = await startAppServer(appEnv);
        cleanups.push(() => app.kill());
      } else {
        await waitUntil(async () => (await health(app)) === 200, 30_000, "/healthz to say 200 after the cut", app.output);
        const before = acked;
        await waitUntil(() => acked >= before + 10, 30_000, "writes acknowledged after the cut", app.output);
        stop = true;
        await Promise.all(workers);
        expect((await fetch(`${app.base}/trades`, { headers: { Cookie: cookie } })).status).toBe(200);
      }
      figures.runs++;
    }

    const { rows } = await db.database.db.execute<{ id: number }>(sql`select id from trades where description like 'relay-%'`).then(
      (r) => r as unknown as { rows: { id: number }[] },
    );
    const stored = new Set(rows.map((r) => Number(r.id)));
    figures.acknowledged = acknowledged.length;
    figures.lost = acknowledged.filter((id) => !stored.has(id)).length;
    console.log(`[relay-kill] ${JSON.stringify(figures)}`);
    expect(figures.crashes).toBe(0);
    expect(figures.lost).toBe(0);
    expect(figures.pageErrorsWhileCut).toBe(RELAY_KILL_RUNS);
    expect(app.output()).not.toMatch(/Unhandled 'error' event/);
  }, 120_000 + RELAY_KILL_RUNS * 60_000);
});

// The first start killed while it seeds the demo store: the next start must finish it (row
// counts equal a start that was never interrupted), not serve a half-seeded store for ever.
describe.skipIf(Boolean(relayUnavailable))("faults: the first start killed mid-seed", () => {
  it("the next start finishes the seed: every table's row count equals an uninterrupted seed's", async () => {
    const counted = ["users", "trades", "alerts", "day_ohlc", "intraday_ohlc", "sector_analysis_points"];
    const countRows = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const out: Record<string, number> = {};
        for (const table of counted) out[table] = Number((await client.query(`select count(*)::int as n from ${table}`)).rows[0].n);
        return out;
      } finally {
        await client.end();
      }
    };
    const reference = await openTestDatabase();
    const killed = await openTestDatabase();
    for (const db of [reference, killed]) {
      cleanups.push(async () => {
        await db.database.close();
        await db.drop();
      });
    }
    const seedEnv = { SEED_DEMO: "1", FEED: "off" };

    // Killed once the price history is under way (a few symbols' daily bars stored).
    const first = await spawnAppServer({ ...seedEnv, DATABASE_URL: killed.url });
    cleanups.push(() => first.kill());
    await waitUntil(
      async () => {
        if (!first.running()) throw new Error(`the first start ended on its own:\n${first.output()}`);
        return (await countRows(killed.url).catch(() => ({ day_ohlc: 0 }))).day_ohlc > 600;
      },
      120_000,
      "the first start to be part-way through the seed",
      first.output,
    );
    first.kill();
    await waitUntil(() => !first.running(), 10_000, "the first start to die");
    const half = await countRows(killed.url);

    const second = await startAppServer({ ...seedEnv, DATABASE_URL: killed.url });
    cleanups.push(() => second.kill());
    const uninterrupted = await startAppServer({ ...seedEnv, DATABASE_URL: reference.url });
    cleanups.push(() => uninterrupted.kill());
    const expected = await countRows(reference.url);
    console.log(`[kill-mid-seed] killed at ${JSON.stringify(half)}; clean seed ${JSON.stringify(expected)}`);
    expect(half.day_ohlc).toBeLessThan(expected.day_ohlc);
    expect(await countRows(killed.url)).toEqual(expected);
    expect(second.output()).toMatch(/only partly loaded/);
    const cookie = await signInCookie(second.base, "customer@example.com");
    expect((await fetch(`${second.base}/dashboard`, { headers: { Cookie: cookie } })).status).toBe(200);
  }, 300_000);
});
