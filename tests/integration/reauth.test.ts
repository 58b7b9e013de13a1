// Re-authentication before sensitive admin actions (docs/decisions/121): creating an admin,
// changing a role and saving live-rate credentials, on the pages and through the JSON API,
// refuse a session that last proved its identity more than REAUTH_WINDOW_SECONDS ago and
// write nothing; /reauth (and POST /api/admin/reauth) renews it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { apiSecrets, authSessions, users } from "~/db/schema";
import { action as newUserAction } from "~/routes/_admin+/users.new";
import { action as editUserAction } from "~/routes/_admin+/users.$id.edit";
import { action as tokenAction } from "~/routes/_admin+/Token";
import { action as reauthAction, loader as reauthLoader } from "~/routes/_auth+/reauth";
import { dispatchApi } from "~/api/dispatch.server";
import { createAuthSession } from "~/models/auth-session.server";
import { REAUTHENTICATED } from "~/schemas/two-factor";
import { createTestContext, type TestContext } from "../support/context";
import { call, cookiesFrom, formRequest, getRequest, ORIGIN } from "../support/requests";
import { createUser, TEST_PASSWORD, totpCode } from "../support/factories";
import { createSectorRow, createSymbolRow } from "../support/admin";

let t: TestContext;
let symbolId: number;
const STRONG_PASSWORD = "Quartz-Lantern-97-Orbit";

beforeAll(async () => {
  t = await createTestContext({ authPostsPerMinute: 100_000 });
  const sector = await createSectorRow(t.context.db, "Reauth Sector");
  symbolId = (await createSymbolRow(t.context.db, sector.id, "REAUTH1")).id;
});
afterAll(async () => {
  await t?.close();
});

/** A session of the user whose last proof of identity was `minutesAgo` minutes ago. */
async function sessionAged(userId: number, minutesAgo: number): Promise<{ id: string; cookie: string }> {
  const { id } = await createAuthSession(t.context.db, userId);
  await t.context.db.update(authSessions).set({ authenticatedAt: new Date(Date.now() - minutesAgo * 60_000) }).where(eq(authSessions.id, id));
  const cookie = (await t.context.cookies.session.serialize(id)).split(";")[0];
  return { id, cookie };
}

async function authenticatedAt(sessionId: string): Promise<Date> {
  const [row] = await t.context.db.select({ at: authSessions.authenticatedAt }).from(authSessions).where(eq(authSessions.id, sessionId));
  return row.at;
}

function newUserFields(roleId: number) {
  const unique = Math.random().toString(36).slice(2, 8);
  return {
    intent: "save",
    name: `Reauth ${unique}`,
    username: `reauth_${unique}`,
    email: `reauth_${unique}@example.test`,
    password: STRONG_PASSWORD,
    roleId: String(roleId),
    symbolIds: [String(symbolId)],
    dateSubscribed: "2026-01-01",
  };
}

async function userByEmail(email: string) {
  const [row] = await t.context.db.select().from(users).where(eq(users.email, email));
  return row;
}

