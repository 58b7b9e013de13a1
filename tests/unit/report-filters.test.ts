import { describe, expect, it } from "vitest";
import { filterQuery, reportDateRange } from "~/domain/report-filters";
import { CHOOSE_BOTH_DATES, END_BEFORE_START, minMaxSortSchema, parseTradeReportParams, parsePrefixedRange } from "~/schemas/report";

describe("report filters", () => {
  it("turns a picked range into [start 00:00 IST, end + 1 day 00:00 IST) (docs/product-rules.md R-D10)", () => {
    expect(reportDateRange({ startDate: "2026-03-01", endDate: "2026-03-31" })).toEqual({
      from: new Date("2026-02-28T18:30:00Z"),
      to: new Date("2026-03-31T18:30:00Z"),
    });
    expect(reportDateRange({ startDate: "2026-03-01" })).toBeUndefined();
  });

  it("defaults the active filter to De-Active and ignores junk ids", () => {
    const { input, filter } = parseTradeReportParams(new URLSearchParams("userId=abc&symbolId=-3&active=maybe"));
    expect(input.active).toBe("0");
    expect(filter).toEqual({ range: undefined, active: "0", userId: undefined, symbolId: undefined });
    expect(parseTradeReportParams(new URLSearchParams("active=all&userId=7")).filter).toMatchObject({ active: "all", userId: 7 });
  });

  it("drops half-filled, reversed or impossible ranges and says why", () => {
    expect(parseTradeReportParams(new URLSearchParams("startDate=2026-03-01")).input.rangeError).toBe(CHOOSE_BOTH_DATES);
    expect(parseTradeReportParams(new URLSearchParams("startDate=2026-03-02&endDate=2026-03-01")).input.rangeError).toBe(END_BEFORE_START);
    expect(parseTradeReportParams(new URLSearchParams("startDate=2026-02-30&endDate=2026-03-01")).filter.range).toBeUndefined();
    const one = parsePrefixedRange(new URLSearchParams("tuStartDate=2026-03-05&tuEndDate=2026-03-05&startDate=2020-01-01"), "tu");
    expect(one.input).toMatchObject({ startDate: "2026-03-05", endDate: "2026-03-05" });
  });

  it("sorts the min-max report by PNL, highest first, unless the URL says otherwise", () => {
    expect(minMaxSortSchema.parse(undefined)).toBe("pnl-desc");
    expect(minMaxSortSchema.parse("pnl-asc")).toBe("pnl-asc");
    expect(minMaxSortSchema.parse("drop table")).toBe("pnl-desc");
  });

  it("writes filter queries without empty values", () => {
    expect(filterQuery({ a: 1, b: "", c: undefined, d: "x y" })).toBe("a=1&d=x+y");
  });
});
