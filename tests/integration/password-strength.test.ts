// Every place a password is set (sign-up page and API, reset link, admin create page and API)
// refuses one that is easy to guess (zxcvbn score below 3):
// the message names zxcvbn's warning, lands on the password field, and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { dispatchApi } from "~/api/dispatch.server";
import { users } from "~/db/schema";
import { action as newUserAction } from "~/routes/_admin+/users.new";
import { action as signupAction } from "~/routes/_auth+/signup";
import { action as resetRequestAction } from "~/routes/_auth+/reset-password._index";
import { action as resetAction } from "~/routes/_auth+/reset-password.$token";
import { createSectorRow, createSymbolRow } from "../support/admin";
import { createTestContext, type TestContext } from "../support/context";
import { createUser } from "../support/factories";
import { call, formRequest, ORIGIN, sessionCookieFor } from "../support/requests";
import { createAuthSession } from "~/models/auth-session.server";

const WEAK = "This password is too easy to guess.";
const STRONG = "violet-anchor-mosaic-tundra";

let t: TestContext;
let adminCookie: string;
let adminToken: string;
let symbolId: number;
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial += 1)}`;

beforeAll(async () => {
  t = await createTestContext();
  const admin = await createUser(t.context.db, { roleId: 1 });
  // Admins must have two-factor sign-in set up before they reach the user pages.
  await t.context.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, admin.id));
  adminCookie = await sessionCookieFor(t.context, admin.id);
  adminToken = (await createAuthSession(t.context.db, admin.id)).id;
  const sector = await createSectorRow(t.context.db);
  symbolId = (await createSymbolRow(t.context.db, sector.id)).id;
});
afterAll(async () => {
  await t?.close();
});

async function storedUser(email: string) {
  const [row] = await t.context.db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
  return row;
}

async function api(path: string, body: unknown, token?: string) {
  const res = await dispatchApi(
    new Request(ORIGIN + path, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }),
    t.context,
  );
  return { status: res.status, body: (await res.json()) as { message: string; errors: { msg: string; path?: string }[] } };
}

describe("admin: create user (page and API)", () => {
  const fields = (password: string) => {
    const tag = unique();
    return { intent: "save", roleId: "3", name: `Meera Iyer`, username: `meera_${tag}`, email: `meera.${tag}@example.test`, password, symbolIds: [String(symbolId)] };
  };

  it.each(["password123", "demo12345", "qwertyuiop"])("the page refuses %s on the password field and stores nothing", async (password) => {
    const form = fields(password);
    const res = await call(newUserAction, formRequest("/users/new", form, { cookie: adminCookie }), t.context);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.password).toHaveLength(1);
    expect(body.error.password[0]).toMatch(/^This password is too easy to guess\. This is (a|similar to a) (commonly|frequently) used password\./);
    // The refused password is not sent back to the browser.
    expect(JSON.stringify(body)).not.toContain(password);
    expect(await storedUser(form.email)).toBeUndefined();
  });

  it("the page refuses the account's own name and email as its password", async () => {
    for (const form of [fields("MeeraIyer1990"), (() => { const f = fields(""); return { ...f, password: f.email }; })()]) {
      const res = await call(newUserAction, formRequest("/users/new", form, { cookie: adminCookie }), t.context);
      expect(res.status).toBe(400);
      expect((await res.json()).error.password[0]).toContain("personal or page related data");
      expect(await storedUser(form.email)).toBeUndefined();
    }
  });

  it("the page saves the same account with a strong password", async () => {
    const form = fields(STRONG);
    const res = await call(newUserAction, formRequest("/users/new", form, { cookie: adminCookie }), t.context);
    expect(res.status).toBe(302);
    expect((await storedUser(form.email)).passwordHash).toMatch(/^scrypt\$/);
  });

  it("the API refuses a weak password with 400, the message on path password, and stores nothing", async () => {
    const tag = unique();
    const body = { role_id: 3, name: "Meera Iyer", username: `meera_api_${tag}`, email: `meera.api.${tag}@example.test`, password: "password123", symbol_id: [symbolId] };
    const weak = await api("/api/admin/user/create", body, adminToken);
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0]).toMatchObject({ path: "password", msg: expect.stringContaining(`${WEAK} This is a commonly used password.`) });
    expect(weak.body.message).toBe(weak.body.errors[0].msg);
    expect(await storedUser(body.email)).toBeUndefined();
    const strong = await api("/api/admin/user/create", { ...body, password: STRONG }, adminToken);
    expect(strong.status).toBe(201);
    expect(await storedUser(body.email)).toBeDefined();
  });
});

describe("sign-up (page and register API)", () => {
  const form = (password: string, email = `kiran.${unique()}@example.test`) => ({ name: "Kiran Das", username: `kiran_${unique()}`, email, password });

  it.each(["password123", "demo12345", "qwertyuiop"])("the page refuses %s on the password field, stores nothing and mails nothing", async (password) => {
    const fields = form(password);
    const mails = t.outbox.length;
    const res = await call(signupAction, formRequest("/signup", fields), t.context);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.password[0]).toMatch(/^This password is too easy to guess\. This is (a|similar to a) (commonly|frequently) used password\./);
    expect(JSON.stringify(body)).not.toContain(password);
    expect(await storedUser(fields.email)).toBeUndefined();
    expect(t.outbox.length).toBe(mails);
  });

  it("the page refuses the new user's own email as the password, and answers a registered email the same way", async () => {
    const own = form("");
    const res = await call(signupAction, formRequest("/signup", { ...own, password: own.email }), t.context);
    expect(res.status).toBe(400);
    expect((await res.json()).error.password[0]).toContain("personal or page related data");
    expect(await storedUser(own.email)).toBeUndefined();
    // An email that has an account gets the same refusal: the check says nothing about it.
    const existing = await createUser(t.context.db);
    const again = await call(signupAction, formRequest("/signup", form("password123", existing.email)), t.context);
    expect(again.status).toBe(400);
    expect((await again.json()).error.password[0]).toContain("This is a commonly used password.");
  });

  it("the register API refuses a weak password with 400 on path password and stores nothing; a strong one registers", async () => {
    const fields = form("password123");
    const weak = await api("/api/admin/users/register", fields);
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0]).toMatchObject({ path: "password", msg: expect.stringContaining(`${WEAK} This is a commonly used password.`) });
    expect(await storedUser(fields.email)).toBeUndefined();
    const strong = await api("/api/admin/users/register", { ...fields, password: STRONG });
    expect(strong.status).toBe(201);
    expect(await storedUser(fields.email)).toBeDefined();
  });
});

describe("reset password", () => {
  async function resetLinkFor(email: string): Promise<string> {
    await call(resetRequestAction, formRequest("/reset-password", { email }), t.context);
    return /\/reset-password\/([A-Za-z0-9_-]+)/.exec(t.outbox.at(-1)!.text)![1];
  }

  it("refuses a weak password and the user's own name on the password field, changes nothing, and keeps the link usable", async () => {
    const user = await createUser(t.context.db, { name: "Farah Khan" });
    const before = (await storedUser(user.email)).passwordHash;
    const token = await resetLinkFor(user.email);
    for (const password of ["password123", "qwertyuiop", "FarahKhan2024"]) {
      const res = await call(resetAction, formRequest(`/reset-password/${token}`, { password, confirm: password }), t.context, { token });
      expect(res.status, password).toBe(400);
      const body = await res.json();
      expect(body.error.password[0].startsWith(WEAK), password).toBe(true);
      expect(JSON.stringify(body)).not.toContain(password);
      expect((await storedUser(user.email)).passwordHash).toBe(before);
    }
    const done = await call(resetAction, formRequest(`/reset-password/${token}`, { password: STRONG, confirm: STRONG }), t.context, { token });
    expect(done.status).toBe(302);
    expect((await storedUser(user.email)).passwordHash).not.toBe(before);
  });

  it("a dead link is still answered as a dead link, whatever the password", async () => {
    const res = await call(resetAction, formRequest("/reset-password/not-a-real-token", { password: "password123", confirm: "password123" }), t.context, { token: "not-a-real-token" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error[""]).toEqual(["This link is invalid or has expired. Please ask for a new one."]);
    expect(body.error.password).toBeUndefined();
  });
});
