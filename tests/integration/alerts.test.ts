// /alert: every validation message, create/edit/delete scoped to the owner (another user's id
// answers 404 and changes nothing), role 4 limited to its subscription, role 1's switches and
// auto alerts; the engine: a tick crossing an alert creates exactly one notification and pushes
// it; /notifications lists the user's own, newest first, current and previous day only.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { alerts, notifications, referencePoints, symbols, userSymbols } from "~/db/schema";
import { loader as listLoader, action as listAction } from "~/routes/_alerts+/alert";
import { action as newAction, loader as newLoader } from "~/routes/_alerts+/alert.new";
import { action as editAction, loader as editLoader } from "~/routes/_alerts+/alert.$id.edit";
import { action as deleteAction } from "~/routes/_alerts+/alert.$id.delete";
import { action as readAction, loader as notificationsLoader } from "~/routes/_alerts+/notifications";
import { MarketEngine } from "~/market/engine.server";
import { attachAlertEngine, MAX_BATCH, type AlertEngine } from "~/market/engines/alert-engine.server";
import { ALERT_NOTIFICATION_EVENT } from "~/realtime/events";
import { istDateString } from "~/domain/dates";
import { countUnreadNotifications } from "~/models/notification.server";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest } from "../support/requests";
import { signedInUser } from "../support/factories";
import { createSymbolRow, toastMessage } from "../support/admin";

let t: TestContext;
let owner: { id: number; cookie: string };
let other: { id: number; cookie: string };
let customer: { id: number; cookie: string };
let admin: { id: number; cookie: string };
let sym: { id: number; symbolCode: string }[];
let engine: MarketEngine;
let alertEngine: AlertEngine;
const pushed: { userId: number; event: string; payload: { message: string; symbolCode: string; mp3Text: string; view: string[] } }[] = [];

const valid = (overrides: Record<string, string | string[]> = {}) => ({
  name: "Breakout",
  symbol: "ALTA",
  price: "110",
  condition: "Greater than",
  viewType: ["Play sound", "Notify in App"],
  description: "Above the range",
  note: "",
  ...overrides,
});

beforeAll(async () => {
  t = await createTestContext();
  owner = await signedInUser(t.context, 3);
  other = await signedInUser(t.context, 3);
  customer = await signedInUser(t.context, 4);
  admin = await signedInUser(t.context, 1);
  sym = [await createSymbolRow(t.context.db, null, "ALTA"), await createSymbolRow(t.context.db, null, "ALTB")];
  await t.context.db.update(symbols).set({ referencePrice: 100, audioScript: "अल्फा" }).where(eq(symbols.id, sym[0].id));
  await t.context.db.update(symbols).set({ referencePrice: 50 }).where(eq(symbols.id, sym[1].id));
  await t.context.db.insert(userSymbols).values({ userId: customer.id, symbolId: sym[1].id });
  engine = new MarketEngine({ db: t.context.db, liveBook: t.context.liveBook, feed: null, log: () => {} });
  await engine.load();
  const hub = {
    io: t.context.hub.io,
    emitToEntitled: (_code: string, event: string, payload: unknown, audience: { userIds?: readonly number[] }) => {
      for (const userId of audience.userIds ?? []) pushed.push({ userId, event, payload: payload as never });
    },
  };
  alertEngine = await attachAlertEngine(engine, { db: t.context.db, hub, log: () => {} });
});
afterAll(async () => {
  alertEngine?.stop();
  await t?.close();
});

const tick = (code: string, price: number, time = Date.now()) => engine.ingest([{ symbolCode: code, price, volume: 1, time }]);
const settle = async () => {
  // The index is refreshed asynchronously after a write; give it its query.
  await new Promise((r) => setTimeout(r, 50));
};

