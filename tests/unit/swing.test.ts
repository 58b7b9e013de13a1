import { describe, expect, it } from "vitest";
import { analyseSwings, detectSwings, type SwingCandle } from "~/domain/swing";

const T0 = Date.parse("2024-07-08T09:15:00+05:30");
const MIN = 60_000;
/** Candles from [high, low, close] triples, one minute apart. */
const candles = (rows: [number, number, number][]): SwingCandle[] =>
  rows.map(([high, low, close], i) => ({ time: T0 + i * MIN, high, low, close }));
const t = (i: number) => T0 + i * MIN;

describe("detectSwings (docs/decisions/125)", () => {
  it("needs at least 4 candles", () => {
    expect(detectSwings([])).toEqual([]);
    const three = candles([
      [10, 5, 6],
      [20, 1, 2],
      [30, 0.5, 29],
    ]);
    expect(detectSwings(three)).toEqual([]);
    expect(analyseSwings(three)).toEqual({ points: [], direction: null, pending: null, reference: null });
  });

  it("starts up when the 4th close equals the 1st close, down when below", () => {
    const equal = candles([
      [105, 100, 104],
      [106, 101, 103],
      [107, 102, 105],
      [108, 99, 104],
    ]);
    expect(analyseSwings(equal).direction).toBe("up");
    const below = candles([
      [105, 100, 104],
      [106, 101, 103],
      [107, 102, 105],
      [108, 99, 103.95],
    ]);
    expect(analyseSwings(below).direction).toBe("down");
  });

  // Up start. The structure of a pending high is the lowest low of its candle and the two before.
  const upThenFlips = candles([
    [105, 100, 104], // 0
    [108, 103, 107], // 1
    [110, 101, 109], // 2
    [109, 104, 106], // 3   4th close 106 >= 104: up; pending high 110 (2), structure low 100
    [115, 108, 114], // 4   new high 115 moves the pending high; structure = lows of 2..4 = 101
    [112, 100, 100.5], // 5 close 100.5 < 101: swing HIGH 115 @4 confirmed, now down; pending low 100 (5)
    [103, 97, 98], //   6   new low 97
    [101, 95, 96], //   7   new low 95
    [98, 93, 94], //    8   new low 93; structure = highs of 6..8 = 103
    [99, 94, 98.5], //  9   close 98.5 is not above 103
    [104, 97, 103.5], // 10 close 103.5 > 103: swing LOW 93 @8 confirmed, now up; pending high 104 (10)
    [106, 102, 105], // 11  new high 106; structure = lows of 9..11 = 94
    [105, 101, 101.5], // 12 a shallow pull-back: 101.5 is not below 94, no swing
  ]);

  it("confirms highs and lows alternately when a close breaks the swing's three-candle structure", () => {
    expect(detectSwings(upThenFlips)).toEqual([
      { time: t(4), price: 115, kind: "high" },
      { time: t(8), price: 93, kind: "low" },
    ]);
    expect(analyseSwings(upThenFlips)).toEqual({
      points: detectSwings(upThenFlips),
      direction: "up",
      pending: { time: t(11), price: 106, kind: "high" },
      reference: { time: t(9), price: 94, kind: "low" },
    });
  });

  it("moves the pending extreme with each new extreme before any flip", () => {
    expect(analyseSwings(upThenFlips.slice(0, 5))).toEqual({
      points: [],
      direction: "up",
      pending: { time: t(4), price: 115, kind: "high" },
      reference: { time: t(2), price: 101, kind: "low" },
    });
    // After the flip the pending low is the lowest low since the confirmed high (candles 4..5).
    expect(analyseSwings(upThenFlips.slice(0, 6)).pending).toEqual({ time: t(5), price: 100, kind: "low" });
    expect(analyseSwings(upThenFlips.slice(0, 8)).pending).toEqual({ time: t(7), price: 95, kind: "low" });
  });

  it("mirrors it when the start is down", () => {
    const rows = candles([
      [200, 195, 196], // 0
      [198, 192, 193], // 1
      [203, 190, 191], // 2
      [194, 188, 189], // 3  189 < 196: down; pending low 188 (3); structure = highs of 1..3 = 203
      [190, 185, 186], // 4  new low 185; structure = highs of 2..4 = 203
      [195, 186, 194], // 5  194 is not above 203
      [192, 187, 191], // 6  nor 191
      [184, 180, 181], // 7  new low 180; structure = highs of 5..7 = 195
      [196, 183, 195.5], // 8 close 195.5 > 195: swing LOW 180 @7, now up; pending high 196 (8)
    ]);
    expect(detectSwings(rows.slice(0, 8))).toEqual([]);
    expect(detectSwings(rows)).toEqual([{ time: t(7), price: 180, kind: "low" }]);
    expect(analyseSwings(rows)).toMatchObject({ direction: "up", pending: { time: t(8), price: 196, kind: "high" } });
  });

  it("does not confirm on a close equal to the structure level, and an equal high does not move the pending high", () => {
    const rows = candles([
      [105, 100, 104],
      [110, 103, 107], // pending high 110 @1
      [108, 101, 106],
      [109, 104, 106], // up; structure = lows of 0..1 = 100
      [110, 101, 100], // equal high 110: pending stays @1; close 100 = the structure low: no swing
    ]);
    expect(detectSwings(rows)).toEqual([]);
    expect(analyseSwings(rows).pending).toEqual({ time: t(1), price: 110, kind: "high" });
    const next = [...rows, { time: t(5), high: 102, low: 98, close: 99.99 }];
    expect(detectSwings(next)).toEqual([{ time: t(1), price: 110, kind: "high" }]);
  });

  it("never lets the candle that makes the extreme confirm it: an outside candle waits for the next close", () => {
    const rows = candles([
      [105, 100, 104],
      [108, 103, 107],
      [110, 101, 109],
      [109, 104, 106], // up
      [125, 95, 96], // new high 125 (and a close below every earlier low): still pending
    ]);
    expect(detectSwings(rows)).toEqual([]);
    expect(analyseSwings(rows).reference).toEqual({ time: t(4), price: 95, kind: "low" });
    const next = [...rows, { time: t(5), high: 97, low: 94, close: 94.5 }];
    expect(detectSwings(next)).toEqual([{ time: t(4), price: 125, kind: "high" }]);
    expect(analyseSwings(next).pending).toEqual({ time: t(5), price: 94, kind: "low" });
  });

  it("sorts candles by time first", () => {
    const shuffled = [...upThenFlips].reverse();
    expect(detectSwings(shuffled)).toEqual(detectSwings(upThenFlips));
  });
});
