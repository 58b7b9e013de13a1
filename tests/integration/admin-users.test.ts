// The user list and the user modal through the real loaders and actions: role filter and paging,
// the documents' messages, the subscription written in four tables, the role-2 rules (403 and
// nothing stored), deactivation ending sessions at once, and Login Users.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { authSessions, subscriptionDetails, subscriptions, userSectors, userSymbols, users } from "~/db/schema";
import { action as usersAction, loader as usersLoader } from "~/routes/_admin+/users";
import { action as newUserAction, loader as newUserLoader } from "~/routes/_admin+/users.new";
import { action as editUserAction, loader as editUserLoader } from "~/routes/_admin+/users.$id.edit";
import { action as deleteUserAction } from "~/routes/_admin+/users.$id.delete";
import { loader as sectorSymbolsLoader } from "~/routes/_admin+/users.sector-symbols";
import { loader as loginUsersLoader } from "~/routes/_admin+/login-user";
import { loader as dashboardLoader } from "~/routes/_market+/dashboard";
import { loader as allRealTimeLoader } from "~/routes/_market+/allRealTime";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";
import { createSectorRow, createSymbolRow, toastMessage } from "../support/admin";

let t: TestContext;
let adminCookie: string;
let subAdminCookie: string;
let sectorA: { id: number; sectorName: string };
let sectorB: { id: number; sectorName: string };
let symA1: { id: number; symbolCode: string };
let symA2: { id: number; symbolCode: string };
let symB1: { id: number; symbolCode: string };

beforeAll(async () => {
  t = await createTestContext();
  const admin = await createUser(t.context.db, { roleId: 1 });
  const subAdmin = await createUser(t.context.db, { roleId: 2 });
  adminCookie = await sessionCookieFor(t.context, admin.id);
  subAdminCookie = await sessionCookieFor(t.context, subAdmin.id);
  sectorA = await createSectorRow(t.context.db, "Alpha Sector");
  sectorB = await createSectorRow(t.context.db, "Beta Sector");
  symA1 = await createSymbolRow(t.context.db, sectorA.id, "ALPHA1");
  symA2 = await createSymbolRow(t.context.db, sectorA.id, "ALPHA2");
  symB1 = await createSymbolRow(t.context.db, sectorB.id, "BETA1");
});
afterAll(async () => {
  await t?.close();
});

function userFields(overrides: Record<string, string | string[]> = {}) {
  const unique = Math.random().toString(36).slice(2, 8);
  return {
    intent: "save",
    name: `New ${unique}`,
    username: `new_${unique}`,
    email: `new_${unique}@example.test`,
    password: "long-enough-1",
    roleId: "4",
    symbolIds: [String(symA1.id)],
    dateSubscribed: "2026-01-01",
    dateExpired: "2026-12-31",
    ...overrides,
  };
}

