// Candle storage and chart queries against a real database: in-memory PGlite, or PostgreSQL
// when TEST_DATABASE_URL is set (npm run test:pg).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { AppDatabase, DatabaseHandle } from "~/db/client.server";
import { dayOhlc, intradayOhlc, symbols } from "~/db/schema";
import type { Candle } from "~/domain/candles";
import { istDateString, istMidnight, istWallTimeToEpochMs } from "~/domain/dates";
import { CandleWriter } from "~/market/candle-writer.server";
import type { FeedTick } from "~/market/feed";
import { dedupeMinuteBars, parseMinuteCsv } from "~/market/minute-csv.server";
import {
  getChartCandles,
  latestMinuteCandle,
  purgeIntradayBefore,
  rollupDay,
  upsertMinuteCandles,
} from "~/models/candle.server";
import { openTestDatabase } from "../support/context";
import { SHARED_DATA } from "../support/market";


let database: DatabaseHandle;
let drop: () => Promise<void>;
let db: AppDatabase;
const ids: Record<string, number> = {};

/** Epoch ms of an IST wall time on a YYYY-MM-DD day. */
function ist(ymd: string, hour: number, minute: number, second = 0): number {
  const [y, m, d] = ymd.split("-").map(Number);
  return istWallTimeToEpochMs(y, m, d, hour, minute, second);
}

function rowsOf<T>(result: unknown): T[] {
  const r = result as T[] | { rows: T[] };
  return Array.isArray(r) ? r : r.rows;
}

async function partitionNames(): Promise<string[]> {
  const result = await db.execute(sql`
    select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'intraday_ohlc'::regclass order by 1`);
  return rowsOf<{ relname: string }>(result).map((r) => r.relname);
}

async function storedMinutes(symbolId: number): Promise<Candle[]> {
  const rows = await db.select().from(intradayOhlc).where(eq(intradayOhlc.symbolId, symbolId)).orderBy(intradayOhlc.ts);
  return rows.map((r) => ({ time: r.ts.getTime(), open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume }));
}

/** A full session of made-up minutes: minute i opens at base + i, with distinct wicks and volumes. */
function sessionMinutes(ymd: string, base: number): Candle[] {
  return Array.from({ length: 375 }, (_, i) => {
    const open = base + i;
    return { time: ist(ymd, 9, 15) + i * 60_000, open, high: open + 3 + (i % 5), low: open - 2 - (i % 3), close: open + 1, volume: 100 + i };
  });
}

/** What a bucket must hold: first open, highest high, lowest low, last close, summed volume. */
function expectedAggregate(time: number, minutes: readonly Candle[]): Candle {
  return {
    time,
    open: minutes[0].open,
    high: Math.max(...minutes.map((m) => m.high)),
    low: Math.min(...minutes.map((m) => m.low)),
    close: minutes[minutes.length - 1].close,
    volume: minutes.reduce((s, m) => s + m.volume, 0),
  };
}

