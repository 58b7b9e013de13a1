import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { verifyPassword } from "~/auth/password.server";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "~/db/client.server";
import { DEMO_PASSWORD } from "~/seed/demo-data";
import { seedDemoData, type SeedSummary } from "~/seed/seed.server";
import {
  calendarEntries,
  dayOhlc,
  referencePoints,
  sectors,
  symbols,
  trades,
  users,
  userSymbols,
} from "~/db/schema";

// A Wednesday afternoon in IST; the previous trading day is Tuesday 10 March 2026.
const NOW = new Date("2026-03-11T09:00:00Z");

async function freshDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase("memory://");
  await migrateDatabase(handle);
  return handle;
}

async function countRows(handle: DatabaseHandle): Promise<Record<string, number>> {
  const result = await handle.db.execute(sql`
    select (select count(*)::int from sectors) as sectors,
           (select count(*)::int from symbols) as symbols,
           (select count(*)::int from users) as users,
           (select count(*)::int from trades) as trades,
           (select count(*)::int from day_ohlc) as day_ohlc`);
  return (result as unknown as { rows: Record<string, number>[] }).rows[0];
}

describe("seedDemoData", () => {
  let handle: DatabaseHandle;
  let summary: SeedSummary;

  beforeAll(async () => {
    handle = await freshDatabase();
    summary = await seedDemoData(handle.db, { now: NOW });
  });
  afterAll(() => handle.close());

  it("creates the four demo users with their roles, verified and signing in with the demo password", async () => {
    const rows = await handle.db.select().from(users).orderBy(users.roleId);
    expect(rows.map((u) => [u.email, u.username, u.roleId])).toEqual([
      ["admin@example.com", "admin", 1],
      ["subadmin@example.com", "subadmin", 2],
      ["employee@example.com", "employee", 3],
      ["customer@example.com", "customer", 4],
    ]);
    for (const user of rows) {
      expect(user.status).toBe(true);
      expect(user.emailVerifiedAt).not.toBeNull();
      expect(await verifyPassword(DEMO_PASSWORD, user.passwordHash)).toBe(true);
    }
  });

  it("creates the three indices with their segments and lots", async () => {
    const rows = await handle.db
      .select({ code: symbols.symbolCode, segment: symbols.segment, lotSize: symbols.lotSize, sector: sectors.sectorName })
      .from(symbols)
      .innerJoin(sectors, eq(sectors.id, symbols.sectorId))
      .where(sql`${symbols.symbolCode} in ('NIFTY-I', 'BANKNIFTY-I', 'SENSEX')`)
      .orderBy(symbols.symbolCode);
    expect(rows).toEqual([
      { code: "BANKNIFTY-I", segment: "NFO", lotSize: 35, sector: "INDEX" },
      { code: "NIFTY-I", segment: "NFO", lotSize: 75, sector: "INDEX" },
      { code: "SENSEX", segment: "BSE", lotSize: 20, sector: "INDEX" },
    ]);
  });

  it("gives every symbol a sector, a positive reference price and step, and a previous-day bar", async () => {
    const rows = await handle.db.select().from(symbols);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    for (const s of rows) {
      expect(s.sectorId, s.symbolCode).not.toBeNull();
      expect(s.referencePrice, s.symbolCode).toBeGreaterThan(0);
      expect(s.step, s.symbolCode).toBeGreaterThan(0);
      expect(s.audioScript, s.symbolCode).toMatch(/[\u0900-\u097F]/);
    }
    const bars = await handle.db.select().from(dayOhlc);
    expect(bars).toHaveLength(rows.length);
    for (const bar of bars) {
      expect(bar.tradingDate).toBe("2026-03-10");
      expect(bar.settlePrice).toBe(bar.close);
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
    }
  });

  it("subscribes the customer to the indices", async () => {
    const rows = await handle.db
      .select({ code: symbols.symbolCode })
      .from(userSymbols)
      .innerJoin(users, eq(users.id, userSymbols.userId))
      .innerJoin(symbols, eq(symbols.id, userSymbols.symbolId))
      .where(eq(users.username, "customer"));
    expect(rows.map((r) => r.code)).toEqual(expect.arrayContaining(["NIFTY-I", "BANKNIFTY-I", "SENSEX"]));
    expect(rows.length).toBe(summary.subscribedSymbols);
  });

  it("places MANDI targets below and TEJI targets above the reference price", async () => {
    const rows = await handle.db
      .select({ name: referencePoints.pointName, price: referencePoints.price, reference: symbols.referencePrice })
      .from(referencePoints)
      .innerJoin(symbols, eq(symbols.id, referencePoints.symbolId));
    const mandi = rows.filter((r) => r.name === "MANDI_VISAMO_TARGET");
    const teji = rows.filter((r) => r.name === "TEJI_VISAMO_TARGET");
    expect(mandi).toHaveLength(2);
    expect(teji).toHaveLength(2);
    for (const r of mandi) expect(r.price).toBeLessThan(r.reference as number);
    for (const r of teji) expect(r.price).toBeGreaterThan(r.reference as number);
  });

  it("journals open and closed trades with the prices their state implies", async () => {
    const rows = await handle.db.select().from(trades);
    // Three a session over ten sessions, and four still open from today.
    expect(rows).toHaveLength(34);
    const open = rows.filter((t) => t.status);
    const closed = rows.filter((t) => !t.status);
    expect(open.length).toBeGreaterThan(0);
    expect(closed.length).toBeGreaterThan(0);
    expect(new Set(rows.map((t) => t.tradeType))).toEqual(new Set(["BUY", "SELL"]));
    for (const t of closed) {
      expect(t.exitDateTime).not.toBeNull();
      expect(t.buyPrice).toBeGreaterThan(0);
      expect(t.sellPrice).toBeGreaterThan(0);
    }
    for (const t of open) {
      expect(t.exitDateTime).toBeNull();
      expect(t.tradeType === "BUY" ? t.sellPrice : t.buyPrice).toBe(0);
    }
    for (const t of rows) expect(t.tradeDateTime.getTime()).toBeLessThan(NOW.getTime());
  });

  it("spreads the trades over the ten sessions before today, skipping weekends and the Holi closing, and today's open positions", async () => {
    const rows = await handle.db.select({ at: trades.tradeDateTime, status: trades.status }).from(trades);
    const istDays = new Set(rows.map((t) => new Date(t.at.getTime() + 330 * 60_000).toISOString().slice(0, 10)));
    expect([...istDays].sort()).toEqual([
      "2026-02-24",
      "2026-02-25",
      "2026-02-26",
      "2026-02-27",
      "2026-03-02",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
    ]);
    // Today's (NOW is 14:30 IST on 11 March): open, entered after the 09:15 open and before now.
    const todays = rows.filter((t) => t.at.getTime() >= Date.parse("2026-03-11T03:45:00Z"));
    expect(todays).toHaveLength(4);
    for (const t of todays) {
      expect(t.status).toBe(true);
      expect(t.at.getTime()).toBeLessThan(NOW.getTime());
    }
  });

  it("marks the NSE holidays of 2026 in the calendar", async () => {
    const [republicDay] = await handle.db
      .select()
      .from(calendarEntries)
      .where(and(eq(calendarEntries.date, "2026-01-26"), eq(calendarEntries.segment, "NSE")));
    expect(republicDay).toMatchObject({ isHoliday: true, note: "Republic Day" });
  });

  it("fails a second seed as a whole and leaves the data unchanged", async () => {
    const before = await countRows(handle);
    await expect(seedDemoData(handle.db, { now: NOW })).rejects.toThrow();
    expect(await countRows(handle)).toEqual(before);
  });
});

