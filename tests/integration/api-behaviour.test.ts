// The JSON API's rules beyond the per-call contract: sign-in to sign-out with a Bearer token,
// expired tokens, who may write which account, another user's rows, the moved GET, documented
// field names and form-encoded bodies.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dispatchApi } from "~/api/dispatch.server";
import { authSessions, chavis, symbols, users } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import { createAuthSession } from "~/models/auth-session.server";
import { findSymbolForEdit } from "~/models/symbol-admin.server";
import { createSectorRow, createSymbolRow } from "../support/admin";
import { createTestContext, type TestContext } from "../support/context";
import { createUser, TEST_PASSWORD } from "../support/factories";
import { ORIGIN } from "../support/requests";

let t: TestContext;
const ids = {} as Record<RoleId, number>;
const emails = {} as Record<RoleId, string>;

beforeAll(async () => {
  t = await createTestContext();
  for (const role of [1, 2, 3, 4] as RoleId[]) {
    const user = await createUser(t.context.db, { roleId: role });
    ids[role] = user.id;
    emails[role] = user.email;
  }
});
afterAll(async () => {
  await t?.close();
});

const token = async (role: RoleId) => (await createAuthSession(t.context.db, ids[role])).id;

async function send(method: string, path: string, options: { token?: string; json?: unknown; form?: Record<string, string> } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  }
  const res = await dispatchApi(new Request(ORIGIN + path, { method, headers, body }), t.context);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

describe("tokens", () => {
  it("signs in with the documents' access token object, uses it as Bearer, and logout ends it", async () => {
    const login = await send("POST", "/api/admin/login", { json: { email: emails[3], password: TEST_PASSWORD, role_id: 3, fcm_token: "x" } });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ id: ids[3], role_id: 3 });
    const settings = await send("GET", "/api/users/setting/list", { token: login.body.token });
    expect(settings.status).toBe(200);
    expect(settings.body.data).toContainEqual({ id: null, name: "Theme", value: "light" });
    expect((await send("POST", "/api/admin/logout", { token: login.body.token, json: { fcm_token: "x" } })).status).toBe(200);
    const after = await send("GET", "/api/users/setting/list", { token: login.body.token });
    expect(after).toMatchObject({ status: 401, body: { error: "Invalid token" } });
  });

  it("answers an expired token with 401 Invalid token", async () => {
    const expired = await token(4);
    await t.context.db.update(authSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authSessions.id, expired));
    expect(await send("GET", "/api/users/setting/list", { token: expired })).toMatchObject({ status: 401, body: { error: "Invalid token" } });
  });

  it("answers a wrong password with 401 and errors[0].msg", async () => {
    const res = await send("POST", "/api/admin/users/login", { json: { email: emails[1], password: "wrong-password" } });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].msg).toBe("Invalid email or password");
  });
});