async function userByEmail(email: string) {
  const [row] = await t.context.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe("/users list", () => {
  it("filters by role (default Customer) and pages 10 at a time", async () => {
    for (let i = 0; i < 12; i++) await createUser(t.context.db, { roleId: 3, username: `emp_page_${i}` });
    const res = await call(usersLoader, getRequest("/users?role_id=3", { cookie: adminCookie }), t.context);
    const page1 = await res.json();
    expect(page1.roleId).toBe(3);
    expect(page1.total).toBe(12);
    expect(page1.rows).toHaveLength(10);
    expect(page1.rows.every((r: { roleId: number }) => r.roleId === 3)).toBe(true);
    const page2 = await (await call(usersLoader, getRequest("/users?role_id=3&page=2", { cookie: adminCookie }), t.context)).json();
    expect(page2.rows).toHaveLength(2);
    const ids1 = new Set(page1.rows.map((r: { id: number }) => r.id));
    expect(page2.rows.some((r: { id: number }) => ids1.has(r.id))).toBe(false);
    const byDefault = await (await call(usersLoader, getRequest("/users", { cookie: adminCookie }), t.context)).json();
    expect(byDefault.roleId).toBe(4);
    expect(byDefault.roles).toEqual([1, 2, 3, 4]);
  });

  it("role 2 may open /users but its filter offers only Employee and Customer, and role 2 never lists admins", async () => {
    const res = await call(usersLoader, getRequest("/users", { cookie: subAdminCookie }), t.context);
    const body = await res.json();
    expect(body.roles).toEqual([3, 4]);
    expect(body.roleId).toBe(4);
    // Asking for a role it may not list is refused in words, not answered with customers.
    for (const role of ["1", "2"]) {
      const refused = await call(usersLoader, getRequest(`/users?role_id=${role}`, { cookie: subAdminCookie }), t.context);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("You may list Employee and Customer accounts only.");
    }
  });

  it("roles 3 and 4 cannot reach /users", async () => {
    const employee = await createUser(t.context.db, { roleId: 3 });
    const res = await call(usersLoader, getRequest("/users", { cookie: await sessionCookieFor(t.context, employee.id) }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
  });
});

describe("create user", () => {
  it("answers each of the documents' messages for an empty form", async () => {
    const res = await call(newUserAction, formRequest("/users/new", { intent: "save" }, { cookie: adminCookie }), t.context);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.roleId).toEqual(["Please select a role"]);
    expect(body.error.name).toEqual(["Please enter a name"]);
    expect(body.error.username).toEqual(["Please enter a username"]);
    expect(body.error.password).toEqual(["Please enter a password"]);
    expect(body.error.email).toEqual(["Please enter a email"]);
    expect(body.error.symbolIds).toEqual(["Please select a symbol"]);
  });

  it("saves the user with the subscription in all four tables, with the toast", async () => {
    const fields = userFields({ symbolIds: [String(symA1.id), String(symB1.id)], sectorIds: [String(sectorA.id)] });
    const res = await call(newUserAction, formRequest("/users/new", fields, { cookie: adminCookie }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/users?role_id=4");
    expect(await toastMessage(t.context.cookies, res)).toBe("User saved successfully");
    const stored = await userByEmail(fields.email as string);
    expect(stored.roleId).toBe(4);
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    const [sub] = await t.context.db.select().from(subscriptions).where(eq(subscriptions.userId, stored.id));
    expect(sub).toMatchObject({ dateSubscribed: "2026-01-01", dateExpired: "2026-12-31" });
    const details = await t.context.db.select().from(subscriptionDetails).where(eq(subscriptionDetails.subscriptionId, sub.id));
    expect(details.map((d) => d.symbolId).sort()).toEqual([symA1.id, symB1.id].sort());
    const mine = await t.context.db.select().from(userSymbols).where(eq(userSymbols.userId, stored.id));
    expect(mine.map((d) => [d.symbolId, d.sectorId]).sort()).toEqual([[symA1.id, sectorA.id], [symB1.id, sectorB.id]].sort());
    const sectorsOf = await t.context.db.select().from(userSectors).where(eq(userSectors.userId, stored.id));
    expect(sectorsOf.map((s) => s.sectorId).sort()).toEqual([sectorA.id, sectorB.id].sort());
    // The new customer signs in and sees exactly the subscribed symbols.
    const cookie = await sessionCookieFor(t.context, stored.id);
    const live = await (await call(allRealTimeLoader, getRequest("/allRealTime", { cookie }), t.context)).json();
    expect(live.rows.map((r: { code: string }) => r.code).sort()).toEqual(["ALPHA1", "BETA1"]);
  });

  it("refuses a taken email and username on their fields", async () => {
    const first = userFields();
    await call(newUserAction, formRequest("/users/new", first, { cookie: adminCookie }), t.context);
    const res = await call(
      newUserAction,
      formRequest("/users/new", userFields({ email: (first.email as string).toUpperCase(), username: first.username as string }), { cookie: adminCookie }),
      t.context,
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.email).toEqual(["This email is already in use"]);
    expect(body.error.username).toEqual(["This username is already in use"]);
  });

  it("role 1 may create an admin; role 2 may create a customer", async () => {
    const admin = userFields({ roleId: "1" });
    expect((await call(newUserAction, formRequest("/users/new", admin, { cookie: adminCookie }), t.context)).status).toBe(302);
    expect((await userByEmail(admin.email as string)).roleId).toBe(1);
    const customer = userFields({ roleId: "4" });
    expect((await call(newUserAction, formRequest("/users/new", customer, { cookie: subAdminCookie }), t.context)).status).toBe(302);
    expect((await userByEmail(customer.email as string)).roleId).toBe(4);
  });

  it("role 2 cannot create an Admin or a Sub Admin: 403 and nothing stored", async () => {
    for (const roleId of ["1", "2"]) {
      const fields = userFields({ roleId });
      const res = await call(newUserAction, formRequest("/users/new", fields, { cookie: subAdminCookie }), t.context);
      expect(res.status).toBe(403);
      expect(await userByEmail(fields.email as string)).toBeUndefined();
    }
    const before = await t.context.db.select({ id: users.id }).from(users);
    // Even an otherwise empty form asking for role 1 is refused, not validated.
    const res = await call(newUserAction, formRequest("/users/new", { intent: "save", roleId: "1" }, { cookie: subAdminCookie }), t.context);
    expect(res.status).toBe(403);
    expect(await t.context.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });

  it("Show symbols re-renders the form with the sectors' symbols and without the password", async () => {
    const res = await call(
      newUserAction,
      formRequest("/users/new", { ...userFields(), intent: "show-symbols", sectorIds: [String(sectorA.id)] }, { cookie: adminCookie }),
      t.context,
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.options.symbols.map((s: { symbolCode: string }) => s.symbolCode)).toEqual(["ALPHA1", "ALPHA2"]);
    expect(body.preview.sectorIds).toEqual([sectorA.id]);
    expect(JSON.stringify(body)).not.toContain("long-enough-1");
    const all = await call(
      newUserAction,
      formRequest("/users/new", { ...userFields({ symbolIds: [] }), intent: "select-all", sectorIds: [String(sectorA.id)] }, { cookie: adminCookie }),
      t.context,
    );
    expect((await all.json()).preview.symbolIds.sort()).toEqual([symA1.id, symA2.id].sort());
  });

  it("the fetcher's resource lists the chosen sectors' active symbols, or all active ones", async () => {
    await createSymbolRow(t.context.db, sectorA.id, "ALPHAOFF", false);
    const one = await (await call(sectorSymbolsLoader, getRequest(`/users/sector-symbols?sectorIds=${sectorB.id}`, { cookie: adminCookie }), t.context)).json();
    expect(one.symbols.map((s: { symbolCode: string }) => s.symbolCode)).toEqual(["BETA1"]);
    const all = await (await call(sectorSymbolsLoader, getRequest(`/users/sector-symbols`, { cookie: adminCookie }), t.context)).json();
    expect(all.symbols.map((s: { symbolCode: string }) => s.symbolCode)).not.toContain("ALPHAOFF");
    expect(all.symbols.length).toBeGreaterThanOrEqual(3);
  });
});

describe("edit, status and delete", () => {
  async function createCustomer() {
    const fields = userFields({ symbolIds: [String(symA1.id), String(symA2.id)] });
    await call(newUserAction, formRequest("/users/new", fields, { cookie: adminCookie }), t.context);
    return userByEmail(fields.email as string);
  }

  it("edit rewrites the symbols (the old ones are gone) and keeps one subscription", async () => {
    const user = await createCustomer();
    const form = await (await call(editUserLoader, getRequest(`/users/${user.id}/edit`, { cookie: adminCookie }), t.context, { id: String(user.id) })).json();
    expect(form.defaults.symbolIds.sort()).toEqual([symA1.id, symA2.id].sort());
    const res = await call(
      editUserAction,
      formRequest(
        `/users/${user.id}/edit`,
        { intent: "save", name: "Renamed", username: user.username, email: user.email, roleId: "4", status: "on", symbolIds: [String(symB1.id)], dateSubscribed: "2026-02-01" },
        { cookie: adminCookie },
      ),
      t.context,
      { id: String(user.id) },
    );
    expect(res.status).toBe(302);
    expect(await toastMessage(t.context.cookies, res)).toBe("User saved successfully");
    const mine = await t.context.db.select().from(userSymbols).where(eq(userSymbols.userId, user.id));
    expect(mine.map((s) => s.symbolId)).toEqual([symB1.id]);
    const subs = await t.context.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(subs).toHaveLength(1);
    expect(subs[0].dateSubscribed).toBe("2026-02-01");
    expect((await userByEmail(user.email)).name).toBe("Renamed");
  });

  it("role 2 cannot edit an admin (403) nor promote a customer to admin (403, role unchanged)", async () => {
    const admin = await createUser(t.context.db, { roleId: 1 });
    const open = await call(editUserLoader, getRequest(`/users/${admin.id}/edit`, { cookie: subAdminCookie }), t.context, { id: String(admin.id) });
    expect(open.status).toBe(403);
    const res = await call(
      editUserAction,
      formRequest(`/users/${admin.id}/edit`, { intent: "save", name: "Hijack", username: admin.username, email: admin.email, roleId: "4", symbolIds: [String(symA1.id)] }, { cookie: subAdminCookie }),
      t.context,
      { id: String(admin.id) },
    );
    expect(res.status).toBe(403);
    expect((await userByEmail(admin.email)).name).toBe(admin.name);

    const customer = await createCustomer();
    const promote = await call(
      editUserAction,
      formRequest(`/users/${customer.id}/edit`, { intent: "save", name: customer.name, username: customer.username, email: customer.email, roleId: "1", status: "on", symbolIds: [String(symA1.id)] }, { cookie: subAdminCookie }),
      t.context,
      { id: String(customer.id) },
    );
    expect(promote.status).toBe(403);
    expect((await userByEmail(customer.email)).roleId).toBe(4);
  });

  it("role 2 cannot delete or switch off a sub-admin (403, still there)", async () => {
    const other = await createUser(t.context.db, { roleId: 2 });
    const del = await call(deleteUserAction, formRequest(`/users/${other.id}/delete`, {}, { cookie: subAdminCookie }), t.context, { id: String(other.id) });
    expect(del.status).toBe(403);
    const off = await call(usersAction, formRequest("/users", { intent: "status", id: String(other.id), status: "0" }, { cookie: subAdminCookie }), t.context);
    expect(off.status).toBe(403);
    const row = await userByEmail(other.email);
    expect(row.status).toBe(true);
  });

  it("deactivating a user ends their session at once", async () => {
    const user = await createCustomer();
    const cookie = await sessionCookieFor(t.context, user.id);
    expect((await call(dashboardLoader, getRequest("/dashboard", { cookie }), t.context)).status).toBe(200);
    const res = await call(usersAction, formRequest("/users?role_id=4&page=1", { intent: "status", id: String(user.id), status: "0" }, { cookie: adminCookie }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/users?role_id=4&page=1");
    expect(await t.context.db.select().from(authSessions).where(eq(authSessions.userId, user.id))).toHaveLength(0);
    const after = await call(dashboardLoader, getRequest("/dashboard", { cookie }), t.context);
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe("/login");
    // Switching back on does not revive the old session.
    await call(usersAction, formRequest("/users", { intent: "status", id: String(user.id), status: "1" }, { cookie: adminCookie }), t.context);
    expect((await userByEmail(user.email)).status).toBe(true);
    expect((await call(dashboardLoader, getRequest("/dashboard", { cookie }), t.context)).status).toBe(302);
  });

  it("deactivating through the edit form ends the sessions too", async () => {
    const user = await createCustomer();
    const cookie = await sessionCookieFor(t.context, user.id);
    const res = await call(
      editUserAction,
      formRequest(`/users/${user.id}/edit`, { intent: "save", name: user.name, username: user.username, email: user.email, roleId: "4", symbolIds: [String(symA1.id)] }, { cookie: adminCookie }),
      t.context,
      { id: String(user.id) },
    );
    expect(res.status).toBe(302);
    expect((await userByEmail(user.email)).status).toBe(false);
    expect((await call(dashboardLoader, getRequest("/dashboard", { cookie }), t.context)).status).toBe(302);
  });

  it("role 1 deletes a customer", async () => {
    const user = await createCustomer();
    const res = await call(deleteUserAction, formRequest(`/users/${user.id}/delete`, {}, { cookie: adminCookie }), t.context, { id: String(user.id) });
    expect(res.status).toBe(302);
    expect(await userByEmail(user.email)).toBeUndefined();
  });
});

describe("/login-user", () => {
  it("lists sessions 20 per page with the role filter and Login Time; role 2 cannot open it", async () => {
    const employee = await createUser(t.context.db, { roleId: 3 });
    for (let i = 0; i < 22; i++) await sessionCookieFor(t.context, employee.id);
    const page1 = await (await call(loginUsersLoader, getRequest("/login-user?role_id=3", { cookie: adminCookie }), t.context)).json();
    expect(page1.rows).toHaveLength(20);
    expect(page1.total).toBeGreaterThanOrEqual(22);
    expect(page1.rows.every((r: { roleId: number }) => r.roleId === 3)).toBe(true);
    expect(page1.rows[0].loginTime).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);
    expect(JSON.stringify(page1)).not.toMatch(/sessionId/);
    const page2 = await (await call(loginUsersLoader, getRequest("/login-user?role_id=3&page=2", { cookie: adminCookie }), t.context)).json();
    expect(page2.rows.length).toBe(page1.total - 20);
    const admins = await (await call(loginUsersLoader, getRequest("/login-user?role_id=1", { cookie: adminCookie }), t.context)).json();
    expect(admins.rows.every((r: { roleId: number }) => r.roleId === 1)).toBe(true);
    const denied = await call(loginUsersLoader, getRequest("/login-user", { cookie: subAdminCookie }), t.context);
    expect(denied.status).toBe(302);
    expect(denied.headers.get("Location")).toBe("/dashboard");
  });
});
