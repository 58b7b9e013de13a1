// Keys (chavi): list paging, Create/Edit Chavi with users and Select All, 'Registration failed'
// plus the reason, delete, assigning keys to a user, and the key order (Save Order and Up/Down).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { chavis, chaviUsers } from "~/db/schema";
import { action as chaviAction, loader as chaviLoader } from "~/routes/_admin+/chavi";
import { action as newChaviAction, loader as newChaviLoader } from "~/routes/_admin+/chavi.new";
import { action as editChaviAction } from "~/routes/_admin+/chavi.$id.edit";
import { action as deleteChaviAction } from "~/routes/_admin+/chavi.$id.delete";
import { action as assignAction, loader as assignLoader } from "~/routes/_admin+/chavi.assign";
import { action as orderAction, loader as orderLoader } from "~/routes/_admin+/key-setting";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";
import { toastMessage } from "../support/admin";

let t: TestContext;
let admin: string;
let employeeId: number;
let customerId: number;
let subAdminId: number;

beforeAll(async () => {
  t = await createTestContext();
  admin = await sessionCookieFor(t.context, (await createUser(t.context.db, { roleId: 1 })).id);
  employeeId = (await createUser(t.context.db, { roleId: 3 })).id;
  customerId = (await createUser(t.context.db, { roleId: 4 })).id;
  subAdminId = (await createUser(t.context.db, { roleId: 2 })).id;
});
afterAll(async () => {
  await t?.close();
});

const usersOf = async (chaviId: number) =>
  (await t.context.db.select().from(chaviUsers).where(eq(chaviUsers.chaviId, chaviId))).map((r) => r.userId).sort();

describe("/chavi", () => {
  it("creates a key for chosen users, and 'Registration failed' plus the reason for a taken name", async () => {
    const res = await call(
      newChaviAction,
      formRequest("/chavi/new", { name: "PLUS_9", displayName: "K9", type: "plus", srNo: "9", description: "d", userIds: [String(employeeId)], isactive: "on" }, { cookie: admin }),
      t.context,
    );
    expect(res.status).toBe(302);
    expect(await toastMessage(t.context.cookies, res)).toBe("Key created successfully");
    const [key] = await t.context.db.select().from(chavis).where(eq(chavis.name, "PLUS_9"));
    expect(key).toMatchObject({ displayName: "K9", type: "plus", srNo: 9, isactive: true });
    expect(await usersOf(key.id)).toEqual([employeeId]);
    const dup = await call(newChaviAction, formRequest("/chavi/new", { name: "plus_9", displayName: "x", type: "minus", srNo: "1" }, { cookie: admin }), t.context);
    expect(dup.status).toBe(400);
    expect((await dup.json()).error.name).toEqual(["Registration failed: a key with this name already exists"]);
    const bad = await call(newChaviAction, formRequest("/chavi/new", { name: "X", displayName: "x", type: "sideways", srNo: "one" }, { cookie: admin }), t.context);
    const errors = (await bad.json()).error;
    expect(errors.type).toEqual(["Please select a type"]);
    expect(errors.srNo).toEqual(["Sr No must be a number"]);
  });

  it("Select All assigns every user who can receive keys (not sub-admins); edit turns it off", async () => {
    const res = await call(newChaviAction, formRequest("/chavi/new", { name: "MINUS_9", displayName: "K9", type: "minus", srNo: "9", allUsers: "on", isactive: "on" }, { cookie: admin }), t.context);
    expect(res.status).toBe(302);
    const [key] = await t.context.db.select().from(chavis).where(eq(chavis.name, "MINUS_9"));
    const assigned = await usersOf(key.id);
    expect(assigned).toContain(employeeId);
    expect(assigned).toContain(customerId);
    expect(assigned).not.toContain(subAdminId);
    const choices = (await (await call(newChaviLoader, getRequest("/chavi/new", { cookie: admin }), t.context)).json()).users;
    expect(assigned).toEqual(choices.map((u: { id: number }) => u.id).sort());
    const edit = await call(
      editChaviAction,
      formRequest(`/chavi/${key.id}/edit`, { name: "MINUS_9", displayName: "K9b", type: "minus", srNo: "9", userIds: [String(customerId)] }, { cookie: admin }),
      t.context,
      { id: String(key.id) },
    );
    expect(edit.status).toBe(302);
    const [after] = await t.context.db.select().from(chavis).where(eq(chavis.id, key.id));
    expect(after).toMatchObject({ displayName: "K9b", isactive: false });
    expect(await usersOf(key.id)).toEqual([customerId]);
  });

  it("pages 10 at a time, switches status, and deletes with the server's message", async () => {
    for (let i = 0; i < 10; i++) await t.context.db.insert(chavis).values({ name: `PAGE_${i}`, displayName: `P${i}`, type: "plus", srNo: i + 1 });
    const page1 = await (await call(chaviLoader, getRequest("/chavi", { cookie: admin }), t.context)).json();
    expect(page1.rows).toHaveLength(10);
    expect(page1.total).toBe(12);
    const page2 = await (await call(chaviLoader, getRequest("/chavi?page=2", { cookie: admin }), t.context)).json();
    expect(page2.rows.map((r: { name: string }) => r.name).sort()).toEqual(["MINUS_9", "PLUS_9"]);
    const target = page2.rows.find((r: { name: string }) => r.name === "PLUS_9");
    await call(chaviAction, formRequest("/chavi?page=2", { intent: "status", id: String(target.id), status: "0" }, { cookie: admin }), t.context);
    expect((await t.context.db.select().from(chavis).where(eq(chavis.id, target.id)))[0].isactive).toBe(false);
    const del = await call(deleteChaviAction, formRequest(`/chavi/${target.id}/delete`, {}, { cookie: admin }), t.context, { id: String(target.id) });
    expect(await toastMessage(t.context.cookies, del)).toBe("Key PLUS_9 deleted successfully");
    expect(await t.context.db.select().from(chavis).where(eq(chavis.id, target.id))).toHaveLength(0);
    const again = await call(deleteChaviAction, formRequest(`/chavi/${target.id}/delete`, {}, { cookie: admin }), t.context, { id: String(target.id) });
    expect(await toastMessage(t.context.cookies, again)).toBe("Key not found: it may have been deleted already");
  });
});

