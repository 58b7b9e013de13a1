// The audit log (issue 19): written in the same transaction as the change it records, read on
// /audit-log filtered by actor, record and IST dates, exported as filtered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema";
import { loader as auditLoader } from "~/routes/_admin+/audit-log";
import { loader as auditExportLoader } from "~/routes/_admin+/audit-log.export";
import { action as usersAction } from "~/routes/_admin+/users";
import { action as deleteUserAction } from "~/routes/_admin+/users.$id.delete";
import { action as newUserAction } from "~/routes/_admin+/users.new";
import { action as editUserAction } from "~/routes/_admin+/users.$id.edit";
import { action as newSymbolAction } from "~/routes/_admin+/symbols.new";
import { action as symbolsAction } from "~/routes/_admin+/symbols";
import { eq } from "drizzle-orm";
import { calendarEntries, chavis, users } from "~/db/schema";
import { action as newChaviAction } from "~/routes/_admin+/chavi.new";
import { action as chaviAction } from "~/routes/_admin+/chavi";
import { action as deleteChaviAction } from "~/routes/_admin+/chavi.$id.delete";
import { action as newCalendarAction } from "~/routes/_admin+/calendar.new";
import { action as editCalendarAction } from "~/routes/_admin+/calendar.$id.edit";
import { action as deleteCalendarAction } from "~/routes/_admin+/calendar.$id.delete";
import { createSectorRow, createSymbolRow } from "../support/admin";
import { describeChange } from "~/domain/audit";
import { istDateString, shiftYmd } from "~/domain/dates";
import { recordAudit } from "~/models/audit-log.server";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";

let t: TestContext;
let adminA: { id: number; username: string };
let adminB: { id: number; username: string };
let cookieA: string;
let cookieB: string;
const today = istDateString(new Date());

type AuditPage = { total: number; rows: { actorName: string; action: string; entity: string; entityId: string; changes: string[] }[]; input: { rangeError?: string } };
async function page(search: string, cookie = cookieA): Promise<AuditPage> {
  const res = await call(auditLoader, getRequest(`/audit-log${search}`, { cookie }), t.context);
  expect(res.status).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestContext();
  const a = await createUser(t.context.db, { roleId: 1, username: "auditor_a" });
  const b = await createUser(t.context.db, { roleId: 1, username: "auditor_b" });
  adminA = { id: a.id, username: a.username };
  adminB = { id: b.id, username: b.username };
  cookieA = await sessionCookieFor(t.context, a.id);
  cookieB = await sessionCookieFor(t.context, b.id);
});
afterAll(async () => {
  await t?.close();
});

describe("audit rows of single-user changes", () => {
  it("records a status switch with before and after, and a delete, by their actors", async () => {
    const target = await createUser(t.context.db, { roleId: 4, username: "audited_user" });
    await call(usersAction, formRequest("/users?role_id=4", { intent: "status", id: String(target.id), status: "0" }, { cookie: cookieA }), t.context);
    await call(deleteUserAction, formRequest(`/users/${target.id}/delete`, {}, { cookie: cookieB }), t.context, { id: String(target.id) });
    const all = await page("");
    const mine = all.rows.filter((r) => r.entityId === String(target.id));
    expect(mine.map((r) => [r.actorName, r.action])).toEqual([
      ["auditor_b", "delete"],
      ["auditor_a", "switch"],
    ]);
    expect(mine[1].changes).toContain("status: true → false");
  });

  it("filters by actor, record and date range; a half range is named and ignored", async () => {
    expect((await page(`?actor=${adminB.id}`)).rows.every((r) => r.actorName === "auditor_b")).toBe(true);
    expect((await page(`?actor=${adminB.id}`)).total).toBeGreaterThan(0);
    expect((await page("?entity=symbol")).total).toBe(0);
    expect((await page(`?entity=user&startDate=${today}&endDate=${today}`)).total).toBe(2);
    expect((await page(`?startDate=${shiftYmd(today, -10)}&endDate=${shiftYmd(today, -5)}`)).total).toBe(0);
    const half = await page(`?startDate=${today}`);
    expect(half.input.rangeError).toBe("Please choose both a start and an end date");
    expect(half.total).toBe(2);
    const reversed = await page(`?startDate=${today}&endDate=${shiftYmd(today, -1)}`);
    expect(reversed.input.rangeError).toBe("The end date cannot precede the start date");
    // Hostile parameters read as "any".
    expect((await page("?actor=1%27%20or%201=1&entity=<script>&size=1000000")).total).toBe(2);
  });

  it("is for role 1 only", async () => {
    const sub = await createUser(t.context.db, { roleId: 2 });
    const res = await call(auditLoader, getRequest("/audit-log", { cookie: await sessionCookieFor(t.context, sub.id) }), t.context);
    expect(res.status).toBe(302);
  });

  it("exports the filtered rows as CSV with the changes spelled out", async () => {
    const res = await call(auditExportLoader, getRequest(`/audit-log/export?actor=${adminA.id}&format=csv`, { cookie: cookieA }), t.context);
    expect(res.status).toBe(200);
    const lines = (await res.text()).replace(/^\uFEFF/, "").trim().split("\n");
    expect(lines[0]).toBe("Time,Actor,Action,Entity,Entity Id,Changes,Before,After");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("auditor_a,switch,User");
    expect(lines[1]).toContain("status: true → false");
  });
});

