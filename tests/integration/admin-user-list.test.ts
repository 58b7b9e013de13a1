// The user list an operations team works from (issue 19): admins listable (defect 3), search,
// sort, page size, subscription filters, bulk actions with their audit rows in the same
// transaction, exports that match the list, and dialog routes that keep the list's search
// (defect 5). Through the real loaders and actions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { eq, inArray } from "drizzle-orm";
import { auditLog, chavis, chaviUsers, subscriptions, users } from "~/db/schema";
import { loader as usersLoader } from "~/routes/_admin+/users";
import { action as bulkAction, loader as bulkLoader } from "~/routes/_admin+/users.bulk";
import { loader as exportLoader } from "~/routes/_admin+/users.export";
import { action as editUserAction } from "~/routes/_admin+/users.$id.edit";
import { action as deleteUserAction } from "~/routes/_admin+/users.$id.delete";
import { istDateString, shiftYmd } from "~/domain/dates";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, ORIGIN, sessionCookieFor } from "../support/requests";
import { dispatchApi } from "~/api/dispatch.server";
import { createAuthSession } from "~/models/auth-session.server";
import { createUser } from "../support/factories";
import { createSectorRow, createSymbolRow, toastMessage } from "../support/admin";

let t: TestContext;
let admin: { id: number; username: string };
let adminCookie: string;
let subAdminCookie: string;
let symbolId: number;
const today = istDateString(new Date());

async function subscribe(userId: number, dateExpired: string | null, dateSubscribed = shiftYmd(today, -30)) {
  await t.context.db.insert(subscriptions).values({ userId, dateSubscribed, dateExpired });
}

async function listJson(search: string, cookie = adminCookie) {
  const res = await call(usersLoader, getRequest(`/users${search}`, { cookie }), t.context);
  expect(res.status).toBe(200);
  return (await res.json()) as { roleId: number; total: number; rows: { id: number; username: string; dateExpired: string | null; status: boolean; roleId: number }[] };
}

beforeAll(async () => {
  t = await createTestContext();
  const a = await createUser(t.context.db, { roleId: 1, username: "ops_admin" });
  admin = { id: a.id, username: a.username };
  const subAdmin = await createUser(t.context.db, { roleId: 2, username: "ops_subadmin" });
  adminCookie = await sessionCookieFor(t.context, admin.id);
  subAdminCookie = await sessionCookieFor(t.context, subAdmin.id);
  const sector = await createSectorRow(t.context.db, "Ops Sector");
  symbolId = (await createSymbolRow(t.context.db, sector.id, "OPS1")).id;
});
afterAll(async () => {
  await t?.close();
});

describe("defect 3: admin accounts can be listed", () => {
  it("role_id=1 lists admins for role 1, and the filter offers Admin", async () => {
    const body = await listJson("?role_id=1");
    expect(body.roleId).toBe(1);
    expect(body.rows.map((r) => r.username)).toContain("ops_admin");
    expect(body.rows.every((r) => r.roleId === 1)).toBe(true);
    expect(((await listJson("")) as unknown as { roles: number[] }).roles).toContain(1);
  });
  it("the JSON API lists admins for role_id=1 (it answered customers before)", async () => {
    const session = await createAuthSession(t.context.db, admin.id);
    const res = await dispatchApi(new Request(`${ORIGIN}/api/admin/user/list?role_id=1`, { headers: { Authorization: `Bearer ${session.id}` } }), t.context);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { username: string; role_id: number }[] };
    expect(body.data.map((u) => u.username)).toContain("ops_admin");
    expect(body.data.every((u) => u.role_id === 1)).toBe(true);
  });
});

