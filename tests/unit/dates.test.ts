import { describe, expect, it } from "vitest";
import {
  shiftYmd,
  formatIstDate,
  formatIstDateTime,
  inclusiveDateRange,
  istDateString,
  istDayStartMs,
  istMidnight,
  istMonthStartMs,
  istPeriodBounds,
  istWallTimeToEpochMs,
  istWeekStartMs,
  isValidYmd,
  nextYmd,
  parseNseDate,
} from "~/domain/dates";

const at = (iso: string) => new Date(iso);

describe("istDateString", () => {
  it("gives the IST calendar day, which turns at 18:30 UTC", () => {
    expect(istDateString(at("2024-01-01T18:29:59.999Z"))).toBe("2024-01-01");
    expect(istDateString(at("2024-01-01T18:30:00.000Z"))).toBe("2024-01-02");
    expect(istDateString(at("2024-12-31T20:00:00Z"))).toBe("2025-01-01");
  });
  it("accepts epoch milliseconds", () => {
    expect(istDateString(Date.parse("2017-10-03T09:16:00+05:30"))).toBe("2017-10-03");
  });
});

describe("formatIstDate / formatIstDateTime", () => {
  it("writes DD-MM-YYYY in IST", () => {
    expect(formatIstDate(at("2024-01-01T18:30:00Z"))).toBe("02-01-2024");
    expect(formatIstDate(at("2024-03-05T09:45:07Z"))).toBe("05-03-2024");
  });
  it("writes DD-MM-YYYY hh:mm:ss AM/PM in IST", () => {
    expect(formatIstDateTime(at("2024-01-01T18:30:00Z"))).toBe("02-01-2024 12:00:00 AM");
    expect(formatIstDateTime(at("2024-03-05T09:45:07Z"))).toBe("05-03-2024 03:15:07 PM");
    expect(formatIstDateTime(at("2024-03-05T06:30:00Z"))).toBe("05-03-2024 12:00:00 PM");
    expect(formatIstDateTime(at("2024-03-05T03:45:09Z"))).toBe("05-03-2024 09:15:09 AM");
  });
});

describe("isValidYmd", () => {
  it("accepts real YYYY-MM-DD dates only", () => {
    expect(isValidYmd("2024-02-29")).toBe(true);
    expect(isValidYmd("2023-02-29")).toBe(false);
    expect(isValidYmd("2024-13-01")).toBe(false);
    expect(isValidYmd("2024-04-31")).toBe(false);
    expect(isValidYmd("2024-1-01")).toBe(false);
    expect(isValidYmd("01-01-2024")).toBe(false);
    expect(isValidYmd("2024-01-01T00:00")).toBe(false);
    expect(isValidYmd("")).toBe(false);
    expect(isValidYmd(20240101)).toBe(false);
    expect(isValidYmd(null)).toBe(false);
  });
});

describe("istMidnight", () => {
  it("answers a day asked before with a fresh Date of the same instant (the kept answer cannot be changed through it)", () => {
    const first = istMidnight("2025-07-15");
    first.setTime(0);
    const again = istMidnight("2025-07-15");
    expect(again).not.toBe(first);
    expect(again.toISOString()).toBe("2025-07-14T18:30:00.000Z");
  });
  it("still refuses a bad day after good ones were kept", () => {
    for (let day = 1; day <= 28; day++) istMidnight(`2026-02-${String(day).padStart(2, "0")}`);
    expect(() => istMidnight("2026-02-29")).toThrow(RangeError);
    expect(() => istMidnight("2026-2-1")).toThrow(RangeError);
  });
  it("is the UTC instant of 00:00 IST", () => {
    expect(istMidnight("2024-01-02").toISOString()).toBe("2024-01-01T18:30:00.000Z");
    expect(istMidnight("2024-03-01").toISOString()).toBe("2024-02-29T18:30:00.000Z");
  });
  it("rejects malformed days", () => {
    expect(() => istMidnight("2024-02-30")).toThrow(RangeError);
    expect(() => istMidnight("yesterday")).toThrow(RangeError);
  });
});

describe("inclusiveDateRange (docs/product-rules.md R-D10)", () => {
  it("runs from start 00:00 IST to end + 1 day 00:00 IST", () => {
    const { from, to } = inclusiveDateRange("2024-01-01", "2024-01-31");
    expect(from.toISOString()).toBe("2023-12-31T18:30:00.000Z");
    expect(to.toISOString()).toBe("2024-01-31T18:30:00.000Z");
  });
  it("covers exactly one day when start = end", () => {
    const { from, to } = inclusiveDateRange("2024-07-08", "2024-07-08");
    expect(to.getTime() - from.getTime()).toBe(24 * 60 * 60 * 1000);
    // 23:59:59.999 IST on the end day is inside, 00:00 IST the next day is not.
    const lastMs = Date.parse("2024-07-08T23:59:59.999+05:30");
    expect(lastMs >= from.getTime() && lastMs < to.getTime()).toBe(true);
    expect(Date.parse("2024-07-09T00:00:00+05:30")).toBe(to.getTime());
  });
  it("crosses month, leap-day and year ends", () => {
    expect(inclusiveDateRange("2024-02-28", "2024-02-29").to.toISOString()).toBe("2024-02-29T18:30:00.000Z");
    expect(inclusiveDateRange("2024-12-01", "2024-12-31").to.toISOString()).toBe("2024-12-31T18:30:00.000Z");
  });
  it("rejects an end before the start and malformed dates", () => {
    expect(() => inclusiveDateRange("2024-01-02", "2024-01-01")).toThrow(/before start/);
    expect(() => inclusiveDateRange("2024-01-01", "2024-02-30")).toThrow(RangeError);
  });
});

