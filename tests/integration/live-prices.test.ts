// Live prices end to end inside one process: the market engine ingests ticks, frames go out
// over a real socket.io server to real clients that subscribed with SubAdd; role 4 only gets
// its subscription; the target watcher and the key engine store and push their events.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { chaviEvents, referencePoints, symbols, users } from "~/db/schema";
import { seedDemoData } from "~/seed/seed.server";
import type { MarketEngine } from "~/market/engine.server";
import type { SymbolTickPayload } from "~/realtime/events";
import { createTestContext, type TestContext, TEST_SECRET } from "../support/context";
import { sessionCookieFor } from "../support/requests";
import { handshake, type MarketServer, startMarketServer } from "../support/sockets";

let t: TestContext;
let live: MarketServer;
let engine: MarketEngine;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  // With the secret, as the server seeds: the demo admin has its two-factor sign-in set up.
  await seedDemoData(t.context.db, { appSecret: TEST_SECRET });
  for (const u of await t.context.db.select({ id: users.id, email: users.email }).from(users)) ids[u.email] = u.id;
  live = await startMarketServer(t.context);
  engine = live.market.engine()!;
});
afterAll(async () => {
  await live?.close();
  await t?.close();
});

async function clientFor(email: string): Promise<Socket> {
  const socket = live.open(await sessionCookieFor(t.context, ids[email]));
  await handshake(socket);
  return socket;
}

function subscribe(socket: Socket, subs: string[]) {
  return socket.emitWithAck("SubAdd", { subs }) as Promise<{ ok: boolean; subscribed: string[]; ignored: string[]; message?: string }>;
}

function tick(code: string, price: number, time = Date.now()) {
  engine.ingest([{ symbolCode: code, price, volume: 10, time }]);
}

/** Collects every getServerSymbol batch. */
function recorder(socket: Socket) {
  const seen: SymbolTickPayload[] = [];
  socket.on("getServerSymbol", (batch: SymbolTickPayload[]) => seen.push(...batch));
  return seen;
}

