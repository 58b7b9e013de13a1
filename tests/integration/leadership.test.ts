// The feed lock's connection cut (test:pg only): the leader steps down without an unhandled
// 'error' event, retries with backoff while the database is unreachable, and leads again
// once it is back.
import { afterAll, describe, expect, it } from "vitest";
import { advisoryLockLeadership, backoffDelay } from "~/market/leadership.server";
import { openTestDatabase } from "../support/context";
import { waitUntil } from "../support/private-services";
import { startTcpRelay } from "../support/tcp-relay";

const unavailable = !process.env.TEST_DATABASE_URL ? "needs TEST_DATABASE_URL (npm run test:pg)" : null;
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("backoffDelay", () => {
  it("doubles from the retry interval up to the ceiling", () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, 100, 1_000))).toEqual([100, 200, 400, 800, 1_000, 1_000]);
  });
});

describe.skipIf(Boolean(unavailable))("advisory-lock leadership over a connection that is cut", () => {
  it("steps down on the cut, backs off, and takes the lock again after restore", async () => {
    const db = await openTestDatabase();
    cleanups.push(async () => {
      await db.database.close();
      await db.drop();
    });
    const target = new URL(db.url);
    const relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => relay.close());
    const events: string[] = [];
    const lines: string[] = [];
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    cleanups.push(() => process.off("uncaughtException", onUncaught));
    const leadership = advisoryLockLeadership(
      { connectionString: relay.urlFor(db.url), lockKey: 99_114n, retryMs: 50, checkMs: 5_000, maxBackoffMs: 400 },
      { onAcquire: () => void events.push("acquire"), onLose: () => void events.push("lose"), log: (l) => lines.push(l) },
    );
    cleanups.push(() => leadership.stop());
    await waitUntil(() => leadership.isLeader(), 10_000, "the lock");

    relay.cut();
    await waitUntil(() => !leadership.isLeader(), 10_000, "the step-down");
    // While cut, attempts fail and back off (50, 100, 200, 400, 400 ms ...): a handful in
    // 1.5 s, not one every 50 ms; and the failure is logged once, not per attempt.
    const attemptsBefore = relay.accepted();
    await new Promise((r) => setTimeout(r, 1_500));
    const attempts = relay.accepted() - attemptsBefore;
    expect(leadership.isLeader()).toBe(false);
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(attempts).toBeLessThanOrEqual(8);
    expect(lines.filter((l) => l.includes("lock attempt failed")).length).toBe(1);

    relay.restore();
    await waitUntil(() => leadership.isLeader(), 10_000, "the lock again after restore");
    expect(events).toEqual(["acquire", "lose", "acquire"]);
    expect(uncaught).toEqual([]);
  }, 30_000);
});
