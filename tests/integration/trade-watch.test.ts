// docs/decisions/168: a tick through the market engine (startMarket, real hub and sockets)
// flags an open trade whose SL or target it reaches, stores the first hit, notifies the owner
// and the trade staff (rows, and live events only to users entitled to the symbol), closes the
// trade at the hit price when the owner's setting says so, and keeps the flag across a restart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, inArray } from "drizzle-orm";
import { notifications, symbols, trades, userSymbols } from "~/db/schema";
import { loader as listLoader } from "~/routes/_journal+/trades";
import { action as newAction } from "~/routes/_journal+/trades.new";
import { loader as editLoader, action as editAction } from "~/routes/_journal+/trades.$id.edit";
import { loader as settingLoader, action as settingAction } from "~/routes/_admin+/setting";
import { loader as tradeReportLoader } from "~/routes/_reports+/reports.trade";
import { dispatchApi } from "~/api/dispatch.server";
import { createAuthSession } from "~/models/auth-session.server";
import { levelHitFlag } from "~/domain/trade-watch";
import { announceTradeChanges } from "~/market/engines/trade-watch-changes.server";
import { HITS_PER_TRANSACTION } from "~/market/engines/trade-watch.server";
import type { RoleId } from "~/domain/access";
import type { AppContext } from "~/config/context";
import type { PublicUser } from "~/models/user.server";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, ORIGIN, sessionCookieFor } from "../support/requests";
import { createUser, journalMember } from "../support/factories";
import { createSymbol, uniqueCode } from "../support/market";
import { handshake, startMarketServer, type MarketServer } from "../support/sockets";

let t: TestContext;
let live: MarketServer;
let context: AppContext;
let watched: { id: number; symbolCode: string };
let unsubscribed: { id: number; symbolCode: string };

interface Member {
  user: PublicUser;
  cookie: string;
}

const EVENTS = ["trade-notification-all", "trade-notification-user", "trade-notification-admin", "trade-notification-admin-employee", "trade-notification-customer-employee"];

async function startLive() {
  live = await startMarketServer(t.context);
  context = { ...t.context, hub: live.hub };
}

beforeAll(async () => {
  t = await createTestContext();
  watched = await createSymbol(t.context.db, uniqueCode("SLW"));
  unsubscribed = await createSymbol(t.context.db, uniqueCode("SLU"));
  // The engine starts a symbol from its last close: the symbols need one to be ticked.
  await t.context.db.update(symbols).set({ referencePrice: 100 });
  await startLive();
});
afterAll(async () => {
  await live?.close();
  await t?.close();
});

function member(roleId: RoleId): Promise<Member> {
  return journalMember(t.context, roleId, [watched.id]);
}

/** A connected socket that records every trade event it receives. */
async function listener(who: Member) {
  const socket = live.open(who.cookie);
  const received: { event: string; tradeId: number; change: string; message: string }[] = [];
  for (const event of EVENTS) socket.on(event, (p: { tradeId: number; change: string; message: string }) => received.push({ event, tradeId: p.tradeId, change: p.change, message: p.message }));
  await handshake(socket);
  return received;
}

const tradeFields = (overrides: Record<string, string> = {}) => ({
  symbol: watched.symbolCode,
  tradeType: "BUY",
  buyPrice: "100",
  quantity: "10",
  targetPrice: "110",
  slPrice: "95",
  description: "watched",
  reasonToTrade: "",
  ...overrides,
});

/** Enters a trade through the page (so the watch hears of it) and answers its id. */
async function enter(who: Member, fields: Record<string, string>) {
  const res = await call(newAction, formRequest("/trades/new", fields, { cookie: who.cookie }), context);
  expect(res.status).toBe(302);
  const [row] = await t.context.db.select({ id: trades.id }).from(trades).where(eq(trades.userId, who.user.id)).orderBy(desc(trades.id));
  await pause(100); // the watch re-reads the trade after the write has committed
  return row.id;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

let clock = Date.parse("2026-11-27T04:12:10Z"); // 09:42:10 IST
function tick(code: string, price: number) {
  clock += 1000;
  live.market.engine()!.ingest([{ symbolCode: code, price, volume: 1, time: clock }]);
  return clock;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await pause(20);
  }
  throw new Error("timed out");
}

const tradeRow = (id: number) => t.context.db.select().from(trades).where(eq(trades.id, id)).then((rows) => rows[0]);
const messagesOf = (userId: number) =>
  t.context.db
    .select({ message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, "trade")))
    .then((rows) => rows.map((r) => r.message));

