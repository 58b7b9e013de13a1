import { describe, expect, it } from "vitest";
import { BAD_MONTH, buildPnlCalendar, isCalendarMonth, monthGrid, parseCalendarMonth, shiftMonth } from "~/domain/pnl-calendar";

describe("monthGrid: Monday-first weeks in IST (docs/decisions/170)", () => {
  it("November 2026 starts on a Sunday: its first week begins Monday 26 October", () => {
    const grid = monthGrid("2026-11");
    expect(grid.firstDay).toBe("2026-10-26");
    expect(grid.lastDay).toBe("2026-12-06"); // 30 Nov is a Monday: the last week runs to Sunday 6 Dec
    expect(grid.weeks).toHaveLength(6);
    expect(grid.weeks.every((w) => w.length === 7)).toBe(true);
    expect(grid.weeks[0].map((d) => d.inMonth)).toEqual([false, false, false, false, false, false, true]);
    expect(grid.weeks[0][6]).toEqual({ ymd: "2026-11-01", dayOfMonth: 1, inMonth: true });
    expect(grid.weeks[5][0]).toEqual({ ymd: "2026-11-30", dayOfMonth: 30, inMonth: true });
    expect(grid.weeks[5][1]).toEqual({ ymd: "2026-12-01", dayOfMonth: 1, inMonth: false });
  });

  it("February 2021 fills exactly four weeks (1 Feb is a Monday, 28 days)", () => {
    const grid = monthGrid("2021-02");
    expect(grid.weeks).toHaveLength(4);
    expect(grid.firstDay).toBe("2021-02-01");
    expect(grid.lastDay).toBe("2021-02-28");
    expect(grid.weeks.flat().every((d) => d.inMonth)).toBe(true);
  });

  it("a leap February and a year boundary", () => {
    const feb = monthGrid("2024-02");
    expect(feb.weeks.flat().filter((d) => d.inMonth)).toHaveLength(29);
    const dec = monthGrid("2025-12");
    expect(dec.firstDay).toBe("2025-12-01");
    expect(dec.lastDay).toBe("2026-01-04");
  });
});

describe("parseCalendarMonth and shiftMonth", () => {
  it("reads YYYY-MM and refuses the rest with a message", () => {
    expect(parseCalendarMonth("2026-02", "2026-11")).toEqual({ month: "2026-02", problem: null });
    expect(parseCalendarMonth(null, "2026-11")).toEqual({ month: "2026-11", problem: null });
    for (const bad of ["2026-13", "2026-00", "26-01", "2026-1", "1999-12", "2101-01", "9999-99", "2026-01'--", "%00"]) {
      expect(parseCalendarMonth(bad, "2026-11")).toEqual({ month: "2026-11", problem: BAD_MONTH });
    }
    expect(isCalendarMonth(202601)).toBe(false);
  });

  it("moves across year ends and stops at the calendar's edges", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2000-01", -1)).toBeNull();
    expect(shiftMonth("2100-12", 1)).toBeNull();
  });
});

describe("buildPnlCalendar: day, week and month sums", () => {
  it("sums a week that spans two months over all its days, the month over its own days", () => {
    const sums = new Map([
      ["2026-10-30", { pnl: "-250.50", trades: 1 }], // October, in November's first row
      ["2026-11-01", { pnl: "1000.00", trades: 2 }],
      ["2026-11-18", { pnl: "-99.99", trades: 1 }],
      ["2026-11-30", { pnl: "0.01", trades: 1 }],
      ["2026-12-02", { pnl: "500.00", trades: 3 }], // December, in November's last row
    ]);
    const calendar = buildPnlCalendar("2026-11", sums);
    expect(calendar.label).toBe("November 2026");
    expect(calendar.weeks[0].pnl).toBe("749.50"); // -250.50 + 1000.00
    expect(calendar.weeks[0].trades).toBe(3);
    expect(calendar.weeks[3].pnl).toBe("-99.99"); // 16-22 Nov
    expect(calendar.weeks[5].pnl).toBe("500.01"); // 0.01 + 500.00
    expect(calendar.weeks[1].pnl).toBe("0.00");
    expect(calendar.monthPnl).toBe("900.02"); // 1000.00 - 99.99 + 0.01
    expect(calendar.monthTrades).toBe(4);
    expect(calendar.weeks[0].days[4]).toMatchObject({ ymd: "2026-10-30", pnl: "-250.50", inMonth: false });
    expect(calendar.weeks[1].days[0]).toMatchObject({ ymd: "2026-11-02", pnl: null, trades: 0 });
    expect(calendar.previousMonth).toBe("2026-10");
    expect(calendar.nextMonth).toBe("2026-12");
  });
});
