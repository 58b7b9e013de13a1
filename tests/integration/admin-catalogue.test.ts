// Sectors and symbols through the real loaders and actions: paging, the sector filter, forms'
// messages, numbers checked as numbers, a duplicate symbol code refused, status switches.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { sectors, symbols } from "~/db/schema";
import { action as sectorsAction, loader as sectorsLoader } from "~/routes/_admin+/sectore";
import { action as newSectorAction } from "~/routes/_admin+/sectore.new";
import { action as editSectorAction, loader as editSectorLoader } from "~/routes/_admin+/sectore.$id.edit";
import { loader as segmentLoader } from "~/routes/_admin+/sectore.segment-settings";
import { action as symbolsAction, loader as symbolsLoader } from "~/routes/_admin+/symbols";
import { action as newSymbolAction } from "~/routes/_admin+/symbols.new";
import { action as editSymbolAction, loader as editSymbolLoader } from "~/routes/_admin+/symbols.$id.edit";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";
import { createSectorRow, createSymbolRow, toastMessage } from "../support/admin";

let t: TestContext;
let admin: string;
let subAdmin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await sessionCookieFor(t.context, (await createUser(t.context.db, { roleId: 1 })).id);
  subAdmin = await sessionCookieFor(t.context, (await createUser(t.context.db, { roleId: 2 })).id);
});
afterAll(async () => {
  await t?.close();
});