/** The database with insert() calls counted: one per INSERT statement the models send. */
function countingInserts(target: AppDatabase, failWhile: () => boolean = () => false) {
  const counter = { inserts: 0 };
  const proxy = new Proxy(target, {
    get(obj, prop, receiver) {
      if (prop === "insert") {
        return (...args: unknown[]) => {
          if (failWhile()) throw new Error("connection refused (simulated)");
          counter.inserts++;
          return (obj.insert as (...a: unknown[]) => unknown).apply(receiver, args);
        };
      }
      return Reflect.get(obj, prop, receiver);
    },
  });
  return { db: proxy as AppDatabase, counter };
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  db = database.db;
  const rows = await db
    .insert(symbols)
    .values([{ symbolCode: "NIFTY-I" }, { symbolCode: "BANKNIFTY-I" }, { symbolCode: "RELIANCE" }])
    .returning({ id: symbols.id, code: symbols.symbolCode });
  for (const r of rows) ids[r.code] = r.id;
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

beforeEach(async () => {
  await db.delete(intradayOhlc);
  await db.delete(dayOhlc);
});

describe("CandleWriter", () => {
  const resolveSymbolId = (code: string) => ids[code.toUpperCase()];
  const tick = (symbolCode: string, time: number, price: number, volume = 1): FeedTick => ({ symbolCode, time, price, volume });

  it("writes N ticks of many symbols with one INSERT per flush, as running 1-minute candles", async () => {
    const { db: counted, counter } = countingInserts(db);
    const writer = new CandleWriter({ db: counted, resolveSymbolId, flushIntervalMs: 3_600_000 });
    const minute = ist("2024-05-06", 10, 0);
    const ticks: FeedTick[] = [];
    for (let i = 0; i < 300; i++) {
      ticks.push(tick("NIFTY-I", minute + i * 150, 22000 + ((i * 37) % 41) - 20, 1 + (i % 4)));
      ticks.push(tick("BANKNIFTY-I", minute + i * 150, 48000 + ((i * 13) % 23), 2));
    }
    writer.addAll(ticks);
    await writer.flush();
    expect(counter.inserts).toBe(1);

    const niftyTicks = ticks.filter((t) => t.symbolCode === "NIFTY-I");
    const prices = niftyTicks.map((t) => t.price);
    expect(await storedMinutes(ids["NIFTY-I"])).toEqual([
      {
        time: minute,
        open: prices[0],
        high: Math.max(...prices),
        low: Math.min(...prices),
        close: prices[prices.length - 1],
        volume: niftyTicks.reduce((s, t) => s + t.volume, 0),
      },
    ]);
    expect((await storedMinutes(ids["BANKNIFTY-I"]))[0].volume).toBe(600);

    // More ticks in the same minute, and the next minute: still one INSERT, totals carried on.
    writer.add(tick("NIFTY-I", minute + 59_000, 23000, 10));
    writer.add(tick("NIFTY-I", minute + 65_000, 22990, 5));
    await writer.flush();
    expect(counter.inserts).toBe(2);
    const [first, second] = await storedMinutes(ids["NIFTY-I"]);
    expect(first).toMatchObject({ open: prices[0], high: 23000, close: 23000, volume: niftyTicks.reduce((s, t) => s + t.volume, 0) + 10 });
    expect(second).toEqual({ time: minute + 60_000, open: 22990, high: 22990, low: 22990, close: 22990, volume: 5 });
    // NIFTY's 10:00 closed on its 10:01 tick, BANKNIFTY's by the feed clock: both written and dropped.
    expect(writer.inMemory).toEqual({ live: 1, pending: 0 });

    // Nothing changed: no query at all.
    await writer.flush();
    expect(counter.inserts).toBe(2);
    await writer.close();
  });

  it("ignores late ticks for a closed minute and ticks of unknown symbols", async () => {
    const writer = new CandleWriter({ db, resolveSymbolId, flushIntervalMs: 3_600_000 });
    const minute = ist("2024-05-06", 11, 0);
    writer.add(tick("NIFTY-I", minute + 1_000, 100, 3));
    writer.add(tick("NIFTY-I", minute + 61_000, 101, 1));
    writer.add(tick("NIFTY-I", minute + 30_000, 50, 1000));
    writer.add(tick("UNKNOWN", minute + 61_000, 5, 1));
    await writer.close();
    expect(writer.stats).toMatchObject({ ticks: 2, ignoredLate: 1, ignoredUnknownSymbol: 1 });
    expect(await storedMinutes(ids["NIFTY-I"])).toEqual([
      { time: minute, open: 100, high: 100, low: 100, close: 100, volume: 3 },
      { time: minute + 60_000, open: 101, high: 101, low: 101, close: 101, volume: 1 },
    ]);
  });

  it("never throws on a database error and writes the kept data on a later flush", async () => {
    let failing = true;
    const logged: string[] = [];
    const { db: flaky } = countingInserts(db, () => failing);
    const writer = new CandleWriter({ db: flaky, resolveSymbolId, flushIntervalMs: 3_600_000, log: (l) => logged.push(l) });
    const minute = ist("2024-05-06", 12, 0);
    writer.add(tick("RELIANCE", minute, 2900, 10));
    writer.add(tick("RELIANCE", minute + 61_000, 2905, 1)); // closes 12:00 while the database is down
    await expect(writer.flush()).resolves.toBeUndefined();
    expect(writer.stats.failedFlushes).toBe(1);
    expect(logged.join("\n")).toMatch(/will retry: connection refused/);
    expect(await storedMinutes(ids["RELIANCE"])).toEqual([]);

    writer.add(tick("RELIANCE", minute + 62_000, 2910, 2));
    failing = false;
    await writer.flush();
    expect(await storedMinutes(ids["RELIANCE"])).toEqual([
      { time: minute, open: 2900, high: 2900, low: 2900, close: 2900, volume: 10 },
      { time: minute + 60_000, open: 2905, high: 2910, low: 2905, close: 2910, volume: 3 },
    ]);
    await writer.close();
  });

  it("flushes on its timer and once more on close()", async () => {
    const writer = new CandleWriter({ db, resolveSymbolId, flushIntervalMs: 30 });
    const minute = ist("2024-05-06", 13, 0);
    writer.add(tick("NIFTY-I", minute, 22100, 1));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await storedMinutes(ids["NIFTY-I"])).toHaveLength(1);
    writer.add(tick("NIFTY-I", minute + 1_000, 22200, 1));
    await writer.close();
    expect((await storedMinutes(ids["NIFTY-I"]))[0]).toMatchObject({ high: 22200, close: 22200, volume: 2 });
    expect(writer.inMemory).toEqual({ live: 0, pending: 0 });
  });
});

