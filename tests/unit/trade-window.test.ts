import { describe, expect, it } from "vitest";
import { closingPrices, dateFilterRange, shiftYmd, tradeListWindow } from "~/domain/trade-window";
import { parseTradeListQuery, tradeFilterSearch, tradePageRange, tradePageSearch, tradeRefreshSeconds } from "~/domain/trade-list";
import { tradeNotificationMessage, tradeNotificationTargets } from "~/domain/trade-notifications";

// 00:00 IST on 23-11-2026 is 18:30 UTC on the 22nd.
const MIDNIGHT_IST = new Date("2026-11-22T18:30:00.000Z");
const JUST_BEFORE = new Date(MIDNIGHT_IST.getTime() - 1);
const iso = (d: { from: Date; to: Date } | null) => d && { from: d.from.toISOString(), to: d.to.toISOString() };

describe("tradeListWindow at IST midnight (docs/product-rules.md R-D10, R-D11)", () => {
  it("roles 3 and 4 see 7 IST days ago through tomorrow, inclusive", () => {
    for (const role of [3, 4] as const) {
      expect(iso(tradeListWindow(role, MIDNIGHT_IST, { today: false }))).toEqual({
        from: "2026-11-15T18:30:00.000Z", // 16-11 00:00 IST
        to: "2026-11-24T18:30:00.000Z", // 25-11 00:00 IST: tomorrow (24-11) is included
      });
      // One millisecond earlier it is still 22-11 in India: the window is a day earlier.
      expect(iso(tradeListWindow(role, JUST_BEFORE, { today: false }))).toEqual({
        from: "2026-11-14T18:30:00.000Z",
        to: "2026-11-23T18:30:00.000Z",
      });
    }
  });

  it("roles 3 and 4 ignore dates and Today in the URL", () => {
    const filter = { today: true, startDate: "2020-01-01", endDate: "2020-01-02" };
    expect(iso(tradeListWindow(4, MIDNIGHT_IST, filter))).toEqual(iso(tradeListWindow(4, MIDNIGHT_IST, { today: false })));
  });

  it("role 1 defaults to the IST day, which turns at 00:00 IST, not UTC", () => {
    expect(iso(tradeListWindow(1, MIDNIGHT_IST, { today: true }))).toEqual({ from: "2026-11-22T18:30:00.000Z", to: "2026-11-23T18:30:00.000Z" });
    expect(iso(tradeListWindow(1, JUST_BEFORE, { today: true }))).toEqual({ from: "2026-11-21T18:30:00.000Z", to: "2026-11-22T18:30:00.000Z" });
  });

  it("role 1's picked end date is inclusive; without Today and dates there is no limit", () => {
    expect(iso(tradeListWindow(1, MIDNIGHT_IST, { today: true, startDate: "2026-11-01", endDate: "2026-11-01" }))).toEqual({
      from: "2026-10-31T18:30:00.000Z",
      to: "2026-11-01T18:30:00.000Z",
    });
    expect(tradeListWindow(1, MIDNIGHT_IST, { today: false })).toBeNull();
  });

  it("role 1 falls back to Today when the dates are half set, malformed or reversed", () => {
    const today = iso(tradeListWindow(1, MIDNIGHT_IST, { today: true }));
    expect(iso(tradeListWindow(1, MIDNIGHT_IST, { today: true, startDate: "2026-11-01" }))).toEqual(today);
    expect(iso(tradeListWindow(1, MIDNIGHT_IST, { today: true, startDate: "2026-02-30", endDate: "2026-03-01" }))).toEqual(today);
    expect(dateFilterRange("2026-11-02", "2026-11-01")).toBeNull();
    expect(dateFilterRange(null, "2026-11-01")).toBeNull();
  });

  it("shiftYmd crosses months and years", () => {
    expect(shiftYmd("2026-01-03", -7)).toBe("2025-12-27");
    expect(shiftYmd("2024-02-28", 1)).toBe("2024-02-29");
    expect(shiftYmd("2026-12-31", 1)).toBe("2027-01-01");
  });
});

describe("closingPrices", () => {
  it("fills the open side with the exit price only when it was not entered", () => {
    expect(closingPrices({ tradeType: "BUY", buyPrice: 100, sellPrice: 0 }, 110)).toEqual({ buyPrice: 100, sellPrice: 110 });
    expect(closingPrices({ tradeType: "BUY", buyPrice: 100, sellPrice: 105 }, 110)).toEqual({ buyPrice: 100, sellPrice: 105 });
    expect(closingPrices({ tradeType: "SELL", buyPrice: 0, sellPrice: 200 }, 190)).toEqual({ buyPrice: 190, sellPrice: 200 });
    expect(closingPrices({ tradeType: "SELL", buyPrice: 195, sellPrice: 200 }, 190)).toEqual({ buyPrice: 195, sellPrice: 200 });
  });

  it("leaves prices alone without a usable live price", () => {
    expect(closingPrices({ tradeType: "BUY", buyPrice: 100, sellPrice: 0 }, null)).toEqual({ buyPrice: 100, sellPrice: 0 });
    expect(closingPrices({ tradeType: "SELL", buyPrice: 0, sellPrice: 200 }, Number.NaN)).toEqual({ buyPrice: 0, sellPrice: 200 });
    expect(closingPrices({ tradeType: "BUY", buyPrice: 100, sellPrice: 0 }, 0)).toEqual({ buyPrice: 100, sellPrice: 0 });
  });
});

