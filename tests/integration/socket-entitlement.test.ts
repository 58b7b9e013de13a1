// Socket events that name a symbol reach only users entitled to it (issue 16 item 5,
// docs/decisions/115), and key events fire once per key, rung and direction per IST day
// (issue 17 item 6, docs/decisions/126). A real socket.io server wired as server.ts wires it
// (hub, live prices, market engine with its tick engines), real clients, ticks put in by hand.
//
// The cast: a customer subscribed to IN only and assigned key K1; another customer subscribed
// to OUT only and assigned K1; an employee and a sub-admin assigned K1; an admin assigned
// nothing. NIFTY-I and BANKNIFTY-I are top-bar indices: every user may follow their prices.
import http from "node:http";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { alerts, chaviEvents, chavis, chaviUsers, referencePoints, symbols, userSymbols } from "~/db/schema";
import { createRealtimeHub, type RealtimeHub } from "~/realtime/hub.server";
import { MarketEngine } from "~/market/engine.server";
import { attachKeyEngine } from "~/market/engines/key-engine.server";
import { LiveBook } from "~/realtime/live-book.server";
import { detectSwings } from "~/domain/swing";
import { istDateString, istMidnight } from "~/domain/dates";
import { roomForUser, type SymbolTickPayload } from "~/realtime/events";
import type { RoleId } from "~/domain/access";
import { createTestContext, hubOptionsFor, type TestContext } from "../support/context";
import { call, formRequest, sessionCookieFor } from "../support/requests";
import { action as editUserAction } from "~/routes/_admin+/users.$id.edit";
import { createUser } from "../support/factories";
import { startPrivateRedis, type PrivateRedis } from "../support/private-services";
import { handshake, listenOnLoopback, type MarketServer, openSocket, startMarketServer } from "../support/sockets";

let t: TestContext;
let live: MarketServer;
/** live.hub, named for the many emits below. */
let hub: RealtimeHub;
let engine: MarketEngine;

const sym: Record<"IN" | "OUT" | "NIFTY" | "BANKNIFTY" | "HOVER", { id: number; code: string; base: number; step: number }> = {} as never;
const who = {} as Record<"admin" | "subadmin" | "employee" | "customer" | "other" | "unassigned", number>;

async function addSymbol(code: string, base: number, step: number) {
  const [row] = await t.context.db.insert(symbols).values({ symbolCode: code, segment: "NSE", status: true, referencePrice: base, step }).returning({ id: symbols.id });
  return { id: row.id, code, base, step };
}

beforeAll(async () => {
  t = await createTestContext();
  const db = t.context.db;
  const stamp = Date.now().toString(36).toUpperCase();
  sym.IN = await addSymbol(`IN${stamp}`, 1000, 10);
  sym.OUT = await addSymbol(`OUT${stamp}`, 500, 5);
  sym.HOVER = await addSymbol(`HOV${stamp}`, 2000, 20);
  sym.NIFTY = await addSymbol("NIFTY-I", 20_000, 50);
  sym.BANKNIFTY = await addSymbol("BANKNIFTY-I", 100, 50);
  const user = async (roleId: RoleId) => (await createUser(db, { roleId })).id;
  who.admin = await user(1);
  who.subadmin = await user(2);
  who.employee = await user(3);
  who.customer = await user(4);
  who.other = await user(4);
  who.unassigned = await user(4);
  await db.insert(userSymbols).values([
    { userId: who.customer, symbolId: sym.IN.id },
    { userId: who.customer, symbolId: sym.HOVER.id },
    { userId: who.other, symbolId: sym.OUT.id },
    { userId: who.unassigned, symbolId: sym.IN.id },
  ]);
  const [key] = await db.insert(chavis).values({ name: `K1-${stamp}`, displayName: "K1", type: "plus", srNo: 1 }).returning({ id: chavis.id });
  await db.insert(chaviUsers).values([who.customer, who.other, who.employee, who.subadmin].map((userId) => ({ chaviId: key.id, userId })));
  // MANDI targets the first tick below them deletes (docs/product-rules.md R-D15).
  await db.insert(referencePoints).values([
    { symbolId: sym.NIFTY.id, pointName: "MANDI_VISAMO_TARGET", price: 19_900 },
    { symbolId: sym.OUT.id, pointName: "MANDI_VISAMO_TARGET", price: 490 },
  ]);
  // Alerts their owners set while they were subscribed; the customer's on OUT outlived its subscription.
  await db.insert(alerts).values([
    { userId: who.customer, symbolId: sym.OUT.id, name: "Out alert", price: 520, condition: "Greater than", viewType: ["Notify in App"], description: "old" },
    { userId: who.customer, symbolId: sym.IN.id, name: "In alert", price: 1_050, condition: "Greater than", viewType: ["Notify in App"], description: "mine" },
  ]);

  live = await startMarketServer(t.context);
  hub = live.hub;
  engine = live.market.engine()!;
}, 120_000);