describe("/alert/new", () => {
  it("answers every message for an empty form and stores nothing", async () => {
    const res = await call(newAction, formRequest("/alert/new", {}, { cookie: owner.cookie }), t.context);
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({
      description: ["Please enter a description"],
      name: ["Please enter a name"],
      symbol: ["Please select a symbol"],
      price: ["Please enter a price"],
      viewType: ["Please enter a viewType"],
      condition: ["Please enter a condition"],
    });
    const bad = await call(newAction, formRequest("/alert/new", valid({ price: "abc", condition: "Around", viewType: "Shout" }), { cookie: owner.cookie }), t.context);
    const badError = (await bad.json()).error;
    expect(badError.price).toEqual(["Please enter a price"]);
    expect(badError.condition).toEqual(["Please enter a condition"]);
    expect(JSON.stringify(badError)).toContain("Please enter a viewType");
    expect(await t.context.db.select().from(alerts)).toHaveLength(0);
  });

  it("prefills the symbol from ?symbol= and shows its live price", async () => {
    t.context.liveBook.set({ symbolCode: "ALTA", last: 101.5, open: 100, high: 102, low: 99, prevClose: 100, change: 1.5, changePercent: 1.5, ask: 101.5, bid: 101.5, ltq: 1, volume: 1, time: Date.now() });
    const body = await (await call(newLoader, getRequest("/alert/new?symbol=alta", { cookie: owner.cookie }), t.context)).json();
    expect(body).toMatchObject({ symbol: "ALTA", lastPrice: 101.5, isAdmin: false });
    const customerView = await (await call(newLoader, getRequest("/alert/new?symbol=ALTA", { cookie: customer.cookie }), t.context)).json();
    expect(customerView.symbols).toEqual(["ALTB"]);
    expect(customerView.symbol).toBe("");
  });

  it("creates with 'Alert created successfully'; the admin-only switches are ignored for role 3", async () => {
    const res = await call(newAction, formRequest("/alert/new", valid({ isMasterAlert: "on" }), { cookie: owner.cookie }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/alert");
    expect(await toastMessage(t.context.cookies, res)).toBe("Alert created successfully");
    const [row] = await t.context.db.select().from(alerts).where(eq(alerts.userId, owner.id));
    expect(row).toMatchObject({ name: "Breakout", symbolId: sym[0].id, price: 110, condition: "Greater than", viewType: ["Play sound", "Notify in App"], isMasterAlert: false, active: true, createdBy: "User" });
    const list = await (await call(listLoader, getRequest("/alert", { cookie: owner.cookie }), t.context)).json();
    expect(list.rows.map((r: { name: string }) => r.name)).toEqual(["Breakout"]);
    expect(list.canSetAutoAlerts).toBe(false);
    expect((await (await call(listLoader, getRequest("/alert", { cookie: other.cookie }), t.context)).json()).rows).toEqual([]);
  });

  it("refuses role 4 a symbol outside its subscription", async () => {
    const res = await call(newAction, formRequest("/alert/new", valid(), { cookie: customer.cookie }), t.context);
    expect(res.status).toBe(400);
    expect((await res.json()).error.symbol).toEqual(["Please select a symbol"]);
    expect(await t.context.db.select().from(alerts).where(eq(alerts.userId, customer.id))).toHaveLength(0);
    const ok = await call(newAction, formRequest("/alert/new", valid({ symbol: "ALTB", price: "40", condition: "Less than" }), { cookie: customer.cookie }), t.context);
    expect(ok.status).toBe(302);
  });

  it("stores role 1's Master Alert and Key Alert switches", async () => {
    const res = await call(newAction, formRequest("/alert/new", valid({ name: "Master", price: "120", isMasterAlert: "on", isChaviAlert: "on" }), { cookie: admin.cookie }), t.context);
    expect(res.status).toBe(302);
    const [row] = await t.context.db.select().from(alerts).where(eq(alerts.userId, admin.id));
    expect(row).toMatchObject({ isMasterAlert: true, isChaviAlert: true, createdBy: "Admin" });
  });
});

describe("edit and delete", () => {
  it("answers 404 for another user's alert and changes nothing", async () => {
    const [row] = await t.context.db.select().from(alerts).where(eq(alerts.userId, owner.id));
    const params = { id: String(row.id) };
    expect((await call(editLoader, getRequest(`/alert/${row.id}/edit`, { cookie: other.cookie }), t.context, params)).status).toBe(404);
    expect((await call(editAction, formRequest(`/alert/${row.id}/edit`, valid({ name: "Hijack" }), { cookie: other.cookie }), t.context, params)).status).toBe(404);
    expect((await call(deleteAction, formRequest(`/alert/${row.id}/delete`, {}, { cookie: other.cookie }), t.context, params)).status).toBe(404);
    const [after] = await t.context.db.select().from(alerts).where(eq(alerts.id, row.id));
    expect(after).toEqual(row);
  });

  it("edits with the same messages, and deletes", async () => {
    const [row] = await t.context.db.select().from(alerts).where(eq(alerts.userId, owner.id));
    const params = { id: String(row.id) };
    const bad = await call(editAction, formRequest(`/alert/${row.id}/edit`, valid({ name: "", description: "" }), { cookie: owner.cookie }), t.context, params);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ name: ["Please enter a name"], description: ["Please enter a description"] });
    const res = await call(editAction, formRequest(`/alert/${row.id}/edit?page=1`, valid({ name: "Renamed", price: "115" }), { cookie: owner.cookie }), t.context, params);
    expect(res.status).toBe(302);
    expect(await toastMessage(t.context.cookies, res)).toBe("Alert updated successfully");
    const [after] = await t.context.db.select().from(alerts).where(eq(alerts.id, row.id));
    expect(after).toMatchObject({ name: "Renamed", price: 115 });
    const temp = await call(newAction, formRequest("/alert/new", valid({ name: "Temp" }), { cookie: owner.cookie }), t.context);
    expect(temp.status).toBe(302);
    const [tempRow] = await t.context.db.select().from(alerts).where(eq(alerts.name, "Temp"));
    const del = await call(deleteAction, formRequest(`/alert/${tempRow.id}/delete`, {}, { cookie: owner.cookie }), t.context, { id: String(tempRow.id) });
    expect(await toastMessage(t.context.cookies, del)).toBe("Alert deleted successfully");
    expect(await t.context.db.select().from(alerts).where(eq(alerts.name, "Temp"))).toHaveLength(0);
    await settle();
    expect(alertEngine.index.has(tempRow.id)).toBe(false);
  });
});

