// /charges (docs/decisions/173): the dated rates role 1 keeps (the migration's defaults, add,
// change, delete, audited), every journal role's own brokerage plan, and hostile input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, chargeRates, userBrokeragePlans } from "~/db/schema";
import { loader as chargesLoader, action as chargesAction } from "~/routes/_journal+/charges";
import { action as ratesAction, loader as ratesLoader } from "~/routes/_journal+/charges.rates";
import { action as deleteAction } from "~/routes/_journal+/charges.rates_.$id.delete";
import { chargesFor, ratesOn } from "~/domain/charges";
import { listChargeRates } from "~/models/charge-rate.server";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";
import { toastMessage } from "../support/admin";

let t: TestContext;
let admin: string;
let employee: string;
let customer: string;
let customerId: number;

const ratesForm = {
  segment: "INDEX_FUTURES",
  effectiveFrom: "2026-04-01",
  sttBuy: "0",
  sttSell: "0.05",
  exchange: "0.00173",
  sebi: "0.0001",
  stampBuy: "0.002",
  gst: "18",
  brokerageKind: "percent",
  brokerageValue: "0.03",
  brokerageCap: "20",
};

beforeAll(async () => {
  t = await createTestContext();
  admin = await sessionCookieFor(t.context, (await createUser(t.context.db, { roleId: 1 })).id);
  employee = await sessionCookieFor(t.context, (await createUser(t.context.db, { roleId: 3 })).id);
  const c = await createUser(t.context.db, { roleId: 4 });
  customerId = c.id;
  customer = await sessionCookieFor(t.context, c.id);
});
afterAll(async () => {
  await t?.close();
});