describe("getChartCandles, minute timeframes", () => {
  const day = "2024-05-06";
  let minutes: Candle[];

  beforeEach(async () => {
    minutes = sessionMinutes(day, 22000);
    await upsertMinuteCandles(db, minutes.map((m) => ({ ...m, symbolId: ids["NIFTY-I"] })));
  });

  it("builds an H1 candle from the stored minutes: first open, max high, min low, last close, summed volume", async () => {
    const candles = await getChartCandles(db, ids["NIFTY-I"], "H1", { to: ist(day, 23, 0) });
    // Session hours (docs/decisions/127; they were the clock hours 09:00 … 15:00).
    expect(candles.map((c) => istDateString(c.time) + " " + new Date(c.time + 19_800_000).toISOString().slice(11, 16))).toEqual([
      "2024-05-06 09:15",
      "2024-05-06 10:15",
      "2024-05-06 11:15",
      "2024-05-06 12:15",
      "2024-05-06 13:15",
      "2024-05-06 14:15",
      "2024-05-06 15:15",
    ]);
    // 09:15 holds 09:15–10:14 (minutes 0–59); 10:15 holds minutes 60–119; 15:15 the last 15.
    expect(candles[0]).toEqual(expectedAggregate(ist(day, 9, 15), minutes.slice(0, 60)));
    expect(candles[1]).toEqual(expectedAggregate(ist(day, 10, 15), minutes.slice(60, 120)));
    expect(candles[6]).toEqual(expectedAggregate(ist(day, 15, 15), minutes.slice(360)));
  });

  it("aligns M15 buckets to the IST clock: the first starts at 09:15 IST", async () => {
    const candles = await getChartCandles(db, ids["NIFTY-I"], "M15", { to: ist(day, 23, 0) });
    expect(candles).toHaveLength(25);
    expect(candles[0]).toEqual(expectedAggregate(ist(day, 9, 15), minutes.slice(0, 15)));
    expect(new Date(candles[0].time).toISOString()).toBe("2024-05-06T03:45:00.000Z");
    expect(candles[24].time).toBe(ist(day, 15, 15));
  });

  it("returns the last `countback` buckets before `to`, from `from` on, ascending", async () => {
    const five = await getChartCandles(db, ids["NIFTY-I"], "M1", { to: ist(day, 10, 0), countback: 5 });
    expect(five).toEqual(minutes.slice(40, 45));
    const fromCut = await getChartCandles(db, ids["NIFTY-I"], "M1", { to: ist(day, 10, 0), countback: 5, from: ist(day, 9, 57) });
    expect(fromCut.map((c) => c.time)).toEqual([ist(day, 9, 57), ist(day, 9, 58), ist(day, 9, 59)]);
    // `to` is exclusive: at exactly 10:15 the 10:15 hour is not asked for; a moment later it comes whole.
    expect((await getChartCandles(db, ids["NIFTY-I"], "H1", { to: ist(day, 10, 15) })).map((c) => c.time)).toEqual([ist(day, 9, 15)]);
    const withTen = await getChartCandles(db, ids["NIFTY-I"], "H1", { to: ist(day, 10, 15) + 1 });
    expect(withTen[1]).toEqual(expectedAggregate(ist(day, 10, 15), minutes.slice(60, 120)));
    // The earliest bucket is never cut short by the bounded read.
    const lastTwoHours = await getChartCandles(db, ids["NIFTY-I"], "H1", { to: ist(day, 16, 0), countback: 2 });
    expect(lastTwoHours).toEqual([
      expectedAggregate(ist(day, 14, 15), minutes.slice(300, 360)),
      expectedAggregate(ist(day, 15, 15), minutes.slice(360)),
    ]);
    expect(await getChartCandles(db, ids["NIFTY-I"], "M5", { to: ist(day, 9, 0) })).toEqual([]);
    expect(await getChartCandles(db, ids["BANKNIFTY-I"], "M5", { to: ist(day, 16, 0) })).toEqual([]);
  });

  it("reads across days and partitions, skipping the night", async () => {
    const next = sessionMinutes("2024-05-07", 23000);
    await upsertMinuteCandles(db, next.map((m) => ({ ...m, symbolId: ids["NIFTY-I"] })));
    const candles = await getChartCandles(db, ids["NIFTY-I"], "M30", { to: ist("2024-05-07", 10, 30), countback: 4 });
    // 30-minute buckets from the 09:15 open (docs/decisions/127; they were 15:00, 09:00, 09:30, 10:00).
    expect(candles.map((c) => c.time)).toEqual([ist(day, 15, 15), ist("2024-05-07", 9, 15), ist("2024-05-07", 9, 45), ist("2024-05-07", 10, 15)]);
    expect(candles[1]).toEqual(expectedAggregate(ist("2024-05-07", 9, 15), next.slice(0, 30)));
    expect(await latestMinuteCandle(db, ids["NIFTY-I"])).toEqual(next[374]);
    expect(await latestMinuteCandle(db, ids["BANKNIFTY-I"])).toBeNull();
  });
});

