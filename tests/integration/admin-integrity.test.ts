// Issue 19, defect 9 (docs/decisions/145): one calendar entry per segment and day (page and API,
// checked in the write's transaction) and a confirmed Delete; one key per rung (type and Sr No);
// the /reference-point Delete behind a confirmation that names the point; no symbol saved into
// a switched-off sector, which the symbol form no longer offers.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dispatchApi } from "~/api/dispatch.server";
import type { AppTransaction } from "~/db/client.server";
import { calendarEntries, chavis, referencePoints, sectors, symbols } from "~/db/schema";
import { createAuthSession } from "~/models/auth-session.server";
import { saveReferencePoints } from "~/models/reference-point.server";
import { action as newCalendarAction } from "~/routes/_admin+/calendar.new";
import { action as editCalendarAction } from "~/routes/_admin+/calendar.$id.edit";
import { action as deleteCalendarAction, loader as deleteCalendarLoader } from "~/routes/_admin+/calendar.$id.delete";
import { action as newChaviAction } from "~/routes/_admin+/chavi.new";
import { action as editChaviAction } from "~/routes/_admin+/chavi.$id.edit";
import { loader as newSymbolLoader, action as newSymbolAction } from "~/routes/_admin+/symbols.new";
import { loader as editSymbolLoader, action as editSymbolAction } from "~/routes/_admin+/symbols.$id.edit";
import { loader as referenceLoader, action as referenceAction } from "~/routes/_market+/reference-point";
import { loader as deletePointLoader } from "~/routes/_market+/reference-point.$id.delete";
import { lockCalendarDay } from "~/models/calendar.server";
import { lockKeyWrites } from "~/models/chavi-admin.server";
import { createCalendarEntry } from "~/services/calendar.server";
import { createSymbol } from "~/services/catalogue.server";
import { createKey } from "~/services/keys.server";
import { createSectorRow, createSymbolRow, toastMessage } from "../support/admin";
import { createTestContext, type TestContext } from "../support/context";
import { createUser } from "../support/factories";
import { call, formRequest, getRequest, ORIGIN, sessionCookieFor } from "../support/requests";

let t: TestContext;
let admin: string;
let adminActor: { id: number; username: string };
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  const user = await createUser(t.context.db, { roleId: 1 });
  adminActor = { id: user.id, username: user.username };
  admin = await sessionCookieFor(t.context, user.id);
  token = (await createAuthSession(t.context.db, user.id)).id;
});
afterAll(async () => {
  await t?.close();
});

async function api(method: string, path: string, json?: unknown) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (json !== undefined) headers["Content-Type"] = "application/json";
  const res = await dispatchApi(new Request(ORIGIN + path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) }), t.context);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

// On PostgreSQL, writes on several connections interleave: these tests hold one write open, start
// a second one, wait until the database shows it waiting on a lock, then let the first commit.
// (The embedded database runs one transaction at a time, so there they cannot interleave.)
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function whileHeld<T>(hold: (tx: AppTransaction) => Promise<void>, second: () => Promise<T>): Promise<T> {
  let pending!: Promise<T>;
  await t.context.db.transaction(async (tx) => {
    await hold(tx);
    pending = second();
    await expect
      .poll(async () => {
        const rows = await t.context.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        return Number((rows as unknown as { rows: { n: number }[] }).rows[0].n);
      })
      .toBeGreaterThan(0);
  });
  return pending;
}

const entriesOn = (segment: string, date: string) =>
  t.context.db.select().from(calendarEntries).where(and(eq(calendarEntries.segment, segment), eq(calendarEntries.date, date)));

const holiday = (note: string, date: string, segment = "NSE") => ({ segment, note, date, isHoliday: "on" });

