// An operator's help for a user (issue 19): a password reset link mailed by an admin, and
// "sign out all sessions", each audited, each only for accounts the operator may manage.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, authSessions } from "~/db/schema";
import { action as securityAction, loader as securityLoader } from "~/routes/_admin+/users.$id.security";
import { loader as dashboardLoader } from "~/routes/_market+/dashboard";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";
import { toastMessage } from "../support/admin";

let t: TestContext;
let adminCookie: string;
let subAdminCookie: string;

beforeAll(async () => {
  t = await createTestContext();
  adminCookie = await sessionCookieFor(t.context, (await createUser(t.context.db, { roleId: 1, username: "helper_admin" })).id);
  subAdminCookie = await sessionCookieFor(t.context, (await createUser(t.context.db, { roleId: 2 })).id);
});
afterAll(async () => {
  await t?.close();
});

const post = (id: number, intent: string, cookie = adminCookie, search = "") =>
  call(securityAction, formRequest(`/users/${id}/security${search}`, { intent }, { cookie }), t.context, { id: String(id) });

describe("send a password reset link", () => {
  it("mails the user a working one-time link, audits it and returns to the list's search", async () => {
    const user = await createUser(t.context.db, { roleId: 4, email: "stuck.user@example.test" });
    const before = t.outbox.length;
    const res = await post(user.id, "reset-link", adminCookie, "?role_id=4&page=2");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/users?role_id=4&page=2");
    expect(await toastMessage(t.context.cookies, res)).toBe("A password reset link was sent to stuck.user@example.test");
    expect(t.outbox).toHaveLength(before + 1);
    const mail = t.outbox.at(-1)!;
    expect(mail.to).toBe("stuck.user@example.test");
    expect(mail.text).toMatch(/\/reset-password\/[A-Za-z0-9_-]{20,}/);
    const [row] = await t.context.db.select().from(auditLog).where(eq(auditLog.entityId, String(user.id)));
    expect(row.action).toBe("reset-password");
    expect(row.actorName).toBe("helper_admin");
  });

  it("refuses an inactive account in words and mails nothing", async () => {
    const user = await createUser(t.context.db, { roleId: 4, status: false });
    const before = t.outbox.length;
    const res = await post(user.id, "reset-link");
    expect(await toastMessage(t.context.cookies, res)).toBe("This account is inactive: activate it before sending a reset link.");
    expect(t.outbox).toHaveLength(before);
  });
});

describe("sign out all sessions", () => {
  it("ends every session of the user at once, audited with the count", async () => {
    const user = await createUser(t.context.db, { roleId: 4 });
    const cookieA = await sessionCookieFor(t.context, user.id);
    await sessionCookieFor(t.context, user.id);
    expect((await call(dashboardLoader, getRequest("/dashboard", { cookie: cookieA }), t.context)).status).toBe(200);
    const res = await post(user.id, "sign-out-all");
    expect(await toastMessage(t.context.cookies, res)).toMatch(/was signed out everywhere \(2 sessions ended\)$/);
    expect(await t.context.db.select().from(authSessions).where(eq(authSessions.userId, user.id))).toHaveLength(0);
    const after = await call(dashboardLoader, getRequest("/dashboard", { cookie: cookieA }), t.context);
    expect(after.status).toBe(302);
    const rows = await t.context.db.select().from(auditLog).where(eq(auditLog.entityId, String(user.id)));
    expect(rows.map((r) => r.action)).toEqual(["sign-out-all"]);
    expect(rows[0].before).toMatchObject({ sessions: 2 });
  });
});

describe("who may", () => {
  it("role 2 cannot act on an admin, and a bad intent changes nothing", async () => {
    const admin = await createUser(t.context.db, { roleId: 1 });
    const session = await sessionCookieFor(t.context, admin.id);
    const refused = await post(admin.id, "sign-out-all", subAdminCookie);
    expect(refused.status).toBe(403);
    expect((await call(securityLoader, getRequest(`/users/${admin.id}/security`, { cookie: subAdminCookie }), t.context, { id: String(admin.id) })).status).toBe(403);
    expect((await call(dashboardLoader, getRequest("/dashboard", { cookie: session }), t.context)).status).toBe(200);
    const user = await createUser(t.context.db, { roleId: 4 });
    expect((await post(user.id, "delete-everything")).status).toBe(400);
  });
});