describe("getChartCandles, daily timeframes", () => {
  // Weekdays from Monday 22 January to Friday 9 February 2024.
  const days = ["22", "23", "24", "25", "26", "29", "30", "31"].map((d) => `2024-01-${d}`).concat(
    ["01", "02", "05", "06", "07", "08", "09"].map((d) => `2024-02-${d}`),
  );
  const bar = (i: number) => ({ open: 2500 + i * 10, high: 2530 + i * 10 + (i % 3), low: 2490 + i * 10 - (i % 4), close: 2505 + i * 10, volume: 1000 + i });

  beforeEach(async () => {
    await db.insert(dayOhlc).values(days.map((tradingDate, i) => ({ symbolId: ids["RELIANCE"], tradingDate, ...bar(i) })));
  });

  function expectedPeriod(startYmd: string, indexes: number[]): Candle {
    return expectedAggregate(istMidnight(startYmd).getTime(), indexes.map((i) => ({ time: 0, ...bar(i) })));
  }

  it("serves D1 from day_ohlc, stamped at 00:00 IST", async () => {
    const candles = await getChartCandles(db, ids["RELIANCE"], "D1", { to: istMidnight("2024-02-10").getTime(), countback: 3 });
    expect(candles).toEqual([
      { time: istMidnight("2024-02-07").getTime(), ...bar(12) },
      { time: istMidnight("2024-02-08").getTime(), ...bar(13) },
      { time: istMidnight("2024-02-09").getTime(), ...bar(14) },
    ]);
    expect(new Date(candles[0].time).toISOString()).toBe("2024-02-06T18:30:00.000Z");
  });

  it("aggregates W1 over IST weeks from Monday and MN over IST months", async () => {
    const to = istMidnight("2024-02-10").getTime();
    expect(await getChartCandles(db, ids["RELIANCE"], "W1", { to })).toEqual([
      expectedPeriod("2024-01-22", [0, 1, 2, 3, 4]),
      expectedPeriod("2024-01-29", [5, 6, 7, 8, 9]),
      expectedPeriod("2024-02-05", [10, 11, 12, 13, 14]),
    ]);
    expect(await getChartCandles(db, ids["RELIANCE"], "MN", { to })).toEqual([
      expectedPeriod("2024-01-01", [0, 1, 2, 3, 4, 5, 6, 7]),
      expectedPeriod("2024-02-01", [8, 9, 10, 11, 12, 13, 14]),
    ]);
    // countback 1 still gives the whole week, though it reads a bounded number of days.
    expect(await getChartCandles(db, ids["RELIANCE"], "W1", { to, countback: 1 })).toEqual([expectedPeriod("2024-02-05", [10, 11, 12, 13, 14])]);
  });

  it("adds today's day from the minutes until the rollup writes its daily row", async () => {
    const today = sessionMinutes("2024-02-12", 2700);
    // Minutes of a day that has its daily row never override that row.
    const rolled = sessionMinutes("2024-02-09", 9000);
    await upsertMinuteCandles(db, [...rolled, ...today].map((m) => ({ ...m, symbolId: ids["RELIANCE"] })));
    const to = ist("2024-02-12", 12, 0);
    const todayCandle = expectedAggregate(istMidnight("2024-02-12").getTime(), today);
    const d1 = await getChartCandles(db, ids["RELIANCE"], "D1", { to, countback: 2 });
    expect(d1).toEqual([{ time: istMidnight("2024-02-09").getTime(), ...bar(14) }, todayCandle]);
    const w1 = await getChartCandles(db, ids["RELIANCE"], "W1", { to, countback: 2 });
    expect(w1).toEqual([expectedPeriod("2024-02-05", [10, 11, 12, 13, 14]), todayCandle]);
    const mn = await getChartCandles(db, ids["RELIANCE"], "MN", { to });
    expect(mn[1]).toEqual({
      ...expectedPeriod("2024-02-01", [8, 9, 10, 11, 12, 13, 14]),
      high: Math.max(...[8, 9, 10, 11, 12, 13, 14].map((i) => bar(i).high), todayCandle.high),
      close: todayCandle.close,
      volume: [8, 9, 10, 11, 12, 13, 14].reduce((s, i) => s + bar(i).volume, 0) + todayCandle.volume,
    });

    await rollupDay(db, "2024-02-12");
    expect(await getChartCandles(db, ids["RELIANCE"], "D1", { to, countback: 1 })).toEqual([todayCandle]);
  });
});

