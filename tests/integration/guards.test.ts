// Guards on real loaders: unknown paths per role, role-restricted pages, the JSON API's
// 401, the preference posts, and that no loader leaks a password hash.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { userSettings } from "~/db/schema";
import { loader as splatLoader, action as splatAction } from "~/routes/$";
import { loader as apiSplatLoader } from "~/routes/_api+/api.$";
import { action as apiLoginAction } from "~/routes/_api+/api.admin.login";
import { action as apiLogoutAction } from "~/routes/_api+/api.admin.logout";
import { loader as dashboardLoader } from "~/routes/_market+/dashboard";
import { loader as accountLoader } from "~/routes/_account+/settings.account";
import { loader as indexLoader } from "~/routes/_index";
import { action as preferencesAction } from "~/routes/_account+/preferences";
import { loader as rootLoader } from "~/root";
import { NOT_FOUND_TEXT, shellNavigationFor, type RoleId } from "~/domain/access";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, ORIGIN, sessionCookieFor } from "../support/requests";
import { createUser, TEST_PASSWORD } from "../support/factories";

let t: TestContext;
const cookies = {} as Record<RoleId, string>;
const emails = {} as Record<RoleId, string>;

beforeAll(async () => {
  t = await createTestContext();
  for (const role of [1, 2, 3, 4] as RoleId[]) {
    const user = await createUser(t.context.db, { roleId: role });
    cookies[role] = await sessionCookieFor(t.context, user.id);
    emails[role] = user.email;
  }
});
afterAll(async () => {
  await t?.close();
});

describe("unknown and forbidden paths", () => {
  it("role 1 gets 404 with the documents' text", async () => {
    const res = await call(splatLoader, getRequest("/no-such-page", { cookie: cookies[1] }), t.context);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: NOT_FOUND_TEXT });
  });
  it("role 2 goes to /dashboard, roles 3 and 4 and visitors to /login", async () => {
    const expectations: [string | undefined, string][] = [
      [cookies[2], "/dashboard"],
      [cookies[3], "/login"],
      [cookies[4], "/login"],
      [undefined, "/login"],
    ];
    for (const [cookie, to] of expectations) {
      const res = await call(splatLoader, getRequest("/users", { cookie }), t.context);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(to);
    }
  });
  it("a POST to an unknown path changes nothing and answers the same", async () => {
    const res = await call(splatAction, formRequest("/nothing-here", { a: "1" }, { cookie: cookies[4] }), t.context);
    expect(res.headers.get("Location")).toBe("/login");
  });
  it("/ sends signed-in users to /dashboard and visitors to /login", async () => {
    expect((await call(indexLoader, getRequest("/", { cookie: cookies[3] }), t.context)).headers.get("Location")).toBe("/dashboard");
    expect((await call(indexLoader, getRequest("/"), t.context)).headers.get("Location")).toBe("/login");
  });
  it("/dashboard needs a session", async () => {
    const res = await call(dashboardLoader, getRequest("/dashboard"), t.context);
    expect(res.headers.get("Location")).toBe("/login");
    for (const role of [1, 2, 3, 4] as RoleId[]) {
      expect((await call(dashboardLoader, getRequest("/dashboard", { cookie: cookies[role] }), t.context)).status).toBe(200);
    }
  });
  it("/settings/account follows the table: roles 1 and 4 only", async () => {
    expect((await call(accountLoader, getRequest("/settings/account", { cookie: cookies[1] }), t.context)).status).toBe(200);
    expect((await call(accountLoader, getRequest("/settings/account", { cookie: cookies[4] }), t.context)).status).toBe(200);
    const r3 = await call(accountLoader, getRequest("/settings/account", { cookie: cookies[3] }), t.context);
    expect(r3.headers.get("Location")).toBe("/login");
    const r2 = await call(accountLoader, getRequest("/settings/account", { cookie: cookies[2] }), t.context);
    expect(r2.headers.get("Location")).toBe("/dashboard");
  });
  it("a forged or tampered session cookie counts as signed out", async () => {
    const forged = cookies[1].replace(/=(.)/, "=x$1");
    const res = await call(dashboardLoader, getRequest("/dashboard", { cookie: forged }), t.context);
    expect(res.headers.get("Location")).toBe("/login");
  });
});