describe("IST period starts", () => {
  it("istDayStartMs is 00:00 IST of the instant's IST day", () => {
    expect(istDayStartMs(Date.parse("2024-07-08T18:29:59.999Z"))).toBe(Date.parse("2024-07-08T00:00:00+05:30"));
    expect(istDayStartMs(Date.parse("2024-07-08T18:30:00Z"))).toBe(Date.parse("2024-07-09T00:00:00+05:30"));
  });
  it("istWeekStartMs is Monday 00:00 IST", () => {
    // Sunday 23:59 IST belongs to the week that began on Monday 2 Oct 2017…
    expect(istWeekStartMs(Date.parse("2017-10-08T23:59:00+05:30"))).toBe(Date.parse("2017-10-02T00:00:00+05:30"));
    // …and 01:30 IST on Monday 9 Oct (still Sunday in UTC) to the next one.
    expect(istWeekStartMs(Date.parse("2017-10-08T20:00:00Z"))).toBe(Date.parse("2017-10-09T00:00:00+05:30"));
  });
  it("istMonthStartMs is the 1st 00:00 IST", () => {
    expect(istMonthStartMs(Date.parse("2017-10-31T18:29:00Z"))).toBe(Date.parse("2017-10-01T00:00:00+05:30"));
    expect(istMonthStartMs(Date.parse("2017-10-31T18:30:00Z"))).toBe(Date.parse("2017-11-01T00:00:00+05:30"));
  });
  it("istPeriodBounds gives [start, end) of the IST day, week and month", () => {
    const t = Date.parse("2024-02-29T20:00:00Z"); // Friday 1 March 2024, 01:30 IST
    expect(istPeriodBounds(t, "D")).toEqual({ start: Date.parse("2024-03-01T00:00:00+05:30"), end: Date.parse("2024-03-02T00:00:00+05:30") });
    expect(istPeriodBounds(t, "W")).toEqual({ start: Date.parse("2024-02-26T00:00:00+05:30"), end: Date.parse("2024-03-04T00:00:00+05:30") });
    expect(istPeriodBounds(t, "M")).toEqual({ start: Date.parse("2024-03-01T00:00:00+05:30"), end: Date.parse("2024-04-01T00:00:00+05:30") });
    const feb = Date.parse("2024-02-10T12:00:00+05:30");
    expect(istPeriodBounds(feb, "M").end).toBe(Date.parse("2024-03-01T00:00:00+05:30"));
  });
  it("istWallTimeToEpochMs reads an IST wall-clock time", () => {
    expect(istWallTimeToEpochMs(2017, 10, 3, 9, 15)).toBe(Date.parse("2017-10-03T03:45:00Z"));
  });
  it("nextYmd steps one calendar day", () => {
    expect(nextYmd("2024-02-28")).toBe("2024-02-29");
    expect(nextYmd("2024-12-31")).toBe("2025-01-01");
  });
});

describe("parseNseDate", () => {
  it("reads the NSE file date forms", () => {
    expect(parseNseDate("01-JAN-2020")).toBe("2020-01-01");
    expect(parseNseDate("30-Jan-2020")).toBe("2020-01-30");
    expect(parseNseDate("20-NOV-2017")).toBe("2017-11-20");
    expect(parseNseDate("2024-07-08")).toBe("2024-07-08");
    expect(parseNseDate("20171003")).toBe("2017-10-03");
    expect(parseNseDate("08-07-2024")).toBe("2024-07-08");
    expect(parseNseDate(" 26-Mar-2020 ")).toBe("2020-03-26");
  });
  it("rejects impossible or unknown dates", () => {
    expect(parseNseDate("31-FEB-2020")).toBeNull();
    expect(parseNseDate("2024-02-30")).toBeNull();
    expect(parseNseDate("20171332")).toBeNull();
    expect(parseNseDate("01-XYZ-2020")).toBeNull();
    expect(parseNseDate("")).toBeNull();
    expect(parseNseDate("1/1/2020")).toBeNull();
  });
});

describe("shiftYmd: calendar days, the one helper for every module", () => {
  it("crosses month, leap-day and year ends, forwards and back, and the days of other zones' clock changes", () => {
    const cases: [string, number, string][] = [
      ["2026-03-07", 1, "2026-03-08"],
      ["2026-03-08", 1, "2026-03-09"],
      ["2026-11-01", -1, "2026-10-31"],
      ["2024-02-28", 1, "2024-02-29"],
      ["2026-12-31", 1, "2027-01-01"],
      ["2026-03-10", -30, "2026-02-08"],
    ];
    for (const [day, by, want] of cases) expect(shiftYmd(day, by), `${day} ${by}`).toBe(want);
  });
  it("refuses a day that is not a calendar date", () => {
    expect(() => shiftYmd("2026-02-30", 1)).toThrow(RangeError);
  });
});