describe("rollupDay", () => {
  it("writes the IST day's aggregate per symbol and keeps settlement and MA/MD/WA/WD", async () => {
    const day = "2024-05-06";
    const nifty = sessionMinutes(day, 22000);
    const bank = sessionMinutes(day, 48000);
    // A minute of the next IST day (00:10 IST) must stay out of this day's bar.
    const nextDay = { time: ist("2024-05-07", 0, 10), open: 1, high: 99999, low: 1, close: 1, volume: 5 };
    await upsertMinuteCandles(db, [
      ...nifty.map((m) => ({ ...m, symbolId: ids["NIFTY-I"] })),
      ...bank.map((m) => ({ ...m, symbolId: ids["BANKNIFTY-I"] })),
      { ...nextDay, symbolId: ids["NIFTY-I"] },
    ]);
    await db.insert(dayOhlc).values({
      symbolId: ids["NIFTY-I"],
      tradingDate: day,
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      settlePrice: 22123.45,
      ma: 22050,
      md: 21950,
      wa: 22500,
      wd: 21500,
    });
    expect(await rollupDay(db, day)).toBe(2);
    const [row] = await db
      .select()
      .from(dayOhlc)
      .where(and(eq(dayOhlc.symbolId, ids["NIFTY-I"]), eq(dayOhlc.tradingDate, day)));
    const expected = expectedAggregate(0, nifty);
    expect(row).toMatchObject({
      open: expected.open,
      high: expected.high,
      low: expected.low,
      close: expected.close,
      volume: expected.volume,
      settlePrice: 22123.45,
      ma: 22050,
      md: 21950,
      wa: 22500,
      wd: 21500,
    });
    expect(await rollupDay(db, "2024-05-05")).toBe(0);
  });
});

