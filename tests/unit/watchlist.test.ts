// The watchlist panel's view rules: the URL view, sort toggling, filter and sort (missing prices
// last), the no-JS move, and the post-back address; and the notifications' two-day window.
import { describe, expect, it } from "vitest";
import { filterAndSortRows, moveInOrder, nextSort, parseWatchView, safeReturnTo, withParams, type WatchRow } from "~/domain/watchlist";
import { notificationsSince } from "~/domain/notifications";
import { BUILT_PATHS } from "~/domain/access";

const row = (symbolCode: string, sectorId: number | null, close: number | null, changePercent: number | null): WatchRow => ({
  symbolId: symbolCode.length,
  symbolCode,
  sectorId,
  close,
  change: changePercent,
  changePercent,
});
const rows = [row("TCS", 1, 3150, 1.2), row("INFY", 1, 1550, -0.4), row("SBIN", 2, 800, 0.1), row("NEW", 2, null, null)];
const codes = (r: WatchRow[]) => r.map((x) => x.symbolCode);

describe("parseWatchView", () => {
  it("reads the URL and falls back on anything unknown", () => {
    expect(parseWatchView(new URLSearchParams("wl=3&sector=2&q=%20tc%20&sort=change&dir=desc&symbol=tcs"))).toEqual({
      watchlistId: 3,
      sectorId: 2,
      search: "tc",
      sort: "change",
      dir: "desc",
      selected: "TCS",
    });
    expect(parseWatchView(new URLSearchParams("wl=-1&sector=x&sort=evil&dir=up"))).toEqual({
      watchlistId: null,
      sectorId: null,
      search: "",
      sort: "symbol",
      dir: "asc",
      selected: null,
    });
  });
});

describe("nextSort", () => {
  it("toggles the same column and starts another ascending", () => {
    expect(nextSort({ sort: "change", dir: "asc" }, "change")).toEqual({ sort: "change", dir: "desc" });
    expect(nextSort({ sort: "change", dir: "desc" }, "change")).toEqual({ sort: "change", dir: "asc" });
    expect(nextSort({ sort: "change", dir: "desc" }, "close")).toEqual({ sort: "close", dir: "asc" });
  });
});

describe("filterAndSortRows", () => {
  it("sorts by Change % both ways with missing prices last", () => {
    expect(codes(filterAndSortRows(rows, { sectorId: null, search: "", sort: "change", dir: "asc" }))).toEqual(["INFY", "SBIN", "TCS", "NEW"]);
    expect(codes(filterAndSortRows(rows, { sectorId: null, search: "", sort: "change", dir: "desc" }))).toEqual(["TCS", "SBIN", "INFY", "NEW"]);
    expect(codes(filterAndSortRows(rows, { sectorId: null, search: "", sort: "close", dir: "desc" }))).toEqual(["TCS", "INFY", "SBIN", "NEW"]);
    expect(codes(filterAndSortRows(rows, { sectorId: null, search: "", sort: "symbol", dir: "desc" }))).toEqual(["TCS", "SBIN", "NEW", "INFY"]);
  });
  it("filters by sector and search", () => {
    expect(codes(filterAndSortRows(rows, { sectorId: 2, search: "", sort: "symbol", dir: "asc" }))).toEqual(["NEW", "SBIN"]);
    expect(codes(filterAndSortRows(rows, { sectorId: null, search: "in", sort: "symbol", dir: "asc" }))).toEqual(["INFY", "SBIN"]);
    expect(filterAndSortRows(rows, { sectorId: 1, search: "sb", sort: "symbol", dir: "asc" })).toEqual([]);
  });
});

describe("moveInOrder", () => {
  it("swaps with the neighbour and leaves the ends alone", () => {
    expect(moveInOrder([1, 2, 3], 3, "up")).toEqual([1, 3, 2]);
    expect(moveInOrder([1, 2, 3], 1, "down")).toEqual([2, 1, 3]);
    expect(moveInOrder([1, 2, 3], 1, "up")).toEqual([1, 2, 3]);
    expect(moveInOrder([1, 2, 3], 3, "down")).toEqual([1, 2, 3]);
    expect(moveInOrder([1, 2, 3], 9, "up")).toEqual([1, 2, 3]);
  });
});

describe("withParams and safeReturnTo", () => {
  it("changes only the panel's parameters and keeps the host page's", () => {
    expect(withParams("?symbol=TCS&tf=5", { sort: "change", dir: "asc" })).toBe("?symbol=TCS&tf=5&sort=change&dir=asc");
    expect(withParams("?wl=2&sector=1", { sector: null, list: 4 })).toBe("?wl=4");
    expect(withParams("?q=x", { search: "" })).toBe("");
  });
  it("accepts only our own paths", () => {
    expect(safeReturnTo("/dashboard?symbol=TCS")).toBe("/dashboard?symbol=TCS");
    expect(safeReturnTo("//evil.example")).toBe("/watch-list");
    expect(safeReturnTo("https://evil.example")).toBe("/watch-list");
    expect(safeReturnTo("/\\evil.example")).toBe("/watch-list");
    expect(safeReturnTo(null)).toBe("/watch-list");
  });
});

describe("notificationsSince", () => {
  it("is 00:00 IST of the previous IST day", () => {
    // 2026-03-10 01:00 IST = 2026-03-09 19:30 UTC → since 2026-03-09 00:00 IST = 2026-03-08 18:30 UTC.
    expect(notificationsSince(Date.parse("2026-03-09T19:30:00Z")).toISOString()).toBe("2026-03-08T18:30:00.000Z");
    // 2026-03-09 23:59 IST is still the 9th: since the 8th.
    expect(notificationsSince(Date.parse("2026-03-09T18:29:00Z")).toISOString()).toBe("2026-03-07T18:30:00.000Z");
  });
});

describe("built screens", () => {
  it("links /watch-list, /alert and /notifications", () => {
    for (const path of ["/watch-list", "/alert", "/notifications"]) expect(BUILT_PATHS.has(path)).toBe(true);
  });
});
