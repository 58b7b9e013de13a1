// The trade journal through its real loaders and actions on a real database: the form's
// messages, who may see and change which trade (404 and nothing changed), role 3's missing
// status filter, the inclusive end date, closing, keyset pages, and the notifications a trade
// change pushes over a real socket.io server to exactly the right sockets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventEmitter } from "node:events";
import { and, eq } from "drizzle-orm";
import { notifications, trades, userSymbols } from "~/db/schema";
import { loader as listLoader, action as listAction } from "~/routes/_journal+/trades";
import { loader as newLoader, action as newAction } from "~/routes/_journal+/trades.new";
import { loader as editLoader, action as editAction } from "~/routes/_journal+/trades.$id.edit";
import { loader as deleteLoader, action as deleteAction } from "~/routes/_journal+/trades.$id.delete";
import { istWallTimeToEpochMs } from "~/domain/dates";
import type { RoleId } from "~/domain/access";
import type { AppContext } from "~/config/context";
import type { PublicUser } from "~/models/user.server";
import {
  ENTER_BUY_PRICE,
  ENTER_QUANTITY,
  ENTER_SELL_PRICE,
  ENTER_TRADE_TYPE,
  SYMBOL_NOT_SUBSCRIBED,
  TRADE_DELETED,
  TRADE_SAVED,
  TRADE_VERIFIED,
  WHOLE_QUANTITY,
} from "~/schemas/trade";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";
import { createUser, journalMember } from "../support/factories";
import { createSymbol, uniqueCode } from "../support/market";
import { toastMessage } from "../support/admin";
import { handshake, type HubServer, startHubServer } from "../support/sockets";
import { recordTradeChange } from "~/services/trade-changes.server";
import { createTrade } from "~/models/trade.server";

let t: TestContext;
let symbol: { id: number; symbolCode: string };
let other: { id: number; symbolCode: string };

interface Member {
  user: PublicUser;
  cookie: string;
}

beforeAll(async () => {
  t = await createTestContext();
  symbol = await createSymbol(t.context.db, uniqueCode("TRD"));
  other = await createSymbol(t.context.db, uniqueCode("OTH"));
});
afterAll(async () => {
  await t?.close();
});

function member(roleId: RoleId): Promise<Member> {
  return journalMember(t.context, roleId, [symbol.id]);
}

const tradeFields = (overrides: Record<string, string> = {}) => ({
  symbol: symbol.symbolCode,
  tradeType: "BUY",
  buyPrice: "100",
  quantity: "10",
  targetPrice: "110",
  slPrice: "95",
  description: "test trade",
  reasonToTrade: "breakout",
  ...overrides,
});

function create(who: Member, fields: Record<string, string>, context: AppContext = t.context) {
  return call(newAction, formRequest("/trades/new", fields, { cookie: who.cookie }), context);
}

async function insertTrade(userId: number, overrides: Partial<typeof trades.$inferInsert> = {}) {
  const [row] = await t.context.db
    .insert(trades)
    .values({ userId, symbolId: symbol.id, tradeType: "BUY", quantity: 10, buyPrice: 100, tradeDateTime: new Date(), ...overrides })
    .returning();
  return row;
}

async function storedTrade(id: number) {
  const [row] = await t.context.db.select().from(trades).where(eq(trades.id, id));
  return row;
}

type ListData = {
  role: number;
  rows: { id: number; username: string; status: boolean; pnl: string; currentPrice: number | null }[];
  query: { open: boolean | null };
  nextCursor: string | null;
  prevCursor: string | null;
  dateError: string | null;
};

async function list(who: Member, search = ""): Promise<ListData> {
  const res = await call(listLoader, getRequest(`/trades${search}`, { cookie: who.cookie }), t.context);
  expect(res.status).toBe(200);
  return (await res.json()) as ListData;
}

async function errorsOf(res: Response): Promise<Record<string, string[]>> {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error?: Record<string, string[]> };
  return body.error ?? {};
}

