import { describe, expect, it } from "vitest";
import { dayDueForRollup, istMinuteOfDay } from "~/market/daily-jobs.server";

// 2026-11-20 is a Friday; 2026-11-21 a Saturday.
const ist = (ymd: string, hhmm: string) => Date.parse(`${ymd}T${hhmm}:00+05:30`);
const everyWeekday = () => true;

describe("dayDueForRollup", () => {
  it("waits for 15:45 IST on a trading day", () => {
    expect(dayDueForRollup(ist("2026-11-20", "15:44"), everyWeekday, null)).toBeNull();
    expect(dayDueForRollup(ist("2026-11-20", "15:45"), everyWeekday, null)).toBe("2026-11-20");
    expect(dayDueForRollup(ist("2026-11-20", "23:59"), everyWeekday, null)).toBe("2026-11-20");
  });
  it("runs once a day", () => {
    expect(dayDueForRollup(ist("2026-11-20", "16:00"), everyWeekday, "2026-11-20")).toBeNull();
  });
  it("never rolls up a weekend or a holiday (the demo feed ticks on them)", () => {
    expect(dayDueForRollup(ist("2026-11-21", "16:00"), everyWeekday, null)).toBeNull();
    expect(dayDueForRollup(ist("2026-11-20", "16:00"), (ymd) => ymd !== "2026-11-20", null)).toBeNull();
  });
  it("reads the IST clock", () => {
    expect(istMinuteOfDay(ist("2026-11-20", "00:00"))).toBe(0);
    expect(istMinuteOfDay(ist("2026-11-20", "15:30"))).toBe(930);
  });
});
