// The browser's live candles against the server's SQL (docs/decisions/127): real minute ticks go
// through the candle writer into the database; /chart-data's query (getChartCandles) must answer
// exactly the candles the browser's bucket builder folds from the same ticks, for a chart loaded
// part-way through a bucket and kept open across every later boundary. PGlite, or PostgreSQL
// with TEST_DATABASE_URL (npm run test:pg).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { type Candle, foldTicks, type Tick, type TimeframeId } from "~/domain/candles";
import { istDateString } from "~/domain/dates";
import { CandleWriter } from "~/market/candle-writer.server";
import { barToTicks } from "~/market/feeds/replay.server";
import { dedupeMinuteBars, parseMinuteCsv } from "~/market/minute-csv.server";
import { getChartCandles } from "~/models/candle.server";
import { openTestDatabase } from "../support/context";
import { createSymbol, SHARED_DATA, uniqueCode } from "../support/market";

const FILE = path.join(SHARED_DATA, "intraday_1min", "NIFTY_F1_1min_201710.csv");
const available = existsSync(FILE);
if (!available) console.warn(`[live-candles.test] ${FILE} not found: skipping the real-data comparison`);

let database: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe.skipIf(!available)("live candles built in the browser equal /chart-data's on real NIFTY ticks", () => {
  it("M1, M3, M5, M15, H1 and H4 over four sessions", async () => {
    const { rows } = parseMinuteCsv(readFileSync(FILE, "utf8"));
    const bars = dedupeMinuteBars(rows).rows;
    const sessions = [...new Set(bars.map((b) => istDateString(b.time)))].slice(0, 4);
    const code = `${uniqueCode("LIVE")}-I`;
    const ticks: Tick[] = bars
      .filter((b) => sessions.includes(istDateString(b.time)))
      .flatMap((b) => barToTicks({ symbolCode: code, time: b.time, open: b.open, high: b.high, low: b.low, close: b.close, volume: b.volume }));
    const symbol = await createSymbol(database.db, code);
    const writer = new CandleWriter({ db: database.db, resolveSymbolId: (c) => (c === code ? symbol.id : undefined), flushIntervalMs: 3_600_000 });
    const feed = (part: Tick[]) => writer.addAll(part.map((t) => ({ symbolCode: code, price: t.price, volume: t.volume ?? 0, time: t.time })));
    const timeframes: TimeframeId[] = ["M1", "M3", "M5", "M15", "H1", "H4"];

    // The page is loaded at 10:52:20 IST of the second session: the loader reads what the writer
    // has stored by then, the running minute included.
    const loadedAt = Date.parse(`${sessions[1]}T10:52:20+05:30`);
    feed(ticks.filter((t) => t.time < loadedAt));
    await writer.flush();
    const loaded = new Map<TimeframeId, Candle[]>();
    for (const tf of timeframes) loaded.set(tf, await getChartCandles(database.db, symbol.id, tf, { to: loadedAt, countback: 5000 }));

    // Every later tick reaches both the writer and the page, across every boundary of two and a half sessions.
    const later = ticks.filter((t) => t.time >= loadedAt);
    feed(later);
    await writer.close();
    const end = ticks[ticks.length - 1].time + 1;
    for (const tf of timeframes) {
      const served = await getChartCandles(database.db, symbol.id, tf, { to: end, countback: 5000 });
      const live = foldTicks(loaded.get(tf) ?? [], later, tf);
      expect(served.length).toBeGreaterThan((loaded.get(tf) ?? []).length);
      expect(live).toEqual(served);
    }
  });
});