describe("/sectore", () => {
  it("creates a sector, refuses an empty or taken name, and pages 10 at a time", async () => {
    const empty = await call(newSectorAction, formRequest("/sectore/new", { name: "" }, { cookie: admin }), t.context);
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.name).toEqual(["Please enter a name"]);
    const res = await call(newSectorAction, formRequest("/sectore/new", { name: "Metals", description: "Steel and more" }, { cookie: admin }), t.context);
    expect(res.status).toBe(302);
    expect(await toastMessage(t.context.cookies, res)).toBe("Sector created successfully");
    const dup = await call(newSectorAction, formRequest("/sectore/new", { name: "METALS" }, { cookie: admin }), t.context);
    expect((await dup.json()).error.name).toEqual(["A sector with this name already exists"]);
    for (let i = 0; i < 11; i++) await createSectorRow(t.context.db);
    const page1 = await (await call(sectorsLoader, getRequest("/sectore", { cookie: admin }), t.context)).json();
    expect(page1.rows).toHaveLength(10);
    expect(page1.total).toBe(12);
    const page2 = await (await call(sectorsLoader, getRequest("/sectore?page=2", { cookie: admin }), t.context)).json();
    expect(page2.rows).toHaveLength(2);
    expect(page2.rows.map((r: { sectorName: string }) => r.sectorName)).toContain("Metals");
    expect(page2.rows[0].createdAt).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  });

  it("edits with the On/Off switch and switches status from the list", async () => {
    const s = await createSectorRow(t.context.db, "Pharma");
    const form = await (await call(editSectorLoader, getRequest(`/sectore/${s.id}/edit`, { cookie: admin }), t.context, { id: String(s.id) })).json();
    expect(form).toMatchObject({ name: "Pharma", status: true });
    const res = await call(editSectorAction, formRequest(`/sectore/${s.id}/edit`, { name: "Pharmaceuticals", description: "d" }, { cookie: admin }), t.context, { id: String(s.id) });
    expect(res.status).toBe(302);
    const [row] = await t.context.db.select().from(sectors).where(eq(sectors.id, s.id));
    expect(row).toMatchObject({ sectorName: "Pharmaceuticals", status: false });
    const on = await call(sectorsAction, formRequest("/sectore?page=2", { intent: "status", id: String(s.id), status: "1" }, { cookie: admin }), t.context);
    expect(on.headers.get("Location")).toBe("/sectore?page=2");
    expect((await t.context.db.select().from(sectors).where(eq(sectors.id, s.id)))[0].status).toBe(true);
    const missing = await call(editSectorLoader, getRequest(`/sectore/999999/edit`, { cookie: admin }), t.context, { id: "999999" });
    expect(missing.status).toBe(404);
  });

  it("is role 1's only: role 2 is sent to the dashboard; the segment sample opens", async () => {
    const res = await call(sectorsLoader, getRequest("/sectore", { cookie: subAdmin }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    const post = await call(newSectorAction, formRequest("/sectore/new", { name: "Sneaky" }, { cookie: subAdmin }), t.context);
    expect(post.status).toBe(302);
    expect(await t.context.db.select().from(sectors).where(eq(sectors.sectorName, "Sneaky"))).toHaveLength(0);
    expect((await call(segmentLoader, getRequest("/sectore/segment-settings", { cookie: admin }), t.context)).status).toBe(200);
  });
});

describe("/symbols", () => {
  it("creates a symbol with numbers checked as numbers and refuses a duplicate code in any case", async () => {
    const s = await createSectorRow(t.context.db, "Autos");
    const fields = {
      sectorId: String(s.id), name: "tatamotors", description: "Tata Motors", segment: "NSE", lotSize: "1425", step: "2.5",
      dagluPer: "1.5", fromDagluPer: "1", toDagluPer: "2", audioScript: "टाटा मोटर्स",
    };
    const bad = await call(newSymbolAction, formRequest("/symbols/new", { ...fields, lotSize: "many", step: "0" }, { cookie: admin }), t.context);
    expect(bad.status).toBe(400);
    const errors = (await bad.json()).error;
    expect(errors.lotSize).toEqual(["Lot Size must be a number"]);
    expect(errors.step).toEqual(["Step must be greater than 0"]);
    const res = await call(newSymbolAction, formRequest("/symbols/new", fields, { cookie: admin }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/symbols?sector_id=${s.id}`);
    const [row] = await t.context.db.select().from(symbols).where(eq(symbols.symbolCode, "TATAMOTORS"));
    expect(row).toMatchObject({ lotSize: 1425, step: 2.5, dagluPer: 1.5, fromDagluPer: 1, toDagluPer: 2, audioScript: "टाटा मोटर्स", sectorId: s.id });
    const dup = await call(newSymbolAction, formRequest("/symbols/new", { ...fields, name: "TataMotors" }, { cookie: admin }), t.context);
    expect(dup.status).toBe(400);
    expect((await dup.json()).error.name).toEqual(["A symbol with this code already exists"]);
    const [{ n }] = await t.context.db.select({ n: sql<number>`count(*)::int` }).from(symbols).where(sql`upper(${symbols.symbolCode}) = 'TATAMOTORS'`);
    expect(n).toBe(1);
  });

  it("filters by sector (clearable) and pages 10 at a time", async () => {
    const s = await createSectorRow(t.context.db, "Filtered");
    for (let i = 0; i < 12; i++) await createSymbolRow(t.context.db, s.id, `FLT${i}`);
    const page1 = await (await call(symbolsLoader, getRequest(`/symbols?sector_id=${s.id}`, { cookie: admin }), t.context)).json();
    expect(page1.total).toBe(12);
    expect(page1.rows).toHaveLength(10);
    expect(page1.rows.every((r: { sectorId: number }) => r.sectorId === s.id)).toBe(true);
    const page2 = await (await call(symbolsLoader, getRequest(`/symbols?sector_id=${s.id}&page=2`, { cookie: admin }), t.context)).json();
    expect(page2.rows).toHaveLength(2);
    const all = await (await call(symbolsLoader, getRequest(`/symbols`, { cookie: admin }), t.context)).json();
    expect(all.total).toBeGreaterThan(12);
  });

  it("edits (renaming onto another code is refused) and switches status", async () => {
    const s = await createSectorRow(t.context.db);
    const a = await createSymbolRow(t.context.db, s.id, "EDITME");
    await createSymbolRow(t.context.db, s.id, "TAKEN");
    const form = await (await call(editSymbolLoader, getRequest(`/symbols/${a.id}/edit`, { cookie: admin }), t.context, { id: String(a.id) })).json();
    expect(form.defaults).toMatchObject({ name: "EDITME", status: true, lotSize: "1" });
    const clash = await call(editSymbolAction, formRequest(`/symbols/${a.id}/edit`, { name: "taken", lotSize: "1", step: "1", status: "on" }, { cookie: admin }), t.context, { id: String(a.id) });
    expect((await clash.json()).error.name).toEqual(["A symbol with this code already exists"]);
    const ok = await call(editSymbolAction, formRequest(`/symbols/${a.id}/edit`, { name: "EDITED", sectorId: String(s.id), lotSize: "50", step: "0.05" }, { cookie: admin }), t.context, { id: String(a.id) });
    expect(ok.status).toBe(302);
    const [row] = await t.context.db.select().from(symbols).where(eq(symbols.id, a.id));
    expect(row).toMatchObject({ symbolCode: "EDITED", lotSize: 50, step: 0.05, status: false });
    await call(symbolsAction, formRequest("/symbols", { intent: "status", id: String(a.id), status: "1" }, { cookie: admin }), t.context);
    expect((await t.context.db.select().from(symbols).where(eq(symbols.id, a.id)))[0].status).toBe(true);
    const bad = await call(symbolsAction, formRequest("/symbols", { intent: "status", id: String(a.id), status: "maybe" }, { cookie: admin }), t.context);
    expect(bad.status).toBe(400);
  });
});