describe("the alert engine", () => {
  it("fires a crossed alert once: one notification, marked fired, pushed to its owner", async () => {
    await settle();
    const [row] = await t.context.db.select().from(alerts).where(eq(alerts.name, "Renamed"));
    expect(alertEngine.index.has(row.id)).toBe(true); // the edit re-indexed it at 115
    pushed.length = 0;
    tick("ALTA", 112);
    tick("ALTA", 114.5); // below 115: nothing
    tick("ALTA", 116); // crosses 115 upward
    tick("ALTA", 114); // back below
    tick("ALTA", 117); // crosses again: the alert already fired
    await alertEngine.idle();
    const stored = await t.context.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ symbolId: sym[0].id, view: ["Play sound", "Notify in App"], mp3Text: "अल्फा" });
    expect(stored[0].message).toBe("Renamed: ALTA greater than 115.00 (last 116.00)");
    const [after] = await t.context.db.select().from(alerts).where(eq(alerts.id, row.id));
    expect(after.active).toBe(false);
    expect(after.firedAt).not.toBeNull();
    const mine = pushed.filter((p) => p.userId === owner.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ event: ALERT_NOTIFICATION_EVENT, payload: { message: stored[0].message, symbolCode: "ALTA", mp3Text: "अल्फा" } });
    // The admin's master alert at 120 did not fire: the price never went above it.
    expect(pushed.some((p) => p.userId === admin.id)).toBe(false);
  });

  it("fires a master alert to its owner and to every follower of the symbol", async () => {
    pushed.length = 0;
    const [master] = await t.context.db.select().from(alerts).where(eq(alerts.userId, admin.id));
    await t.context.db.insert(userSymbols).values({ userId: customer.id, symbolId: sym[0].id });
    tick("ALTA", 121);
    await alertEngine.idle();
    expect(pushed.map((p) => p.userId).sort()).toEqual([admin.id, customer.id].sort());
    const [after] = await t.context.db.select().from(alerts).where(eq(alerts.id, master.id));
    expect(after.active).toBe(false);
  });
  it("stores the alerts a batch of ticks fires in one transaction, each once, at its own tick's time, in tick order, to its owner only", async () => {
    const base = Date.now() - 60_000;
    tick("ALTB", 50, base);
    const rows = await t.context.db
      .insert(alerts)
      .values([
        { userId: other.id, symbolId: sym[1].id, name: "B1", price: 51, condition: "Greater than" as const, viewType: ["Notify in App"], description: "batch" },
        { userId: other.id, symbolId: sym[1].id, name: "B2", price: 52, condition: "Greater than" as const, viewType: ["Notify in App"], description: "batch" },
        { userId: other.id, symbolId: sym[1].id, name: "B3", price: 49, condition: "Less than" as const, viewType: ["Notify in App"], description: "batch" },
      ])
      .returning({ id: alerts.id, name: alerts.name });
    await alertEngine.reload([sym[1].id]);
    pushed.length = 0;
    const transaction = vi.spyOn(t.context.db, "transaction");
    try {
      // One feed batch: three ticks, each firing one alert; the last crosses B1 and B2 again (already fired).
      engine.ingest([
        { symbolCode: "ALTB", price: 51.5, volume: 1, time: base + 1000 },
        { symbolCode: "ALTB", price: 52.5, volume: 1, time: base + 2000 },
        { symbolCode: "ALTB", price: 48.5, volume: 1, time: base + 3000 },
      ]);
      await alertEngine.idle();
      expect(transaction).toHaveBeenCalledTimes(1);
    } finally {
      transaction.mockRestore();
    }
    const stored = await t.context.db.select().from(notifications).where(eq(notifications.symbolId, sym[1].id)).orderBy(notifications.id);
    expect(stored.map((n) => [n.userId, n.message, n.createdAt.getTime()])).toEqual([
      [other.id, "B1: ALTB greater than 51.00 (last 51.50)", base + 1000],
      [other.id, "B2: ALTB greater than 52.00 (last 52.50)", base + 2000],
      [other.id, "B3: ALTB less than 49.00 (last 48.50)", base + 3000],
    ]);
    const after = await t.context.db.select().from(alerts).where(inArray(alerts.id, rows.map((r) => r.id))).orderBy(alerts.id);
    expect(after.map((a) => [a.id, a.active, a.firedAt?.getTime()])).toEqual(rows.map((r, i) => [r.id, false, base + 1000 * (i + 1)]));
    expect(pushed.map((p) => [p.userId, p.payload.message])).toEqual(stored.map((n) => [other.id, n.message]));
  });

  it("splits a backlog larger than MAX_BATCH into transactions in order, still storing each alert once", async () => {
    const base = Date.now() - 30_000;
    tick("ALTB", 60, base);
    const values = Array.from({ length: MAX_BATCH + 1 }, (_, i) => ({
      userId: other.id,
      symbolId: sym[1].id,
      name: `M${i}`,
      price: 61,
      condition: "Greater than" as const,
      viewType: ["Notify in App"],
      description: "backlog",
    }));
    const rows = await t.context.db.insert(alerts).values(values).returning({ id: alerts.id });
    await alertEngine.reload([sym[1].id]);
    pushed.length = 0;
    const transaction = vi.spyOn(t.context.db, "transaction");
    try {
      tick("ALTB", 62, base + 1000);
      await alertEngine.idle();
      expect(transaction).toHaveBeenCalledTimes(2);
    } finally {
      transaction.mockRestore();
    }
    const stored = await t.context.db.select().from(notifications).where(eq(notifications.symbolId, sym[1].id)).orderBy(notifications.id);
    const backlog = stored.filter((n) => n.message.startsWith("M"));
    expect(backlog).toHaveLength(MAX_BATCH + 1);
    expect(new Set(backlog.map((n) => n.message)).size).toBe(MAX_BATCH + 1);
    expect(backlog.every((n) => n.userId === other.id)).toBe(true);
    const after = await t.context.db.select({ active: alerts.active }).from(alerts).where(inArray(alerts.id, rows.map((r) => r.id)));
    expect(after.every((a) => !a.active)).toBe(true);
    expect(pushed.filter((p) => p.payload.message.startsWith("M"))).toHaveLength(MAX_BATCH + 1);
  });
});