async function until<T>(check: () => T | undefined, ms = 2000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - start > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("subscriptions", () => {
  it("a signed-in client subscribes to NIFTY-I and receives getServerSymbol within 2 s", async () => {
    const socket = await clientFor("employee@example.com");
    const seen = recorder(socket);
    const answer = await subscribe(socket, ["NIFTY-I"]);
    expect(answer).toMatchObject({ ok: true, subscribed: ["NIFTY-I"], ignored: [] });
    const started = Date.now();
    tick("NIFTY-I", 24_321.5);
    const got = await until(() => seen.find((p) => p.tickData.symbolCode === "NIFTY-I" && p.tickData.last === 24_321.5));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(got.tickData).toMatchObject({ symbolCode: "NIFTY-I", last: 24_321.5 });
    expect(got.tickData.change).toBeCloseTo(24_321.5 - got.tickData.prevClose, 2);
    expect(Array.isArray(got.chavi)).toBe(true);
    // The live book the loaders read moved too.
    expect(t.context.liveBook.get("NIFTY-I")?.last).toBe(24_321.5);
  });

  it("sends a subscriber the current quote at once", async () => {
    const socket = await clientFor("admin@example.com");
    const seen = recorder(socket);
    await subscribe(socket, ["BANKNIFTY-I"]);
    const snapshot = await until(() => seen.find((p) => p.tickData.symbolCode === "BANKNIFTY-I"));
    expect(snapshot.tickData.last).toBeGreaterThan(0);
  });

  it("coalesces a burst of one symbol into its latest quote per frame", async () => {
    const socket = await clientFor("admin@example.com");
    await subscribe(socket, ["SBIN"]);
    const seen = recorder(socket);
    const base = t.context.liveBook.get("SBIN")!.last;
    for (let i = 1; i <= 20; i++) tick("SBIN", base + i * 0.05);
    await until(() => seen.find((p) => p.tickData.last === Math.round((base + 1) * 100) / 100 || Math.abs(p.tickData.last - (base + 1)) < 0.001));
    expect(seen.filter((p) => p.tickData.symbolCode === "SBIN").length).toBeLessThan(5);
  });

  it("gives a role-4 client only its subscription (and the top bar's indices)", async () => {
    const socket = await clientFor("customer@example.com");
    const seen = recorder(socket);
    const answer = await subscribe(socket, ["NIFTY-I", "RELIANCE", "WIPRO", "NO-SUCH-CODE"]);
    expect(answer.ok).toBe(true);
    expect(answer.subscribed.sort()).toEqual(["NIFTY-I", "RELIANCE"]);
    expect(answer.ignored.sort()).toEqual(["NO-SUCH-CODE", "WIPRO"]);
    tick("WIPRO", 555.55);
    tick("RELIANCE", 1_234.5);
    await until(() => seen.find((p) => p.tickData.symbolCode === "RELIANCE" && p.tickData.last === 1_234.5));
    expect(seen.some((p) => p.tickData.symbolCode === "WIPRO")).toBe(false);
  });

  it("refuses more than 200 subscriptions", async () => {
    const socket = await clientFor("admin@example.com");
    const many = Array.from({ length: 201 }, (_, i) => `CODE${i}`);
    const answer = await subscribe(socket, many);
    expect(answer.ok).toBe(false);
    expect(answer.message).toBe("At most 200 symbols can be subscribed");
  });

  it("stops sending after SubRemove", async () => {
    const socket = await clientFor("admin@example.com");
    await subscribe(socket, ["TCS"]);
    const seen = recorder(socket);
    await socket.emitWithAck("SubRemove", { subs: ["TCS"] });
    tick("TCS", 4_000.05);
    // A marker on another symbol proves frames are flowing.
    await subscribe(socket, ["INFY"]);
    tick("INFY", 1_900.1);
    await until(() => seen.find((p) => p.tickData.symbolCode === "INFY" && p.tickData.last === 1_900.1));
    expect(seen.some((p) => p.tickData.symbolCode === "TCS" && p.tickData.last === 4_000.05)).toBe(false);
  });

  it("ignores a malformed payload without harm", async () => {
    const socket = await clientFor("admin@example.com");
    const answer = await (socket.emitWithAck("SubAdd", { subs: "NIFTY-I" }) as Promise<{ ok: boolean }>);
    expect(answer.ok).toBe(false);
  });
});

describe("engines", () => {
  it("deletes a MANDI target when the day's low reaches it and pushes the removal", async () => {
    const [nifty] = await t.context.db.select({ id: symbols.id }).from(symbols).where(eq(symbols.symbolCode, "NIFTY-I"));
    const [target] = await t.context.db
      .select()
      .from(referencePoints)
      .where(and(eq(referencePoints.symbolId, nifty.id), eq(referencePoints.pointName, "MANDI_VISAMO_TARGET")));
    const socket = await clientFor("admin@example.com");
    await subscribe(socket, ["NIFTY-I"]);
    const removed = new Promise<{ id: number }>((resolve) => socket.once("target-point-removed", resolve));
    tick("NIFTY-I", target.price);
    expect((await removed).id).toBe(target.id);
    const left = await t.context.db.select().from(referencePoints).where(eq(referencePoints.id, target.id));
    expect(left).toHaveLength(0);
  });

  it("stores a key crossing and pushes chavi_algorithm to the users the key is assigned to", async () => {
    const symbol = engine.symbol("HDFCBANK")!;
    const socket = await clientFor("customer@example.com");
    const pushed = new Promise<{ label: string; symbolCode: string }>((resolve) => socket.once("chavi_algorithm", resolve));
    const rung = symbol.base + symbol.step; // the K1 plus rung
    tick("HDFCBANK", symbol.base + 0.05);
    tick("HDFCBANK", rung + 0.05);
    const event = await pushed;
    expect(event).toMatchObject({ symbolCode: "HDFCBANK", label: "K1 BUY" });
    // The key engine stores its events in batches each second.
    let rows: (typeof chaviEvents.$inferSelect)[] = [];
    for (let i = 0; i < 40 && rows.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await t.context.db.select().from(chaviEvents).where(eq(chaviEvents.symbolId, symbol.id));
    }
    expect(rows.map((r) => r.label)).toContain("K1 BUY");
    expect(rows.find((r) => r.label === "K1 BUY")?.price).toBeCloseTo(rung, 2);
  });
});
