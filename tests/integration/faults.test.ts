// Faults (test:pg only): the built server keeps working when Redis or PostgreSQL goes away,
// and heals when they come back. Uses private, throw-away servers (tests/support/private-services)
// so stopping them never disturbs the machine's shared PostgreSQL and Redis.
import { afterAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { eq } from "drizzle-orm";
import pg from "pg";
import { users } from "~/db/schema";
import { createAuthSession } from "~/models/auth-session.server";
import type { SymbolTickPayload } from "~/realtime/events";
import { openTestDatabase } from "../support/context";
import {
  privateServicesUnavailable,
  signInCookie,
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
