// The hourly rollup (hourly_ohlc, docs/decisions/081-hourly-candles.md) against a real database:
// in-memory PGlite, or PostgreSQL when TEST_DATABASE_URL is set (npm run test:pg). After every
// writer of minute candles the stored hours must equal the aggregation of their minutes, and
// H1/H2/H4 served from the hours must equal the aggregation of the minutes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import type { AppDatabase, DatabaseHandle } from "~/db/client.server";
import { seedDemoHistory } from "~/seed/demo-history.server";
import { seedDemoData } from "~/seed/seed.server";
import { appState, hourlyOhlc, intradayOhlc, symbols } from "~/db/schema";
import { aggregateCandles, bucketStart, type Candle, type TimeframeId } from "~/domain/candles";
import { istWallTimeToEpochMs } from "~/domain/dates";
import { CandleWriter } from "~/market/candle-writer.server";
import type { FeedTick } from "~/market/feed";
import { importMinuteBars } from "~/market/import.server";
import { getChartCandles, HOURLY_ALIGNMENT_KEY, purgeIntradayBefore, realignHourlyCandles, rollupDay, upsertMinuteCandles } from "~/models/candle.server";
import { adjustSymbolPrices } from "~/models/price-adjustment.server";
import { openTestDatabase } from "../support/context";
import { createSymbol, failWhen, uniqueCode } from "../support/market";

let database: DatabaseHandle;
let drop: () => Promise<void>;
let db: AppDatabase;

/** Epoch ms of an IST wall time on a YYYY-MM-DD day. */
function ist(ymd: string, hour: number, minute: number, second = 0): number {
  const [y, m, d] = ymd.split("-").map(Number);
  return istWallTimeToEpochMs(y, m, d, hour, minute, second);
}

async function minutesOf(symbolId: number): Promise<Candle[]> {
  const rows = await db.select().from(intradayOhlc).where(eq(intradayOhlc.symbolId, symbolId)).orderBy(asc(intradayOhlc.ts));
  return rows.map((r) => ({ time: r.ts.getTime(), open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume }));
}

async function hoursOf(symbolId: number): Promise<Candle[]> {
  const rows = await db.select().from(hourlyOhlc).where(eq(hourlyOhlc.symbolId, symbolId)).orderBy(asc(hourlyOhlc.bucket));
  return rows.map((r) => ({ time: r.bucket.getTime(), open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume }));
}

/** The stored hours are exactly the session-hour aggregation of the stored minutes (computed here, in JS). */
async function expectHoursMatchMinutes(symbolId: number, expectedHours?: number): Promise<Candle[]> {
  const minutes = await minutesOf(symbolId);
  expect(minutes.length).toBeGreaterThan(0);
  const hours = await hoursOf(symbolId);
  expect(hours).toEqual(aggregateCandles(minutes, "H1"));
  if (expectedHours !== undefined) expect(hours).toHaveLength(expectedHours);
  return hours;
}

/** Made-up minutes of an IST day from hh:mm, with uneven prices (two decimals) and volumes. */
function minutesFrom(ymd: string, hour: number, minute: number, count: number, base: number): Candle[] {
  return Array.from({ length: count }, (_, i) => {
    const open = Math.round((base + ((i * 7.13) % 11) - 5) * 100) / 100;
    return {
      time: ist(ymd, hour, minute) + i * 60_000,
      open,
      high: Math.round((open + 1.17 + (i % 4)) * 100) / 100,
      low: Math.round((open - 0.93 - (i % 3)) * 100) / 100,
      close: Math.round((open + 0.41) * 100) / 100,
      volume: 50 + ((i * 31) % 97),
    };
  });
}

