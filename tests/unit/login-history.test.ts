// The sign-in history's rules (docs/decisions/141): result text, the default day (today in IST),
// the range the lists query, the retention cut, and the filters' parsing.
import { describe, expect, it } from "vitest";
import { LOGIN_FAILURE_REASONS, loginHistoryDays, loginHistoryRange, loginResultText, loginRetentionCutoff } from "~/domain/login-history";
import { CHOOSE_BOTH_DATES, END_BEFORE_START, parseLoginHistoryParams, parseUserReportParams, typedRange } from "~/schemas/report";

// 19:00 UTC on 1 March is 00:30 IST on 2 March.
const LATE_UTC = new Date("2026-03-01T19:00:00Z");

describe("loginResultText", () => {
  it("says Signed in for a success and names each failure's reason", () => {
    expect(loginResultText(true, null)).toBe("Signed in");
    expect(loginResultText(false, "bad-password")).toBe("Failed: Wrong password");
    expect(loginResultText(false, "unknown-account")).toBe("Failed: Unknown account");
    expect(loginResultText(false, "second-step")).toBe("Failed: Wrong two-factor code");
    expect(loginResultText(false, null)).toBe("Failed");
    expect(loginResultText(false, "something-new")).toBe("Failed: something-new");
  });

  it("has a label of its own for every reason the sign-in service records", () => {
    for (const reason of LOGIN_FAILURE_REASONS) expect(loginResultText(false, reason)).not.toBe(`Failed: ${reason}`);
  });
});

describe("the day range", () => {
  it("defaults to today in IST, not the UTC day", () => {
    expect(loginHistoryDays({}, LATE_UTC)).toEqual({ startDate: "2026-03-02", endDate: "2026-03-02" });
    expect(loginHistoryRange({}, LATE_UTC)).toEqual({ from: new Date("2026-03-01T18:30:00Z"), to: new Date("2026-03-02T18:30:00Z") });
  });

  it("uses both picked days, the end inclusive", () => {
    expect(loginHistoryDays({ startDate: "2026-02-27", endDate: "2026-02-28" }, LATE_UTC)).toEqual({ startDate: "2026-02-27", endDate: "2026-02-28" });
    expect(loginHistoryRange({ startDate: "2026-02-27", endDate: "2026-02-28" })).toEqual({ from: new Date("2026-02-26T18:30:00Z"), to: new Date("2026-02-28T18:30:00Z") });
  });
});

describe("retention", () => {
  it("cuts the given number of days before now", () => {
    expect(loginRetentionCutoff(new Date("2026-07-01T00:00:00Z"), 180)).toEqual(new Date("2026-01-02T00:00:00Z"));
    expect(loginRetentionCutoff(Date.UTC(2026, 0, 31), 30)).toEqual(new Date("2026-01-01T00:00:00Z"));
  });
});

describe("the filters", () => {
  it("Login Users: any of the four roles or all, and a refused half or reversed range", () => {
    expect(parseLoginHistoryParams(new URLSearchParams("role_id=1"))).toMatchObject({ role_id: 1, rangeError: undefined });
    expect(parseLoginHistoryParams(new URLSearchParams("role_id=9")).role_id).toBeNull();
    expect(parseLoginHistoryParams(new URLSearchParams("startDate=2026-03-01")).rangeError).toBe(CHOOSE_BOTH_DATES);
    expect(parseLoginHistoryParams(new URLSearchParams("startDate=2026-03-01&endDate=")).rangeError).toBe(CHOOSE_BOTH_DATES);
    expect(parseLoginHistoryParams(new URLSearchParams("startDate=2026-03-02&endDate=2026-03-01")).rangeError).toBe(END_BEFORE_START);
    expect(parseLoginHistoryParams(new URLSearchParams("startDate=&endDate=")).rangeError).toBeUndefined();
  });

  it("the User Report's LoginUser mode covers today by default; AllUser still covers every date", () => {
    expect(parseUserReportParams(new URLSearchParams("mode=login"), LATE_UTC)).toMatchObject({
      range: { from: new Date("2026-03-01T18:30:00Z"), to: new Date("2026-03-02T18:30:00Z") },
      days: { startDate: "2026-03-02", endDate: "2026-03-02" },
    });
    expect(parseUserReportParams(new URLSearchParams(""), LATE_UTC)).toMatchObject({ range: undefined, days: undefined });
    const refused = parseUserReportParams(new URLSearchParams("mode=login&startDate=2026-03-02&endDate=2026-03-01"), LATE_UTC);
    expect(refused.input.rangeError).toBe(END_BEFORE_START);
    expect(refused.days).toBeUndefined();
  });

  it("keeps what was typed for the form", () => {
    expect(typedRange(new URLSearchParams("startDate=2026-03-02"))).toEqual({ startDate: "2026-03-02", endDate: "" });
  });
});
