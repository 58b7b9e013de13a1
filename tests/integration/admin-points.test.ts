// Target Point (symbol select, active filter, toggle) and the reference-point screens (symbol
// select, search, 20 per page, delete).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { referencePoints } from "~/db/schema";
import { action as targetAction, loader as targetLoader } from "~/routes/_market+/target-point";
import { loader as referencesLoader } from "~/routes/_market+/references-points";
import { action as referenceAction, loader as referenceLoader } from "~/routes/_market+/reference-point";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";
import { createSectorRow, createSymbolRow, toastMessage } from "../support/admin";

let t: TestContext;
let admin: string;
let nifty: { id: number; symbolCode: string };
let bank: { id: number; symbolCode: string };

beforeAll(async () => {
  t = await createTestContext();
  admin = await sessionCookieFor(t.context, (await createUser(t.context.db, { roleId: 1 })).id);
  const sector = await createSectorRow(t.context.db, "Index");
  nifty = await createSymbolRow(t.context.db, sector.id, "NIFTY-I");
  bank = await createSymbolRow(t.context.db, sector.id, "BANKNIFTY-I");
  // 22 NIFTY points (every third de-active) and 2 BANKNIFTY ones.
  for (let i = 0; i < 22; i++) {
    await t.context.db.insert(referencePoints).values({
      symbolId: nifty.id, pointName: i === 0 ? "MANDI_VISAMO_TARGET" : `LEVEL_${i}`, displayName: `Level ${i}`, price: 22000 + i, isActive: i % 3 !== 0, date: "2026-03-02",
    });
  }
  await t.context.db.insert(referencePoints).values([
    { symbolId: bank.id, pointName: "TEJI_VISAMO_TARGET", displayName: "Teji Visamo Target", price: 48000 },
    { symbolId: bank.id, pointName: "WEEK_LOW", displayName: "Week Low", price: 47000 },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const load = async (fn: typeof targetLoader, path: string) => (await call(fn, getRequest(path, { cookie: admin }), t.context)).json();

describe("/target-point", () => {
  it("filters by symbol and active state, 20 per page", async () => {
    const all = await load(targetLoader, "/target-point");
    expect(all.total).toBe(24);
    expect(all.rows).toHaveLength(20);
    const page2 = await load(targetLoader, "/target-point?page=2");
    expect(page2.rows).toHaveLength(4);
    const bankOnly = await load(targetLoader, `/target-point?symbol_id=${bank.id}`);
    expect(bankOnly.rows.map((r: { pointName: string }) => r.pointName).sort()).toEqual(["TEJI_VISAMO_TARGET", "WEEK_LOW"]);
    const off = await load(targetLoader, `/target-point?symbol_id=${nifty.id}&active=deactive`);
    expect(off.total).toBe(8);
    expect(off.rows.every((r: { isActive: boolean }) => !r.isActive)).toBe(true);
    const on = await load(targetLoader, `/target-point?symbol_id=${nifty.id}&active=active`);
    expect(on.total).toBe(14);
    expect(all.symbols.map((s: { symbolCode: string }) => s.symbolCode)).toEqual(["BANKNIFTY-I", "NIFTY-I"]);
  });

  it("toggles a point to the opposite state and back, keeping the filter", async () => {
    const [point] = await t.context.db.select().from(referencePoints).where(eq(referencePoints.pointName, "WEEK_LOW"));
    const res = await call(targetAction, formRequest(`/target-point?symbol_id=${bank.id}`, { intent: "status", id: String(point.id), status: "0" }, { cookie: admin }), t.context);
    expect(res.headers.get("Location")).toBe(`/target-point?symbol_id=${bank.id}`);
    expect(await toastMessage(t.context.cookies, res)).toBe("Target point de-activated");
    expect((await t.context.db.select().from(referencePoints).where(eq(referencePoints.id, point.id)))[0].isActive).toBe(false);
    const back = await call(targetAction, formRequest("/target-point", { intent: "status", id: String(point.id), status: "1" }, { cookie: admin }), t.context);
    expect(await toastMessage(t.context.cookies, back)).toBe("Target point activated");
    const gone = await call(targetAction, formRequest("/target-point", { intent: "status", id: "999999", status: "1" }, { cookie: admin }), t.context);
    expect(await toastMessage(t.context.cookies, gone)).toBe("This target point no longer exists: it was reached and removed");
  });
});

describe("/references-points and /reference-point", () => {
  it("search matches point names, display names and symbols in any case, and pages 20", async () => {
    const teji = await load(referencesLoader, "/references-points?q=teji");
    expect(teji.rows.map((r: { pointName: string }) => r.pointName)).toEqual(["TEJI_VISAMO_TARGET"]);
    const byDisplay = await load(referencesLoader, "/references-points?q=week%20low");
    expect(byDisplay.rows).toHaveLength(1);
    const bySymbol = await load(referenceLoader, `/reference-point?q=banknifty`);
    expect(bySymbol.total).toBe(2);
    // A LIKE wildcard typed in the box is a literal character.
    const literal = await load(referenceLoader, "/reference-point?q=%25");
    expect(literal.total).toBe(0);
    const nifty20 = await load(referenceLoader, `/reference-point?symbol_id=${nifty.id}`);
    expect(nifty20.rows).toHaveLength(20);
    expect(nifty20.total).toBe(22);
  });

  it("deletes a point from /reference-point", async () => {
    const [point] = await t.context.db.select().from(referencePoints).where(eq(referencePoints.pointName, "LEVEL_5"));
    const res = await call(referenceAction, formRequest("/reference-point?q=level", { intent: "delete", id: String(point.id) }, { cookie: admin }), t.context);
    expect(res.headers.get("Location")).toBe("/reference-point?q=level");
    expect(await toastMessage(t.context.cookies, res)).toBe("Reference point deleted successfully");
    expect(await t.context.db.select().from(referencePoints).where(eq(referencePoints.id, point.id))).toHaveLength(0);
  });

  it("role 2 cannot reach them (the access lists give them to role 1)", async () => {
    const sub = await sessionCookieFor(t.context, (await createUser(t.context.db, { roleId: 2 })).id);
    const res = await call(referencesLoader, getRequest("/references-points", { cookie: sub }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
  });
});