describe("/charges rates", () => {
  it("starts with the published rates of 2024-10-01 for the four segments, which charge the hand-worked example", async () => {
    const body = await (await call(chargesLoader, getRequest("/charges", { cookie: customer }), t.context)).json();
    expect(body.canEdit).toBe(false);
    expect(body.rates.map((r: { segment: string; effectiveFrom: string }) => `${r.segment} ${r.effectiveFrom}`)).toEqual([
      "EQUITY_DELIVERY 2024-10-01",
      "EQUITY_INTRADAY 2024-10-01",
      "INDEX_FUTURES 2024-10-01",
      "STOCK_FUTURES 2024-10-01",
    ]);
    const rows = await listChargeRates(t.context.db);
    const intraday = ratesOn(rows, "EQUITY_INTRADAY", "2026-11-27");
    expect(intraday).not.toBeNull();
    // The unit test's example (tests/unit/charges.test.ts), read from the database's rows.
    const charges = chargesFor(
      [
        { side: "BUY", quantity: 100, price: 1000 },
        { side: "SELL", quantity: 100, price: 1010 },
      ],
      intraday!,
    );
    expect(charges.total).toBe("82.48");
  });

  it("role 1 adds a later row for a segment, which is in force from its day; it is audited", async () => {
    const res = await call(ratesAction, formRequest("/charges/rates", ratesForm, { cookie: admin }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/charges");
    expect(await toastMessage(t.context.cookies, res)).toBe("Charge rates saved");
    const rows = await listChargeRates(t.context.db);
    expect(ratesOn(rows, "INDEX_FUTURES", "2026-03-31")?.sttSell).toBe("0.020000");
    expect(ratesOn(rows, "INDEX_FUTURES", "2026-04-01")?.sttSell).toBe("0.050000");
    const audit = await t.context.db.select().from(auditLog).where(eq(auditLog.entity, "charges"));
    expect(audit.map((a) => a.action)).toEqual(["create"]);
    const page = await (await call(chargesLoader, getRequest("/charges", { cookie: admin }), t.context)).json();
    expect(page.canEdit).toBe(true);
    const futures = page.rates.filter((r: { segment: string }) => r.segment === "INDEX_FUTURES");
    expect(futures.map((r: { shownFrom: string; inForce: boolean }) => [r.shownFrom, r.inForce])).toEqual([
      ["01-10-2024", false],
      ["01-04-2026", true],
    ]);
  });

  it("saving the same segment and day changes that row, and the edit form opens it", async () => {
    const form = await (await call(ratesLoader, getRequest("/charges/rates?segment=INDEX_FUTURES&from=2026-04-01", { cookie: admin }), t.context)).json();
    expect(form.editing).toMatchObject({ segment: "INDEX_FUTURES", effectiveFrom: "2026-04-01", brokerage: { kind: "percent", rate: "0.030000", cap: "20.00" } });
    const res = await call(ratesAction, formRequest("/charges/rates", { ...ratesForm, brokerageKind: "flat", brokerageValue: "20", brokerageCap: "" }, { cookie: admin }), t.context);
    expect(res.status).toBe(302);
    const rows = (await t.context.db.select().from(chargeRates).where(eq(chargeRates.segment, "INDEX_FUTURES"))).length;
    expect(rows).toBe(2);
    const [row] = await t.context.db.select().from(chargeRates).where(eq(chargeRates.effectiveFrom, "2026-04-01"));
    expect(row).toMatchObject({ brokerageKind: "flat", brokerageValue: "20.000000", brokerageCap: null });
    const audit = await t.context.db.select().from(auditLog).where(eq(auditLog.entity, "charges"));
    expect(audit.map((a) => a.action)).toEqual(["create", "update"]);
  });

  it("refuses bad rates with clear messages and changes nothing", async () => {
    const before = await t.context.db.select().from(chargeRates);
    const res = await call(
      ratesAction,
      formRequest("/charges/rates", { ...ratesForm, segment: "COMMODITY", effectiveFrom: "2026-02-30", sttSell: "-1", gst: "1e2", brokerageKind: "flat", brokerageValue: "20.005", brokerageCap: "5" }, { cookie: admin }),
      t.context,
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.segment).toEqual(["Please select a segment"]);
    expect(body.error.effectiveFrom).toEqual(["Please enter the date the rates apply from"]);
    expect(body.error.sttSell).toEqual(["STT on sells cannot be negative"]);
    expect(body.error.gst[0]).toMatch(/^GST must be a number written in digits/);
    const percentTooBig = await call(ratesAction, formRequest("/charges/rates", { ...ratesForm, brokerageValue: "150" }, { cookie: admin }), t.context);
    expect((await percentTooBig.json()).error.brokerageValue).toEqual(["Brokerage must be at most 100 per cent"]);
    const capOnFlat = await call(ratesAction, formRequest("/charges/rates", { ...ratesForm, brokerageKind: "flat", brokerageValue: "20", brokerageCap: "5" }, { cookie: admin }), t.context);
    expect((await capOnFlat.json()).error.brokerageCap).toEqual(["A cap applies only to a percentage plan"]);
    expect(await t.context.db.select().from(chargeRates)).toEqual(before);
  });

  it("roles 3 and 4 may read the rates but neither change nor delete them", async () => {
    for (const cookie of [employee, customer]) {
      const res = await call(ratesAction, formRequest("/charges/rates", { ...ratesForm, effectiveFrom: "2026-05-01" }, { cookie }), t.context);
      expect(res.status).not.toBe(200);
      expect([302, 404]).toContain(res.status);
      expect(res.headers.get("Location") ?? "").not.toBe("/charges");
    }
    const [row] = await t.context.db.select().from(chargeRates).where(eq(chargeRates.effectiveFrom, "2026-04-01"));
    const del = await call(deleteAction, formRequest(`/charges/rates/${row.id}/delete`, {}, { cookie: customer }), t.context, { id: String(row.id) });
    expect([302, 404]).toContain(del.status);
    expect(await t.context.db.select().from(chargeRates).where(eq(chargeRates.effectiveFrom, "2026-05-01"))).toHaveLength(0);
    expect(await t.context.db.select().from(chargeRates).where(eq(chargeRates.id, row.id))).toHaveLength(1);
  });

  it("role 1 deletes a row; the segment's earlier row is in force again", async () => {
    const [row] = await t.context.db.select().from(chargeRates).where(eq(chargeRates.effectiveFrom, "2026-04-01"));
    const res = await call(deleteAction, formRequest(`/charges/rates/${row.id}/delete`, {}, { cookie: admin }), t.context, { id: String(row.id) });
    expect(await toastMessage(t.context.cookies, res)).toBe("Charge rates deleted");
    expect(ratesOn(await listChargeRates(t.context.db), "INDEX_FUTURES", "2026-11-27")?.effectiveFrom).toBe("2024-10-01");
    const again = await call(deleteAction, formRequest(`/charges/rates/${row.id}/delete`, {}, { cookie: admin }), t.context, { id: String(row.id) });
    expect(await toastMessage(t.context.cookies, again)).toBe("These rates no longer exist");
  });
});

describe("/charges my brokerage plan", () => {
  it("a customer sets a flat plan, changes it to a capped percentage, then goes back to the default", async () => {
    let res = await call(chargesAction, formRequest("/charges", { intent: "save-plan", brokerageKind: "flat", brokerageValue: "15.50" }, { cookie: customer }), t.context);
    expect(await toastMessage(t.context.cookies, res)).toBe("Your brokerage plan is saved");
    let page = await (await call(chargesLoader, getRequest("/charges", { cookie: customer }), t.context)).json();
    expect(page.planText).toBe("₹15.50 per order");
    res = await call(chargesAction, formRequest("/charges", { intent: "save-plan", brokerageKind: "percent", brokerageValue: "0.05", brokerageCap: "25" }, { cookie: customer }), t.context);
    page = await (await call(chargesLoader, getRequest("/charges", { cookie: customer }), t.context)).json();
    expect(page.plan).toEqual({ kind: "percent", rate: "0.050000", cap: "25.00" });
    expect(await t.context.db.select().from(userBrokeragePlans)).toHaveLength(1);
    res = await call(chargesAction, formRequest("/charges", { intent: "clear-plan" }, { cookie: customer }), t.context);
    expect(await toastMessage(t.context.cookies, res)).toBe("Your trades use the default brokerage again");
    expect(await t.context.db.select().from(userBrokeragePlans).where(eq(userBrokeragePlans.userId, customerId))).toHaveLength(0);
  });

  it("refuses a plan without a kind or with a bad amount, and ignores a user id in the form", async () => {
    const res = await call(chargesAction, formRequest("/charges", { intent: "save-plan", brokerageKind: "", brokerageValue: "abc", userId: "1" }, { cookie: customer }), t.context);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.brokerageKind).toEqual(["Please choose flat per order or a percentage"]);
    expect(await t.context.db.select().from(userBrokeragePlans)).toHaveLength(0);
    const odd = await call(chargesAction, formRequest("/charges", { intent: "drop-table" }, { cookie: customer }), t.context);
    expect(odd.status).toBe(400);
  });

  it("a signed-out visitor is sent to sign in", async () => {
    const res = await call(chargesLoader, getRequest("/charges"), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login/);
  });
});