describe("assigning keys to a user", () => {
  it("sets exactly the chosen keys for the user; a sub-admin cannot receive keys", async () => {
    const keys = await t.context.db.select({ id: chavis.id }).from(chavis).orderBy(asc(chavis.id)).limit(3);
    const res = await call(
      assignAction,
      formRequest("/chavi/assign", { userId: String(employeeId), chaviIds: keys.slice(0, 2).map((k) => String(k.id)) }, { cookie: admin }),
      t.context,
    );
    expect(res.status).toBe(302);
    expect(await toastMessage(t.context.cookies, res)).toMatch(/^Keys assigned to .+: 2$/);
    const view = await (await call(assignLoader, getRequest(`/chavi/assign?userId=${employeeId}`, { cookie: admin }), t.context)).json();
    expect(view.assigned.sort()).toEqual(keys.slice(0, 2).map((k) => k.id).sort());
    const bad = await call(assignAction, formRequest("/chavi/assign", { userId: String(subAdminId), chaviIds: [String(keys[0].id)] }, { cookie: admin }), t.context);
    expect(bad.status).toBe(400);
    expect((await bad.json()).formError).toBe("Registration failed: this user cannot receive keys");
    const none = await call(assignAction, formRequest("/chavi/assign", {}, { cookie: admin }), t.context);
    expect((await none.json()).formError).toBe("Registration failed: please select a user");
  });
});

describe("/key-setting", () => {
  it("moves a key with Up/Down and saves a full order; a partial order is refused", async () => {
    const before = (await (await call(orderLoader, getRequest("/key-setting", { cookie: admin }), t.context)).json()).keys.map((k: { id: number }) => k.id);
    const moved = await call(orderAction, formRequest("/key-setting", { intent: "move", id: String(before[1]), direction: "up" }, { cookie: admin }), t.context);
    expect(await toastMessage(t.context.cookies, moved)).toBe("Key order saved successfully");
    const afterMove = (await (await call(orderLoader, getRequest("/key-setting", { cookie: admin }), t.context)).json()).keys.map((k: { id: number }) => k.id);
    expect(afterMove).toEqual([before[1], before[0], ...before.slice(2)]);
    const reversed = [...before].reverse();
    await call(orderAction, formRequest("/key-setting", { intent: "save-order", order: reversed.map(String) }, { cookie: admin }), t.context);
    const afterSave = (await (await call(orderLoader, getRequest("/key-setting", { cookie: admin }), t.context)).json()).keys.map((k: { id: number }) => k.id);
    expect(afterSave).toEqual(reversed);
    const partial = await call(orderAction, formRequest("/key-setting", { intent: "save-order", order: reversed.slice(1).map(String) }, { cookie: admin }), t.context);
    expect(await toastMessage(t.context.cookies, partial)).toBe("The key list changed meanwhile: reload and order again");
    const unchanged = (await (await call(orderLoader, getRequest("/key-setting", { cookie: admin }), t.context)).json()).keys.map((k: { id: number }) => k.id);
    expect(unchanged).toEqual(reversed);
  });
});