describe("calendar: one entry per segment and day", () => {
  it("refuses a second entry on a segment's day on the page, under Date, and stores nothing", async () => {
    const first = await call(newCalendarAction, formRequest("/calendar/new", holiday("Holi", "2027-03-22"), { cookie: admin }), t.context);
    expect(first.status).toBe(302);
    const again = await call(newCalendarAction, formRequest("/calendar/new", holiday("Holi again", "2027-03-22"), { cookie: admin }), t.context);
    expect(again.status).toBe(409);
    expect((await again.json()).error.date).toEqual(["NSE already has an entry on 22-03-2027 (Holi): edit that entry instead"]);
    expect(await entriesOn("NSE", "2027-03-22")).toHaveLength(1);
    // Another segment's day is another entry.
    const usa = await call(newCalendarAction, formRequest("/calendar/new", holiday("Not a US holiday", "2027-03-22", "USA"), { cookie: admin }), t.context);
    expect(usa.status).toBe(302);
  });

  it("refuses an edit that moves an entry onto a taken day, and saves an entry onto its own day", async () => {
    const [a] = await t.context.db.insert(calendarEntries).values({ segment: "NSE", note: "Day A", date: "2027-04-01", isHoliday: true }).returning();
    const [b] = await t.context.db.insert(calendarEntries).values({ segment: "NSE", note: "Day B", date: "2027-04-02", isHoliday: true }).returning();
    const clash = await call(editCalendarAction, formRequest(`/calendar/${b.id}/edit`, holiday("Day B", "2027-04-01"), { cookie: admin }), t.context, { id: String(b.id) });
    expect(clash.status).toBe(409);
    expect((await clash.json()).error.date).toEqual(["NSE already has an entry on 01-04-2027 (Day A): edit that entry instead"]);
    expect((await t.context.db.select().from(calendarEntries).where(eq(calendarEntries.id, b.id)))[0].date).toBe("2027-04-02");
    const same = await call(editCalendarAction, formRequest(`/calendar/${a.id}/edit`, holiday("Day A renamed", "2027-04-01"), { cookie: admin }), t.context, { id: String(a.id) });
    expect(same.status).toBe(302);
  });

  it("two entries on one day written before the rule can each still be edited in place, and one deleted", async () => {
    const [a, b] = await t.context.db
      .insert(calendarEntries)
      .values([
        { segment: "USA", note: "Legacy A", date: "2027-05-31", isHoliday: true },
        { segment: "USA", note: "Legacy B", date: "2027-05-31", isHoliday: true },
      ])
      .returning();
    for (const row of [a, b]) {
      const res = await call(editCalendarAction, formRequest(`/calendar/${row.id}/edit`, holiday(`${row.note} edited`, "2027-05-31", "USA"), { cookie: admin }), t.context, { id: String(row.id) });
      expect(res.status).toBe(302);
    }
    expect((await entriesOn("USA", "2027-05-31")).map((r) => r.note).sort()).toEqual(["Legacy A edited", "Legacy B edited"]);
  });

  it("the JSON API answers 409 with the field date, and two saves of one day at once store one", async () => {
    const body = { segment: "USA", note: "Independence Day", date: "2027-07-05", isHoliday: 1 };
    expect((await api("POST", "/api/admin/calender/create", body)).status).toBe(201);
    const dup = await api("POST", "/api/admin/calender/create", { ...body, note: "Twice" });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ msg: "USA already has an entry on 05-07-2027 (Independence Day): edit that entry instead", path: "date" }]);
    const input = { segment: "NSE" as const, note: "Race", date: "2027-08-16", isHoliday: true, isWeekFirstDay: false, isWeekLastDay: false, isMonthFirstDay: false, isMonthLastDay: false };
    const results = await Promise.all([createCalendarEntry(t.context, adminActor, input), createCalendarEntry(t.context, adminActor, { ...input, note: "Race 2" })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await entriesOn("NSE", "2027-08-16")).toHaveLength(1);
  });
});