describe("the trade list's URL", () => {
  const q = (search: string, role: 1 | 3 | 4) => parseTradeListQuery(new URLSearchParams(search), role);

  it("role 1: Today on at first visit, off when a submitted form leaves it out", () => {
    expect(q("", 1).today).toBe(true);
    expect(q("f=1", 1).today).toBe(false);
    expect(q("f=1&today=1", 1).today).toBe(true);
    expect(q("userRole=4&userId=7", 1)).toMatchObject({ userRole: 4, userId: 7 });
    expect(q("userRole=2", 1).userRole).toBe(3);
  });

  it("drops what a role may not use: role 3 has no status filter, only role 1 dates and users", () => {
    expect(q("active=1", 3).open).toBeNull();
    expect(q("active=1", 4).open).toBe(true);
    expect(q("active=0", 1).open).toBe(false);
    expect(q("startDate=2026-11-01&endDate=2026-11-02&userId=5&today=1&f=1", 4)).toMatchObject({
      startDate: null,
      endDate: null,
      userId: null,
      today: false,
    });
  });

  it("page links keep the filters and carry the cursor; page 1 needs none", () => {
    expect(tradePageSearch("?sector=2&page=2&cursor=x&dir=before", 3, "c3", "after")).toBe("?sector=2&page=3&cursor=c3");
    expect(tradePageSearch("?sector=2&page=3&cursor=x", 2, "c2", "before")).toBe("?sector=2&page=2&cursor=c2&dir=before");
    expect(tradePageSearch("?sector=2&page=2&cursor=x", 1, "c1", "before")).toBe("?sector=2");
    expect(tradeFilterSearch("?symbol=NIFTY-I&side=BUY&price=1&sector=2")).toBe("?sector=2");
  });

  it("Showing X to Y comes from the page index", () => {
    expect(tradePageRange(2, 20)).toEqual({ from: 21, to: 40 });
    expect(tradePageRange(3, 5)).toEqual({ from: 41, to: 45 });
    expect(tradePageRange(1, 0)).toEqual({ from: 0, to: 0 });
  });

  it("tradeSeconds falls back to 30", () => {
    expect(tradeRefreshSeconds("5")).toBe(5);
    expect(tradeRefreshSeconds("0")).toBe(30);
    expect(tradeRefreshSeconds(null)).toBe(30);
    expect(tradeRefreshSeconds("1.5")).toBe(30);
  });
});

describe("trade notification targets", () => {
  it("the owner always; -all to the owner and staff; staff for changes; role 1 alone for verification", () => {
    const common = [
      { event: "trade-notification-user", roles: [], userIds: [9] },
      { event: "trade-notification-all", roles: [1, 3], userIds: [9] },
    ];
    const employees = { event: "trade-notification-customer-employee", roles: [3], userIds: [9] };
    for (const change of ["created", "updated", "closed", "deleted"] as const) {
      expect(tradeNotificationTargets(change, 9)).toEqual([...common, { event: "trade-notification-admin-employee", roles: [1, 3], userIds: [] }, employees]);
    }
    for (const change of ["verified", "unverified"] as const) {
      expect(tradeNotificationTargets(change, 9)).toEqual([...common, { event: "trade-notification-admin", roles: [1], userIds: [] }, employees]);
    }
  });

  it("emits every trade event the documents name", () => {
    const events = new Set(["created", "verified"].flatMap((change) => tradeNotificationTargets(change as "created", 9).map((t) => t.event)));
    expect([...events].sort()).toEqual([
      "trade-notification-admin",
      "trade-notification-admin-employee",
      "trade-notification-all",
      "trade-notification-customer-employee",
      "trade-notification-user",
    ]);
  });

  it("never names a room that holds other customers", () => {
    for (const change of ["created", "updated", "closed", "deleted", "verified", "unverified"] as const) {
      for (const target of tradeNotificationTargets(change, 1)) {
        expect(target.roles).not.toContain(4);
        expect(target.userIds.every((id) => id === 1)).toBe(true);
      }
    }
    expect(tradeNotificationMessage("closed", { id: 4, tradeType: "SELL", symbolCode: "TCS" })).toBe("Trade #4 SELL TCS closed");
  });
});
