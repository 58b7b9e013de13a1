// Paging from URL parameters and the account rules of the user list (who may create, edit,
// switch or delete which role).
import { describe, expect, it } from "vitest";
import { pageCount, pageOffset, pageRange, isRecordId, MAX_RECORD_ID, parseIdParam, parsePage, searchWithPage } from "~/domain/paging";
import { assignableRoles, canManageAccount, filterableRoles, listRoleFor, mayWriteAccount, ownAccountRefusal } from "~/domain/user-admin";
import type { RoleId } from "~/domain/access";
import { recordId, strictRecordId } from "~/schemas/record-id";

describe("paging", () => {
  it("reads a page number and falls back to 1 for anything else", () => {
    expect(parsePage("3")).toBe(3);
    for (const bad of [null, undefined, "", "0", "-2", "1.5", "abc", "99999999"]) expect(parsePage(bad)).toBe(1);
  });
  it("counts pages, offsets and the shown range", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageOffset(3, 20)).toBe(40);
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
    expect(pageRange(2, 10, 15)).toEqual({ from: 11, to: 15 });
    expect(pageRange(1, 10, 15)).toEqual({ from: 1, to: 10 });
  });
  it("keeps the other parameters when it changes the page, and page 1 has no parameter", () => {
    expect(searchWithPage("?role_id=3&page=2", 3)).toBe("?role_id=3&page=3");
    expect(searchWithPage("?role_id=3&page=2", 1)).toBe("?role_id=3");
    expect(searchWithPage("", 1)).toBe("");
  });
  it("reads an optional id", () => {
    expect(parseIdParam("7")).toBe(7);
    for (const bad of [null, undefined, "", "0", "-1", "x", "1.2", String(2 ** 31)]) expect(parseIdParam(bad)).toBeNull();
  });
});

describe("account rules", () => {
  it("role 1 may give every role; others only Employee and Customer", () => {
    expect(assignableRoles(1)).toEqual([1, 2, 3, 4]);
    expect(assignableRoles(2)).toEqual([3, 4]);
    expect(filterableRoles(1)).toEqual([1, 2, 3, 4]);
    expect(filterableRoles(2)).toEqual([3, 4]);
  });
  it("the list's role defaults to Customer; a role the actor may not list is refused, never swapped for another", () => {
    expect(listRoleFor(1, null)).toBe(4);
    expect(listRoleFor(1, 1)).toBe(1);
    expect(listRoleFor(1, 2)).toBe(2);
    expect(listRoleFor(2, 2)).toBeNull();
    expect(listRoleFor(2, 1)).toBeNull();
    expect(listRoleFor(1, 9)).toBeNull();
    expect(listRoleFor(2, 3)).toBe(3);
  });
  it("a role-2 user never creates, edits, promotes to, switches or deletes a role-1 or role-2 account", () => {
    const staff: RoleId[] = [1, 2];
    const others: RoleId[] = [3, 4];
    for (const r of staff) {
      expect(mayWriteAccount(2, { kind: "create", newRole: r })).toBe(false);
      expect(mayWriteAccount(2, { kind: "update", currentRole: r, newRole: 4 })).toBe(false);
      expect(mayWriteAccount(2, { kind: "update", currentRole: 4, newRole: r })).toBe(false);
      expect(mayWriteAccount(2, { kind: "status", currentRole: r })).toBe(false);
      expect(mayWriteAccount(2, { kind: "delete", currentRole: r })).toBe(false);
      expect(canManageAccount(2, r)).toBe(false);
    }
    for (const r of others) {
      expect(mayWriteAccount(2, { kind: "create", newRole: r })).toBe(true);
      expect(mayWriteAccount(2, { kind: "update", currentRole: r, newRole: 3 })).toBe(true);
      expect(mayWriteAccount(2, { kind: "status", currentRole: r })).toBe(true);
      expect(mayWriteAccount(2, { kind: "delete", currentRole: r })).toBe(true);
    }
  });
  it("role 1 may do everything; roles 3 and 4 nothing", () => {
    for (const r of [1, 2, 3, 4] as RoleId[]) {
      expect(mayWriteAccount(1, { kind: "create", newRole: r })).toBe(true);
      expect(mayWriteAccount(1, { kind: "update", currentRole: r, newRole: 1 })).toBe(true);
      expect(mayWriteAccount(1, { kind: "delete", currentRole: r })).toBe(true);
      expect(mayWriteAccount(3, { kind: "create", newRole: r })).toBe(false);
      expect(mayWriteAccount(4, { kind: "status", currentRole: r })).toBe(false);
      expect(canManageAccount(3, r)).toBe(false);
    }
  });
});

import { isCompleteOrder, moveInOrder } from "~/domain/key-order";

