// The engines' rules on real NSE candles (../shared/data, when present): swings, key
// crossings and target hits checked against invariants the real price path must satisfy.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { aggregateCandles, type Candle } from "~/domain/candles";
import { detectSwings } from "~/domain/swing";
import { keyCrossings, keyLadder } from "~/domain/keys";
import { targetsHit } from "~/domain/targets";
import { istDateString } from "~/domain/dates";
import { dedupeMinuteBars, parseMinuteCsv } from "~/market/minute-csv.server";
import { SHARED_DATA } from "../support/market";

const FILE = path.join(SHARED_DATA, "intraday_1min/NIFTY_F1_1min_201710.csv");
const hasRealData = existsSync(FILE);
if (!hasRealData) console.log(`[engines-real-data] skipped: ${FILE} not found (the shared NSE data is not beside the project)`);

describe.skipIf(!hasRealData)("engines on real NIFTY futures minutes (Oct 2017)", () => {
  const bars: Candle[] = hasRealData ? dedupeMinuteBars(parseMinuteCsv(readFileSync(FILE, "utf8")).rows).rows : [];
  const days = new Map<string, Candle[]>();
  for (const bar of bars) days.set(istDateString(bar.time), [...(days.get(istDateString(bar.time)) ?? []), bar]);
  const dayList = [...days.keys()].sort();

  it("finds alternating swings, each the extreme since the swing before it (M1, Nov 2017)", () => {
    // docs/decisions/125: a close beyond the swing's three-candle structure flips the walk, so an
    // M1 session shows the swings a trader sees (the first reading found two in the whole month).
    const nov = path.resolve(FILE, "../NIFTY_F1_1min_201711.csv");
    const m1 = dedupeMinuteBars(parseMinuteCsv(readFileSync(nov, "utf8")).rows).rows;
    const sessions = new Set(m1.map((c) => istDateString(c.time))).size;
    const swings = detectSwings(m1);
    expect(swings.length / sessions).toBeGreaterThan(5);
    expect(swings.length / sessions).toBeLessThan(60);
    for (let i = 1; i < swings.length; i++) expect(swings[i].kind).not.toBe(swings[i - 1].kind);
    for (let i = 1; i < swings.length; i++) {
      // Each swing is the extreme of the candles from the swing before it through itself.
      const span = m1.filter((c) => c.time >= swings[i - 1].time && c.time <= swings[i].time);
      const extreme = swings[i].kind === "high" ? Math.max(...span.map((c) => c.high)) : Math.min(...span.map((c) => c.low));
      expect(swings[i].price).toBe(extreme);
    }
  });

  it("finds tens of swings a year on daily NIFTY bars (2000-2010), never two of a kind in a row", () => {
    const file = path.resolve(FILE, "../../daily_index/NIFTY_50_daily_2000-2010.csv");
    const daily: Candle[] = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => line.split(","))
      .filter((f) => Number(f[4]) > 0)
      .map(([date, open, high, low, close]) => ({ time: Date.parse(`${date}T00:00:00Z`), open: +open, high: +high, low: +low, close: +close, volume: 0 }));
    const years = (daily[daily.length - 1].time - daily[0].time) / (365.25 * 86_400_000);
    const swings = detectSwings(daily);
    expect(swings.length / years).toBeGreaterThan(10);
    expect(swings.length / years).toBeLessThan(60);
    for (let i = 1; i < swings.length; i++) expect(swings[i].kind).not.toBe(swings[i - 1].kind);
  });

  it("fires a key only where the real path crossed its rung, in the right direction", () => {
    const keys = [1, 2, 3].flatMap((srNo) => [
      { id: srNo, displayName: `K${srNo}`, type: "plus" as const, srNo, isactive: true },
      { id: 10 + srNo, displayName: `K${srNo}`, type: "minus" as const, srNo, isactive: true },
    ]);
    let fired = 0;
    for (let d = 1; d < dayList.length; d++) {
      const previous = days.get(dayList[d - 1])!;
      const base = previous[previous.length - 1].close;
      const rungs = keyLadder(base, 20, keys);
      const today = days.get(dayList[d])!;
      for (let i = 1; i < today.length; i++) {
        const from = today[i - 1].close;
        const to = today[i].close;
        for (const event of keyCrossings(from, to, rungs)) {
          fired++;
          if (event.label.endsWith("BUY")) expect(from < event.price && to >= event.price).toBe(true);
          else expect(from > event.price && to <= event.price).toBe(true);
        }
      }
    }
    expect(fired).toBeGreaterThan(0);
  });

  it("removes a MANDI target exactly on the first day whose low reaches it", () => {
    const d1 = aggregateCandles(bars, "D1");
    const target = { id: 1, pointName: "MANDI_VISAMO_TARGET", price: Math.min(...d1.slice(5).map((c) => c.low)) };
    const firstHit = d1.findIndex((c) => c.low <= target.price);
    for (let i = 0; i < d1.length; i++) {
      expect(targetsHit([target], d1[i])).toEqual(d1[i].low <= target.price ? [1] : []);
    }
    expect(firstHit).toBeGreaterThanOrEqual(0);
  });
});