function api(path: string, token: string, body?: unknown) {
  return dispatchApi(
    new Request(`${ORIGIN}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    t.context,
  );
}

describe("pages", () => {
  it("creating an admin on a 10-minute-old sign-in goes to /reauth and creates nothing; a fresh one creates it", async () => {
    const admin = await createUser(t.context.db, { roleId: 1 });
    const stale = await sessionAged(admin.id, 10);
    const fields = newUserFields(1);
    const refused = await call(newUserAction, formRequest("/users/new", fields, { cookie: stale.cookie }), t.context);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/reauth?redirectTo=%2Fusers%2Fnew");
    expect(await userByEmail(fields.email)).toBeUndefined();

    // A customer is not sensitive: the same stale session creates it.
    const customer = newUserFields(4);
    expect((await call(newUserAction, formRequest("/users/new", customer, { cookie: stale.cookie }), t.context)).status).toBe(302);
    expect((await userByEmail(customer.email))?.roleId).toBe(4);

    const fresh = await sessionAged(admin.id, 1);
    const created = await call(newUserAction, formRequest("/users/new", fields, { cookie: fresh.cookie }), t.context);
    expect(created.headers.get("Location")).toBe("/users?role_id=1");
    expect((await userByEmail(fields.email))?.roleId).toBe(1);
  });

  it("changing a role on a stale sign-in goes to /reauth and changes nothing; the same edit without a role change saves", async () => {
    const admin = await createUser(t.context.db, { roleId: 1 });
    const target = await createUser(t.context.db, { roleId: 4 });
    const stale = await sessionAged(admin.id, 6);
    const edit = (roleId: string, name: string) => ({
      intent: "save",
      name,
      username: target.username,
      email: target.email,
      roleId,
      status: "on",
      symbolIds: [String(symbolId)],
    });
    const refused = await call(editUserAction, formRequest(`/users/${target.id}/edit`, edit("3", "Promoted"), { cookie: stale.cookie }), t.context, { id: String(target.id) });
    expect(refused.headers.get("Location")).toBe(`/reauth?redirectTo=${encodeURIComponent(`/users/${target.id}/edit`)}`);
    expect(await userByEmail(target.email)).toMatchObject({ roleId: 4, name: target.name });

    const renamed = await call(editUserAction, formRequest(`/users/${target.id}/edit`, edit("4", "Renamed"), { cookie: stale.cookie }), t.context, { id: String(target.id) });
    expect(renamed.headers.get("Location")).toBe("/users?role_id=4");
    expect(await userByEmail(target.email)).toMatchObject({ roleId: 4, name: "Renamed" });
  });

  it("the live-rate credentials on a stale sign-in go to /reauth: nothing stored, no OTP mailed", async () => {
    const admin = await createUser(t.context.db, { roleId: 1 });
    const stale = await sessionAged(admin.id, 30);
    const mailed = t.outbox.length;
    for (const intent of ["request", "verify"]) {
      const res = await call(tokenAction, formRequest("/Token", { intent, apiToken: "tok-REAUTH-0001", apiSecret: "sec-REAUTH-0001", otp: "123456" }, { cookie: stale.cookie }), t.context);
      expect(res.headers.get("Location")).toBe("/reauth?redirectTo=%2FToken");
    }
    expect(await t.context.db.select().from(apiSecrets)).toHaveLength(0);
    expect(t.outbox.length).toBe(mailed);
  });

  it("/reauth takes the password and the code, renews the sign-in time and goes back; wrong answers renew nothing", async () => {
    const admin = await createUser(t.context.db, { roleId: 1 });
    const stale = await sessionAged(admin.id, 10);
    const before = await authenticatedAt(stale.id);
    const page = await (await call(reauthLoader, getRequest("/reauth?redirectTo=%2Fusers%2Fnew", { cookie: stale.cookie }), t.context)).json();
    expect(page).toMatchObject({ needsCode: true, redirectTo: "/users/new", window: "5 minutes" });

    const post = (fields: Record<string, string>) => call(reauthAction, formRequest("/reauth", { redirectTo: "/users/new", ...fields }, { cookie: stale.cookie }), t.context);
    const code = await totpCode();
    expect((await post({ password: "not-the-password", code })).status).toBe(401);
    expect((await post({ password: TEST_PASSWORD })).status).toBe(400);
    expect((await post({ password: TEST_PASSWORD, code: code === "000000" ? "111111" : "000000" })).status).toBe(400);
    expect(await authenticatedAt(stale.id)).toEqual(before);

    const ok = await post({ password: TEST_PASSWORD, code });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/users/new");
    const toast = await t.context.cookies.toast.getSession(cookiesFrom(ok));
    expect((toast.get("toast") as { message: string }).message).toBe(REAUTHENTICATED);
    expect(Date.now() - (await authenticatedAt(stale.id)).getTime()).toBeLessThan(60_000);
    // The same session may now create an admin.
    const fields = newUserFields(1);
    expect((await call(newUserAction, formRequest("/users/new", fields, { cookie: stale.cookie }), t.context)).status).toBe(302);
    expect((await userByEmail(fields.email))?.roleId).toBe(1);
  });

  it("/reauth never sends anyone off the site, whatever redirectTo says", async () => {
    const user = await createUser(t.context.db, { roleId: 4 });
    const stale = await sessionAged(user.id, 10);
    for (const target of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const page = (await (await call(reauthLoader, getRequest(`/reauth?redirectTo=${encodeURIComponent(target)}`, { cookie: stale.cookie }), t.context)).json()) as { redirectTo: string };
      expect(page.redirectTo).toBe("/");
      const res = await call(reauthAction, formRequest("/reauth", { redirectTo: target, password: TEST_PASSWORD }, { cookie: stale.cookie }), t.context);
      expect(res.headers.get("Location")).toBe("/");
    }
  });
});

describe("the JSON API", () => {
  it("creating an admin, changing a role and the live-rate calls answer 403 naming admin/reauth; after it they pass", async () => {
    const admin = await createUser(t.context.db, { roleId: 1 });
    const target = await createUser(t.context.db, { roleId: 4 });
    const stale = await sessionAged(admin.id, 10);
    const body = { role_id: 1, name: "Api Admin", username: `apiadm_${Date.now()}`, email: `apiadm_${Date.now()}@example.test`, password: STRONG_PASSWORD, symbol_id: [symbolId] };
    const create = await api("/api/admin/user/create", stale.id, body);
    expect(create.status).toBe(403);
    const answer = (await create.json()) as { message: string; reauth_required: boolean };
    expect(answer.message).toContain("/api/admin/reauth");
    expect(answer.reauth_required).toBe(true);
    expect(await userByEmail(body.email)).toBeUndefined();
    const update = await api("/api/admin/user/update", stale.id, { id: target.id, role_id: 3, name: target.name, username: target.username, email: target.email, status: 1, symbol_id: [symbolId] });
    expect(update.status).toBe(403);
    expect((await userByEmail(target.email))?.roleId).toBe(4);
    const send = await api("/api/admin/LiverateSettingController/send_opt", stale.id, { apitoken: "tok-REAUTH-API1", apisecret: "sec-REAUTH-API1" });
    expect(send.status).toBe(403);
    expect(await t.context.db.select().from(apiSecrets)).toHaveLength(0);

    // Re-authenticate: password and code; a wrong password is a 401 and renews nothing.
    expect((await api("/api/admin/reauth", stale.id, { password: "wrong-password", otp: await totpCode() })).status).toBe(401);
    expect((await api("/api/admin/reauth", stale.id, { password: TEST_PASSWORD })).status).toBe(401);
    const reauth = await api("/api/admin/reauth", stale.id, { password: TEST_PASSWORD, otp: await totpCode() });
    expect(reauth.status).toBe(200);
    expect(new Date(((await reauth.json()) as { validUntil: string }).validUntil).getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect((await api("/api/admin/user/create", stale.id, body)).status).toBe(201);
    expect((await userByEmail(body.email))?.roleId).toBe(1);
  });

  it("a fresh token from the API's sign-in needs no re-authentication", async () => {
    const admin = await createUser(t.context.db, { roleId: 1 });
    const login = await dispatchApi(
      new Request(`${ORIGIN}/api/admin/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: admin.email, password: TEST_PASSWORD, otp: await totpCode() }),
      }),
      t.context,
    );
    const { token } = (await login.json()) as { token: string };
    const target = await createUser(t.context.db, { roleId: 4 });
    const update = await api("/api/admin/user/update", token, { id: target.id, role_id: 3, name: target.name, username: target.username, email: target.email, status: 1, symbol_id: [symbolId] });
    expect(update.status).toBe(200);
    expect((await userByEmail(target.email))?.roleId).toBe(3);
  });
});
