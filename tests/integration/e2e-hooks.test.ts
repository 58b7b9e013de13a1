// The end-to-end suite's test hook (app/server/e2e-hooks.server.ts): POST /__e2e/users exists
// only when E2E_TEST_HOOKS=1 is set, a real deployment cannot start with that flag, and what it
// makes is a user of the asked role with a signed-in session.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";
import { createE2eUser, e2eHooksRefusal, e2eHooksRouter } from "~/server/e2e-hooks.server";
import { readSessionId } from "~/auth/session.server";
import { lookupSession } from "~/models/auth-session.server";
import { findTwoFactorRecord } from "~/models/two-factor.server";
import { seedDemoData } from "~/seed/seed.server";
import { visibleSymbolCodes } from "~/models/symbol.server";
import { createTestContext, type TestContext } from "../support/context";
import { spawnAppServer, startAppServer, waitUntil, type AppProcess } from "../support/private-services";

describe("E2E_TEST_HOOKS is refused on a real deployment", () => {
  const base = { SESSION_SECRET: "e2e-hooks-secret-0123456789", E2E_TEST_HOOKS: "1" };

  it("parseEnv refuses it in production with a database that is kept or an address beyond the machine", () => {
    for (const env of [
      { NODE_ENV: "production", DATABASE_URL: "postgres://app@db/app", HOST: "127.0.0.1" },
      { NODE_ENV: "production", HOST: "127.0.0.1" }, // the embedded database in ./data
      { NODE_ENV: "production", DATABASE_URL: "memory://", HOST: "0.0.0.0" },
      { NODE_ENV: "production", DATABASE_URL: "memory://" }, // HOST defaults to 0.0.0.0
    ]) {
      expect(() => parseEnv({ ...base, ...env }), JSON.stringify(env)).toThrow(/E2E_TEST_HOOKS: E2E_TEST_HOOKS is for test servers only/);
    }
  });

  it("parseEnv allows it outside production, and on the suite's throwaway production server", () => {
    expect(parseEnv({ ...base, NODE_ENV: "test" }).E2E_TEST_HOOKS).toBe(true);
    expect(parseEnv({ ...base, NODE_ENV: "development", DATABASE_URL: "postgres://app@db/app" }).E2E_TEST_HOOKS).toBe(true);
    expect(parseEnv({ ...base, NODE_ENV: "production", DATABASE_URL: "memory://", HOST: "127.0.0.1" }).E2E_TEST_HOOKS).toBe(true);
    expect(parseEnv({ SESSION_SECRET: base.SESSION_SECRET, NODE_ENV: "production" }).E2E_TEST_HOOKS).toBeUndefined();
  });

  it("the router itself refuses a production environment with a kept database", () => {
    const env = { NODE_ENV: "production" as const, DATABASE_URL: "postgres://app@db/app", HOST: "127.0.0.1" };
    expect(e2eHooksRefusal(env)).toMatch(/test servers only/);
    expect(() => e2eHooksRouter({ env } as unknown as Parameters<typeof e2eHooksRouter>[0])).toThrow(/test servers only/);
  });
});