describe("partitions and retention", () => {
  it("creates a partition per IST month written, holding the month from 00:00 IST on the 1st", async () => {
    const firstMinuteOfMay = ist("2024-05-01", 0, 10); // 2024-04-30T18:40Z: April in UTC, May in IST
    await upsertMinuteCandles(db, [
      { symbolId: ids["NIFTY-I"], time: firstMinuteOfMay, open: 1, high: 1, low: 1, close: 1, volume: 1 },
      { symbolId: ids["NIFTY-I"], time: ist("2024-06-03", 9, 15), open: 1, high: 1, low: 1, close: 1, volume: 1 },
    ]);
    const names = await partitionNames();
    expect(names).toEqual(expect.arrayContaining(["intraday_ohlc_202405", "intraday_ohlc_202406", "intraday_ohlc_default"]));
    expect(names).not.toContain("intraday_ohlc_202404");
    const placed = rowsOf<{ part: string }>(
      await db.execute(sql`select tableoid::regclass::text as part from intraday_ohlc where ts = ${new Date(firstMinuteOfMay).toISOString()}::timestamptz`),
    );
    expect(placed).toEqual([{ part: "intraday_ohlc_202405" }]);
  });

  it("drops whole months before the cutoff, deletes older rows elsewhere and keeps day_ohlc", async () => {
    const symbolId = ids["NIFTY-I"];
    const write = (ymd: string) => upsertMinuteCandles(db, sessionMinutes(ymd, 100).slice(0, 10).map((m) => ({ ...m, symbolId })));
    await write("2023-01-10");
    await write("2023-02-10");
    await write("2023-02-20");
    await write("2023-03-10");
    // A row in a month that never got its partition sits in DEFAULT.
    await db.execute(sql`insert into intraday_ohlc (symbol_id, ts, open, high, low, close, volume)
                         values (${symbolId}, '2022-12-15T04:00:00Z', 1, 1, 1, 1, 1)`);
    await db.insert(dayOhlc).values(
      ["2023-01-10", "2023-02-10", "2023-02-20", "2023-03-10"].map((tradingDate) => ({ symbolId, tradingDate, open: 1, high: 1, low: 1, close: 1 })),
    );
    expect(await partitionNames()).toEqual(expect.arrayContaining(["intraday_ohlc_202301", "intraday_ohlc_202302", "intraday_ohlc_202303"]));

    const first = await purgeIntradayBefore(db, "2023-02-15");
    expect(first.droppedPartitions).toEqual(["intraday_ohlc_202301"]);
    // February 10 (10 rows) deleted from the kept February partition, plus the DEFAULT row.
    expect(first.deletedRows).toBe(11);
    const names = await partitionNames();
    expect(names).not.toContain("intraday_ohlc_202301");
    expect(names).toContain("intraday_ohlc_202302");
    expect((await storedMinutes(symbolId)).map((m) => istDateString(m.time))).toEqual([
      ...Array(10).fill("2023-02-20"),
      ...Array(10).fill("2023-03-10"),
    ]);

    // On the 1st of an IST month the previous month's partition goes whole, without a row-by-row delete.
    const second = await purgeIntradayBefore(db, "2023-03-01");
    expect(second).toEqual({ droppedPartitions: ["intraday_ohlc_202302"], deletedRows: 0 });
    expect((await storedMinutes(symbolId)).length).toBe(10);
    const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from day_ohlc`));
    expect(n).toBe(4);

    // A month written again after its partition was dropped gets a new partition.
    await write("2023-01-11");
    expect(await partitionNames()).toContain("intraday_ohlc_202301");
  });
});

describe("real NIFTY futures minutes (October 2017)", () => {
  const file = path.join(SHARED_DATA, "intraday_1min", "NIFTY_F1_1min_201710.csv");
  const available = existsSync(file);
  if (!available) console.warn(`[candles.test] ${file} not found: the real-data checks are skipped`);

  it.skipIf(!available)("stores the file and serves H1 and D1 candles equal to the file's own figures", async () => {
    const { rows, errors } = parseMinuteCsv(readFileSync(file, "utf8"));
    expect(errors).toEqual([]);
    const { rows: bars, duplicates } = dedupeMinuteBars(rows);
    expect(duplicates).toHaveLength(377);
    const symbolId = ids["NIFTY-I"];
    expect(await upsertMinuteCandles(db, bars.map((b) => ({ symbolId, time: b.time, open: b.open, high: b.high, low: b.low, close: b.close, volume: b.volume })))).toBe(7162);

    // H1 10:15–11:15 IST on 3 Oct 2017 (a session hour, docs/decisions/127): the bars stamped 10:16 … 11:15.
    const hourStart = ist("2017-10-03", 10, 15);
    const inHour = bars.filter((b) => b.time >= hourStart && b.time < hourStart + 3_600_000);
    expect(inHour).toHaveLength(60);
    const [h1] = await getChartCandles(db, symbolId, "H1", { to: hourStart + 3_600_000, countback: 1 });
    expect(h1).toEqual({
      time: hourStart,
      open: inHour[0].open,
      high: Math.max(...inHour.map((b) => b.high)),
      low: Math.min(...inHour.map((b) => b.low)),
      close: inHour[59].close,
      volume: inHour.reduce((s, b) => s + b.volume, 0),
    });
    // The bars stamped 10:16 and 11:15.
    expect([h1.open, h1.close]).toEqual([9851.9, 9876]);

    // D1 of 3 Oct 2017: every bar of that IST day (377, two of them after the close).
    const dayBars = bars.filter((b) => istDateString(b.time) === "2017-10-03");
    expect(dayBars).toHaveLength(377);
    const expectedDay = {
      time: istMidnight("2017-10-03").getTime(),
      open: 9895,
      high: Math.max(...dayBars.map((b) => b.high)),
      low: Math.min(...dayBars.map((b) => b.low)),
      close: 9868.45,
      volume: dayBars.reduce((s, b) => s + b.volume, 0),
    };
    const to = istMidnight("2017-10-04").getTime();
    expect(await getChartCandles(db, symbolId, "D1", { to, countback: 1 })).toEqual([expectedDay]);
    // The same figures once the day is rolled up into day_ohlc.
    expect(await rollupDay(db, "2017-10-03")).toBe(1);
    const [stored] = await db.select().from(dayOhlc).where(and(eq(dayOhlc.symbolId, symbolId), eq(dayOhlc.tradingDate, "2017-10-03")));
    expect(stored).toMatchObject({ open: 9895, high: expectedDay.high, low: expectedDay.low, close: 9868.45, volume: expectedDay.volume });
    expect(await getChartCandles(db, symbolId, "D1", { to, countback: 1 })).toEqual([expectedDay]);
  });
});
