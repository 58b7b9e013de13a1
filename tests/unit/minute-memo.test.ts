// The per-minute memo under the IST formats (app/domain/minute-memo.ts): a kept minute must
// read exactly as a fresh formatter reads the instant, at any second and millisecond of it,
// before 1970 too, and after the memo has dropped and recomputed minutes.
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { istDateString } from "~/domain/dates";
import { formatIstCompactDateTime, formatIstDateTime, istClock } from "~/domain/ist-format";
import { memoByMinute, minuteOf, secondOfMinute } from "~/domain/minute-memo";

const inIst = (ms: number, pattern: string) => format(new TZDate(ms, "Asia/Kolkata"), pattern);
const instant = fc.integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2060, 0, 1) });

describe("memoByMinute", () => {
  it("floors to the minute and the second, before the epoch as after it", () => {
    expect(minuteOf(59_999)).toBe(0);
    expect(minuteOf(-1)).toBe(-1);
    expect(secondOfMinute(-1)).toBe(59);
    expect(secondOfMinute(61_999)).toBe(1);
  });

  it("computes a minute once while it is kept, and again after the oldest minutes are dropped", () => {
    const asked: number[] = [];
    const memo = memoByMinute((start) => (asked.push(start), start / 60_000), 2);
    expect(memo(60_001)).toBe(1);
    expect(memo(119_999)).toBe(1);
    expect(memo(120_000)).toBe(2);
    expect(asked).toEqual([60_000, 120_000]);
    memo(180_000); // a third minute drops the first
    expect(memo(60_500)).toBe(1);
    expect(asked).toEqual([60_000, 120_000, 180_000, 60_000]);
  });

  it("reads every second of kept minutes as date-fns reads them in Asia/Kolkata", () => {
    fc.assert(
      fc.property(instant, fc.array(fc.integer({ min: 0, max: 59_999 }), { minLength: 1, maxLength: 5 }), (ms, offsets) => {
        const minuteStart = minuteOf(ms) * 60_000;
        // The same minute asked at several seconds: the kept parts must not leak one call's second into another.
        for (const offset of [ms - minuteStart, ...offsets]) {
          const at = minuteStart + offset;
          expect(formatIstDateTime(at)).toBe(inIst(at, "dd-MM-yyyy hh:mm:ss a"));
          expect(istDateString(at)).toBe(inIst(at, "yyyy-MM-dd"));
          expect(formatIstCompactDateTime(at, at)).toBe(inIst(at, "dd MMM HH:mm"));
          const clock = istClock(at);
          expect([clock.year, clock.month, clock.day, clock.hour, clock.minute].join(" ")).toBe(inIst(at, "yyyy M d H m"));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("hands each caller its own clock: changing one does not change the kept minute", () => {
    const at = Date.UTC(2026, 11, 7, 4, 0, 0);
    istClock(at).hour = 99;
    expect(istClock(at).hour).toBe(9);
  });
});