describe("the SL/target watch through the market engine", () => {
  it("flags a BUY at its SL (equality), stores the first hit, notifies owner and staff live, and nobody else", async () => {
    const owner = await member(4);
    const [employee, admin, otherCustomer] = [await member(3), await member(1), await member(4)];
    const tradeId = await enter(owner, tradeFields());
    const [ownerIn, employeeIn, adminIn, otherIn] = await Promise.all([listener(owner), listener(employee), listener(admin), listener(otherCustomer)]);

    tick(watched.symbolCode, 95.05);
    await pause(100);
    expect((await tradeRow(tradeId)).slHitAt).toBeNull();

    const hitAt = tick(watched.symbolCode, 95);
    const row = await until(() => tradeRow(tradeId), (r) => r.slHitAt !== null);
    expect(row).toMatchObject({ slHitPrice: 95, targetHitAt: null, status: true });
    expect(row.slHitAt?.getTime()).toBe(hitAt);

    const message = `SL hit: ${watched.symbolCode} BUY 10 at 95.00`;
    for (const reader of [owner, employee, admin]) expect(await messagesOf(reader.user.id)).toContain(message);
    expect(await messagesOf(otherCustomer.user.id)).not.toContain(message);
    await until(async () => ownerIn.length, (n) => n >= 3);
    await pause(100);
    const byEvent = (a: { event: string }, b: { event: string }) => a.event.localeCompare(b.event);
    const heard = (events: string[]) => events.map((event) => ({ event, tradeId, change: "sl-hit", message }));
    expect(ownerIn.sort(byEvent)).toEqual(heard(["trade-notification-all", "trade-notification-customer-employee", "trade-notification-user"]));
    expect(employeeIn.sort(byEvent)).toEqual(heard(["trade-notification-admin-employee", "trade-notification-all", "trade-notification-customer-employee"]));
    expect(adminIn.sort(byEvent)).toEqual(heard(["trade-notification-admin-employee", "trade-notification-all"]));
    expect(otherIn).toEqual([]);

    // Further down: the first hit stands, nobody is told twice.
    tick(watched.symbolCode, 90);
    await pause(150);
    expect((await tradeRow(tradeId)).slHitPrice).toBe(95);
    expect((await messagesOf(owner.user.id)).filter((m) => m === message)).toHaveLength(1);

    // Every screen shows the flag: the list, the edit page, the trade report, the JSON API.
    const flag = levelHitFlag("sl", { at: new Date(hitAt), price: 95 }, new Date());
    expect(flag).toMatch(/^SL hit (27-11-2026 )?09:42:1\d at 95\.00$/);
    const list = await (await call(listLoader, getRequest("/trades", { cookie: owner.cookie }), context)).json();
    expect(list.rows.find((r: { id: number }) => r.id === tradeId).levelHits.map((f: { text: string }) => f.text)).toEqual([flag]);
    const edit = await (await call(editLoader, getRequest(`/trades/${tradeId}/edit`, { cookie: owner.cookie }), context, { id: String(tradeId) })).json();
    expect(edit.levelHits.map((f: { text: string }) => f.text)).toEqual([flag]);
    const report = await (await call(tradeReportLoader, getRequest(`/reports/trade?active=all&userId=${owner.user.id}`, { cookie: admin.cookie }), context)).json();
    expect(report.rows.find((r: { id: number }) => r.id === tradeId).levelHits.map((f: { text: string }) => f.text)).toEqual([flag]);
    const token = (await createAuthSession(t.context.db, owner.user.id)).id;
    const api = await dispatchApi(new Request(`${ORIGIN}/api/admin/trade/list/${owner.user.id}?active=all`, { headers: { Authorization: `Bearer ${token}` } }), context);
    const apiRow = (await api.json()).data.rows.find((r: { id: number }) => r.id === tradeId);
    expect(apiRow.slHit).toEqual({ at: new Date(hitAt).toISOString(), price: 95, text: flag });
    expect(apiRow.targetHit).toBeNull();
    expect(apiRow.status).toBe(true); // the setting is off: the trade stays open
  });

  it("a SELL already beyond its SL is flagged on the first tick; its target at equality", async () => {
    const owner = await member(3);
    tick(watched.symbolCode, 120);
    const tradeId = await enter(owner, tradeFields({ tradeType: "SELL", buyPrice: "", sellPrice: "100", slPrice: "105", targetPrice: "90" }));
    tick(watched.symbolCode, 119.5);
    const row = await until(() => tradeRow(tradeId), (r) => r.slHitAt !== null);
    expect(row.slHitPrice).toBe(119.5);
    tick(watched.symbolCode, 90.05);
    await pause(100);
    expect((await tradeRow(tradeId)).targetHitAt).toBeNull();
    tick(watched.symbolCode, 90);
    expect((await until(() => tradeRow(tradeId), (r) => r.targetHitAt !== null)).targetHitPrice).toBe(90);
    expect(await messagesOf(owner.user.id)).toEqual(
      expect.arrayContaining([`SL hit: ${watched.symbolCode} SELL 10 at 119.50`, `Target hit: ${watched.symbolCode} SELL 10 at 90.00`]),
    );
  });

  it("a 0 SL and target are never hit; a closed trade is not watched", async () => {
    const owner = await member(3);
    tick(watched.symbolCode, 100);
    const none = await enter(owner, tradeFields({ slPrice: "0", targetPrice: "0" }));
    const closed = await enter(owner, tradeFields({ description: "closed" }));
    await call(editAction, formRequest(`/trades/${closed}/edit`, { ...tradeFields({ description: "closed" }), sellPrice: "101" }, { cookie: owner.cookie }), context, { id: String(closed) });
    await pause(100);
    expect((await tradeRow(closed)).status).toBe(false);
    tick(watched.symbolCode, 1);
    tick(watched.symbolCode, 1000);
    await pause(150);
    for (const id of [none, closed]) expect(await tradeRow(id)).toMatchObject({ slHitAt: null, targetHitAt: null });
  });

  it("an edited SL is a new level: its hit is cleared and watched again", async () => {
    const owner = await member(3);
    tick(watched.symbolCode, 100);
    const tradeId = await enter(owner, tradeFields());
    tick(watched.symbolCode, 94);
    await until(() => tradeRow(tradeId), (r) => r.slHitAt !== null);
    tick(watched.symbolCode, 100);
    const res = await call(editAction, formRequest(`/trades/${tradeId}/edit`, { ...tradeFields({ slPrice: "97" }), status: "on" }, { cookie: owner.cookie }), context, { id: String(tradeId) });
    expect(res.status).toBe(302);
    expect(await tradeRow(tradeId)).toMatchObject({ slPrice: 97, slHitAt: null, slHitPrice: null, status: true });
    await pause(100);
    tick(watched.symbolCode, 96.5);
    expect((await until(() => tradeRow(tradeId), (r) => r.slHitAt !== null)).slHitPrice).toBe(96.5);
  });

  it("closes the trade at the hit price when the owner's setting is on; the PNL stays there", async () => {
    const owner = await member(4);
    const settings = await call(settingAction, formRequest("/setting", { intent: "trade", tradeSeconds: "30", closeTradeOnHit: "on" }, { cookie: owner.cookie }), context);
    expect(settings.status).toBe(302);
    const page = await (await call(settingLoader, getRequest("/setting", { cookie: owner.cookie }), context)).json();
    expect(page.settings.closeTradeOnHit).toBe("true");
    const ownerIn = await listener(owner);
    tick(watched.symbolCode, 100);
    const tradeId = await enter(owner, tradeFields({ quantity: "75" }));
    const hitAt = tick(watched.symbolCode, 94.5);
    const row = await until(() => tradeRow(tradeId), (r) => r.status === false);
    expect(row).toMatchObject({ status: false, sellPrice: 94.5, buyPrice: 100, slHitPrice: 94.5 });
    expect(row.exitDateTime?.getTime()).toBe(hitAt);
    const message = `SL hit: ${watched.symbolCode} BUY 75 at 94.50 (trade closed)`;
    expect(await messagesOf(owner.user.id)).toContain(message);
    const hitEvents = () => Promise.resolve(ownerIn.filter((e) => e.change === "sl-hit"));
    expect((await until(hitEvents, (e) => e.length > 0))[0]).toMatchObject({ tradeId, message });

    tick(watched.symbolCode, 200);
    await pause(100);
    const list = await (await call(listLoader, getRequest("/trades", { cookie: owner.cookie }), context)).json();
    const listed = list.rows.find((r: { id: number }) => r.id === tradeId);
    expect(listed).toMatchObject({ status: false, pnl: "-412.50", currentPrice: null });
    expect((await tradeRow(tradeId)).targetHitAt).toBeNull(); // closed: no longer watched

    // Off again: the next hit leaves the trade open.
    await call(settingAction, formRequest("/setting", { intent: "trade", tradeSeconds: "30" }, { cookie: owner.cookie }), context);
    tick(watched.symbolCode, 100);
    const stays = await enter(owner, tradeFields());
    tick(watched.symbolCode, 111);
    expect(await until(() => tradeRow(stays), (r) => r.targetHitAt !== null)).toMatchObject({ status: true, targetHitPrice: 111 });
  });

  it("a crossing that reaches more trades than one transaction holds stores and tells every one, in tick order", async () => {
    const owner = await member(4);
    const employee = await member(3);
    const count = HITS_PER_TRANSACTION * 2 + 5;
    tick(watched.symbolCode, 100);
    const rows = await t.context.db
      .insert(trades)
      .values(Array.from({ length: count }, (_, i) => ({ userId: owner.user.id, symbolId: watched.id, tradeType: "BUY" as const, quantity: 100 + i, buyPrice: 100, slPrice: 70, targetPrice: 0 })))
      .returning({ id: trades.id });
    announceTradeChanges(live.hub, rows.map((r) => r.id));
    await pause(150);
    const employeeIn = await listener(employee);
    tick(watched.symbolCode, 69);
    const ids = rows.map((r) => r.id);
    await until(
      () => t.context.db.select({ id: trades.id, slHitPrice: trades.slHitPrice }).from(trades).where(inArray(trades.id, ids)),
      (stored) => stored.every((r) => r.slHitPrice === 69),
    );
    // Quantities 100 and up: other tests' trades on this symbol (which staff are told of too) have none.
    const messages = Array.from({ length: count }, (_, i) => `SL hit: ${watched.symbolCode} BUY ${100 + i} at 69.00`);
    for (const reader of [owner, employee]) expect((await messagesOf(reader.user.id)).filter((m) => messages.includes(m)).sort()).toEqual([...messages].sort());
    await until(async () => employeeIn.filter((e) => e.event === "trade-notification-all" && ids.includes(e.tradeId)).length, (n) => n >= count);
    // Told in the order the levels were reached, across the transactions.
    expect(employeeIn.filter((e) => e.event === "trade-notification-all" && ids.includes(e.tradeId)).map((e) => e.tradeId)).toEqual(ids);
  });

  it("a live event carrying a symbol reaches only users entitled to it; the row is stored for everyone", async () => {
    // The owner's subscription does not (or no longer does) cover the symbol: a staff member entered the trade for it.
    const owner = await member(4);
    const employee = await member(3);
    const [ownerIn, employeeIn] = await Promise.all([listener(owner), listener(employee)]);
    const [row] = await t.context.db
      .insert(trades)
      .values({ userId: owner.user.id, symbolId: unsubscribed.id, tradeType: "BUY", quantity: 5, buyPrice: 100, slPrice: 90, targetPrice: 0 })
      .returning({ id: trades.id });
    // Tell the watch, as a write through the journal would.
    announceTradeChanges(live.hub, [row.id]);
    await pause(100);
    tick(unsubscribed.symbolCode, 89);
    await until(() => tradeRow(row.id), (r) => r.slHitAt !== null);
    const message = `SL hit: ${unsubscribed.symbolCode} BUY 5 at 89.00`;
    await until(async () => employeeIn.length, (n) => n >= 3);
    await pause(100);
    expect(employeeIn.every((e) => e.message === message)).toBe(true);
    expect(ownerIn).toEqual([]);
    expect(await messagesOf(owner.user.id)).toContain(message);
  });

  it("after a restart the flag stays, a hit level is not told again, and an unhit level is still watched", async () => {
    const owner = await member(3);
    tick(watched.symbolCode, 100);
    const tradeId = await enter(owner, tradeFields());
    tick(watched.symbolCode, 95);
    const before = await until(() => tradeRow(tradeId), (r) => r.slHitAt !== null);
    await live.close();
    await startLive();
    // A staff member hears every trade's events: only this trade's count here.
    const heard = await listener(owner);
    const ownerIn = { get events() { return heard.filter((e) => e.tradeId === tradeId); } };
    tick(watched.symbolCode, 94);
    await pause(150);
    expect(await tradeRow(tradeId)).toMatchObject({ slHitAt: before.slHitAt, slHitPrice: 95 });
    expect(ownerIn.events).toEqual([]);
    const list = await (await call(listLoader, getRequest("/trades", { cookie: owner.cookie }), context)).json();
    expect(list.rows.find((r: { id: number }) => r.id === tradeId).levelHits).toHaveLength(1);
    tick(watched.symbolCode, 110);
    await until(() => tradeRow(tradeId), (r) => r.targetHitAt !== null);
    await until(async () => ownerIn.events.length, (n) => n > 0);
    expect(ownerIn.events[0]).toMatchObject({ change: "target-hit", message: `Target hit: ${watched.symbolCode} BUY 10 at 110.00` });
  });
});
