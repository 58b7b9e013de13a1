// /healthz's figures: the event-loop delay of a recent window (a block shows, then ages out),
// the database round trip, and 503 within the timeout when the database does not answer.
import { afterEach, describe, expect, it } from "vitest";
import { healthReport, recentLoopDelay, type LoopDelayWindow } from "~/server/health.server";

function blockLoop(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: the event loop cannot turn
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let window: LoopDelayWindow | null = null;
afterEach(() => window?.stop());

describe("recentLoopDelay", () => {
  it("shows a blocked loop in p99 and max at once, and drops it once the window has passed", async () => {
    window = recentLoopDelay({ windowMs: 1_000, resolutionMs: 10 });
    await sleep(300);
    expect(window.read().maxMs).toBeLessThan(200);
    // A few 300 ms blocks in a row: they are more than 1% of the window's samples.
    for (let i = 0; i < 3; i++) {
      blockLoop(300);
      await sleep(20);
    }
    const blocked = window.read();
    expect(blocked.p99Ms).toBeGreaterThanOrEqual(250);
    expect(blocked.maxMs).toBeGreaterThanOrEqual(250);
    // A lifetime histogram would keep 300 ms for ever; the window forgets it.
    await sleep(1_600);
    const later = window.read();
    expect(later.p99Ms).toBeLessThan(200);
    expect(later.maxMs).toBeLessThan(200);
    expect(later.windowMs).toBe(1_000);
  }, 10_000);
});

describe("healthReport", () => {
  it("reports the database round trip in ms and the window's loop delay", async () => {
    window = recentLoopDelay({ windowMs: 1_000 });
    const database = { driver: "pg" as const, ping: async () => (await sleep(40), true) };
    const report = await healthReport(database, window);
    expect(report.status).toBe(200);
    expect(report.body.databaseRoundTripMs).toBeGreaterThanOrEqual(35);
    expect(report.body.databaseRoundTripMs).toBeLessThan(1_000);
    expect(report.body.eventLoopDelayP99Ms).toEqual(expect.any(Number));
    expect(report.body.eventLoopWindowMs).toBe(1_000);
  });

  it("answers 503 within the timeout when the database ping hangs", async () => {
    const database = { driver: "pg" as const, ping: () => new Promise<boolean>(() => {}) };
    const started = Date.now();
    const report = await healthReport(database);
    const took = Date.now() - started;
    expect(report.status).toBe(503);
    expect(report.body.status).toBe("unavailable");
    expect(report.body.databaseRoundTripMs).toBeNull();
    expect(report.body.databaseError).toMatch(/no answer within 2000 ms/);
    expect(took).toBeGreaterThanOrEqual(1_900);
    expect(took).toBeLessThan(3_000);
  });

  it("answers 503 at once when the database refuses the query", async () => {
    const report = await healthReport({ driver: "pg", ping: async () => false });
    expect(report.status).toBe(503);
    expect(report.body.databaseError).toMatch(/refused/);
  });
});

describe("the feed in /healthz (docs/decisions/175)", () => {
  const database = { driver: "pglite" as const, ping: async () => true };
  it("reports a provider's link state with its times in ISO, and null where no feed leads", async () => {
    const since = Date.parse("2026-11-27T03:45:00Z");
    const report = await healthReport(database, undefined, {
      feed: () => ({ name: "kite", state: "reconnecting", since, lastTickAt: since - 5_000, detail: "attempt 2, next in 2 s" }),
    });
    expect(report.body.feed).toEqual({ name: "kite", state: "reconnecting", since: "2026-11-27T03:45:00.000Z", lastTickAt: "2026-11-27T03:44:55.000Z", detail: "attempt 2, next in 2 s" });
    expect((await healthReport(database, undefined, { feed: () => null })).body.feed).toBeNull();
    expect((await healthReport(database)).body.feed).toBeNull();
  });
});
