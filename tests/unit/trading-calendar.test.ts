// The NSE session window and trading days (app/domain/trading-calendar.ts), read in IST through
// the date helpers rather than a hand-written offset.
import { describe, expect, it } from "vitest";
import { isNseSessionOpen, isTradingDayYmd, tradingDayCheckFromHolidays, tradingDaysBefore } from "~/domain/trading-calendar";
import { istWallTimeToEpochMs } from "~/domain/dates";

const at = (ymd: string, hour: number, minute: number, second = 0) => {
  const [y, m, d] = ymd.split("-").map(Number);
  return istWallTimeToEpochMs(y, m, d, hour, minute, second);
};

describe("isNseSessionOpen", () => {
  it("opens at 09:15:00 IST and closes at 15:30:00 IST on a weekday", () => {
    expect(isNseSessionOpen(at("2026-11-25", 9, 15) - 1)).toBe(false);
    expect(isNseSessionOpen(at("2026-11-25", 9, 15))).toBe(true);
    expect(isNseSessionOpen(at("2026-11-25", 15, 29, 59))).toBe(true);
    expect(isNseSessionOpen(at("2026-11-25", 15, 30))).toBe(false);
  });

  it("is shut at IST midday on a weekend and on a holiday the check refuses", () => {
    expect(isNseSessionOpen(at("2026-11-28", 12, 0))).toBe(false);
    const holidays = tradingDayCheckFromHolidays(["2026-11-24"]);
    expect(isNseSessionOpen(at("2026-11-24", 12, 0), holidays)).toBe(false);
    expect(isNseSessionOpen(at("2026-11-25", 12, 0), holidays)).toBe(true);
  });
});

describe("trading days", () => {
  it("skips weekends and holidays counting back", () => {
    const holidays = tradingDayCheckFromHolidays(["2026-11-20"]);
    expect(isTradingDayYmd("2026-11-21")).toBe(false);
    expect(tradingDaysBefore("2026-11-24", 3, holidays)).toEqual(["2026-11-18", "2026-11-19", "2026-11-23"]);
  });
});