afterAll(async () => {
  await live?.close();
  await t?.close();
});

interface Client {
  socket: Socket;
  userId: number;
  events: { event: string; payload: unknown }[];
}

/** A client signed in as the user on the server at serverUrl, recording every event it hears. */
async function clientAt(serverUrl: string, userId: number): Promise<Client> {
  const socket = openSocket(serverUrl, await sessionCookieFor(t.context, userId), { forceNew: true });
  live.clients.push(socket);
  const events: Client["events"] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  await handshake(socket);
  return { socket, userId, events };
}

const clientOf = (userId: number) => clientAt(live.url, userId);

/**
 * Waits until everything sent to these clients so far has arrived: a marker emitted now
 * reaches each socket after every earlier packet on its connection.
 */
async function drained(...clients: Client[]) {
  const name = `marker-${Math.random().toString(36).slice(2)}`;
  await Promise.all(
    clients.map((c) => {
      const got = new Promise((resolve) => c.socket.once(name, resolve));
      hub.emitToUser(c.userId, name, {});
      return got;
    }),
  );
}

function received(client: Client, event: string, symbolCode: string) {
  return client.events.filter((e) => e.event === event && (e.payload as { symbolCode?: string }).symbolCode === symbolCode);
}

function ticksOf(client: Client, code: string) {
  return client.events.filter((e) => e.event === "getServerSymbol").flatMap((e) => e.payload as SymbolTickPayload[]).filter((p) => p.tickData.symbolCode === code);
}