describe("accounts", () => {
  it("refuses a role-2 caller creating an admin with 403 and stores nothing", async () => {
    const email = `not.an.admin.${Date.now()}@example.test`;
    const res = await send("POST", "/api/admin/user/create", {
      token: await token(2),
      json: { role_id: 1, name: "Sneaky", username: `sneaky${Date.now()}`, email, password: "long-enough-1", symbol_id: [1] },
    });
    expect(res.status).toBe(403);
    expect(await t.context.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("answers 404 to role 2 deleting or switching an admin account, and changes nothing", async () => {
    expect((await send("DELETE", `/api/admin/user/${ids[1]}`, { token: await token(2) })).status).toBe(404);
    expect((await send("POST", "/api/admin/user/status", { token: await token(2), json: { id: ids[1], status: 0 } })).status).toBe(404);
    const [admin] = await t.context.db.select({ status: users.status }).from(users).where(eq(users.id, ids[1]));
    expect(admin.status).toBe(true);
  });

  it("refuses deleting one's own account", async () => {
    const res = await send("DELETE", `/api/admin/user/${ids[1]}`, { token: await token(1) });
    expect(res.status).toBe(403);
  });

  it("refuses switching off one's own account, with the reason, and keeps it active", async () => {
    const res = await send("POST", "/api/admin/user/status", { token: await token(1), json: { id: ids[1], status: 0 } });
    expect(res.status).toBe(403);
    expect(res.body.errors?.[0]?.msg ?? res.body.message).toBe("You cannot deactivate your own account.");
    const [admin] = await t.context.db.select({ status: users.status }).from(users).where(eq(users.id, ids[1]));
    expect(admin.status).toBe(true);
  });

  it("does not let role 2 list role-1 accounts: it is refused in words, not answered with Customers", async () => {
    const res = await send("GET", "/api/admin/user/list?role_id=1", { token: await token(2) });
    expect(res.status).toBe(403);
    expect(res.body.errors?.[0]?.msg ?? res.body.message).toBe("You may list Employee and Customer accounts only.");
  });
});

describe("what the caller may see", () => {
  it("answers 404 for another client's conversation and stores nothing", async () => {
    const other = await createUser(t.context.db, { roleId: 4 });
    expect((await send("GET", `/api/messages/${other.id}`, { token: await token(4) })).status).toBe(404);
    expect((await send("POST", "/api/messages/add", { token: await token(3), json: { message: "hi", receiverId: other.id } })).status).toBe(404);
  });

  it("answers 404 for a symbol outside a customer's subscription and for an unknown symbol", async () => {
    const symbol = await createSymbolRow(t.context.db, null);
    expect((await send("GET", `/api/getPreviousChavi/${symbol.symbolCode}`, { token: await token(4) })).status).toBe(404);
    expect((await send("GET", `/api/getPreviousChavi/${symbol.symbolCode}`, { token: await token(3) })).status).toBe(200);
    expect((await send("GET", "/api/getPreviousChavi/NO-SUCH-CODE", { token: await token(1) })).status).toBe(404);
  });

  it("refuses a setting of a panel the role does not see (403)", async () => {
    const res = await send("POST", "/api/users/setting/add", { token: await token(2), json: { name: "MA", value: true } });
    expect(res.status).toBe(403);
  });
});

describe("the moved GET (docs/product-rules.md R-D24)", () => {
  it("answers GET admin/dayohlc/list with 405 naming POST, and POST validates with the Bonus Splitting form's messages", async () => {
    const symbol = await createSymbolRow(t.context.db, null);
    const get = await send("GET", `/api/admin/dayohlc/list/${symbol.id}/2/mul`, { token: await token(1) });
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    expect(get.body.message).toBe("Method Not Allowed: use POST");
    const zero = await send("POST", `/api/admin/dayohlc/list/${symbol.id}/0/mul`, { token: await token(1) });
    expect(zero).toMatchObject({ status: 400, body: { errors: [{ msg: "Please enter number." }] } });
    const op = await send("POST", `/api/admin/dayohlc/list/${symbol.id}/2/pow`, { token: await token(1) });
    expect(op.body.errors[0].msg).toBe("Please select a valid .");
    const missing = await send("POST", "/api/admin/dayohlc/list/2147483000/2/div", { token: await token(1) });
    expect(missing.body.errors[0].msg).toBe("Please select script");
    const ok = await send("POST", `/api/admin/dayohlc/list/${symbol.id}/2/div`, { token: await token(1) });
    expect(ok).toMatchObject({ status: 200, body: { status: 200 } });
  });
});

describe("bodies", () => {
  it("reads the documents' field names (sector_id, daglu_per) and keeps a symbol's status on update", async () => {
    const sector = await createSectorRow(t.context.db);
    const code = `APIB${Date.now() % 1_000_000}`;
    const created = await send("POST", "/api/admin/symbol/create", {
      token: await token(1),
      json: { name: code, lotSize: 25, step: 5, sector_id: sector.id, daglu_per: 1.25, audio_script: "nifty" },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    await t.context.db.update(symbols).set({ status: true }).where(eq(symbols.id, id));
    const updated = await send("POST", "/api/admin/symbol/update", { token: await token(1), json: { id, name: code, lotSize: 50, step: 5, sector_id: sector.id } });
    expect(updated.status).toBe(200);
    const row = await findSymbolForEdit(t.context.db, id);
    expect(row).toMatchObject({ sectorId: sector.id, lotSize: 50, status: true, segment: "NSE" });
  });

  it("refuses a duplicate symbol code with the form's message", async () => {
    const symbol = await createSymbolRow(t.context.db, null);
    const res = await send("POST", "/api/admin/symbol/create", { token: await token(1), json: { name: symbol.symbolCode.toLowerCase() } });
    expect(res).toMatchObject({ status: 400, body: { errors: [{ msg: "A symbol with this code already exists", path: "name" }] } });
  });

  it("accepts a form-encoded body with the documents' 1/0 flag", async () => {
    const [key] = await t.context.db
      .insert(chavis)
      .values({ name: `FORMKEY${Date.now()}`, displayName: "Form", type: "plus", srNo: 1, isactive: true, sortOrder: 999 })
      .returning({ id: chavis.id });
    const res = await send("POST", "/api/admin/chavi/status", { token: await token(1), form: { id: String(key.id), status: "0" } });
    expect(res.status).toBe(200);
    const [row] = await t.context.db.select({ isactive: chavis.isactive }).from(chavis).where(eq(chavis.id, key.id));
    expect(row.isactive).toBe(false);
  });

  it("answers malformed JSON with 400", async () => {
    const res = await dispatchApi(
      new Request(`${ORIGIN}/api/admin/sector/create`, { method: "POST", headers: { Authorization: `Bearer ${await token(1)}`, "Content-Type": "application/json" }, body: "{" }),
      t.context,
    );
    expect(res.status).toBe(400);
  });
});