async function newSymbol(prefix: string): Promise<number> {
  return (await createSymbol(db, `${uniqueCode(prefix)}-I`)).id;
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  db = database.db;
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe("hourly_ohlc after the candle writer", () => {
  const tick = (symbolCode: string, time: number, price: number, volume = 1): FeedTick => ({ symbolCode, time, price, volume });

  it("each flush recomputes the touched hours from their minutes, across an hour boundary and minute merges", async () => {
    const a = await createSymbol(db, `${uniqueCode("HWA")}-I`);
    const b = await createSymbol(db, `${uniqueCode("HWB")}-I`);
    const idOf = new Map([
      [a.symbolCode, a.id],
      [b.symbolCode, b.id],
    ]);
    const writer = new CandleWriter({ db, resolveSymbolId: (code) => idOf.get(code), flushIntervalMs: 3_600_000 });
    // 11:12–11:17 IST: minutes in two session hours (10:15 and 11:15, docs/decisions/127) for both
    // symbols. Before the session hours this was 10:57–11:02, across the clock hour 11:00.
    const start = ist("2024-05-07", 11, 12);
    for (let i = 0; i < 60; i++) {
      writer.add(tick(a.symbolCode, start + i * 5_000, 22000 + ((i * 37) % 41) - 20, 1 + (i % 4)));
      writer.add(tick(b.symbolCode, start + i * 5_000, 48000 + ((i * 13) % 23), 2));
    }
    await writer.flush();
    await expectHoursMatchMinutes(a.id, 2);
    await expectHoursMatchMinutes(b.id, 2);

    // The running minute changes (new high and low, more volume) and a later minute of 11:15 opens.
    const running = start + 59 * 5_000;
    writer.add(tick(a.symbolCode, running + 1_000, 23000, 10));
    writer.add(tick(a.symbolCode, running + 2_000, 21000, 10));
    await writer.flush();
    writer.add(tick(a.symbolCode, ist("2024-05-07", 11, 40, 5), 22500, 7));
    await writer.close();
    const hours = await expectHoursMatchMinutes(a.id, 2);
    expect(hours[1]).toMatchObject({ time: ist("2024-05-07", 11, 15), high: 23000, low: 21000, close: 22500 });
    await expectHoursMatchMinutes(b.id, 2);
  });

  it("writes the hours in the minutes' statement: when the hours are refused, the minutes are not stored either", async () => {
    const symbolId = await newSymbol("HWF");
    const code = (await db.select({ code: symbols.symbolCode }).from(symbols).where(eq(symbols.id, symbolId)))[0].code;
    const logged: string[] = [];
    const writer = new CandleWriter({ db, resolveSymbolId: (c) => (c === code ? symbolId : undefined), flushIntervalMs: 3_600_000, log: (l) => logged.push(l) });
    const restore = await failWhen(db, "hourly_ohlc", `NEW.symbol_id = ${symbolId}`);
    writer.add(tick(code, ist("2024-05-07", 12, 0), 2900, 10));
    writer.add(tick(code, ist("2024-05-07", 12, 1, 1), 2905, 1));
    await writer.flush();
    expect(writer.stats.failedFlushes).toBe(1);
    expect(logged.join("\n")).toMatch(/writing 2 minute candles failed, will retry/);
    expect(await minutesOf(symbolId)).toEqual([]);
    expect(await hoursOf(symbolId)).toEqual([]);

    await restore();
    await writer.close();
    expect(await minutesOf(symbolId)).toHaveLength(2);
    await expectHoursMatchMinutes(symbolId, 1);
  });
});

describe("hourly_ohlc after the minute-CSV import", () => {
  it("fills every touched hour from all its minutes, the ones stored before included", async () => {
    const code = uniqueCode("HIM");
    const symbolId = (await createSymbol(db, `${code}-I`)).id;
    // Minutes already stored in 10:00–10:09 IST; the file overlaps them from 10:05 (merged) and runs to 12:29.
    await upsertMinuteCandles(db, minutesFrom("2023-11-15", 10, 0, 10, 19700).map((m) => ({ ...m, symbolId })));
    const lines = minutesFrom("2023-11-15", 10, 5, 145, 19650).map((m) => {
      // The vendor stamps a bar with its end: the minute from 10:05 is "10:06".
      const end = new Date(m.time + 60_000 + 330 * 60_000);
      const hhmm = `${String(end.getUTCHours()).padStart(2, "0")}:${String(end.getUTCMinutes()).padStart(2, "0")}`;
      return `${code}_F1,20231115,${hhmm},${m.open},${m.high},${m.low},${m.close},${m.volume}`;
    });
    const report = await importMinuteBars(db, `${lines.join("\n")}\n`);
    expect(report).toMatchObject({ fatal: null, storedCount: 145 });
    expect(await minutesOf(symbolId)).toHaveLength(150);
    // The session hours 09:15, 10:15, 11:15 and 12:15 IST (docs/decisions/127; three clock hours before).
    await expectHoursMatchMinutes(symbolId, 4);
  });
});

describe("hourly_ohlc after the demo history", () => {
  it("holds the aggregate of every generated session's minutes", async () => {
    const now = new Date("2026-03-11T09:00:00Z");
    await seedDemoData(db, { now });
    await seedDemoHistory(db, { now, dailyDays: 5, minuteDays: 2, minuteSymbols: ["NIFTY-I", "TCS"] });
    for (const code of ["NIFTY-I", "TCS"]) {
      const [row] = await db.select({ id: symbols.id }).from(symbols).where(eq(symbols.symbolCode, code));
      // Two sessions of 09:15–15:30 IST: the session hours from 09:15 through 15:15, seven a day.
      await expectHoursMatchMinutes(row.id, 14);
    }
  });
});

describe("hourly_ohlc after bonus/split", () => {
  it("multiplies and divides the hours as their minutes, rounding included", async () => {
    const symbolId = await newSymbol("HBS");
    // 09:15–11:14 IST: the session hours 09:15 and 10:15 (docs/decisions/127; three clock hours before).
    await upsertMinuteCandles(db, minutesFrom("2024-06-03", 9, 15, 120, 333.33).map((m) => ({ ...m, symbolId })));
    const before = await expectHoursMatchMinutes(symbolId, 2);

    await adjustSymbolPrices(db, { symbolId, factor: 1.5, operation: "Multiply" });
    const multiplied = await expectHoursMatchMinutes(symbolId, 2);
    expect(multiplied[0].high).toBeCloseTo(before[0].high * 1.5, 1);

    await adjustSymbolPrices(db, { symbolId, factor: 7, operation: "Division" });
    await expectHoursMatchMinutes(symbolId, 2);
  });

  it("adjusts hours whose minutes are past retention as well", async () => {
    const symbolId = await newSymbol("HBR");
    await upsertMinuteCandles(db, minutesFrom("2015-06-01", 9, 15, 45, 100).map((m) => ({ ...m, symbolId })));
    const kept = await hoursOf(symbolId);
    expect(kept).toHaveLength(1);
    await purgeIntradayBefore(db, "2016-01-01");
    expect(await minutesOf(symbolId)).toEqual([]);
    expect(await hoursOf(symbolId)).toEqual(kept);

    await adjustSymbolPrices(db, { symbolId, factor: 2, operation: "Multiply" });
    expect(await hoursOf(symbolId)).toEqual([
      { ...kept[0], open: kept[0].open * 2, high: kept[0].high * 2, low: kept[0].low * 2, close: kept[0].close * 2 },
    ]);
  });
});

describe("the day rollup", () => {
  it("recomputes the day's hours, repairing a stale one", async () => {
    const symbolId = await newSymbol("HDR");
    await upsertMinuteCandles(db, minutesFrom("2024-07-02", 9, 15, 375, 510).map((m) => ({ ...m, symbolId })));
    const good = await expectHoursMatchMinutes(symbolId, 7);
    await db.execute(sql`update hourly_ohlc set high = 1, volume = 0 where symbol_id = ${symbolId} and bucket = ${new Date(good[2].time).toISOString()}::timestamptz`);
    expect(await hoursOf(symbolId)).not.toEqual(good);
    await rollupDay(db, "2024-07-02");
    expect(await hoursOf(symbolId)).toEqual(good);
  });
});

describe("H1, H2 and H4 served from hourly_ohlc", () => {
  let symbolId: number;
  let minutes: Candle[];

  beforeAll(async () => {
    symbolId = await newSymbol("HSV");
    // Three sessions with a gap day, a short session and a missing hour, so buckets are uneven.
    const rows = [
      ...minutesFrom("2024-08-05", 9, 15, 375, 800),
      ...minutesFrom("2024-08-07", 9, 15, 100, 820),
      ...minutesFrom("2024-08-07", 12, 10, 140, 815),
      ...minutesFrom("2024-08-08", 9, 15, 375, 790),
    ];
    await upsertMinuteCandles(db, rows.map((m) => ({ ...m, symbolId })));
    minutes = await minutesOf(symbolId);
  });

  /** The minute aggregation the chart used to serve: buckets of the minutes, windowed like getChartCandles. */
  function fromMinutes(timeframe: TimeframeId, size: number, options: { to: number; countback: number; from?: number }): Candle[] {
    const upper = bucketStart(options.to - 1, size) + size * 60_000;
    const lower = options.from === undefined ? -Infinity : bucketStart(options.from - 1, size) + size * 60_000;
    const buckets = aggregateCandles(minutes, timeframe).filter((c) => c.time < upper && c.time >= lower);
    return buckets.slice(Math.max(0, buckets.length - options.countback));
  }

  const windows = [
    { to: ist("2024-08-09", 0, 0), countback: 300 },
    { to: ist("2024-08-09", 0, 0), countback: 5 },
    { to: ist("2024-08-07", 13, 30), countback: 4 },
    { to: ist("2024-08-07", 13, 30) + 1, countback: 4 },
    { to: ist("2024-08-08", 11, 0), countback: 50, from: ist("2024-08-05", 14, 0) },
    { to: ist("2024-08-08", 11, 0), countback: 50, from: ist("2024-08-05", 14, 1) },
    // Edges at session-hour starts (docs/decisions/127): 13:15 starts an H1, H2 and H4 bucket.
    { to: ist("2024-08-07", 13, 15), countback: 4 },
    { to: ist("2024-08-07", 13, 15) + 1, countback: 4 },
    { to: ist("2024-08-08", 11, 0), countback: 50, from: ist("2024-08-05", 13, 15) },
    { to: ist("2024-08-08", 11, 0), countback: 50, from: ist("2024-08-05", 13, 15) + 1 },
  ];

  for (const [timeframe, size] of [
    ["H1", 60],
    ["H2", 120],
    ["H4", 240],
  ] as const) {
    it(`${timeframe} equals the aggregation of the minutes, for every window`, async () => {
      for (const window of windows) {
        const served = await getChartCandles(db, symbolId, timeframe, window);
        expect(served.length).toBeGreaterThan(0);
        expect(served).toEqual(fromMinutes(timeframe, size, window));
      }
    });
  }

  it("reads the hours, not the minutes: hours whose minutes are gone are still served", async () => {
    const other = await newSymbol("HSH");
    await upsertMinuteCandles(db, minutesFrom("2024-08-05", 9, 15, 375, 400).map((m) => ({ ...m, symbolId: other })));
    const before = await getChartCandles(db, other, "H2", { to: ist("2024-08-06", 0, 0) });
    expect(before).toHaveLength(4);
    await db.execute(sql`delete from intraday_ohlc where symbol_id = ${other}`);
    expect(await getChartCandles(db, other, "M30", { to: ist("2024-08-06", 0, 0) })).toEqual([]);
    expect(await getChartCandles(db, other, "H2", { to: ist("2024-08-06", 0, 0) })).toEqual(before);
  });
});

describe("realignHourlyCandles: an installation's clock hours become session hours once (docs/decisions/127)", () => {
  let own: DatabaseHandle;
  let dropOwn: () => Promise<void>;

  beforeAll(async () => {
    ({ database: own, drop: dropOwn } = await openTestDatabase());
  });
  afterAll(async () => {
    await own?.close();
    await dropOwn?.();
  });

  it("rebuilds hourly_ohlc from the minutes in session hours, marks it done, and leaves it alone after", async () => {
    const odb = own.db;
    const symbolId = (await createSymbol(odb, `${uniqueCode("HRA")}-I`)).id;
    const minutes = minutesFrom("2024-09-02", 9, 15, 375, 640);
    await upsertMinuteCandles(odb, minutes.map((m) => ({ ...m, symbolId })));
    // What a database written before this rule holds: IST clock hours (09:00 … 15:00, xx:30 UTC),
    // and an old hour whose minutes are past retention.
    await odb.execute(sql`delete from hourly_ohlc`);
    await odb.execute(sql`
      insert into hourly_ohlc (symbol_id, bucket, open, high, low, close, volume)
      select symbol_id, to_timestamp(floor((extract(epoch from ts) + 19800) / 3600) * 3600 - 19800),
             (array_agg(open order by ts))[1], max(high), min(low), (array_agg(close order by ts desc))[1], sum(volume)
      from intraday_ohlc where symbol_id = ${symbolId} group by 1, 2`);
    await odb.execute(sql`insert into hourly_ohlc (symbol_id, bucket, open, high, low, close, volume)
      values (${symbolId}, ${new Date(ist("2015-01-05", 10, 0)).toISOString()}::timestamptz, 1, 2, 0.5, 1.5, 10)`);
    const rows = async () =>
      (await odb.select().from(hourlyOhlc).where(eq(hourlyOhlc.symbolId, symbolId)).orderBy(asc(hourlyOhlc.bucket))).map((r) => ({
        time: r.bucket.getTime(), open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume,
      }));
    expect((await rows()).map((r) => new Date(r.time).getUTCMinutes())).toContain(30);

    expect(await realignHourlyCandles(odb)).toBe(true);
    const realigned = await rows();
    expect(realigned).toEqual(aggregateCandles(minutes, "H1"));
    expect(realigned.map((r) => new Date(r.time + 19_800_000).toISOString().slice(11, 16))).toEqual([
      "09:15", "10:15", "11:15", "12:15", "13:15", "14:15", "15:15",
    ]);
    const [marker] = await odb.select().from(appState).where(eq(appState.key, HOURLY_ALIGNMENT_KEY));
    expect(marker?.value).toBe("session-09:15");

    // Done once: a later start changes nothing, even a row put there by hand.
    await odb.execute(sql`update hourly_ohlc set volume = 1 where symbol_id = ${symbolId}`);
    expect(await realignHourlyCandles(odb)).toBe(false);
    expect((await rows()).every((r) => r.volume === 1)).toBe(true);
  });
});