describe("the built server", () => {
  let plain: AppProcess | undefined;
  let hooked: AppProcess | undefined;
  afterAll(() => {
    plain?.kill();
    hooked?.kill();
  });

  it("without the flag has no /__e2e/users: it answers as any unknown path, and makes no user", async () => {
    plain = await startAppServer({ DATABASE_URL: "memory://", SEED_DEMO: "0", FEED: "off" });
    const post = (path: string) =>
      fetch(`${plain!.base}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ role: 1 }), redirect: "manual" });
    const hook = await post("/__e2e/users");
    const unknown = await post("/__e2e/no-such-path");
    // A visitor's unknown path is sent to sign in (docs/decisions/001): no route, no handler.
    expect(hook.status).toBe(unknown.status);
    expect(hook.status).not.toBe(200);
    expect(hook.headers.get("location")).toBe(unknown.headers.get("location"));
    expect(hook.headers.get("content-type") ?? "").not.toContain("application/json");
    expect(hook.headers.getSetCookie().filter((c) => c.startsWith("__session="))).toEqual([]);
  }, 150_000);

  it("with the flag in production and a database that is kept, does not start", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-hooks-"));
    try {
      const app = await spawnAppServer({ DATABASE_URL: path.join(dataDir, "pglite"), SEED_DEMO: "0", FEED: "off", E2E_TEST_HOOKS: "1" });
      await waitUntil(() => !app.running(), 60_000, "the server to refuse to start", () => app.output());
      expect(app.output()).toMatch(/E2E_TEST_HOOKS is for test servers only/);
      expect(app.output()).not.toMatch(/listening on/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it("with the flag on the suite's throwaway server answers a user and a session cookie that signs it in", async () => {
    hooked = await startAppServer({ DATABASE_URL: "memory://", HOST: "127.0.0.1", SEED_DEMO: "0", FEED: "off", E2E_TEST_HOOKS: "1" });
    const res = await fetch(`${hooked.base}/__e2e/users`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ role: 3, label: "probe" }) });
    expect(res.status).toBe(200);
    const user = (await res.json()) as { email: string; name: string; cookie: { name: string; value: string } };
    expect(user.email).toMatch(/^e2e\.probe\./);
    const page = await fetch(`${hooked.base}/dashboard`, { headers: { Cookie: `${user.cookie.name}=${user.cookie.value}` }, redirect: "manual" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(user.name);
    const bad = await fetch(`${hooked.base}/__e2e/users`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ role: 9 }) });
    expect(bad.status).toBe(400);
  }, 150_000);
});

describe("createE2eUser", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    await seedDemoData(t.context.db, { appSecret: "integration-test-secret-0123456789" });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("makes each role with an active session; an admin has two-factor sign-in on, a customer the demo customer's symbols", async () => {
    for (const role of [1, 2, 3, 4] as const) {
      const user = await createE2eUser(t.context, { role });
      const id = await readSessionId(t.context, `${user.cookie.name}=${user.cookie.value}`);
      const found = await lookupSession(t.context.db, id!);
      expect(found.kind).toBe("active");
      if (found.kind !== "active") continue;
      expect(found.user.roleId).toBe(role);
      expect(found.user.email).toBe(user.email);
      expect(found.user.totpEnabledAt !== null).toBe(role <= 2);
      expect(user.totpSecret !== null).toBe(role <= 2);
    }
    const customer = await createE2eUser(t.context, { role: 4 });
    const visible = await visibleSymbolCodes(t.context.db, { id: customer.id, roleId: 4 });
    expect(visible).not.toBe("all");
    expect([...(visible as Set<string>)]).toEqual(expect.arrayContaining(["NIFTY-I", "BANKNIFTY-I", "RELIANCE"]));
    const narrow = await createE2eUser(t.context, { role: 4, symbols: ["TCS"] });
    expect([...((await visibleSymbolCodes(t.context.db, { id: narrow.id, roleId: 4 })) as Set<string>)]).toEqual(["TCS"]);
    const plainEmployee = await createE2eUser(t.context, { role: 3, twoFactor: true });
    expect(await findTwoFactorRecord(t.context.db, plainEmployee.id)).toMatchObject({ totpEnabledAt: expect.any(Date) });
  });

  it("an older sign-in is stale for sensitive actions; an unknown symbol is refused", async () => {
    const admin = await createE2eUser(t.context, { role: 1, signedInSecondsAgo: 600 });
    const id = await readSessionId(t.context, `${admin.cookie.name}=${admin.cookie.value}`);
    const found = await lookupSession(t.context.db, id!);
    expect(found.kind === "active" && Date.now() - found.user.authenticatedAt.getTime()).toBeGreaterThanOrEqual(600_000);
    await expect(createE2eUser(t.context, { role: 4, symbols: ["NOPE"] })).rejects.toThrow(/unknown symbols: NOPE/);
  });
});