describe("the trade form's messages", () => {
  it("asks for a trade type, a buy price for BUY and a sell price for SELL, and stores nothing", async () => {
    const employee = await member(3);
    const before = await t.context.db.select().from(trades).where(eq(trades.userId, employee.user.id));
    expect((await errorsOf(await create(employee, tradeFields({ tradeType: "" })))).tradeType).toEqual([ENTER_TRADE_TYPE]);
    expect((await errorsOf(await create(employee, tradeFields({ buyPrice: "" })))).buyPrice).toEqual([ENTER_BUY_PRICE]);
    expect((await errorsOf(await create(employee, tradeFields({ tradeType: "SELL", buyPrice: "" })))).sellPrice).toEqual([ENTER_SELL_PRICE]);
    const after = await t.context.db.select().from(trades).where(eq(trades.userId, employee.user.id));
    expect(after.length).toBe(before.length);
  });

  it("saves with 'Trade submitted successfully'; missing prices default to 0", async () => {
    const employee = await member(3);
    const res = await create(employee, { symbol: symbol.symbolCode, tradeType: "SELL", sellPrice: "250.5", quantity: "1" });
    expect(res.status).toBe(302);
    expect(await toastMessage(t.context.cookies, res)).toBe(TRADE_SAVED);
    const [row] = await t.context.db.select().from(trades).where(eq(trades.userId, employee.user.id));
    expect(row).toMatchObject({ tradeType: "SELL", sellPrice: 250.5, buyPrice: 0, targetPrice: 0, slPrice: 0, quantity: 1, status: true, isVerified: false });
  });

  it("saves only a whole quantity of at least 1: the form's 0, a missing one or a fraction is refused (docs/product-rules.md R-D26)", async () => {
    const employee = await member(3);
    const missing = { symbol: symbol.symbolCode, tradeType: "SELL", sellPrice: "250.5" };
    expect((await errorsOf(await create(employee, missing))).quantity).toEqual([ENTER_QUANTITY]);
    expect((await errorsOf(await create(employee, tradeFields({ quantity: "0" })))).quantity).toEqual([ENTER_QUANTITY]);
    expect((await errorsOf(await create(employee, tradeFields({ quantity: "-3" })))).quantity).toEqual([ENTER_QUANTITY]);
    expect((await errorsOf(await create(employee, tradeFields({ quantity: "1.5" })))).quantity).toEqual([WHOLE_QUANTITY]);
    expect(await t.context.db.select().from(trades).where(eq(trades.userId, employee.user.id))).toEqual([]);
  });

  it("the chart's Buy link prefills symbol, side and the ask price", async () => {
    const employee = await member(3);
    const res = await call(newLoader, getRequest(`/trades/new?symbol=${symbol.symbolCode.toLowerCase()}&side=BUY&price=123.45`, { cookie: employee.cookie }), t.context);
    const data = (await res.json()) as { defaults: Record<string, string | undefined> };
    expect(data.defaults).toEqual({ symbol: symbol.symbolCode, tradeType: "BUY", buyPrice: "123.45", sellPrice: undefined });
    const sell = await call(newLoader, getRequest(`/trades/new?symbol=${symbol.symbolCode}&side=SELL&price=99`, { cookie: employee.cookie }), t.context);
    expect(((await sell.json()) as { defaults: Record<string, string | undefined> }).defaults).toEqual({ symbol: symbol.symbolCode, tradeType: "SELL", sellPrice: "99" });
  });
});

