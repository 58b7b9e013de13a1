// The engines' rules on real NSE candles (../shared/data, when present): swings, key
// crossings and target hits checked against invariants the real price path must satisfy.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { aggregateCandles, type Candle } from "~/domain/candles";
import { detectSwings } from "~/domain/swing";
import { keyCrossings, keyLadder } from "~/domain/keys";
import { targetsHit } from "~/domain/targets";
import { istDateString } from "~/domain/dates";
import { dedupeMinuteBars, parseMinuteCsv } from "~/market/minute-csv.server";

const here = path.dirname(fileURLToPath(import.meta.url));
const FILE = path.resolve(here, "../../../shared/data/intraday_1min/NIFTY_F1_1min_201710.csv");
const hasRealData = existsSync(FILE);
if (!hasRealData) console.log(`[engines-real-data] skipped: ${FILE} not found (the shared NSE data is not beside the project)`);

describe.skipIf(!hasRealData)("engines on real NIFTY futures minutes (Oct 2017)", () => {
  const bars: Candle[] = hasRealData ? dedupeMinuteBars(parseMinuteCsv(readFileSync(FILE, "utf8")).rows).rows : [];
  const days = new Map<string, Candle[]>();
  for (const bar of bars) days.set(istDateString(bar.time), [...(days.get(istDateString(bar.time)) ?? []), bar]);
  const dayList = [...days.keys()].sort();

  it("finds alternating swings, each the extreme since the swing before it (M1, Nov 2017)", () => {
    // DECISIONS 14 flips only when a close breaks the last confirmed opposite swing, so a
    // trending month has few swings: November's minutes have two.
    const nov = path.resolve(FILE, "../NIFTY_F1_1min_201711.csv");
    const m1 = dedupeMinuteBars(parseMinuteCsv(readFileSync(nov, "utf8")).rows).rows;
    const swings = detectSwings(m1);
    expect(swings).toHaveLength(2);
    for (let i = 1; i < swings.length; i++) expect(swings[i].kind).not.toBe(swings[i - 1].kind);
    for (let i = 0; i < swings.length; i++) {
      const from = i === 0 ? m1[0].time : swings[i - 1].time;
      const span = m1.filter((c) => c.time >= from && c.time <= swings[i].time);
      const extreme = swings[i].kind === "high" ? Math.max(...span.map((c) => c.high)) : Math.min(...span.map((c) => c.low));
      expect(swings[i].price).toBe(extreme);
    }
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