describe("seedDemoData on a database that conflicts part-way", () => {
  it("rolls back the rows it wrote before the conflict", async () => {
    const handle = await freshDatabase();
    try {
      // Sectors and symbols go in before users, so the conflict on this email comes after writes.
      await handle.db.insert(users).values({
        name: "Someone",
        username: "someone",
        email: "customer@example.com",
        passwordHash: "x",
        roleId: 4,
      });
      await expect(seedDemoData(handle.db, { now: NOW })).rejects.toThrow();
      expect(await countRows(handle)).toEqual({ sectors: 0, symbols: 0, users: 1, trades: 0, day_ohlc: 0 });
    } finally {
      await handle.close();
    }
  });
});

describe("seedDemoData determinism", () => {
  it("writes the same figures for the same `now`", async () => {
    const snapshots = [];
    for (let run = 0; run < 2; run++) {
      const handle = await freshDatabase();
      try {
        await seedDemoData(handle.db, { now: NOW });
        const tradeRows = await handle.db
          .select({
            symbolId: trades.symbolId,
            tradeType: trades.tradeType,
            quantity: trades.quantity,
            buyPrice: trades.buyPrice,
            sellPrice: trades.sellPrice,
            tradeDateTime: trades.tradeDateTime,
          })
          .from(trades)
          .orderBy(trades.id);
        const bars = await handle.db.select().from(dayOhlc).orderBy(dayOhlc.symbolId);
        snapshots.push({ tradeRows, bars: bars.map(({ updatedAt: _updatedAt, ...bar }) => bar) });
      } finally {
        await handle.close();
      }
    }
    expect(snapshots[1]).toEqual(snapshots[0]);
  });
});