describe("search, sort, page size and subscription filters", () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const make = async (username: string, name: string, expiry: string | null) => {
      const u = await createUser(t.context.db, { roleId: 3, username, name, email: `${username}@list.test` });
      await subscribe(u.id, expiry);
      return u.id;
    };
    ids = {
      anand: await make("anand_k", "Anand Kumar", shiftYmd(today, 3)),
      bhavna: await make("bhavna_s", "Bhavna Shah", shiftYmd(today, 40)),
      chetan: await make("chetan_r", "Chetan Rao", shiftYmd(today, -2)),
      // A search for 50% must find only this one: LIKE's wildcards are escaped.
      percent: await make("disc_50pct", "Discount 50% Desk", shiftYmd(today, 10)),
    };
  });

  it("searches user name, name and email, case-insensitively, with wildcards taken literally", async () => {
    expect((await listJson("?role_id=3&q=BHAVNA")).rows.map((r) => r.username)).toEqual(["bhavna_s"]);
    expect((await listJson("?role_id=3&q=chetan_r%40list")).rows.map((r) => r.username)).toEqual(["chetan_r"]);
    expect((await listJson("?role_id=3&q=Rao")).rows.map((r) => r.username)).toEqual(["chetan_r"]);
    expect((await listJson("?role_id=3&q=50%25")).rows.map((r) => r.username)).toEqual(["disc_50pct"]);
    expect((await listJson("?role_id=3&q=_")).total).toBe(4);
    expect((await listJson("?role_id=3&q=nobody-like-this")).total).toBe(0);
  });

  it("sorts by a column both ways, and ignores an unknown sort", async () => {
    const asc = (await listJson("?role_id=3&sort=username&dir=asc")).rows.map((r) => r.username);
    expect(asc).toEqual(["anand_k", "bhavna_s", "chetan_r", "disc_50pct"]);
    const desc = (await listJson("?role_id=3&sort=username&dir=desc")).rows.map((r) => r.username);
    expect(desc).toEqual([...asc].reverse());
    const byExpiry = (await listJson("?role_id=3&sort=expiry&dir=asc")).rows.map((r) => r.username);
    expect(byExpiry).toEqual(["chetan_r", "anand_k", "disc_50pct", "bhavna_s"]);
    const hostile = await listJson("?role_id=3&sort=password_hash;drop&dir=sideways");
    expect(hostile.total).toBe(4);
  });

  it("pages with a chosen size; a size not offered reads as the default", async () => {
    expect((await listJson("?role_id=3&size=25")).rows).toHaveLength(4);
    for (let i = 0; i < 11; i++) await createUser(t.context.db, { roleId: 3, username: `filler_${i}` });
    expect((await listJson("?role_id=3&size=25")).rows).toHaveLength(15);
    expect((await listJson("?role_id=3&size=7")).rows).toHaveLength(10);
    expect((await listJson("?role_id=3&size=10&page=2")).rows).toHaveLength(5);
  });

  it("filters subscriptions expiring within N days and those expired", async () => {
    const within7 = (await listJson("?role_id=3&sub=expiring&within=7")).rows.map((r) => r.username);
    expect(within7).toEqual(["anand_k"]);
    const within15 = (await listJson("?role_id=3&sub=expiring&within=15&sort=username&dir=asc")).rows.map((r) => r.username);
    expect(within15).toEqual(["anand_k", "disc_50pct"]);
    expect((await listJson("?role_id=3&sub=expired")).rows.map((r) => r.username)).toEqual(["chetan_r"]);
  });

  it("exports exactly the filtered, sorted list as CSV and Excel", async () => {
    const csv = await call(exportLoader, getRequest("/users/export?role_id=3&q=a&sort=username&dir=asc&format=csv", { cookie: adminCookie }), t.context);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\n");
    expect(lines[0]).toBe("Id,User Name,Name,Email,Role,Expiry Date,subscribed Date,Status");
    const listed = (await listJson("?role_id=3&q=a&sort=username&dir=asc&size=100")).rows.map((r) => r.username);
    expect(lines.slice(1).map((l) => l.split(",")[1])).toEqual(listed);

    const xlsx = await call(exportLoader, getRequest("/users/export?role_id=3&sub=expired&format=xlsx", { cookie: adminCookie }), t.context);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(2).getCell(2).value).toBe("chetan_r");
    expect(sheet.rowCount).toBe(2);

    const bad = await call(exportLoader, getRequest("/users/export?role_id=3&format=exe", { cookie: adminCookie }), t.context);
    expect(bad.status).toBe(400);
    const forbidden = await call(exportLoader, getRequest("/users/export?role_id=1&format=csv", { cookie: subAdminCookie }), t.context);
    expect(forbidden.status).toBe(403);
  });
});