describe("key order", () => {
  it("moves one key up or down, and not past either end", () => {
    expect(moveInOrder([1, 2, 3], 2, "up")).toEqual([2, 1, 3]);
    expect(moveInOrder([1, 2, 3], 2, "down")).toEqual([1, 3, 2]);
    expect(moveInOrder([1, 2, 3], 1, "up")).toEqual([1, 2, 3]);
    expect(moveInOrder([1, 2, 3], 3, "down")).toEqual([1, 2, 3]);
    expect(moveInOrder([1, 2, 3], 9, "up")).toEqual([1, 2, 3]);
  });
  it("accepts only an order naming every key once", () => {
    expect(isCompleteOrder([3, 1, 2], [1, 2, 3])).toBe(true);
    expect(isCompleteOrder([1, 2], [1, 2, 3])).toBe(false);
    expect(isCompleteOrder([1, 1, 2], [1, 2, 3])).toBe(false);
    expect(isCompleteOrder([1, 2, 4], [1, 2, 3])).toBe(false);
  });
});

import { parseStudies, settingPanelsFor } from "~/domain/user-settings";

describe("settings panels by role", () => {
  it("role 1 sees everything; role 3 the chart count; role 4 no chart count; role 2 only the view panel's theme", () => {
    expect(settingPanelsFor(1)).toEqual({ viewChart: true, chartCount: true, trade: true, admin: true });
    expect(settingPanelsFor(2)).toEqual({ viewChart: false, chartCount: false, trade: false, admin: false });
    expect(settingPanelsFor(3)).toEqual({ viewChart: true, chartCount: true, trade: true, admin: false });
    expect(settingPanelsFor(4)).toEqual({ viewChart: true, chartCount: false, trade: true, admin: false });
  });
  it("reads the stored studies, dropping unknown names and bad JSON", () => {
    expect(parseStudies('["RSI","Nonsense","MACD"]')).toEqual(["RSI", "MACD"]);
    expect(parseStudies("not json")).toEqual([]);
    expect(parseStudies('{"a":1}')).toEqual([]);
    expect(parseStudies(null)).toEqual([]);
  });
});

import { dateRangeFrom, daysBetween } from "~/domain/demo-range";

describe("demo date range", () => {
  it("defaults to the last 7 days through today", () => {
    expect(dateRangeFrom(new URLSearchParams(), "2026-03-10")).toEqual({ from: "2026-03-04", to: "2026-03-10" });
    expect(daysBetween("2026-03-04", "2026-03-10")).toHaveLength(7);
  });
  it("takes a valid range from the URL and ignores a start after the end or a bad date", () => {
    expect(dateRangeFrom(new URLSearchParams("from=2026-02-01&to=2026-02-05"), "2026-03-10")).toEqual({ from: "2026-02-01", to: "2026-02-05" });
    expect(dateRangeFrom(new URLSearchParams("from=2026-02-09&to=2026-02-05"), "2026-03-10")).toEqual({ from: "2026-01-30", to: "2026-02-05" });
    expect(dateRangeFrom(new URLSearchParams("from=2026-02-30"), "2026-03-10")).toEqual({ from: "2026-03-04", to: "2026-03-10" });
  });
});

describe("ownAccountRefusal", () => {
  it("refuses deleting or switching off one's own account, with the reason", () => {
    expect(ownAccountRefusal({ kind: "delete" }, 7, 7)).toBe("You cannot delete your own account.");
    expect(ownAccountRefusal({ kind: "status", active: false }, 7, 7)).toBe("You cannot deactivate your own account.");
  });
  it("allows switching one's own account on, and any write to another account", () => {
    expect(ownAccountRefusal({ kind: "status", active: true }, 7, 7)).toBeNull();
    expect(ownAccountRefusal({ kind: "delete" }, 7, 8)).toBeNull();
    expect(ownAccountRefusal({ kind: "status", active: false }, 7, 8)).toBeNull();
  });
});

describe("record ids", () => {
  it("accepts 1 to 2^31 - 1, what a PostgreSQL integer column holds, and nothing else", () => {
    expect(isRecordId(1)).toBe(true);
    expect(isRecordId(MAX_RECORD_ID)).toBe(true);
    for (const n of [0, -1, 1.5, MAX_RECORD_ID + 1, Number.MAX_SAFE_INTEGER, Number.NaN, Number.POSITIVE_INFINITY]) expect(isRecordId(n), String(n)).toBe(false);
    expect(parseIdParam(String(MAX_RECORD_ID + 1))).toBeNull();
  });
  it("the form and JSON id schemas refuse an id past the column's range with the form's message", () => {
    expect(recordId("Please select a symbol").safeParse("2147483648").error?.issues[0].message).toBe("Please select a symbol");
    expect(strictRecordId().safeParse(Number.MAX_SAFE_INTEGER).success).toBe(false);
    expect(strictRecordId().safeParse("12").success).toBe(false);
    expect(recordId().parse("12")).toBe(12);
  });
});