describe("/notifications", () => {
  it("lists the user's own notifications, newest first, of the current and previous day only", async () => {
    const now = Date.now();
    await t.context.db.insert(notifications).values([
      { userId: owner.id, symbolId: sym[0].id, message: "old", createdAt: new Date(now - 3 * 24 * 3600_000) },
      { userId: owner.id, symbolId: sym[0].id, message: "newest", createdAt: new Date(now + 1000) },
      { userId: other.id, symbolId: sym[0].id, message: "not mine", createdAt: new Date(now) },
    ]);
    const body = await (await call(notificationsLoader, getRequest("/notifications", { cookie: owner.cookie }), t.context)).json();
    expect(body.notifications.map((n: { message: string }) => n.message)).toEqual(["newest", "Renamed: ALTA greater than 115.00 (last 116.00)"]);
    expect(body.notifications[0].time).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);
    const res = await call(readAction, formRequest("/notifications", { from: "modal" }, { cookie: owner.cookie }), t.context);
    expect(res.status).toBe(200);
    const unread = await t.context.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(unread.every((n) => n.readAt !== null)).toBe(true);
    const others = await t.context.db.select().from(notifications).where(eq(notifications.userId, other.id));
    expect(others.every((n) => n.readAt === null)).toBe(true);
  });

  it("shows role 4 only notifications of its subscribed symbols", async () => {
    await t.context.db.delete(userSymbols).where(eq(userSymbols.symbolId, sym[0].id));
    const body = await (await call(notificationsLoader, getRequest("/notifications", { cookie: customer.cookie }), t.context)).json();
    expect(body.notifications).toEqual([]);
  });

  it("counts on the bell only what the list shows (role 4: its subscribed symbols)", async () => {
    const since = new Date(Date.now() - 60_000);
    await t.context.db.insert(notifications).values([
      { userId: customer.id, symbolId: sym[0].id, message: "not subscribed" },
      { userId: customer.id, symbolId: sym[1].id, message: "subscribed" },
    ]);
    const listed = (await (await call(notificationsLoader, getRequest("/notifications", { cookie: customer.cookie }), t.context)).json()).notifications;
    const unread = await countUnreadNotifications(t.context.db, { id: customer.id, roleId: 4 }, since);
    expect(listed.map((n: { message: string }) => n.message)).toContain("subscribed");
    expect(listed.map((n: { message: string }) => n.message)).not.toContain("not subscribed");
    expect(unread).toBe(1);
  });
});