describe("customers (role 4)", () => {
  it("trade only subscribed symbols", async () => {
    const customer = await member(4);
    expect((await errorsOf(await create(customer, tradeFields({ symbol: other.symbolCode })))).symbol).toEqual([SYMBOL_NOT_SUBSCRIBED]);
    expect((await create(customer, tradeFields())).status).toBe(302);
  });

  it("cannot open, edit or delete another user's trade: 404 and the row is unchanged", async () => {
    const customer = await member(4);
    const owner = await member(4);
    const trade = await insertTrade(owner.user.id);
    const params = { id: String(trade.id) };
    expect((await call(editLoader, getRequest(`/trades/${trade.id}/edit`, { cookie: customer.cookie }), t.context, params)).status).toBe(404);
    const edit = await call(editAction, formRequest(`/trades/${trade.id}/edit`, tradeFields({ buyPrice: "1", quantity: "999" }), { cookie: customer.cookie }), t.context, params);
    expect(edit.status).toBe(404);
    expect((await call(deleteLoader, getRequest(`/trades/${trade.id}/delete`, { cookie: customer.cookie }), t.context, params)).status).toBe(404);
    const del = await call(deleteAction, formRequest(`/trades/${trade.id}/delete`, { intent: "delete" }, { cookie: customer.cookie }), t.context, params);
    expect(del.status).toBe(404);
    expect(await storedTrade(trade.id)).toEqual(trade);
  });

  it("may edit its own trade", async () => {
    const customer = await member(4);
    const trade = await insertTrade(customer.user.id);
    const res = await call(editAction, formRequest(`/trades/${trade.id}/edit`, tradeFields({ quantity: "3", status: "on" }), { cookie: customer.cookie }), t.context, { id: String(trade.id) });
    expect(res.status).toBe(302);
    expect((await storedTrade(trade.id)).quantity).toBe(3);
  });

  it("cannot verify, not even its own trade", async () => {
    const customer = await member(4);
    const trade = await insertTrade(customer.user.id);
    const res = await call(listAction, formRequest("/trades", { intent: "status", id: String(trade.id), status: "1" }, { cookie: customer.cookie }), t.context);
    expect(res.status).toBe(404);
    expect((await storedTrade(trade.id)).isVerified).toBe(false);
  });

  it("lists only its own trades", async () => {
    const customer = await member(4);
    const someoneElse = await member(4);
    const mine = await insertTrade(customer.user.id);
    const theirs = await insertTrade(someoneElse.user.id);
    const ids = (await list(customer)).rows.map((r) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    // Even asking for another user's trades by URL.
    const asked = (await list(customer, `?userId=${someoneElse.user.id}`)).rows.map((r) => r.id);
    expect(asked).toEqual([mine.id]);
  });
});

describe("staff", () => {
  it("role 1 verifies from the list; role 3 may not", async () => {
    const admin = await member(1);
    const employee = await member(3);
    const trade = await insertTrade(employee.user.id);
    const denied = await call(listAction, formRequest("/trades", { intent: "status", id: String(trade.id), status: "1" }, { cookie: employee.cookie }), t.context);
    expect(denied.status).toBe(404);
    expect((await storedTrade(trade.id)).isVerified).toBe(false);
    const res = await call(listAction, formRequest("/trades?f=1", { intent: "status", id: String(trade.id), status: "1" }, { cookie: admin.cookie }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/trades?f=1");
    expect(await toastMessage(t.context.cookies, res)).toBe(TRADE_VERIFIED);
    expect((await storedTrade(trade.id)).isVerified).toBe(true);
  });

  it("role 3 has no status filter: ?active=0 still lists open trades", async () => {
    const employee = await member(3);
    const open = await insertTrade(employee.user.id, { status: true });
    const closed = await insertTrade(employee.user.id, { status: false, sellPrice: 110, exitDateTime: new Date() });
    const data = await list(employee, "?active=0");
    expect(data.query.open).toBeNull();
    const ids = data.rows.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([open.id, closed.id]));
    // Role 1's status filter does filter.
    const admin = await member(1);
    const adminIds = (await list(admin, `?f=1&today=1&active=0&userRole=3&userId=${employee.user.id}`)).rows.map((r) => r.id);
    expect(adminIds).toEqual([closed.id]);
  });

  it("role 3 edits and deletes another user's trade", async () => {
    const employee = await member(3);
    const customer = await member(4);
    const trade = await insertTrade(customer.user.id);
    const params = { id: String(trade.id) };
    const edit = await call(editAction, formRequest(`/trades/${trade.id}/edit`, tradeFields({ quantity: "7", status: "on" }), { cookie: employee.cookie }), t.context, params);
    expect(edit.status).toBe(302);
    expect((await storedTrade(trade.id)).quantity).toBe(7);
    const del = await call(deleteAction, formRequest(`/trades/${trade.id}/delete`, { intent: "delete" }, { cookie: employee.cookie }), t.context, params);
    expect(await toastMessage(t.context.cookies, del)).toBe(TRADE_DELETED);
    expect(await storedTrade(trade.id)).toBeUndefined();
  });

  it("closing records the exit time, fills the exit price from the live price and freezes the PNL", async () => {
    const employee = await member(3);
    const trade = await insertTrade(employee.user.id, { buyPrice: 100, quantity: 10 });
    t.context.liveBook.set({ symbolCode: symbol.symbolCode, last: 112.5, open: 100, high: 113, low: 99, prevClose: 100, change: 12.5, changePercent: 12.5, ask: 112.6, bid: 112.4, ltq: 1, volume: 1, time: Date.now() });
    const openRow = (await list(employee)).rows.find((r) => r.id === trade.id);
    expect(openRow).toMatchObject({ currentPrice: 112.5, pnl: "125.00" });
    // The status switch left off: the form sends no status.
    const res = await call(editAction, formRequest(`/trades/${trade.id}/edit`, tradeFields({ buyPrice: "100", quantity: "10" }), { cookie: employee.cookie }), t.context, { id: String(trade.id) });
    expect(res.status).toBe(302);
    const stored = await storedTrade(trade.id);
    expect(stored.status).toBe(false);
    expect(stored.exitDateTime).toBeInstanceOf(Date);
    expect(stored.sellPrice).toBe(112.5);
    // The live price moves; the closed trade's PNL does not.
    t.context.liveBook.set({ symbolCode: symbol.symbolCode, last: 90, open: 100, high: 113, low: 89, prevClose: 100, change: -10, changePercent: -10, ask: 90.1, bid: 89.9, ltq: 1, volume: 1, time: Date.now() });
    const closedRow = (await list(employee)).rows.find((r) => r.id === trade.id);
    expect(closedRow).toMatchObject({ status: false, pnl: "125.00", currentPrice: null });
  });
});

describe("dates (docs/product-rules.md R-D10, R-D11)", () => {
  it("role 1's end date is inclusive: the last IST second of the end day is in, the next midnight out", async () => {
    const admin = await member(1);
    const trader = await member(3);
    const lastSecond = await insertTrade(trader.user.id, { tradeDateTime: new Date(istWallTimeToEpochMs(2025, 3, 10, 23, 59, 59)) });
    const firstSecond = await insertTrade(trader.user.id, { tradeDateTime: new Date(istWallTimeToEpochMs(2025, 3, 9, 0, 0, 0)) });
    const nextMidnight = await insertTrade(trader.user.id, { tradeDateTime: new Date(istWallTimeToEpochMs(2025, 3, 11, 0, 0, 0)) });
    const before = await insertTrade(trader.user.id, { tradeDateTime: new Date(istWallTimeToEpochMs(2025, 3, 8, 23, 59, 59)) });
    const data = await list(admin, `?f=1&startDate=2025-03-09&endDate=2025-03-10&userId=${trader.user.id}`);
    const ids = data.rows.map((r) => r.id);
    expect(ids).toEqual([lastSecond.id, firstSecond.id]);
    expect(ids).not.toContain(nextMidnight.id);
    expect(ids).not.toContain(before.id);
  });

  it("an end before the start is refused with a message and does not filter by those dates", async () => {
    const admin = await member(1);
    const data = await list(admin, "?f=1&startDate=2025-03-10&endDate=2025-03-09");
    expect(data.dateError).toBe("End date cannot be before the start date");
  });

  it("roles 3 and 4 see 7 days back through tomorrow, and nothing older", async () => {
    const customer = await member(4);
    const day = 24 * 60 * 60 * 1000;
    const recent = await insertTrade(customer.user.id, { tradeDateTime: new Date(Date.now() - 6 * day) });
    const old = await insertTrade(customer.user.id, { tradeDateTime: new Date(Date.now() - 9 * day) });
    const ids = (await list(customer)).rows.map((r) => r.id);
    expect(ids).toContain(recent.id);
    expect(ids).not.toContain(old.id);
  });
});

describe("keyset pages", () => {
  it("45 trades: 20, 20, 5, and Previous returns to the same rows", async () => {
    const admin = await member(1);
    const trader = await member(3);
    const base = Date.now() - 60_000;
    // Two trades share each millisecond, so the id must break ties.
    for (let i = 0; i < 45; i++) await insertTrade(trader.user.id, { tradeDateTime: new Date(base + Math.floor(i / 2)) });
    const filter = `?f=1&today=1&userRole=3&userId=${trader.user.id}`;
    const page1 = await list(admin, filter);
    expect(page1.rows.length).toBe(20);
    expect(page1.prevCursor).toBeNull();
    const page2 = await list(admin, `${filter}&page=2&cursor=${page1.nextCursor}`);
    const page3 = await list(admin, `${filter}&page=3&cursor=${page2.nextCursor}`);
    expect(page2.rows.length).toBe(20);
    expect(page3.rows.length).toBe(5);
    expect(page3.nextCursor).toBeNull();
    const all = [...page1.rows, ...page2.rows, ...page3.rows].map((r) => r.id);
    expect(new Set(all).size).toBe(45);
    const back = await list(admin, `${filter}&page=2&cursor=${page3.prevCursor}&dir=before`);
    expect(back.rows.map((r) => r.id)).toEqual(page2.rows.map((r) => r.id));
    // A hand-typed page without a cursor reads the same rows.
    expect((await list(admin, `${filter}&page=2`)).rows.map((r) => r.id)).toEqual(page2.rows.map((r) => r.id));
  });
});

describe("trade notifications over real sockets", () => {
  let live: HubServer;
  let context: AppContext;
  const EVENTS = [
    "trade-notification-all",
    "trade-notification-user",
    "trade-notification-admin",
    "trade-notification-admin-employee",
    "trade-notification-customer-employee",
  ];

  beforeAll(async () => {
    live = await startHubServer(t.context);
    context = { ...t.context, hub: live.hub };
  });
  afterAll(async () => {
    await live.close();
  });

  /** A connected socket that records every trade event it receives. */
  async function listener(who: Member) {
    const socket = live.open(who.cookie);
    const received: { event: string; tradeId: number; change: string }[] = [];
    for (const event of EVENTS) socket.on(event, (p: { tradeId: number; change: string }) => received.push({ event, tradeId: p.tradeId, change: p.change }));
    await handshake(socket);
    return received;
  }

  /** A round trip through the server, so every emit sent before it has arrived. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

  it("a customer's new trade goes to the owner and to roles 1 and 3, and to no one else", async () => {
    const owner = await member(4);
    const [otherCustomer, employee, admin, subAdmin] = [await member(4), await member(3), await member(1), await member(2)];
    const [ownerIn, otherCustomerIn, employeeIn, adminIn, subAdminIn] = await Promise.all([
      listener(owner),
      listener(otherCustomer),
      listener(employee),
      listener(admin),
      listener(subAdmin),
    ]);
    const res = await create(owner, tradeFields(), context);
    expect(res.status).toBe(302);
    const [row] = await t.context.db.select().from(trades).where(eq(trades.userId, owner.user.id));
    await settle();
    const heard = (events: string[]) => events.map((event) => ({ event, tradeId: row.id, change: "created" }));
    const byEvent = (a: { event: string }, b: { event: string }) => a.event.localeCompare(b.event);
    expect(ownerIn.sort(byEvent)).toEqual(heard(["trade-notification-all", "trade-notification-customer-employee", "trade-notification-user"]));
    expect(employeeIn.sort(byEvent)).toEqual(heard(["trade-notification-admin-employee", "trade-notification-all", "trade-notification-customer-employee"]));
    expect(adminIn.sort(byEvent)).toEqual(heard(["trade-notification-admin-employee", "trade-notification-all"]));
    expect(otherCustomerIn).toEqual([]);
    expect(subAdminIn).toEqual([]);
    const message = `Trade #${row.id} BUY ${symbol.symbolCode} created`;
    const stored = await t.context.db.select().from(notifications).where(and(eq(notifications.userId, owner.user.id), eq(notifications.kind, "trade")));
    expect(stored.map((n) => n.message)).toEqual([message]);
    // Everyone whose page heard it has a row for the bell; nobody else does.
    const readers = await t.context.db.select().from(notifications).where(eq(notifications.message, message));
    const readerIds = new Set(readers.map((n) => n.userId));
    for (const reader of [owner, employee, admin]) expect(readerIds.has(reader.user.id)).toBe(true);
    for (const outsider of [otherCustomer, subAdmin]) expect(readerIds.has(outsider.user.id)).toBe(false);
    expect(readers.length).toBe(readerIds.size);
  });

  it("verification goes to the owner and role 1 only; closing to the owner and roles 1 and 3", async () => {
    const owner = await member(4);
    const admin = await member(1);
    const employee = await member(3);
    const trade = await insertTrade(owner.user.id);
    const [ownerIn, adminIn, employeeIn, otherCustomerIn] = await Promise.all([listener(owner), listener(admin), listener(employee), listener(await member(4))]);
    await call(listAction, formRequest("/trades", { intent: "status", id: String(trade.id), status: "1" }, { cookie: admin.cookie }), context);
    await settle();
    const heard = (change: string, events: string[]) => events.map((event) => ({ event, tradeId: trade.id, change }));
    const byEvent = (a: { event: string }, b: { event: string }) => a.event.localeCompare(b.event);
    expect(ownerIn.sort(byEvent)).toEqual(heard("verified", ["trade-notification-all", "trade-notification-customer-employee", "trade-notification-user"]));
    expect(adminIn.sort(byEvent)).toEqual(heard("verified", ["trade-notification-admin", "trade-notification-all"]));
    expect(employeeIn.sort(byEvent)).toEqual(heard("verified", ["trade-notification-all", "trade-notification-customer-employee"]));
    ownerIn.length = adminIn.length = employeeIn.length = 0;
    await call(editAction, formRequest(`/trades/${trade.id}/edit`, tradeFields(), { cookie: employee.cookie }), context, { id: String(trade.id) });
    await settle();
    expect(ownerIn.sort(byEvent)).toEqual(heard("closed", ["trade-notification-all", "trade-notification-customer-employee", "trade-notification-user"]));
    expect(adminIn.sort(byEvent)).toEqual(heard("closed", ["trade-notification-admin-employee", "trade-notification-all"]));
    expect(employeeIn.sort(byEvent)).toEqual(heard("closed", ["trade-notification-admin-employee", "trade-notification-all", "trade-notification-customer-employee"]));
    expect(otherCustomerIn).toEqual([]);
  });
});

describe("a trade change and its notification", () => {
  it("are stored together or not at all, and nothing is sent for a change rolled back", async () => {
    const owner = await createUser(t.context.db, { roleId: 3 });
    const sent: string[] = [];
    const hub = { emitToAudience: (_audience: unknown, event: string) => void sent.push(event), io: new EventEmitter() as never, clustered: false };
    const values = { symbolId: symbol.id, tradeType: "BUY" as const, quantity: 1, buyPrice: 100, sellPrice: 0, targetPrice: 0, slPrice: 0, description: "atomic", reasonToTrade: "" };
    // The notification is written for an account that does not exist: its insert fails, so the
    // trade written just before it in the same transaction must be gone too.
    await expect(
      recordTradeChange({ db: t.context.db, hub }, (db) => createTrade(db, owner.id, values), (trade) => ({ change: "created", trade: { ...trade, userId: 2 ** 31 - 1 } })),
    ).rejects.toThrow();
    expect(await t.context.db.select().from(trades).where(eq(trades.userId, owner.id))).toHaveLength(0);
    expect(sent).toEqual([]);

    const trade = await recordTradeChange({ db: t.context.db, hub }, (db) => createTrade(db, owner.id, values), (created) => ({ change: "created", trade: created }));
    expect(await t.context.db.select().from(trades).where(eq(trades.userId, owner.id))).toHaveLength(1);
    const rows = await t.context.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(rows.map((r) => r.kind)).toEqual(["trade"]);
    expect(sent.length).toBeGreaterThan(0);
    expect(trade?.userId).toBe(owner.id);
  });
});