describe("audit rows of the user form and the catalogue", () => {
  it("a created and then edited user, a created and switched symbol and sector, with the fields that changed", async () => {
    const sector = await createSectorRow(t.context.db, "Audit Sector");
    const symbol = await createSymbolRow(t.context.db, sector.id, "AUDITSYM");
    const fields = { intent: "save", roleId: "4", name: "Audit Person", username: "audit_person", email: "audit.person@example.test", password: "long-enough-pass-1", symbolIds: [String(symbol.id)], dateSubscribed: today };
    const created = await call(newUserAction, formRequest("/users/new", fields, { cookie: cookieA }), t.context);
    expect(created.status).toBe(302);
    const [row] = await t.context.db.select({ id: users.id }).from(users).where(eq(users.username, "audit_person"));
    const { password: _password, ...edit } = { ...fields, name: "Audit Person Renamed", status: "on" };
    const edited = await call(editUserAction, formRequest(`/users/${row.id}/edit`, edit, { cookie: cookieB }), t.context, { id: String(row.id) });
    expect(edited.status).toBe(302);
    const rows = (await page(`?entity=user`)).rows.filter((r) => r.entityId === String(row.id));
    expect(rows.map((r) => [r.actorName, r.action])).toEqual([
      ["auditor_b", "update"],
      ["auditor_a", "create"],
    ]);
    expect(rows[0].changes).toEqual(["name: Audit Person → Audit Person Renamed"]);
    expect(JSON.stringify(rows)).not.toContain("long-enough-pass-1");

    await call(newSymbolAction, formRequest("/symbols/new", { sectorId: String(sector.id), name: "AUDITNEW", description: "", lotSize: "1", step: "1", audioScript: "" }, { cookie: cookieA }), t.context);
    await call(symbolsAction, formRequest("/symbols", { intent: "status", id: String(symbol.id), status: "0" }, { cookie: cookieA }), t.context);
    const symbolRows = (await page("?entity=symbol")).rows;
    expect(symbolRows.map((r) => r.action)).toEqual(["switch", "create"]);
    expect(symbolRows[0].changes).toEqual(["status: true → false"]);
  });
});

describe("audit rows of keys and the calendar", () => {
  it("a key created, switched and deleted; a calendar entry created, moved and deleted", async () => {
    const key = { name: "AUDIT_KEY", displayName: "Audit", description: "", type: "plus", srNo: "77", isactive: "on" };
    expect((await call(newChaviAction, formRequest("/chavi/new", key, { cookie: cookieA }), t.context)).status).toBe(302);
    const [row] = await t.context.db.select({ id: chavis.id }).from(chavis).where(eq(chavis.name, "AUDIT_KEY"));
    await call(chaviAction, formRequest("/chavi", { intent: "status", id: String(row.id), status: "0" }, { cookie: cookieA }), t.context);
    await call(deleteChaviAction, formRequest(`/chavi/${row.id}/delete`, {}, { cookie: cookieA }), t.context, { id: String(row.id) });
    const keyRows = (await page("?entity=key")).rows;
    expect(keyRows.map((r) => r.action)).toEqual(["delete", "switch", "create"]);
    expect(keyRows[1].changes).toEqual(["isactive: true → false"]);

    const entry = { segment: "NSE", note: "Audit holiday", date: "2031-01-26", isHoliday: "on" };
    expect((await call(newCalendarAction, formRequest("/calendar/new", entry, { cookie: cookieA }), t.context)).status).toBe(302);
    const [cal] = await t.context.db.select({ id: calendarEntries.id }).from(calendarEntries).where(eq(calendarEntries.note, "Audit holiday"));
    await call(editCalendarAction, formRequest(`/calendar/${cal.id}/edit`, { ...entry, date: "2031-01-27" }, { cookie: cookieA }), t.context, { id: String(cal.id) });
    await call(deleteCalendarAction, formRequest(`/calendar/${cal.id}/delete`, {}, { cookie: cookieA }), t.context, { id: String(cal.id) });
    const calRows = (await page("?entity=calendar")).rows;
    expect(calRows.map((r) => r.action)).toEqual(["delete", "update", "create"]);
    expect(calRows[1].changes).toEqual(["date: 2031-01-26 → 2031-01-27"]);
  });
});

describe("written with the change's own transaction", () => {
  it("a change that fails after its audit row leaves neither", async () => {
    const before = (await t.context.db.select().from(auditLog)).length;
    await expect(
      t.context.db.transaction(async (tx) => {
        await recordAudit(tx, [{ actor: adminA, action: "update", entity: "setting", entityId: 1, before: { a: 1 }, after: { a: 2 } }]);
        throw new Error("the change itself failed");
      }),
    ).rejects.toThrow("the change itself failed");
    expect((await t.context.db.select().from(auditLog)).length).toBe(before);
  });
});

describe("describeChange", () => {
  it("lists only the fields that differ, with — for none", () => {
    expect(describeChange({ a: 1, b: "x", c: null }, { a: 1, b: "y", d: 5 })).toEqual(["b: x → y", "d: — → 5"]);
    // A field only the "before" side has names the record; it is not a change.
    expect(describeChange({ username: "u", status: true }, { status: false })).toEqual(["status: true → false"]);
    expect(describeChange(null, { status: true })).toEqual(["status: — → true"]);
    expect(describeChange({ username: "u", status: true }, null)).toEqual(["username: u → —", "status: true → —"]);
  });
});
