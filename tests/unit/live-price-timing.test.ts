// When a tick reaches a socket (docs/decisions/162): the market engine's frame goes out within
// frameMs of its first tick (at once after a quiet spell), and LivePrices writes a socket's
// message holdMs after the frame that first changed one of its symbols, with the latest quote of
// each. On fake timers, with a fake socket.io server whose sockets record what is written to them.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Server, Socket } from "socket.io";
import type { AppDatabase } from "~/db/client.server";
import type { Quote } from "~/domain/quotes";
import { istMidnight } from "~/domain/dates";
import { DEFAULT_FRAME_MS, MarketEngine } from "~/market/engine.server";
import { LiveBook } from "~/realtime/live-book.server";
import { DEFAULT_HOLD_MS, LivePrices, TICK_PACKET_HEAD, TICK_PACKET_TAIL } from "~/realtime/live-prices.server";
import type { SymbolTickPayload } from "~/realtime/events";
import type { SymbolAccess } from "~/realtime/symbol-events.server";

const CODES = ["AAA", "BBB", "CCC", "NIFTY-I"];

vi.mock("~/models/symbol.server", () => ({
  listActiveSymbols: async () =>
    CODES.map((symbolCode, i) => ({ id: i + 1, symbolCode, sectorId: null, step: 1, referencePrice: 100 + i, status: true })),
}));
vi.mock("~/models/day-ohlc.server", () => ({ previousSessions: async () => new Map() }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setImmediate", "clearImmediate", "setInterval", "clearInterval", "performance", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

const now = () => performance.now();

interface Written {
  at: number;
  payloads: SymbolTickPayload[];
}

/** A connected socket.io socket as LivePrices sees it, on the polling transport (conn.write). */
function fakeSocket(id: string, symbolAccess: SymbolAccess) {
  const handlers = new Map<string, (...args: unknown[]) => unknown>();
  const written: Written[] = [];
  const left: string[] = [];
  const socket = {
    id,
    data: { user: { id: 1, roleId: 1, sessionId: id }, symbolAccess },
    conn: {
      readyState: "open",
      transport: { name: "polling", writable: true },
      writeBuffer: [],
      write(packet: string) {
        expect(packet.startsWith(TICK_PACKET_HEAD) && packet.endsWith(TICK_PACKET_TAIL)).toBe(true);
        written.push({ at: now(), payloads: JSON.parse(`[${packet.slice(TICK_PACKET_HEAD.length, -TICK_PACKET_TAIL.length)}]`) });
      },
    },
    on(event: string, handler: (...args: unknown[]) => unknown) {
      handlers.set(event, handler);
    },
    emit: vi.fn(),
    join: async () => {},
    leave: async (room: string) => {
      left.push(room);
    },
  };
  return { socket: socket as unknown as Socket, handlers, written, left, data: socket.data };
}

function fakeServer() {
  const handlers = new Map<string, (...args: unknown[]) => unknown>();
  const sockets = new Map<string, Socket>();
  const io = {
    on: (event: string, handler: (...args: unknown[]) => unknown) => handlers.set(event, handler),
    of: () => ({ sockets }),
    serverSideEmit: vi.fn(),
  };
  return {
    io: io as unknown as Server,
    connect(client: ReturnType<typeof fakeSocket>) {
      sockets.set(client.socket.id, client.socket);
      handlers.get("connection")!(client.socket);
    },
  };
}

async function subscribe(client: ReturnType<typeof fakeSocket>, subs: string[]) {
  let answer: unknown;
  await client.handlers.get("SubAdd")!({ subs }, (a: unknown) => (answer = a));
  expect(answer).toMatchObject({ ok: true, subscribed: expect.arrayContaining(subs) });
}

function quote(code: string, last: number, volume: number): Quote {
  return { symbolCode: code, last, open: last, high: last, low: last, prevClose: 100, change: 0, changePercent: 0, ask: last, bid: last, ltq: 1, volume, time: Date.now() };
}

function livePrices(io: Server, holdMs?: number) {
  return new LivePrices({ io, liveBook: new LiveBook(), isKnownSymbol: (code) => CODES.includes(code), alwaysVisible: new Set(["NIFTY-I"]), holdMs });
}

describe("MarketEngine frames", () => {
  async function engine(frameMs?: number) {
    const e = new MarketEngine({ db: {} as AppDatabase, liveBook: new LiveBook(), feed: null, frameMs, log: () => {} });
    await e.start();
    const frames: { at: number; quotes: Quote[] }[] = [];
    e.onFrame((quotes) => frames.push({ at: now(), quotes }));
    return { e, frames };
  }

  it(`sends every tick within ${DEFAULT_FRAME_MS} ms across frame boundaries, frames at least that far apart`, async () => {
    const { e, frames } = await engine();
    const ticks: { at: number; code: string; volume: number }[] = [];
    const volume = new Map<string, number>();
    // A tick every 3 ms for 300 ms, round the symbols: frames and ticks never line up.
    for (let k = 0; k < 100; k++) {
      const code = CODES[k % CODES.length];
      volume.set(code, (volume.get(code) ?? 0) + 1);
      e.ingest([{ symbolCode: code, price: 100 + k, volume: 1, time: Date.now() }]);
      ticks.push({ at: now(), code, volume: volume.get(code)! });
      await vi.advanceTimersByTimeAsync(3);
    }
    await vi.advanceTimersByTimeAsync(DEFAULT_FRAME_MS);
    for (const tick of ticks) {
      // The first frame whose quote of the symbol covers the tick (volume counts the ticks).
      const frame = frames.find((f) => f.quotes.some((q) => q.symbolCode === tick.code && q.volume >= tick.volume));
      expect(frame, `tick ${tick.code} #${tick.volume}`).toBeDefined();
      expect(frame!.at - tick.at).toBeLessThanOrEqual(DEFAULT_FRAME_MS);
    }
    for (let i = 1; i < frames.length; i++) expect(frames[i].at - frames[i - 1].at).toBeGreaterThanOrEqual(DEFAULT_FRAME_MS);
    // Coalesced: one quote per symbol per frame, the latest.
    for (const f of frames) expect(new Set(f.quotes.map((q) => q.symbolCode)).size).toBe(f.quotes.length);
    await e.stop();
  });

  it("after a quiet spell a tick goes out at once (once its batch is in), and no timer runs while nothing is pending", async () => {
    const { e, frames } = await engine(50);
    e.ingest([{ symbolCode: "AAA", price: 101, volume: 1, time: Date.now() }]);
    e.ingest([{ symbolCode: "BBB", price: 102, volume: 1, time: Date.now() }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(frames).toHaveLength(1);
    expect(frames[0].quotes.map((q) => q.symbolCode)).toEqual(["AAA", "BBB"]);
    expect(vi.getTimerCount()).toBe(0);
    // Within the frame of the last one: it waits out the rest of it, not a whole frame more.
    await vi.advanceTimersByTimeAsync(20);
    e.ingest([{ symbolCode: "AAA", price: 103, volume: 1, time: Date.now() }]);
    await vi.advanceTimersByTimeAsync(29);
    expect(frames).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(frames).toHaveLength(2);
    expect(frames[1].at - frames[0].at).toBe(50);
    await vi.advanceTimersByTimeAsync(500);
    expect(frames).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
    await e.stop();
  });

  it("tells a new IST day from the tick's time at the very millisecond of midnight", async () => {
    const { e } = await engine();
    const ended: string[] = [];
    e.onDayEnd((day) => ended.push(day));
    const midnight = istMidnight("2026-11-30").getTime();
    for (const time of [midnight - 3_600_000, midnight - 1, midnight, midnight + 1, midnight + 86_400_000 - 1, midnight + 86_400_000]) {
      e.ingest([{ symbolCode: "AAA", price: 101, volume: 1, time }]);
    }
    expect(ended).toEqual(["2026-11-29", "2026-11-30"]);
    await e.stop();
  });

  it("stop() sends what is pending and leaves no timer", async () => {
    const { e, frames } = await engine(50);
    e.ingest([{ symbolCode: "AAA", price: 101, volume: 1, time: Date.now() }]);
    await vi.advanceTimersByTimeAsync(0);
    e.ingest([{ symbolCode: "CCC", price: 99, volume: 1, time: Date.now() }]);
    await e.stop();
    expect(frames.map((f) => f.quotes.map((q) => q.symbolCode))).toEqual([["AAA"], ["CCC"]]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("LivePrices per-socket hold", () => {
  it(`writes a socket's changes ${DEFAULT_HOLD_MS} ms after its first one, with the latest quote of each`, async () => {
    const server = fakeServer();
    const prices = livePrices(server.io);
    const client = fakeSocket("s1", "all");
    server.connect(client);
    await subscribe(client, ["AAA", "BBB"]);
    const start = now();
    prices.publish([quote("AAA", 101, 1)]);
    await vi.advanceTimersByTimeAsync(10);
    prices.publish([quote("BBB", 201, 1), quote("CCC", 301, 1)]);
    await vi.advanceTimersByTimeAsync(10);
    prices.publish([quote("AAA", 102, 2)]);
    await vi.advanceTimersByTimeAsync(DEFAULT_HOLD_MS - 21);
    expect(client.written).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.written).toHaveLength(1);
    expect(client.written[0].at - start).toBe(DEFAULT_HOLD_MS);
    // The latest AAA, and BBB; CCC is not subscribed.
    expect(client.written[0].payloads.map((p) => [p.tickData.symbolCode, p.tickData.last])).toEqual([
      ["AAA", 102],
      ["BBB", 201],
    ]);
    // Nothing more changed: no further message.
    await vi.advanceTimersByTimeAsync(200);
    expect(client.written).toHaveLength(1);
  });

  it("delivers every frame's quote within the hold across frame boundaries, to sockets whose clocks differ", async () => {
    const server = fakeServer();
    const prices = livePrices(server.io);
    const clients = ["AAA", "BBB", "CCC"].map((code, i) => ({ code, client: fakeSocket(`s${i}`, "all") }));
    for (const { code, client } of clients) {
      server.connect(client);
      await subscribe(client, [code]);
    }
    const sent: { at: number; code: string; volume: number }[] = [];
    // Frames every 10 ms for 400 ms, each changing one symbol in turn: each socket's deadline
    // starts at its own symbol's frame.
    for (let k = 0; k < 40; k++) {
      const code = CODES[k % 3];
      const volume = Math.floor(k / 3) + 1;
      prices.publish([quote(code, 100 + k, volume)]);
      sent.push({ at: now(), code, volume });
      await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(DEFAULT_HOLD_MS);
    for (const tick of sent) {
      const { client } = clients.find((c) => c.code === tick.code)!;
      const message = client.written.find((w) => w.payloads.some((p) => p.tickData.volume >= tick.volume));
      expect(message, `${tick.code} #${tick.volume}`).toBeDefined();
      expect(message!.at - tick.at).toBeLessThanOrEqual(DEFAULT_HOLD_MS);
    }
    // Batched: each socket's symbol changed every 30 ms and its messages are 30 ms or more apart.
    for (const { client } of clients) {
      for (let i = 1; i < client.written.length; i++) expect(client.written[i].at - client.written[i - 1].at).toBeGreaterThanOrEqual(DEFAULT_HOLD_MS);
    }
  });

  it("engine and LivePrices together: a tick reaches its socket within frame + hold", async () => {
    const server = fakeServer();
    const prices = livePrices(server.io);
    const client = fakeSocket("s1", "all");
    server.connect(client);
    await subscribe(client, ["AAA", "BBB"]);
    const e = new MarketEngine({ db: {} as AppDatabase, liveBook: new LiveBook(), feed: null, log: () => {} });
    await e.start();
    e.onFrame((quotes) => prices.publish(quotes));
    const ticks: { at: number; code: string; volume: number }[] = [];
    const volume = new Map<string, number>();
    for (let k = 0; k < 120; k++) {
      const code = CODES[k % 2];
      volume.set(code, (volume.get(code) ?? 0) + 1);
      e.ingest([{ symbolCode: code, price: 100 + k, volume: 1, time: Date.now() }]);
      ticks.push({ at: now(), code, volume: volume.get(code)! });
      await vi.advanceTimersByTimeAsync(7);
    }
    await vi.advanceTimersByTimeAsync(DEFAULT_FRAME_MS + DEFAULT_HOLD_MS);
    for (const tick of ticks) {
      const message = client.written.find((w) => w.payloads.some((p) => p.tickData.symbolCode === tick.code && p.tickData.volume >= tick.volume));
      expect(message, `${tick.code} #${tick.volume}`).toBeDefined();
      expect(message!.at - tick.at).toBeLessThanOrEqual(DEFAULT_FRAME_MS + DEFAULT_HOLD_MS);
    }
    await e.stop();
  });

  it("reads the entitlement when it writes: a symbol narrowed away meanwhile is dropped, a top-bar index goes without key labels", async () => {
    const server = fakeServer();
    const prices = livePrices(server.io);
    prices.keyLabels = (code) => [{ label: `K-${code}`, date: "2026-11-27" }];
    const client = fakeSocket("s1", "all");
    server.connect(client);
    await subscribe(client, ["AAA", "BBB", "NIFTY-I"]);
    prices.publish([quote("AAA", 101, 1), quote("BBB", 201, 1), quote("NIFTY-I", 24_000, 1)]);
    // An admin narrows the subscription before the message is due.
    client.data.symbolAccess = new Set(["AAA"]);
    await vi.advanceTimersByTimeAsync(DEFAULT_HOLD_MS);
    expect(client.written).toHaveLength(1);
    expect(client.written[0].payloads).toEqual([
      { tickData: expect.objectContaining({ symbolCode: "AAA" }), chavi: [{ label: "K-AAA", date: "2026-11-27" }] },
      { tickData: expect.objectContaining({ symbolCode: "NIFTY-I" }), chavi: [] },
    ]);
    expect(client.left).toEqual(["symbol:BBB"]);
    // BBB is no longer followed: its next quote is not written.
    prices.publish([quote("BBB", 202, 2)]);
    await vi.advanceTimersByTimeAsync(DEFAULT_HOLD_MS * 2);
    expect(client.written).toHaveLength(1);
  });

  it("sends nothing to a socket that disconnected or unsubscribed before its message was due", async () => {
    const server = fakeServer();
    const prices = livePrices(server.io);
    const gone = fakeSocket("gone", "all");
    const stays = fakeSocket("stays", "all");
    server.connect(gone);
    server.connect(stays);
    await subscribe(gone, ["AAA"]);
    await subscribe(stays, ["AAA", "BBB"]);
    prices.publish([quote("AAA", 101, 1), quote("BBB", 201, 1)]);
    gone.handlers.get("disconnect")!();
    let answer: unknown;
    stays.handlers.get("SubRemove")!({ subs: ["BBB"] }, (a: unknown) => (answer = a));
    expect(answer).toMatchObject({ ok: true, subscribed: ["AAA"] });
    await vi.advanceTimersByTimeAsync(DEFAULT_HOLD_MS);
    expect(gone.written).toHaveLength(0);
    expect(stays.written.map((w) => w.payloads.map((p) => p.tickData.symbolCode))).toEqual([["AAA"]]);
    prices.publish([quote("AAA", 102, 2)]);
    await vi.advanceTimersByTimeAsync(DEFAULT_HOLD_MS);
    expect(gone.written).toHaveLength(0);
    expect(stays.written).toHaveLength(2);
  });

  it("holdMs 0 writes within the frame's own delivery", async () => {
    const server = fakeServer();
    const prices = livePrices(server.io, 0);
    const client = fakeSocket("s1", "all");
    server.connect(client);
    await subscribe(client, ["AAA"]);
    prices.publish([quote("AAA", 101, 1)]);
    expect(client.written).toHaveLength(1);
  });
});