describe("JSON API tokens", () => {
  it("answers 401 Invalid token without a token or with a bad one", async () => {
    for (const headers of [{}, { Authorization: "Bearer not-a-real-token" }, { Authorization: "Basic abc" }] as Record<string, string>[]) {
      const res = await call(apiSplatLoader, getRequest("/api/admin/trade/list/1", { headers }), t.context);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "Invalid token" });
    }
  });
  it("issues the documents' access token object, which works as a Bearer token until logout", async () => {
    const login = await call(
      apiLoginAction,
      new Request(`${ORIGIN}/api/admin/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: emails[3], password: TEST_PASSWORD }),
      }),
      t.context,
    );
    expect(login.status).toBe(200);
    const body = await login.json();
    expect(body.data).toMatchObject({ role_id: 3 });
    expect(typeof body.token).toBe("string");
    const authorization = `Bearer ${body.token}`;
    const known = await call(apiSplatLoader, getRequest("/api/unknown/call", { headers: { Authorization: authorization } }), t.context);
    expect(known.status).toBe(404);
    const logout = await call(apiLogoutAction, new Request(`${ORIGIN}/api/admin/logout`, { method: "POST", headers: { Authorization: authorization } }), t.context);
    expect(logout.status).toBe(200);
    const after = await call(apiSplatLoader, getRequest("/api/unknown/call", { headers: { Authorization: authorization } }), t.context);
    expect(after.status).toBe(401);
  });
  it("answers a bad login body with errors[0].msg", async () => {
    const res = await call(
      apiLoginAction,
      new Request(`${ORIGIN}/api/admin/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }),
      t.context,
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].msg).toBe("Please enter a email");
    const wrong = await call(
      apiLoginAction,
      new Request(`${ORIGIN}/api/admin/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: emails[3], password: "wrong-one" }),
      }),
      t.context,
    );
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).errors[0].msg).toBe("Invalid email or password");
  });
});

describe("preferences", () => {
  it("sets the theme cookie and the user's Theme setting, then goes back", async () => {
    const user = await createUser(t.context.db, { roleId: 3 });
    const cookie = await sessionCookieFor(t.context, user.id);
    const res = await call(preferencesAction, formRequest("/preferences", { intent: "theme", theme: "dark", redirectTo: "/dashboard" }, { cookie }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    expect(res.headers.get("Set-Cookie")).toMatch(/^prefs=/);
    const [setting] = await t.context.db
      .select()
      .from(userSettings)
      .where(and(eq(userSettings.userId, user.id), eq(userSettings.name, "Theme")));
    expect(setting.value).toBe("dark");
  });
  it("never redirects to another site", async () => {
    for (const redirectTo of ["//evil.example", "https://evil.example", "/\\evil.example"]) {
      const res = await call(preferencesAction, formRequest("/preferences", { intent: "sidebarOpen", value: "false", redirectTo }), t.context);
      expect(res.headers.get("Location")).toBe("/");
    }
  });
  it("refuses an unknown preference", async () => {
    const res = await call(preferencesAction, formRequest("/preferences", { intent: "drop-tables" }), t.context);
    expect(res.status).toBe(400);
  });
});

describe("root loader", () => {
  it("renders the shell data for a signed-in user without any secret", async () => {
    const res = await call(rootLoader, getRequest("/dashboard", { cookie: cookies[1] }), t.context);
    const text = await res.text();
    expect(text).not.toMatch(/scrypt\$/);
    expect(text).not.toMatch(/password/i);
    const data = JSON.parse(text);
    expect(data.shell.user.roleId).toBe(1);
    expect(data.shell.tickers.map((x: { code: string }) => x.code)).toEqual(["NIFTY-I", "BANKNIFTY-I", "SENSEX"]);
    // No feed yet: the tickers show a dash (null), not an invented price.
    expect(data.shell.tickers[0].close).toBeNull();
  });
  it("shows a live-book quote once the book has one", async () => {
    t.context.liveBook.set({
      symbolCode: "NIFTY-I", last: 24_150.5, open: 24_000, high: 24_200, low: 23_950, prevClose: 24_000,
      change: 150.5, changePercent: 0.63, ask: 24_151, bid: 24_150, ltq: 75, volume: 1000, time: Date.now(),
    });
    const data = await (await call(rootLoader, getRequest("/dashboard", { cookie: cookies[4] }), t.context)).json();
    expect(data.shell.tickers[0]).toMatchObject({ close: 24_150.5, change: 150.5, changePercent: 0.63 });
  });
  it("gives role 4 a sidebar without admin links", async () => {
    const data = await (await call(rootLoader, getRequest("/dashboard", { cookie: cookies[4] }), t.context)).json();
    // The shell's data names the role; its links follow from the access table where it renders.
    expect(data.shell.user.roleId).toBe(4);
    expect(data.shell.twoFactorSetupOnly).toBe(false);
    expect(data.shell).not.toHaveProperty("nav");
    const paths = shellNavigationFor(data.shell.user.roleId, data.shell.twoFactorSetupOnly).nav.map((n) => n.path);
    expect(paths).toContain("/dashboard");
    expect(paths).not.toContain("/users");
  });
});