describe("calendar: Delete", () => {
  it("asks first (naming the entry; opening the question deletes nothing), then deletes on the confirmation's post", async () => {
    const [row] = await t.context.db.insert(calendarEntries).values({ segment: "NSE", note: "Gandhi Jayanti", date: "2027-10-02", isHoliday: true }).returning();
    const ask = await call(deleteCalendarLoader, getRequest(`/calendar/${row.id}/delete?page=2`, { cookie: admin }), t.context, { id: String(row.id) });
    expect(await ask.json()).toMatchObject({ segment: "NSE", note: "Gandhi Jayanti", day: "02-10-2027", flags: ["Holiday"], backTo: "/calendar?page=2" });
    expect(await entriesOn("NSE", "2027-10-02")).toHaveLength(1);
    const res = await call(deleteCalendarAction, formRequest(`/calendar/${row.id}/delete?page=2`, {}, { cookie: admin }), t.context, { id: String(row.id) });
    expect(res.headers.get("Location")).toBe("/calendar?page=2");
    expect(await toastMessage(t.context.cookies, res)).toBe("Calendar entry Gandhi Jayanti (NSE, 02-10-2027) deleted successfully");
    expect(await entriesOn("NSE", "2027-10-02")).toHaveLength(0);
    const gone = await call(deleteCalendarAction, formRequest(`/calendar/${row.id}/delete`, {}, { cookie: admin }), t.context, { id: String(row.id) });
    expect(await toastMessage(t.context.cookies, gone)).toBe("This calendar entry no longer exists");
    expect((await call(deleteCalendarLoader, getRequest(`/calendar/${row.id}/delete`, { cookie: admin }), t.context, { id: String(row.id) })).status).toBe(404);
  });

  it("POST admin/calender/delete/{id} deletes, then answers 404", async () => {
    const [row] = await t.context.db.insert(calendarEntries).values({ segment: "USA", note: "Thanksgiving", date: "2027-11-25", isHoliday: true }).returning();
    const res = await api("POST", `/api/admin/calender/delete/${row.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Calendar entry Thanksgiving (USA, 25-11-2027) deleted successfully");
    expect(await entriesOn("USA", "2027-11-25")).toHaveLength(0);
    expect((await api("POST", `/api/admin/calender/delete/${row.id}`)).status).toBe(404);
  });
});

describe("keys: one key per rung (type and Sr No)", () => {
  const key = (name: string, type: string, srNo: string) => ({ name, displayName: name, type, srNo, description: "", isactive: "on" });

  it("refuses a second key on a rung on the page, under Sr No, for a create and an edit", async () => {
    expect((await call(newChaviAction, formRequest("/chavi/new", key("RUNG_P7", "plus", "7"), { cookie: admin }), t.context)).status).toBe(302);
    const dup = await call(newChaviAction, formRequest("/chavi/new", key("RUNG_P7_BIS", "plus", "7"), { cookie: admin }), t.context);
    expect(dup.status).toBe(409);
    expect((await dup.json()).error.srNo).toEqual(["Registration failed: the key RUNG_P7 already stands on plus rung 7"]);
    expect(await t.context.db.select().from(chavis).where(eq(chavis.name, "RUNG_P7_BIS"))).toHaveLength(0);
    // The other type's rung 7 is another rung.
    expect((await call(newChaviAction, formRequest("/chavi/new", key("RUNG_M7", "minus", "7"), { cookie: admin }), t.context)).status).toBe(302);
    const [minus] = await t.context.db.select().from(chavis).where(eq(chavis.name, "RUNG_M7"));
    const move = await call(editChaviAction, formRequest(`/chavi/${minus.id}/edit`, key("RUNG_M7", "plus", "7"), { cookie: admin }), t.context, { id: String(minus.id) });
    expect(move.status).toBe(409);
    expect((await move.json()).error.srNo).toEqual(["Registration failed: the key RUNG_P7 already stands on plus rung 7"]);
    // A key saved on its own rung is no clash.
    const keep = await call(editChaviAction, formRequest(`/chavi/${minus.id}/edit`, { ...key("RUNG_M7", "minus", "7"), displayName: "M7" }, { cookie: admin }), t.context, { id: String(minus.id) });
    expect(keep.status).toBe(302);
  });

  it("two keys on one rung written before the rule can each still be edited on that rung", async () => {
    const rows = await t.context.db
      .insert(chavis)
      .values([
        { name: "LEGACY_A", displayName: "LA", type: "plus", srNo: 13 },
        { name: "LEGACY_B", displayName: "LB", type: "plus", srNo: 13 },
      ])
      .returning();
    for (const row of rows) {
      const res = await call(editChaviAction, formRequest(`/chavi/${row.id}/edit`, { ...key(row.name, "plus", "13"), displayName: `${row.displayName}2` }, { cookie: admin }), t.context, { id: String(row.id) });
      expect(res.status).toBe(302);
    }
  });

  it("a key switched off still holds its rung; the API answers 409 with srNo; two creates at once store one", async () => {
    await t.context.db.insert(chavis).values({ name: "RUNG_OFF", displayName: "Off", type: "minus", srNo: 8, isactive: false });
    const res = await api("POST", "/api/admin/chavi/create", { name: "RUNG_M8", displayName: "M8", type: "minus", isactive: 1, description: "", srNo: 8, userId: [] });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([{ msg: "Registration failed: the key RUNG_OFF already stands on minus rung 8", path: "srNo" }]);
    const input = { name: "RACE_A", displayName: "A", description: "", type: "plus" as const, srNo: 11, userIds: [], allUsers: false, isactive: true };
    const results = await Promise.all([createKey(t.context, adminActor, input), createKey(t.context, adminActor, { ...input, name: "RACE_B" })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await t.context.db.select().from(chavis).where(and(eq(chavis.type, "plus"), eq(chavis.srNo, 11)))).toHaveLength(1);
  });
});

describe("/reference-point Delete asks first", () => {
  it("the confirmation names the point and keeps the list's filters; opening it deletes nothing; its post deletes", async () => {
    const symbol = await createSymbolRow(t.context.db, null, "INTEGRITYPT");
    await saveReferencePoints(t.context.db, [{ symbolId: symbol.id, pointName: "WEEK_HIGH", displayName: "Week High", price: 123456.5, slPrice: null, date: "2027-01-15" }]);
    const [point] = await t.context.db.select().from(referencePoints).where(eq(referencePoints.symbolId, symbol.id));
    const ask = await call(deletePointLoader, getRequest(`/reference-point/${point.id}/delete?q=week`, { cookie: admin }), t.context, { id: String(point.id) });
    expect(await ask.json()).toMatchObject({ id: point.id, symbolCode: "INTEGRITYPT", pointName: "WEEK_HIGH", displayName: "Week High", price: "1,23,456.50", date: "15-01-2027", backTo: "/reference-point?q=week" });
    expect(await t.context.db.select().from(referencePoints).where(eq(referencePoints.id, point.id))).toHaveLength(1);
    const list = await (await call(referenceLoader, getRequest("/reference-point?q=integritypt", { cookie: admin }), t.context)).json();
    expect(list.rows.map((r: { id: number }) => r.id)).toEqual([point.id]);
    const res = await call(referenceAction, formRequest("/reference-point?q=week", { intent: "delete", id: String(point.id) }, { cookie: admin }), t.context);
    expect(res.headers.get("Location")).toBe("/reference-point?q=week");
    expect(await t.context.db.select().from(referencePoints).where(eq(referencePoints.id, point.id))).toHaveLength(0);
    expect((await call(deletePointLoader, getRequest(`/reference-point/${point.id}/delete`, { cookie: admin }), t.context, { id: String(point.id) })).status).toBe(404);
  });
});

describe("symbols and switched-off sectors", () => {
  const symbolFields = (sectorId: number, name: string) => ({ sectorId: String(sectorId), name, description: "", segment: "NSE", lotSize: "1", step: "1" });

  it("the form offers active sectors only, and the edited symbol's own switched-off sector, marked", async () => {
    const on = await createSectorRow(t.context.db, "Integrity On");
    const off = await createSectorRow(t.context.db, "Integrity Off");
    await t.context.db.update(sectors).set({ status: false }).where(eq(sectors.id, off.id));
    const created = await (await call(newSymbolLoader, getRequest("/symbols/new", { cookie: admin }), t.context)).json();
    const names = created.sectors.map((s: { sectorName: string }) => s.sectorName);
    expect(names).toContain("Integrity On");
    expect(names).not.toContain("Integrity Off");
    const inOff = await createSymbolRow(t.context.db, off.id, "INOFFSECTOR");
    const edited = await (await call(editSymbolLoader, getRequest(`/symbols/${inOff.id}/edit`, { cookie: admin }), t.context, { id: String(inOff.id) })).json();
    expect(edited.sectors).toContainEqual({ id: off.id, sectorName: "Integrity Off", active: false });
    expect(edited.sectors).toContainEqual({ id: on.id, sectorName: "Integrity On", active: true });
    expect(edited.defaults.sectorId).toBe(String(off.id));
  });

  it("refuses a symbol into a switched-off sector (create, edit, API); a symbol already there may stay", async () => {
    const on = await createSectorRow(t.context.db, "Integrity Live");
    const off = await createSectorRow(t.context.db, "Integrity Closed");
    await t.context.db.update(sectors).set({ status: false }).where(eq(sectors.id, off.id));
    const message = "The sector Integrity Closed is switched off: choose an active sector";
    const create = await call(newSymbolAction, formRequest("/symbols/new", symbolFields(off.id, "NEWINOFF"), { cookie: admin }), t.context);
    expect(create.status).toBe(400);
    expect((await create.json()).error.sectorId).toEqual([message]);
    expect(await t.context.db.select().from(symbols).where(eq(symbols.symbolCode, "NEWINOFF"))).toHaveLength(0);
    const moving = await createSymbolRow(t.context.db, on.id, "MOVEINTOOFF");
    const move = await call(editSymbolAction, formRequest(`/symbols/${moving.id}/edit`, symbolFields(off.id, "MOVEINTOOFF"), { cookie: admin }), t.context, { id: String(moving.id) });
    expect((await move.json()).error.sectorId).toEqual([message]);
    expect((await t.context.db.select().from(symbols).where(eq(symbols.id, moving.id)))[0].sectorId).toBe(on.id);
    const staying = await createSymbolRow(t.context.db, off.id, "STAYINOFF");
    const stay = await call(editSymbolAction, formRequest(`/symbols/${staying.id}/edit`, { ...symbolFields(off.id, "STAYINOFF"), description: "kept" }, { cookie: admin }), t.context, { id: String(staying.id) });
    expect(stay.status).toBe(302);
    const viaApi = await api("POST", "/api/admin/symbol/create", { name: "APIINOFF", description: "", segment: "NSE", lotSize: 1, step: 1, sector_id: off.id, daglu_per: 1, audio_script: "", from_daglu_per: 1, to_daglu_per: 1 });
    expect(viaApi.status).toBe(400);
    expect(viaApi.body.errors).toEqual([{ msg: message, path: "sector_id" }]);
  });
});

describe.runIf(onPostgres)("saves that race (PostgreSQL)", () => {
  it("a calendar save waits for another save of the same day, then is refused", async () => {
    const input = { segment: "USA" as const, note: "Second", date: "2027-12-24", isHoliday: true, isWeekFirstDay: false, isWeekLastDay: false, isMonthFirstDay: false, isMonthLastDay: false };
    const second = await whileHeld(
      async (tx) => {
        await lockCalendarDay(tx, "USA", "2027-12-24");
        await tx.insert(calendarEntries).values({ segment: "USA", note: "First", date: "2027-12-24", isHoliday: true });
      },
      () => createCalendarEntry(t.context, adminActor, input),
    );
    expect(second.ok).toBe(false);
    expect(await entriesOn("USA", "2027-12-24")).toHaveLength(1);
  });

  it("a key save waits for another key save, then is refused on the rung just taken", async () => {
    const input = { name: "RACE_LATE", displayName: "Late", description: "", type: "minus" as const, srNo: 12, userIds: [], allUsers: false, isactive: true };
    const second = await whileHeld(
      async (tx) => {
        await lockKeyWrites(tx);
        await tx.insert(chavis).values({ name: "RACE_EARLY", displayName: "Early", type: "minus", srNo: 12 });
      },
      () => createKey(t.context, adminActor, input),
    );
    expect(second.ok).toBe(false);
    expect(await t.context.db.select().from(chavis).where(and(eq(chavis.type, "minus"), eq(chavis.srNo, 12)))).toHaveLength(1);
  });

  it("a symbol saved while its sector is being switched off waits, then is refused", async () => {
    const sector = await createSectorRow(t.context.db, "Integrity Closing");
    const second = await whileHeld(
      async (tx) => {
        await tx.update(sectors).set({ status: false }).where(eq(sectors.id, sector.id));
      },
      () => createSymbol(t.context, adminActor, { sectorId: sector.id, name: "RACEINTOOFF", description: "", segment: "NSE", lotSize: 1, step: 1, audioScript: "" }),
    );
    expect(second.ok).toBe(false);
    expect(await t.context.db.select().from(symbols).where(eq(symbols.symbolCode, "RACEINTOOFF"))).toHaveLength(0);
  });
});