describe("+ Set alerts (role 1)", () => {
  it("is refused to other roles, fails with the message when there are no points, and creates master alerts at today's points", async () => {
    expect((await call(listAction, formRequest("/alert", { intent: "auto-alerts" }, { cookie: owner.cookie }), t.context)).status).toBe(403);
    const none = await call(listAction, formRequest("/alert", { intent: "auto-alerts" }, { cookie: admin.cookie }), t.context);
    expect(await toastMessage(t.context.cookies, none)).toBe("Error In Auto Alert Set........!");
    const today = istDateString(new Date());
    await t.context.db.insert(referencePoints).values([
      { symbolId: sym[1].id, pointName: "TEJI_VISAMO_TARGET", displayName: "Teji target", price: 55, date: today },
      { symbolId: sym[1].id, pointName: "OLD", price: 45, date: "2020-01-01" },
    ]);
    const res = await call(listAction, formRequest("/alert", { intent: "auto-alerts" }, { cookie: admin.cookie }), t.context);
    expect(await toastMessage(t.context.cookies, res)).toBe("Auto Alert Set successfully.");
    const auto = await t.context.db.select().from(alerts).where(eq(alerts.alertType, "auto"));
    expect(auto).toHaveLength(1);
    expect(auto[0]).toMatchObject({ name: "Teji target", price: 55, condition: "Equal to", isMasterAlert: true, userId: admin.id });
    // Asking again does not duplicate it.
    await call(listAction, formRequest("/alert", { intent: "auto-alerts" }, { cookie: admin.cookie }), t.context);
    expect(await t.context.db.select().from(alerts).where(eq(alerts.alertType, "auto"))).toHaveLength(1);
  });
});