describe("bulk actions", () => {
  async function customers(n: number, expiry: string | null) {
    const made: number[] = [];
    for (let i = 0; i < n; i++) {
      const u = await createUser(t.context.db, { roleId: 4 });
      await subscribe(u.id, expiry);
      made.push(u.id);
    }
    return made;
  }

  it("the confirmation names the count and the accounts; nothing changes until it is confirmed", async () => {
    const ids = await customers(3, shiftYmd(today, 5));
    const search = `?role_id=4&bulk=extend&days=30&${ids.map((id) => `ids=${id}`).join("&")}`;
    const res = await call(bulkLoader, getRequest(`/users/bulk${search}`, { cookie: adminCookie }), t.context);
    const body = await res.json();
    expect(body.question).toBe("Extend the subscriptions of 3 users by 30 days?");
    expect(body.targets).toHaveLength(3);
    const rows = await t.context.db.select().from(subscriptions).where(inArray(subscriptions.userId, ids));
    expect(rows.every((r) => r.dateExpired === shiftYmd(today, 5))).toBe(true);
  });

  it("extends every chosen subscription from its expiry (or from today when ended), with one audit row each, and returns to the list's page", async () => {
    const live = await customers(2, shiftYmd(today, 5));
    const [ended] = await customers(1, shiftYmd(today, -10));
    const ids = [...live, ended];
    const res = await call(
      bulkAction,
      formRequest("/users/bulk?role_id=4&q=user&page=2&bulk=extend&days=30", { bulk: "extend", days: "30", ids: ids.map(String) }, { cookie: adminCookie }),
      t.context,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/users?role_id=4&q=user&page=2");
    expect(await toastMessage(t.context.cookies, res)).toBe("Subscriptions of 3 users extended by 30 days");
    const after = await t.context.db.select().from(subscriptions).where(inArray(subscriptions.userId, ids));
    const expiry = new Map(after.map((r) => [r.userId, r.dateExpired]));
    expect(expiry.get(live[0])).toBe(shiftYmd(today, 35));
    expect(expiry.get(ended)).toBe(shiftYmd(today, 30));
    const audit = await t.context.db.select().from(auditLog).where(eq(auditLog.action, "extend"));
    const mine = audit.filter((r) => ids.map(String).includes(r.entityId ?? ""));
    expect(mine).toHaveLength(3);
    const row = mine.find((r) => r.entityId === String(ended))!;
    expect(row.actorId).toBe(admin.id);
    expect(row.actorName).toBe("ops_admin");
    expect(row.before).toMatchObject({ dateExpired: shiftYmd(today, -10) });
    expect(row.after).toEqual({ dateExpired: shiftYmd(today, 30) });
  });

  it("is all or nothing: one account the actor may not manage refuses the whole action and writes no audit row", async () => {
    const ids = await customers(2, null);
    const otherAdmin = await createUser(t.context.db, { roleId: 1 });
    const before = (await t.context.db.select().from(auditLog)).length;
    const res = await call(
      bulkAction,
      formRequest("/users/bulk?role_id=4", { bulk: "deactivate", ids: [...ids, otherAdmin.id].map(String) }, { cookie: subAdminCookie }),
      t.context,
    );
    expect(res.status).toBe(302);
    expect(await toastMessage(t.context.cookies, res)).toContain("You do not have permission to do this.");
    const rows = await t.context.db.select().from(users).where(inArray(users.id, [...ids, otherAdmin.id]));
    expect(rows.every((r) => r.status)).toBe(true);
    expect((await t.context.db.select().from(auditLog)).length).toBe(before);
  });

  it("never deactivates or deletes the actor's own account", async () => {
    const ids = await customers(1, null);
    const res = await call(bulkAction, formRequest("/users/bulk", { bulk: "delete", ids: [...ids, admin.id].map(String) }, { cookie: adminCookie }), t.context);
    expect(await toastMessage(t.context.cookies, res)).toBe("You cannot delete your own account.");
    expect(await t.context.db.select().from(users).where(inArray(users.id, ids))).toHaveLength(1);
  });

  it("activates, deactivates and deletes, auditing each", async () => {
    const ids = await customers(2, null);
    await call(bulkAction, formRequest("/users/bulk", { bulk: "deactivate", ids: ids.map(String) }, { cookie: adminCookie }), t.context);
    expect((await t.context.db.select().from(users).where(inArray(users.id, ids))).every((r) => !r.status)).toBe(true);
    await call(bulkAction, formRequest("/users/bulk", { bulk: "activate", ids: ids.map(String) }, { cookie: adminCookie }), t.context);
    expect((await t.context.db.select().from(users).where(inArray(users.id, ids))).every((r) => r.status)).toBe(true);
    const res = await call(bulkAction, formRequest("/users/bulk", { bulk: "delete", ids: ids.map(String) }, { cookie: adminCookie }), t.context);
    expect(await toastMessage(t.context.cookies, res)).toBe("2 users deleted");
    expect(await t.context.db.select().from(users).where(inArray(users.id, ids))).toHaveLength(0);
    const audit = (await t.context.db.select().from(auditLog)).filter((r) => ids.map(String).includes(r.entityId ?? ""));
    expect(audit.map((r) => r.action).sort()).toEqual(["delete", "delete", "switch", "switch", "switch", "switch"]);
  });

  it("refuses hostile input without changing anything", async () => {
    const [id] = await customers(1, shiftYmd(today, 1));
    for (const fields of [
      { bulk: "extend", ids: [String(id)] },
      { bulk: "extend", days: "0", ids: [String(id)] },
      { bulk: "extend", days: "99999", ids: [String(id)] },
      { bulk: "promote", ids: [String(id)] },
      { bulk: "activate", ids: ["abc"] },
      { bulk: "activate" },
    ]) {
      const res = await call(bulkAction, formRequest("/users/bulk", fields as Record<string, string | string[]>, { cookie: adminCookie }), t.context);
      expect(res.status).toBe(400);
    }
    const [row] = await t.context.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
    expect(row.dateExpired).toBe(shiftYmd(today, 1));
    const page = await (await call(bulkLoader, getRequest(`/users/bulk?bulk=extend&ids=${id}`, { cookie: adminCookie }), t.context)).json();
    expect(page.ok).toBe(false);
    expect(page.errors.join(" ")).toContain("Enter the number of days to extend by");
  });
});

describe("bulk key assignment", () => {
  it("assigns and removes keys for every chosen user in one go, named in the confirmation and audited", async () => {
    const [k1] = await t.context.db.insert(chavis).values({ name: "BULK_K1", displayName: "K1", type: "plus", srNo: 91 }).returning({ id: chavis.id });
    const [k2] = await t.context.db.insert(chavis).values({ name: "BULK_K2", displayName: "K2", type: "minus", srNo: 92 }).returning({ id: chavis.id });
    const a = await createUser(t.context.db, { roleId: 4 });
    const b = await createUser(t.context.db, { roleId: 3 });
    const ids = [a.id, b.id].map(String);
    const keys = [String(k1.id), String(k2.id)];
    const confirmation = await (await call(bulkLoader, getRequest(`/users/bulk?bulk=assign-keys&${ids.map((i) => `ids=${i}`).join("&")}&keys=${k1.id}&keys=${k2.id}`, { cookie: adminCookie }), t.context)).json();
    expect(confirmation.question).toBe("Assign 2 keys (BULK_K1, BULK_K2) to 2 users?");
    const assigned = await call(bulkAction, formRequest("/users/bulk", { bulk: "assign-keys", ids, keys }, { cookie: adminCookie }), t.context);
    expect(await toastMessage(t.context.cookies, assigned)).toBe("2 keys (BULK_K1, BULK_K2) assigned to 2 users");
    const held = async (userId: number) => (await t.context.db.select().from(chaviUsers).where(eq(chaviUsers.userId, userId))).map((r) => r.chaviId).sort((x, y) => x - y);
    expect(await held(a.id)).toEqual([k1.id, k2.id]);
    const removed = await call(bulkAction, formRequest("/users/bulk", { bulk: "remove-keys", ids, keys: [String(k1.id)] }, { cookie: adminCookie }), t.context);
    expect(await toastMessage(t.context.cookies, removed)).toBe("1 key (BULK_K1) removed from 2 users");
    expect(await held(b.id)).toEqual([k2.id]);
    const audit = (await t.context.db.select().from(auditLog)).filter((r) => r.entityId === String(a.id));
    expect(audit.map((r) => r.after)).toEqual([{ keyIds: [k1.id, k2.id] }, { keyIds: [k2.id] }]);
  });

  it("refuses a sub-admin (keys are role 1's), a sub-admin target, and a key that does not exist, changing nothing", async () => {
    const [k] = await t.context.db.insert(chavis).values({ name: "BULK_K3", displayName: "K3", type: "plus", srNo: 93 }).returning({ id: chavis.id });
    const customer = await createUser(t.context.db, { roleId: 4 });
    const sub = await createUser(t.context.db, { roleId: 2, username: "no_keys_sub" });
    const bySub = await call(bulkAction, formRequest("/users/bulk", { bulk: "assign-keys", ids: [String(customer.id)], keys: [String(k.id)] }, { cookie: subAdminCookie }), t.context);
    expect(await toastMessage(t.context.cookies, bySub)).toBe("You do not have permission to do this.");
    const toSub = await call(bulkAction, formRequest("/users/bulk", { bulk: "assign-keys", ids: [String(customer.id), String(sub.id)], keys: [String(k.id)] }, { cookie: adminCookie }), t.context);
    expect(await toastMessage(t.context.cookies, toSub)).toContain("no_keys_sub cannot receive keys");
    const missing = await call(bulkAction, formRequest("/users/bulk", { bulk: "assign-keys", ids: [String(customer.id)], keys: [String(k.id), "999999"] }, { cookie: adminCookie }), t.context);
    expect(await toastMessage(t.context.cookies, missing)).toContain("Some of the chosen keys no longer exist");
    expect(await t.context.db.select().from(chaviUsers).where(eq(chaviUsers.userId, customer.id))).toHaveLength(0);
    const noKeys = await call(bulkAction, formRequest("/users/bulk", { bulk: "assign-keys", ids: [String(customer.id)] }, { cookie: adminCookie }), t.context);
    expect(noKeys.status).toBe(400);
  });
});

describe("defect 5: dialog routes keep the list's page and filters", () => {
  it("saving an edit and deleting return to the list's search", async () => {
    const u = await createUser(t.context.db, { roleId: 4, username: "keep_search" });
    const saved = await call(
      editUserAction,
      formRequest(
        "/users/" + u.id + "/edit?role_id=4&q=keep&sort=username&dir=asc&page=3",
        { intent: "save", roleId: "4", name: "Keep Search", username: "keep_search", email: u.email, status: "on", symbolIds: [String(symbolId)], dateSubscribed: today },
        { cookie: adminCookie },
      ),
      t.context,
      { id: String(u.id) },
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/users?role_id=4&q=keep&sort=username&dir=asc&page=3");
    const deleted = await call(deleteUserAction, formRequest(`/users/${u.id}/delete?role_id=4&page=2`, {}, { cookie: adminCookie }), t.context, { id: String(u.id) });
    expect(deleted.headers.get("Location")).toBe("/users?role_id=4&page=2");
  });
});
