// Secrets never reach the log (test:pg only: it breaks a table under a running server). The
// built server is provoked into failing with a session, a Bearer token and a password in play;
// its whole stdout/stderr is then searched for them, and must still say what failed.
import { afterAll, describe, expect, it } from "vitest";
import pg from "pg";
import { seedDemoData } from "~/seed/seed.server";
import { openTestDatabase } from "../support/context";
import { signInCookie, startAppServer, waitUntil, type AppProcess } from "../support/private-services";

const unavailable = !process.env.TEST_DATABASE_URL ? "needs TEST_DATABASE_URL (npm run test:pg)" : null;
if (unavailable) console.log(`[log-redaction] skipped: ${unavailable}`);

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(Boolean(unavailable))("log redaction on a running server", () => {
  it("logs failed queries, failed sign-ins and bad tokens without a session id, token, cookie or password", async () => {
    const db = await openTestDatabase();
    cleanups.push(async () => {
      await db.database.close();
      await db.drop();
    });
    await seedDemoData(db.database.db);
    const app: AppProcess = await startAppServer({ DATABASE_URL: db.url, SEED_DEMO: "0", FEED: "off" });
    cleanups.push(() => app.kill());

    const login = await fetch(`${app.base}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "employee@example.com", password: "demo12345" }),
    });
    const { token } = (await login.json()) as { token: string };
    const cookie = await signInCookie(app.base, "customer@example.com");
    const wrongPassword = "Wr0ng-Passw0rd-Secret-77";
    await fetch(`${app.base}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: "customer@example.com", password: wrongPassword }),
      headers: { Origin: app.base },
      redirect: "manual",
    });
    await fetch(`${app.base}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "customer@example.com", password: wrongPassword }),
    });
    const bogusToken = "Bogus0Token0aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    await fetch(`${app.base}/api/admin/trade/list/3`, { headers: { Authorization: `Bearer ${bogusToken}` } });

    // Break the session table under the server: every session lookup now fails with its
    // parameters (the raw session id) in drizzle's error.
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    cleanups.push(() => admin.end());
    await admin.query("alter table auth_sessions rename column last_seen_at to last_seen_at_gone");
    const page = await fetch(`${app.base}/dashboard?token=${token}`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(500);
    const api = await fetch(`${app.base}/api/admin/trade/list/3`, { headers: { Authorization: `Bearer ${token}` } });
    expect(api.status).toBeGreaterThanOrEqual(500);
    await waitUntil(() => (app.output().match(/last_seen_at/g) ?? []).length >= 2, 10_000, "the failures in the log", app.output);
    await admin.query("alter table auth_sessions rename column last_seen_at_gone to last_seen_at");

    const { rows } = await admin.query<{ id: string }>("select id from auth_sessions");
    const secrets = [token, ...rows.map((r) => r.id), cookie.split("=").slice(1).join("="), wrongPassword, "demo12345", bogusToken];
    const output = app.output();
    for (const secret of secrets) {
      expect(output.includes(secret), `the log holds a secret (${secret.slice(0, 6)}…):\n${output}`).toBe(false);
    }
    // Still says what failed: which request, which query, and the database's reason.
    expect(output).toMatch(/\[request\] GET \/dashboard failed/);
    expect(output).toMatch(/Failed query: select .*auth_sessions/);
    expect(output).toContain("column auth_sessions.last_seen_at does not exist");
    expect(output).toContain("params: [redacted]");
  }, 120_000);
});
