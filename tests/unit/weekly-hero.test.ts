// The weekly hero's day: the ISO week in IST, the calendar's isWeekFirstDay, else the earliest
// trading day of the week so far with a daily bar (docs/decisions/101-weekly-hero.md).
import { describe, expect, it } from "vitest";
import { currentIstWeek, isoWeekOf, weekFirstTradingDay } from "~/domain/weekly-hero";
import { isTradingDayYmd, tradingDayCheckFromHolidays } from "~/domain/trading-calendar";

const tradingDays = (holidays: string[] = []) => {
  const check = tradingDayCheckFromHolidays(holidays);
  return (ymd: string) => isTradingDayYmd(ymd, check);
};

describe("isoWeekOf", () => {
  it("runs Monday to Sunday", () => {
    expect(isoWeekOf("2026-03-04")).toEqual({ start: "2026-03-02", end: "2026-03-08" });
    expect(isoWeekOf("2026-03-02")).toEqual({ start: "2026-03-02", end: "2026-03-08" });
    expect(isoWeekOf("2026-03-08")).toEqual({ start: "2026-03-02", end: "2026-03-08" });
  });
  it("crosses months and years as ISO weeks do", () => {
    expect(isoWeekOf("2027-01-01")).toEqual({ start: "2026-12-28", end: "2027-01-03" });
    expect(isoWeekOf("2026-03-01")).toEqual({ start: "2026-02-23", end: "2026-03-01" });
  });
  it("refuses a day that is not YYYY-MM-DD", () => {
    expect(() => isoWeekOf("2026-02-30")).toThrow(RangeError);
  });
});

describe("currentIstWeek", () => {
  it("takes today in India: Sunday 20:00 UTC is already Monday 01:30 IST", () => {
    expect(currentIstWeek(new Date("2026-03-08T20:00:00Z"))).toEqual({ today: "2026-03-09", start: "2026-03-09", end: "2026-03-15" });
    expect(currentIstWeek(new Date("2026-03-08T18:29:00Z"))).toEqual({ today: "2026-03-08", start: "2026-03-02", end: "2026-03-08" });
  });
});

describe("weekFirstTradingDay", () => {
  const today = "2026-03-05"; // Thursday
  const base = { today, markedFirstDays: [], isTradingDay: tradingDays() };

  it("is the earliest day of the week so far with a daily bar", () => {
    expect(weekFirstTradingDay({ ...base, barDates: ["2026-03-04", "2026-03-02", "2026-03-03"] })).toBe("2026-03-02");
    expect(weekFirstTradingDay({ ...base, barDates: ["2026-03-03", "2026-03-04"] })).toBe("2026-03-03");
  });
  it("ignores last week's bars, bars after today, weekend bars and holidays", () => {
    expect(weekFirstTradingDay({ ...base, barDates: ["2026-02-27", "2026-03-01", "2026-03-06"] })).toBeNull();
    expect(weekFirstTradingDay({ ...base, today: "2026-03-08", barDates: ["2026-03-07", "2026-03-06"] })).toBe("2026-03-06");
    expect(weekFirstTradingDay({ ...base, isTradingDay: tradingDays(["2026-03-02"]), barDates: ["2026-03-02", "2026-03-03"] })).toBe("2026-03-03");
  });
  it("takes the calendar's isWeekFirstDay when the week has one, even over an earlier bar", () => {
    expect(weekFirstTradingDay({ ...base, markedFirstDays: ["2026-03-03"], barDates: ["2026-03-02", "2026-03-03"] })).toBe("2026-03-03");
    // Marks in other weeks do not count.
    expect(weekFirstTradingDay({ ...base, markedFirstDays: ["2026-02-23", "2026-03-09"], barDates: ["2026-03-02"] })).toBe("2026-03-02");
    // The earliest of two marks.
    expect(weekFirstTradingDay({ ...base, markedFirstDays: ["2026-03-04", "2026-03-03"], barDates: [] })).toBe("2026-03-03");
  });
  it("has no day before the marked first day has come, or before any bar of the week", () => {
    expect(weekFirstTradingDay({ ...base, today: "2026-03-02", markedFirstDays: ["2026-03-03"], barDates: ["2026-03-02"] })).toBeNull();
    expect(weekFirstTradingDay({ ...base, barDates: [] })).toBeNull();
  });
});
