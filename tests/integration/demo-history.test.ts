// The demo price history joins the demo seed's previous-session bar without a seam.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { seedDemoHistory, type DemoHistorySummary } from "~/seed/demo-history.server";
import { seedDemoData } from "~/seed/seed.server";
import { dayOhlc, intradayOhlc, symbols } from "~/db/schema";
import { aggregateCandles, type Candle } from "~/domain/candles";
import { istDateString } from "~/domain/dates";
import { getChartCandles } from "~/models/candle.server";
import { openTestDatabase } from "../support/context";

// Wednesday 11 March 2026; the previous session is Tuesday 10 March. Holi (3 March) is a holiday.
const NOW = new Date("2026-03-11T09:00:00Z");
const PREVIOUS_SESSION = "2026-03-10";

let database: DatabaseHandle;
let drop: () => Promise<void>;
let summary: DemoHistorySummary;
let symbolCount: number;
const seededBars = new Map<number, typeof dayOhlc.$inferSelect>();

async function symbolId(code: string): Promise<number> {
  const [row] = await database.db.select({ id: symbols.id }).from(symbols).where(eq(symbols.symbolCode, code));
  return row.id;
}

async function minutesOf(id: number): Promise<Candle[]> {
  const rows = await database.db.select().from(intradayOhlc).where(eq(intradayOhlc.symbolId, id)).orderBy(asc(intradayOhlc.ts));
  return rows.map((r) => ({ time: r.ts.getTime(), open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume }));
}

async function dailyOf(id: number) {
  return database.db.select().from(dayOhlc).where(eq(dayOhlc.symbolId, id)).orderBy(asc(dayOhlc.tradingDate));
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seedDemoData(database.db, { now: NOW });
  for (const bar of await database.db.select().from(dayOhlc)) seededBars.set(bar.symbolId, bar);
  symbolCount = seededBars.size;
  summary = await seedDemoHistory(database.db, { now: NOW, dailyDays: 30, minuteDays: 3, minuteSymbols: ["NIFTY-I", "SENSEX", "TCS"] });
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe("seedDemoHistory", () => {
  it("writes daily bars for every symbol and minutes for the chosen ones", async () => {
    // 30 sessions per symbol, one of which (the previous session) the seed already wrote.
    expect(summary).toEqual({ dailyRows: symbolCount * 29, minuteRows: 3 * 3 * 375 });
    const nifty = await dailyOf(await symbolId("NIFTY-I"));
    expect(nifty).toHaveLength(30);
    const dates = nifty.map((d) => d.tradingDate);
    expect(dates[dates.length - 1]).toBe(PREVIOUS_SESSION);
    expect(dates).not.toContain("2026-03-03");
    for (const date of dates) expect([0, 6]).not.toContain(new Date(`${date}T00:00:00Z`).getUTCDay());
    expect(await minutesOf(await symbolId("RELIANCE"))).toEqual([]);
  });

  it("keeps the seeded previous-session bar and makes its minutes add up to it", async () => {
    const id = await symbolId("NIFTY-I");
    const [kept] = await database.db
      .select()
      .from(dayOhlc)
      .where(and(eq(dayOhlc.symbolId, id), eq(dayOhlc.tradingDate, PREVIOUS_SESSION)));
    // Its prices, settlement and volume are kept; the history adds its MA/WA/MD/WD (decision 129).
    const { ma, md, wa, wd, updatedAt: _updated, ...prices } = kept;
    const { ma: _ma, md: _md, wa: _wa, wd: _wd, updatedAt: _seededAt, ...seededPrices } = seededBars.get(id)!;
    expect(prices).toEqual(seededPrices);
    for (const level of [ma, md, wa, wd]) expect(level).toBeGreaterThan(0);
    const minutes = await minutesOf(id);
    expect(minutes).toHaveLength(3 * 375);
    const days = aggregateCandles(minutes, "D1");
    expect(days.map((d) => istDateString(d.time))).toEqual(["2026-03-06", "2026-03-09", PREVIOUS_SESSION]);
    expect(days[2]).toMatchObject({ open: kept.open, high: kept.high, low: kept.low, close: kept.close, volume: kept.volume });
    // The other minute days' daily rows are those minutes' own aggregate: D1 and M charts agree.
    const daily = await dailyOf(id);
    for (const day of days.slice(0, 2)) {
      const row = daily.find((d) => d.tradingDate === istDateString(day.time));
      expect(row).toMatchObject({ open: day.open, high: day.high, low: day.low, close: day.close, volume: day.volume });
    }
  });

  it("leads into each next session without a jump", async () => {
    for (const code of ["NIFTY-I", "TCS", "RELIANCE", "ITC"]) {
      const daily = await dailyOf(await symbolId(code));
      for (let i = 1; i < daily.length; i++) {
        expect(Math.abs(daily[i].open / daily[i - 1].close - 1)).toBeLessThan(0.02);
        expect(daily[i].high).toBeGreaterThanOrEqual(Math.max(daily[i].open, daily[i].close));
        expect(daily[i].low).toBeLessThanOrEqual(Math.min(daily[i].open, daily[i].close));
      }
    }
  });

  it("gives the Sensex, an index without traded volume, none in its history either", async () => {
    const id = await symbolId("SENSEX");
    expect((await dailyOf(id)).every((d) => d.volume === 0)).toBe(true);
    const minutes = await minutesOf(id);
    expect(minutes).toHaveLength(3 * 375);
    expect(minutes.every((m) => m.volume === 0)).toBe(true);
  });

  it("serves the history to the chart", async () => {
    const id = await symbolId("NIFTY-I");
    const d1 = await getChartCandles(database.db, id, "D1", { to: NOW.getTime(), countback: 10 });
    expect(d1).toHaveLength(10);
    expect(d1[9].close).toBe(seededBars.get(id)?.close);
    const m15 = await getChartCandles(database.db, id, "M15", { to: NOW.getTime() });
    expect(m15).toHaveLength(3 * 25);
  });

  it("adds nothing when run again", async () => {
    const again = await seedDemoHistory(database.db, { now: NOW, dailyDays: 30, minuteDays: 3, minuteSymbols: ["NIFTY-I", "SENSEX", "TCS"] });
    expect(again).toEqual({ dailyRows: 0, minuteRows: 0 });
    const rows = (await database.db.execute(sql`select count(*)::int as n from intraday_ohlc`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0].n).toBe(3 * 3 * 375);
  });
});
