import { describe, expect, it } from "vitest";
import { extendedExpiry, subscriptionNotice, subscriptionNoticeText } from "~/domain/user-admin";

describe("the customer's subscription notice", () => {
  const today = "2026-11-26";
  it("says nothing more than a week ahead, or without an end date", () => {
    expect(subscriptionNotice("2026-12-04", today)).toBeNull();
    expect(subscriptionNotice(null, today)).toBeNull();
  });
  it("counts the days left from a week ahead, today included", () => {
    expect(subscriptionNotice("2026-12-03", today)).toEqual({ kind: "ending", dateExpired: "2026-12-03", daysLeft: 7 });
    expect(subscriptionNoticeText(subscriptionNotice("2026-11-29", today)!)).toBe("Your subscription ends on 29-11-2026 (in 3 days). Contact support to renew it.");
    expect(subscriptionNoticeText(subscriptionNotice("2026-11-27", today)!)).toContain("(tomorrow)");
    expect(subscriptionNoticeText(subscriptionNotice("2026-11-26", today)!)).toContain("(today)");
  });
  it("says when it has ended", () => {
    expect(subscriptionNoticeText(subscriptionNotice("2026-11-25", today)!)).toBe("Your subscription ended on 25-11-2026. Contact support to renew it.");
  });
  it("across a month and a year end", () => {
    expect(subscriptionNotice("2027-01-02", "2026-12-30")).toEqual({ kind: "ending", dateExpired: "2027-01-02", daysLeft: 3 });
  });
});

describe("an extension's new expiry", () => {
  it("counts from the current expiry while it is ahead, else from today; never shortens", () => {
    expect(extendedExpiry("2026-12-10", "2026-11-26", 30)).toBe("2027-01-09");
    expect(extendedExpiry("2026-11-01", "2026-11-26", 30)).toBe("2026-12-26");
    expect(extendedExpiry(null, "2026-11-26", 1)).toBe("2026-11-27");
    expect(extendedExpiry("2026-11-26", "2026-11-26", 7)).toBe("2026-12-03");
  });
});
