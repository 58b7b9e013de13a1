// A demo seed stopped part-way is finished by the next start, or reported: never a store left
// half-seeded in silence. A failure is injected after a few symbols' history (as a kill would
// land), then the start-up step runs again; the result must equal a clean seed, table by table.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { demoSeedState, PARTIAL_SEED_ADVICE, PARTIAL_SEED_MESSAGE, prepareDemoStore, seedDemoStore } from "~/seed/demo-seed.server";
import { users } from "~/db/schema";
import { openTestDatabase } from "../support/context";
import { rowCounts } from "../support/db-snapshot";

const NOW = new Date("2026-03-11T09:00:00Z");
const HISTORY = { dailyDays: 30, minuteDays: 2, minuteSymbols: ["NIFTY-I", "BANKNIFTY-I", "SENSEX", "TCS"] };

const opened: { database: DatabaseHandle; drop: () => Promise<void> }[] = [];
async function freshDatabase(): Promise<DatabaseHandle> {
  const db = await openTestDatabase();
  opened.push(db);
  return db.database;
}
afterAll(async () => {
  for (const db of opened) {
    await db.database.close();
    await db.drop();
  }
});

async function counts(database: DatabaseHandle) {
  return rowCounts(database.db);
}

let clean: Record<string, number>;
beforeAll(async () => {
  const database = await freshDatabase();
  const outcome = await seedDemoStore(database.db, { now: NOW, history: HISTORY });
  expect(outcome?.resumed).toBe(false);
  expect(await demoSeedState(database.db)).toBe("complete");
  clean = await counts(database);
  expect(clean.day_ohlc).toBeGreaterThan(100);
  expect(clean.intraday_ohlc).toBeGreaterThan(100);
  expect(clean.sector_analysis_points).toBeGreaterThan(0);
}, 120_000);

describe("the demo seed stopped part-way", () => {
  it("is reported as partial, left alone without SEED_DEMO, and finished to a clean seed's row counts with it", async () => {
    const database = await freshDatabase();
    let done = 0;
    const stopAfterThree = async () => {
      if (++done === 3) throw new Error("killed mid-seed (injected)");
    };
    await expect(seedDemoStore(database.db, { now: NOW, history: { ...HISTORY, afterSymbol: stopAfterThree } })).rejects.toThrow(/injected/);
    const half = await counts(database);
    expect(half.users).toBe(clean.users);
    expect(half.day_ohlc).toBeLessThan(clean.day_ohlc);
    expect(half.sector_analysis_points).toBe(0);
    expect(await demoSeedState(database.db)).toBe("partial");

    // Without SEED_DEMO: nothing is written, and the log says what it found and what to do.
    const quiet: string[] = [];
    expect(await prepareDemoStore(database.db, { seed: false, now: NOW, history: HISTORY, log: (l) => quiet.push(l) })).toBe("partial");
    expect(quiet).toEqual([PARTIAL_SEED_MESSAGE, PARTIAL_SEED_ADVICE]);
    expect(await counts(database)).toEqual(half);

    // With SEED_DEMO (the next start): finished, and equal to a clean seed.
    const lines: string[] = [];
    expect(await prepareDemoStore(database.db, { seed: true, now: NOW, history: HISTORY, log: (l) => lines.push(l) })).toBe("complete");
    expect(lines[0]).toBe(`${PARTIAL_SEED_MESSAGE} Finishing it now.`);
    expect(lines).toContain("[db] the demo data is complete now");
    expect(await counts(database)).toEqual(clean);

    // A third start finds it complete and adds nothing.
    expect(await prepareDemoStore(database.db, { seed: true, now: NOW, history: HISTORY, log: () => {} })).toBe("complete");
    expect(await counts(database)).toEqual(clean);
  }, 120_000);

  it("stopped right after the data set: partial, not complete, and finished by the next start", async () => {
    const database = await freshDatabase();
    // The data set commits with its "started" marker; the stop comes after the first symbol.
    await expect(
      seedDemoStore(database.db, { now: NOW, history: { ...HISTORY, afterSymbol: () => Promise.reject(new Error("killed (injected)")) } }),
    ).rejects.toThrow(/injected/);
    expect(await demoSeedState(database.db)).toBe("partial");
    const lines: string[] = [];
    await prepareDemoStore(database.db, { seed: true, now: NOW, history: HISTORY, log: (l) => lines.push(l) });
    expect(await counts(database)).toEqual(clean);
  }, 120_000);

  it("a store with users but no marker (real data) is neither seeded nor reported", async () => {
    const database = await freshDatabase();
    await database.db.insert(users).values({ name: "Real", username: "real", email: "real@example.org", passwordHash: "x", roleId: 1 });
    const lines: string[] = [];
    expect(await prepareDemoStore(database.db, { seed: true, now: NOW, history: HISTORY, log: (l) => lines.push(l) })).toBe("other");
    expect(lines).toEqual([]);
    expect((await counts(database)).day_ohlc).toBe(0);
  });
});