async function until(check: () => boolean, ms = 3000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

const tick = (code: string, price: number, time = Date.now()) => engine.ingest([{ symbolCode: code, price, volume: 1, time }]);

/** A hub that records each key event once, however it is sent. */
function recordingHub(fired: string[]) {
  const record = (payload: unknown) => void fired.push(`${(payload as { symbolCode: string }).symbolCode} ${(payload as { label: string }).label}`);
  return { emitToEntitled: (_code: string, _event: string, payload: unknown) => record(payload), emitToUser: (_id: number, _event: string, payload: unknown) => record(payload) };
}

describe("chavi_algorithm goes only to users entitled to the symbol", () => {
  it("a customer assigned K1 gets no event for a symbol outside its subscription; an entitled customer, the employee and the admin do", async () => {
    const [admin, subadmin, employee, customer, other, unassigned] = await Promise.all(
      [who.admin, who.subadmin, who.employee, who.customer, who.other, who.unassigned].map(clientOf),
    );
    // OUT crosses K1's rung (base + 1 step) upward.
    tick(sym.OUT.code, sym.OUT.base + 1);
    tick(sym.OUT.code, sym.OUT.base + sym.OUT.step + 1);
    await drained(admin, subadmin, employee, customer, other);
    expect(received(other, "chavi_algorithm", sym.OUT.code).map((e) => (e.payload as { label: string }).label)).toEqual(["K1 BUY"]);
    expect(received(employee, "chavi_algorithm", sym.OUT.code)).toHaveLength(1);
    // Role 1 hears every key's events (roles 1, 3 and 4 receive live key updates).
    expect(received(admin, "chavi_algorithm", sym.OUT.code)).toHaveLength(1);
    expect(received(customer, "chavi_algorithm", sym.OUT.code)).toEqual([]);
    // Role 2 is not among the roles that receive key updates, assigned or not.
    expect(received(subadmin, "chavi_algorithm", sym.OUT.code)).toEqual([]);

    // The same key on the customer's own symbol reaches it.
    tick(sym.IN.code, sym.IN.base + 1);
    tick(sym.IN.code, sym.IN.base + sym.IN.step + 1);
    await drained(customer, other, unassigned);
    expect(received(customer, "chavi_algorithm", sym.IN.code)).toHaveLength(1);
    expect(received(other, "chavi_algorithm", sym.IN.code)).toEqual([]);
    // Entitled to IN but not assigned K1: nothing either.
    expect(received(unassigned, "chavi_algorithm", sym.IN.code)).toEqual([]);
  });
});

describe("key events: once per key, rung and direction per IST day", () => {
  it("a price hovering round a rung fires the key once; the stored events say the same", async () => {
    const [customer, admin] = await Promise.all([clientOf(who.customer), clientOf(who.admin)]);
    const rung = sym.HOVER.base + sym.HOVER.step;
    tick(sym.HOVER.code, rung - 1);
    for (let i = 0; i < 10; i++) {
      tick(sym.HOVER.code, rung + 1); // upward through the rung
      tick(sym.HOVER.code, rung - 1); // back below it
    }
    await drained(customer, admin);
    expect(received(customer, "chavi_algorithm", sym.HOVER.code)).toHaveLength(1);
    expect(received(admin, "chavi_algorithm", sym.HOVER.code)).toHaveLength(1);
    // The key engine stores its events in batches each second.
    let rows: { label: string }[] = [];
    for (let i = 0; i < 40 && rows.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await t.context.db.select({ label: chaviEvents.label }).from(chaviEvents).where(eq(chaviEvents.symbolId, sym.HOVER.id));
    }
    await new Promise((r) => setTimeout(r, 1200)); // one more flush: nothing else may arrive
    rows = await t.context.db.select({ label: chaviEvents.label }).from(chaviEvents).where(eq(chaviEvents.symbolId, sym.HOVER.id));
    expect(rows.map((r) => r.label)).toEqual(["K1 BUY"]);
    // Today's labels riding along with the ticks hold it once too.
    expect(live.market.livePrices.keyLabels(sym.HOVER.code).map((l) => l.label)).toEqual(["K1 BUY"]);
  });

  it("a key engine started later the same day (a restart, a new leader) does not fire the day's events again", async () => {
    const fired: string[] = [];
    const fresh = new MarketEngine({ db: t.context.db, liveBook: new LiveBook(), feed: null, log: () => {} });
    await fresh.load();
    const keys = await attachKeyEngine(fresh, { db: t.context.db, hub: recordingHub(fired), log: () => {} });
    try {
      // Read back from the store before any tick.
      expect(keys.labels(sym.HOVER.code).map((l) => l.label)).toEqual(["K1 BUY"]);
      const rung = sym.HOVER.base + sym.HOVER.step;
      fresh.ingest([{ symbolCode: sym.HOVER.code, price: rung - 1, volume: 1, time: Date.now() }]);
      fresh.ingest([{ symbolCode: sym.HOVER.code, price: rung + 1, volume: 1, time: Date.now() }]);
      expect(fired).toEqual([]);
      expect(keys.labels(sym.HOVER.code).map((l) => l.label)).toEqual(["K1 BUY"]);
    } finally {
      keys.stop();
    }
  });

  it("the next IST day fires the key again", async () => {
    const fired: string[] = [];
    const fresh = new MarketEngine({ db: t.context.db, liveBook: new LiveBook(), feed: null, log: () => {} });
    await fresh.load();
    const keys = await attachKeyEngine(fresh, { db: t.context.db, hub: recordingHub(fired), log: () => {} });
    try {
      const tomorrow = istMidnight(istDateString(Date.now() + 86_400_000)).getTime() + 10 * 3_600_000;
      const symbol = fresh.symbol(sym.HOVER.code)!;
      const at = (price: number, ms: number) => fresh.ingest([{ symbolCode: sym.HOVER.code, price, volume: 1, time: tomorrow + ms }]);
      at(symbol.base, 0); // the day's first tick has no previous price: nothing fires
      const rung = symbol.base + sym.HOVER.step;
      at(rung - 1, 1000);
      at(rung + 1, 2000);
      at(rung - 1, 3000);
      at(rung + 1, 4000);
      expect(fired).toEqual([`${sym.HOVER.code} K1 BUY`]);
    } finally {
      keys.stop();
    }
  });
});

describe("other symbol events go only to entitled users", () => {
  it("target-point-removed: a customer following a top-bar index's price is not told of its targets", async () => {
    const [customer, employee] = await Promise.all([clientOf(who.customer), clientOf(who.employee)]);
    for (const c of [customer, employee]) {
      const answer = (await c.socket.emitWithAck("SubAdd", { subs: ["NIFTY-I"] })) as { subscribed: string[] };
      expect(answer.subscribed).toContain("NIFTY-I"); // the index's price is every user's
    }
    tick("NIFTY-I", 19_890);
    await until(() => received(employee, "target-point-removed", "NIFTY-I").length === 1);
    await drained(customer, employee);
    expect(received(customer, "target-point-removed", "NIFTY-I")).toEqual([]);
    expect(ticksOf(customer, "NIFTY-I").length).toBeGreaterThan(0);
  });

  it("swing_alert: only subscribers entitled to the symbol", async () => {
    const [customer, employee] = await Promise.all([clientOf(who.customer), clientOf(who.employee)]);
    for (const c of [customer, employee]) await c.socket.emitWithAck("SubAdd", { subs: ["BANKNIFTY-I"] });
    // One tick a minute: up four minutes, then a close below the high's structure (decision 125).
    const start = istMidnight(istDateString(Date.now())).getTime() + 10 * 3_600_000;
    const path = [100, 101, 102, 103, 104, 95, 96];
    expect(detectSwings(path.slice(0, 6).map((p, i) => ({ time: start + i * 60_000, high: p, low: p, close: p })))).toHaveLength(1);
    path.forEach((price, i) => tick("BANKNIFTY-I", price, start + i * 60_000));
    await until(() => received(employee, "swing_alert", "BANKNIFTY-I").length === 1);
    await drained(customer, employee);
    expect(received(customer, "swing_alert", "BANKNIFTY-I")).toEqual([]);
  });

  it("getServerSymbol: a top-bar index's ticks carry its key labels only to entitled users", async () => {
    const [customer, employee] = await Promise.all([clientOf(who.customer), clientOf(who.employee)]);
    for (const c of [customer, employee]) await c.socket.emitWithAck("SubAdd", { subs: ["NIFTY-I"] });
    const base = engine.symbol("NIFTY-I")!.base;
    tick("NIFTY-I", base + 1);
    tick("NIFTY-I", base + 51); // K1 BUY on NIFTY-I
    await until(() => ticksOf(employee, "NIFTY-I").some((p) => p.chavi.some((c) => c.label === "K1 BUY")));
    await until(() => ticksOf(customer, "NIFTY-I").some((p) => p.tickData.last === base + 51));
    expect(ticksOf(customer, "NIFTY-I").flatMap((p) => p.chavi)).toEqual([]);
    expect(received(customer, "chavi_algorithm", "NIFTY-I")).toEqual([]);
  });

  it("alert-notification: an alert on a symbol its owner is no longer subscribed to is not pushed to it", async () => {
    const customer = await clientOf(who.customer);
    tick(sym.OUT.code, 510);
    tick(sym.OUT.code, 530); // crosses the customer's old OUT alert
    tick(sym.IN.code, 1_040);
    tick(sym.IN.code, 1_060); // crosses its IN alert
    await until(() => received(customer, "alert-notification", sym.IN.code).length === 1);
    // The OUT alert fired first (same chain, tick order): had it been pushed, it would be here.
    const fired = await t.context.db.select({ symbolId: alerts.symbolId }).from(alerts).where(and(eq(alerts.userId, who.customer), eq(alerts.active, false)));
    expect(fired.map((a) => a.symbolId).sort()).toEqual([sym.IN.id, sym.OUT.id].sort());
    await drained(customer);
    expect(received(customer, "alert-notification", sym.OUT.code)).toEqual([]);
  });
});

describe("a narrowed subscription takes effect on open sockets", () => {
  it("after refreshSymbolAccess, the dropped symbol's prices and events stop; the kept ones go on", async () => {
    const customer = await clientOf(who.unassigned);
    const answer = (await customer.socket.emitWithAck("SubAdd", { subs: [sym.IN.code] })) as { subscribed: string[] };
    expect(answer.subscribed).toEqual([sym.IN.code]);
    tick(sym.IN.code, 1_001.5);
    await until(() => ticksOf(customer, sym.IN.code).some((p) => p.tickData.last === 1_001.5));

    await t.context.db.delete(userSymbols).where(and(eq(userSymbols.userId, who.unassigned), eq(userSymbols.symbolId, sym.IN.id)));
    await hub.refreshSymbolAccess(who.unassigned);
    const before = customer.events.length;
    tick(sym.IN.code, 1_002.5);
    hub.emitToEntitled(sym.IN.code, "swing_alert", { symbolCode: sym.IN.code }, { subscribers: true, roles: [4] });
    await new Promise((r) => setTimeout(r, 200)); // several frames
    await drained(customer);
    expect(customer.events.slice(before).filter((e) => !e.event.startsWith("marker-"))).toEqual([]);
    // And it cannot subscribe again.
    const again = (await customer.socket.emitWithAck("SubAdd", { subs: [sym.IN.code] })) as { ignored: string[] };
    expect(again.ignored).toEqual([sym.IN.code]);
  });
});

describe("an admin narrowing a subscription", () => {
  it("on /users/:id/edit: the customer's open socket stops receiving the dropped symbol at once", async () => {
    const customer = await createUser(t.context.db, { roleId: 4 });
    await t.context.db.insert(userSymbols).values([{ userId: customer.id, symbolId: sym.IN.id }]);
    const client = await clientOf(customer.id);
    await client.socket.emitWithAck("SubAdd", { subs: [sym.IN.code] });
    tick(sym.IN.code, 1_003.5);
    await until(() => ticksOf(client, sym.IN.code).some((p) => p.tickData.last === 1_003.5));

    const adminCookie = await sessionCookieFor(t.context, who.admin);
    const fields = { intent: "save", name: customer.name, username: customer.username, email: customer.email, roleId: "4", status: "on", symbolIds: [String(sym.HOVER.id)], dateSubscribed: "2026-01-01" };
    const res = await call(editUserAction, formRequest(`/users/${customer.id}/edit`, fields, { cookie: adminCookie }), { ...t.context, hub }, { id: String(customer.id) });
    expect(res.status).toBe(302);
    const before = client.events.length;
    tick(sym.IN.code, 1_004.5);
    hub.emitToEntitled(sym.IN.code, "swing_alert", { symbolCode: sym.IN.code }, { subscribers: true });
    await new Promise((r) => setTimeout(r, 200));
    await drained(client);
    expect(client.events.slice(before).filter((e) => !e.event.startsWith("marker-"))).toEqual([]);
  });
});

describe("the hub's one way to send a symbol event", () => {
  it("delivers to each audience socket once, and only where the user is entitled", async () => {
    const [customer, other, employee] = await Promise.all([clientOf(who.customer), clientOf(who.other), clientOf(who.employee)]);
    // Roles 3 and 4 and, again, both customers by id: each entitled socket hears it once.
    hub.emitToEntitled(sym.IN.code.toLowerCase(), "probe", { symbolCode: sym.IN.code }, { roles: [3, 4], userIds: [who.customer, who.other] });
    await drained(customer, other, employee);
    expect(received(customer, "probe", sym.IN.code)).toHaveLength(1);
    expect(received(employee, "probe", sym.IN.code)).toHaveLength(1);
    expect(received(other, "probe", sym.IN.code)).toEqual([]);
  });

  it("keeps to the audience: an entitled user outside it hears nothing", async () => {
    const [customer, employee] = await Promise.all([clientOf(who.customer), clientOf(who.employee)]);
    hub.emitToEntitled(sym.IN.code, "probe-2", { symbolCode: sym.IN.code }, { userIds: [who.customer] });
    await drained(customer, employee);
    expect(received(customer, "probe-2", sym.IN.code)).toHaveLength(1);
    expect(received(employee, "probe-2", sym.IN.code)).toEqual([]);
  });
});


// Behind the Redis adapter the leader's emit reaches sockets held by another process, and the
// entitlement check happens there too: two hubs in this process, one Redis between them.
const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;
describe.skipIf(!hasRedis)("across processes (Redis adapter)", () => {
  let redis: PrivateRedis;
  let peer: RealtimeHub;
  let peerServer: http.Server;
  let peerUrl: string;
  const clients: { quit(): Promise<unknown> }[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    const { createClient } = await import("redis");
    const { createAdapter } = await import("@socket.io/redis-adapter");
    peerServer = http.createServer();
    peer = createRealtimeHub({ httpServer: peerServer, ...hubOptionsFor(t.context) });
    for (const h of [hub, peer]) {
      const pub = createClient({ url: redis.url });
      const sub = pub.duplicate();
      await Promise.all([pub.connect(), sub.connect()]);
      clients.push(pub, sub);
      h.io.adapter(createAdapter(pub, sub));
      h.clustered = true;
    }
    peerUrl = await listenOnLoopback(peerServer);
  }, 30_000);
  afterAll(async () => {
    await peer?.close();
    await Promise.allSettled(clients.map((c) => c.quit()));
    await redis?.stop();
  });

  const peerClientOf = (userId: number) => clientAt(peerUrl, userId);

  it("a key event emitted on one process reaches entitled sockets on the other, and only them", async () => {
    const [customer, other] = await Promise.all([peerClientOf(who.customer), peerClientOf(who.other)]);
    hub.emitToEntitled(sym.OUT.code, "chavi_algorithm", { symbolCode: sym.OUT.code, label: "K9 BUY" }, { roles: [1], userIds: [who.customer, who.other] });
    await until(() => received(other, "chavi_algorithm", sym.OUT.code).length === 1);
    // A marker sent the same way afterwards arrives after anything the customer was sent.
    hub.emitToEntitled(sym.IN.code, "marker-peer", { symbolCode: sym.IN.code }, { userIds: [who.customer] });
    await until(() => received(customer, "marker-peer", sym.IN.code).length === 1);
    expect(received(customer, "chavi_algorithm", sym.OUT.code)).toEqual([]);
  });

  it("an audience's events from one process reach the other's sockets once each, in order, as one message between them", async () => {
    const owner = await createUser(t.context.db, { roleId: 4 });
    const staff = await createUser(t.context.db, { roleId: 3 });
    const [ownerClient, staffClient] = await Promise.all([peerClientOf(owner.id), peerClientOf(staff.id)]);
    const published: string[] = [];
    const pub = clients[0] as unknown as { publish(channel: string, message: string): Promise<number> };
    const publish = pub.publish.bind(pub);
    pub.publish = (channel, message) => (published.push(channel), publish(channel, message));
    const payload = { tradeId: 9, symbolCode: "AUD" };
    hub.emitToAudience({ roles: [], userIds: [owner.id] }, "trade-notification-user", payload);
    hub.emitToAudience({ roles: [1, 3], userIds: [owner.id] }, "trade-notification-all", payload);
    hub.emitToAudience({ roles: [3], userIds: [owner.id, staff.id] }, "trade-notification-customer-employee", payload);
    await until(() => received(ownerClient, "trade-notification-customer-employee", "AUD").length === 1 && received(staffClient, "trade-notification-customer-employee", "AUD").length === 1);
    pub.publish = publish;
    const names = (client: Client) => client.events.filter((e) => (e.payload as { symbolCode?: string }).symbolCode === "AUD").map((e) => e.event);
    expect(names(ownerClient)).toEqual(["trade-notification-user", "trade-notification-all", "trade-notification-customer-employee"]);
    expect(names(staffClient)).toEqual(["trade-notification-all", "trade-notification-customer-employee"]);
    expect(published).toHaveLength(1);
  });

  it("who has no connection is asked of the other process by user id", async () => {
    const here = await createUser(t.context.db, { roleId: 3 });
    const there = await createUser(t.context.db, { roleId: 3 });
    const nowhere = await createUser(t.context.db, { roleId: 3 });
    await clientOf(here.id);
    const thereClient = await peerClientOf(there.id);
    expect(await hub.usersWithoutConnection([here.id, there.id, nowhere.id, there.id])).toEqual([nowhere.id]);
    expect(await peer.usersWithoutConnection([here.id, there.id, nowhere.id])).toEqual([nowhere.id]);
    thereClient.socket.disconnect();
    await until(() => (peer.io.of("/").adapter.rooms.get(roomForUser(there.id))?.size ?? 0) === 0);
    expect(await hub.usersWithoutConnection([here.id, there.id, nowhere.id])).toEqual([there.id, nowhere.id]);
  });

  it("a refresh asked on one process narrows the sockets held by the other", async () => {
    const user = await createUser(t.context.db, { roleId: 4 });
    await t.context.db.insert(userSymbols).values([{ userId: user.id, symbolId: sym.IN.id }, { userId: user.id, symbolId: sym.HOVER.id }]);
    const client = await peerClientOf(user.id);
    await t.context.db.delete(userSymbols).where(and(eq(userSymbols.userId, user.id), eq(userSymbols.symbolId, sym.IN.id)));
    await hub.refreshSymbolAccess(user.id);
    // The peer re-reads it asynchronously: wait until an IN probe stops arriving, then check it stays so.
    await new Promise((r) => setTimeout(r, 500));
    hub.emitToEntitled(sym.IN.code, "probe-in", { symbolCode: sym.IN.code }, { userIds: [user.id] });
    hub.emitToEntitled(sym.HOVER.code, "probe-hover", { symbolCode: sym.HOVER.code }, { userIds: [user.id] });
    await until(() => received(client, "probe-hover", sym.HOVER.code).length === 1);
    expect(received(client, "probe-in", sym.IN.code)).toEqual([]);
  });
});
