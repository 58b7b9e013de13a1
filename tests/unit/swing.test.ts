import { describe, expect, it } from "vitest";
import { analyseSwings, detectSwings, type SwingCandle } from "~/domain/swing";

const T0 = Date.parse("2024-07-08T09:15:00+05:30");
const MIN = 60_000;
/** Candles from [high, low, close] triples, one minute apart. */
const candles = (rows: [number, number, number][]): SwingCandle[] =>
  rows.map(([high, low, close], i) => ({ time: T0 + i * MIN, high, low, close }));
const t = (i: number) => T0 + i * MIN;

describe("detectSwings (DECISIONS 14)", () => {
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

  // Up start; seed swing low = lowest low of the first 4 candles (100 at candle 0).
  const upThenFlips = candles([
    [105, 100, 104], // 0
    [108, 103, 107], // 1
    [110, 101, 109], // 2
    [109, 104, 106], // 3  4th close 106 >= 104: up; pending high 110 (2)
    [115, 108, 114], // 4  new high 115 moves the pending high
    [114, 102, 103], // 5  close 103 is not below 100
    [104, 97, 99], //   6  close 99 < 100: swing HIGH 115 @4 confirmed, now down; pending low 97 (6)
    [101, 95, 96], //   7  new low 95
    [112, 96, 111], //  8  close 111 is not above 115
    [118, 110, 116], // 9  close 116 > 115: swing LOW 95 @7 confirmed, now up; pending high 118 (9)
    [120, 117, 119], // 10 new high 120
    [119, 93, 94], //   11 close 94 < 95: swing HIGH 120 @10 confirmed, now down; pending low 93 (11)
  ]);

  it("confirms highs and lows alternately, flipping in both directions", () => {
    expect(detectSwings(upThenFlips)).toEqual([
      { time: t(4), price: 115, kind: "high" },
      { time: t(7), price: 95, kind: "low" },
      { time: t(10), price: 120, kind: "high" },
    ]);
    expect(analyseSwings(upThenFlips)).toMatchObject({
      direction: "down",
      pending: { time: t(11), price: 93, kind: "low" },
      reference: { time: t(10), price: 120, kind: "high" },
    });
  });

  it("moves the pending extreme with each new extreme before any flip", () => {
    const firstFive = upThenFlips.slice(0, 5);
    expect(analyseSwings(firstFive)).toEqual({
      points: [],
      direction: "up",
      pending: { time: t(4), price: 115, kind: "high" },
      reference: { time: t(0), price: 100, kind: "low" },
    });
    const firstSeven = upThenFlips.slice(0, 7);
    // After the flip the pending low is the lowest low since the confirmed high (candles 4..6).
    expect(analyseSwings(firstSeven).pending).toEqual({ time: t(6), price: 97, kind: "low" });
  });

  it("seeds the swing low with the lowest low of the first 4 candles, not the 1st candle's low", () => {
    const rows = candles([
      [105, 102, 104], // 0  low 102
      [108, 99, 107], //  1  low 99 = seed swing low
      [110, 103, 109], // 2
      [109, 104, 106], // 3  up
      [107, 100, 100.5], // 4  close 100.5 < 102 (1st low) but not < 99: no swing
    ]);
    expect(detectSwings(rows)).toEqual([]);
    expect(analyseSwings(rows).reference).toEqual({ time: t(1), price: 99, kind: "low" });
    const broken = [...rows, { time: t(5), high: 101, low: 97, close: 98.5 }];
    expect(detectSwings(broken)).toEqual([{ time: t(2), price: 110, kind: "high" }]);
  });

  it("mirrors it when the start is down (seed swing high = highest high of the first 4)", () => {
    const rows = candles([
      [200, 195, 196], // 0
      [198, 192, 193], // 1
      [203, 190, 191], // 2  seed swing high 203
      [194, 188, 189], // 3  189 < 196: down; pending low 188 (3)
      [190, 185, 186], // 4  new low 185
      [202, 186, 201], // 5  close 201 > 200 (1st high) but not > 203: no swing
      [206, 199, 204], // 6  close 204 > 203: swing LOW 185 @4, now up
    ]);
    expect(detectSwings(rows.slice(0, 6))).toEqual([]);
    expect(detectSwings(rows)).toEqual([{ time: t(4), price: 185, kind: "low" }]);
    expect(analyseSwings(rows)).toMatchObject({
      direction: "up",
      pending: { time: t(6), price: 206, kind: "high" },
      reference: { time: t(4), price: 185, kind: "low" },
    });
  });

  it("does not confirm on a close equal to the swing level, and an equal high does not move the pending high", () => {
    const rows = candles([
      [105, 100, 104],
      [110, 103, 107], // pending high 110 @1
      [108, 101, 106],
      [109, 104, 106], // up
      [110, 101, 100], // equal high 110: pending stays @1; close 100 = seed low: no swing
    ]);
    expect(detectSwings(rows)).toEqual([]);
    expect(analyseSwings(rows).pending).toEqual({ time: t(1), price: 110, kind: "high" });
    const next = [...rows, { time: t(5), high: 102, low: 98, close: 99.99 }];
    expect(detectSwings(next)).toEqual([{ time: t(1), price: 110, kind: "high" }]);
  });

  it("lets an outside candle make the new high and confirm it in one go", () => {
    const rows = candles([
      [105, 100, 104],
      [108, 103, 107],
      [110, 101, 109],
      [109, 104, 106], // up, seed low 100
      [125, 95, 96], // new high 125 and close 96 < 100
    ]);
    expect(detectSwings(rows)).toEqual([{ time: t(4), price: 125, kind: "high" }]);
    expect(analyseSwings(rows).pending).toEqual({ time: t(4), price: 95, kind: "low" });
  });

  it("sorts candles by time first", () => {
    const shuffled = [...upThenFlips].reverse();
    expect(detectSwings(shuffled)).toEqual(detectSwings(upThenFlips));
  });
});
