// One server as several worker processes (WEB_CONCURRENCY=2; test:pg only, with a private
// Redis): the workers share the port, a broadcast reaches sockets on every worker, the sign-in
// limit is counted once for the whole server (not once per worker), and a worker that dies is
// replaced while the other keeps serving.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { childPids, startAppServer, startPrivateRedis, waitUntil, type AppProcess, type PrivateRedis } from "../support/private-services";
import { createScratchDatabase } from "../support/scratch-database";
import { totpCodeAt } from "~/auth/totp.server";
import { DEMO_TOTP_SECRET } from "~/seed/demo-data";

const enabled = Boolean(process.env.TEST_DATABASE_URL);
if (!enabled) console.log("[cluster] skipped: needs TEST_DATABASE_URL (npm run test:pg)");

/** A request on a connection of its own (no keep-alive), so the cluster deals it to the next worker. */
function freshRequest(base: string, path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; body: string; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method: init.method ?? "GET", agent: false, headers: init.headers }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, setCookie: res.headers["set-cookie"] ?? [] }));
    });
    request.on("error", reject);
    request.end(init.body);
  });
}

const workerPids = childPids;

describe.skipIf(!enabled)("WEB_CONCURRENCY=2", () => {
  let database: { url: string; drop: () => Promise<void> };
  let redis: PrivateRedis;
  let app: AppProcess;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "cluster");
    redis = await startPrivateRedis();
    app = await startAppServer({
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      WEB_CONCURRENCY: "2",
      SEED_DEMO: "1",
      FEED: "simulated",
      AUTH_RATE_LIMIT_PER_MINUTE: "4",
      // Above one failure an hour per account, each address waits from its first failure.
      LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: "1",
    });
    // /healthz answered by one worker: wait for both to listen.
    await waitUntil(() => (app.output().match(/\[server\] listening/g) ?? []).length === 2, 60_000, "both workers to listen", app.output);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    app?.kill();
    await redis?.stop();
    await database?.drop();
  });

  it("runs two workers under one primary, one of them holding the feed", () => {
    expect(app.output()).toContain("[cluster] primary");
    expect(workerPids(app.pid)).toHaveLength(2);
    expect(app.output().match(/holding the feed lock/g)).toHaveLength(1);
  });

  it("delivers a broadcast to sockets on both workers", async () => {
    const password = await freshRequest(app.base, "/login", {
      method: "POST",
      body: new URLSearchParams({ email: "admin@example.com", password: "demo12345" }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.base, "X-Forwarded-For": "10.9.0.1" },
    });
    expect(password.status).toBe(302);
    // The admin uses two-factor sign-in (docs/decisions/121): the second step, with the demo's code.
    const challenge = password.setCookie.map((c) => c.split(";")[0]).find((c) => c.startsWith("__sign_in="))!;
    const signIn = await freshRequest(app.base, "/login/two-factor", {
      method: "POST",
      body: new URLSearchParams({ code: await totpCodeAt(DEMO_TOTP_SECRET) }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.base, "X-Forwarded-For": "10.9.0.1", Cookie: challenge },
    });
    expect(signIn.status).toBe(302);
    const cookie = signIn.setCookie.map((c) => c.split(";")[0]).find((c) => c.startsWith("__session="))!;
    // Four connections in a row: the cluster deals them out in turn, two to each worker.
    const received: string[][] = [];
    for (let i = 0; i < 4; i++) {
      const socket = connect(app.base, { transports: ["websocket"], forceNew: true, extraHeaders: { Cookie: cookie, Origin: app.base } });
      sockets.push(socket);
      const inbox: string[] = [];
      received.push(inbox);
      socket.on("broadcast-message", (message: { message: string }) => inbox.push(message.message));
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
    }
    const posted = await freshRequest(app.base, "/broadcast/message/new", {
      method: "POST",
      body: new URLSearchParams({ message: "Cluster check" }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.base, Cookie: cookie },
    });
    expect(posted.status).toBeLessThan(400);
    await waitUntil(() => received.every((inbox) => inbox.includes("Cluster check")), 10_000, "every socket to receive the broadcast", () => JSON.stringify(received));
  });

  it("counts the sign-in limit once for the whole server, whichever worker answers", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await freshRequest(app.base, "/login", {
        method: "POST",
        body: new URLSearchParams({ email: `nobody${i}@example.com`, password: "wrong-password" }).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.base, "X-Forwarded-For": "10.9.0.2" },
      });
      statuses.push(res.status);
    }
    // Four posts a minute from one address: with a count per worker, all six would pass (3 each).
    expect(statuses.slice(0, 4).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });

  it("counts sign-in failures of an account once for the whole server: the wait they start holds on every worker", async () => {
    const post = (password: string) =>
      freshRequest(app.base, "/login", {
        method: "POST",
        body: new URLSearchParams({ email: "customer@example.com", password }).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.base, "X-Forwarded-For": "10.9.0.3" },
      });
    // Two failures dealt to the two workers: counted apart, each would be a first failure with
    // no wait; counted once, the second is above the ceiling of one and starts a 2 s wait.
    expect((await post("wrong-password-1")).status).toBe(401);
    expect((await post("wrong-password-2")).status).toBe(401);
    const third = await post("demo12345");
    expect(third.status).toBe(429);
    expect(third.body).toMatch(/Too many attempts\. Please try again in [12] seconds?\./);
  });

  it("replaces a worker that dies while the other keeps serving", async () => {
    const [victim, survivor] = workerPids(app.pid);
    process.kill(victim, "SIGKILL");
    await waitUntil(() => app.output().includes(`worker ${victim} exited`), 10_000, "the primary to notice", app.output);
    expect((await freshRequest(app.base, "/healthz")).status).toBe(200);
    await waitUntil(() => workerPids(app.pid).length === 2 && !workerPids(app.pid).includes(victim), 30_000, "a new worker", app.output);
    expect(workerPids(app.pid)).toContain(survivor);
    await waitUntil(() => (app.output().match(/\[server\] listening/g) ?? []).length === 3, 60_000, "the new worker to listen", app.output);
  });
});
