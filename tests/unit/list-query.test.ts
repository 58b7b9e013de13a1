// The admin lists' URL query (app/domain/list-query.ts; docs/decisions/140-admin-console.md):
// defaults for anything malformed, a list's own default size among its choices, header links
// that flip the direction, LIKE wildcards escaped.
import { describe, expect, it } from "vitest";
import { likePattern, listView, pageSizeChoices, parseListQuery, parsePageSize, sortSearch } from "~/domain/list-query";
import { CALENDAR_LIST_DEFAULTS, CALENDAR_SORTS, SYMBOL_LIST_DEFAULTS, SYMBOL_SORTS } from "~/domain/admin-lists";

const q = (search: string) => new URLSearchParams(search);

describe("parseListQuery", () => {
  it("reads a named sort, direction, size, page and search", () => {
    expect(parseListQuery(q("q=%20infy%20&sort=lot&dir=asc&size=50&page=3"), SYMBOL_SORTS, SYMBOL_LIST_DEFAULTS)).toEqual({
      search: "infy",
      sort: "lot",
      dir: "asc",
      page: 3,
      pageSize: 50,
    });
  });
  it("reads anything malformed as the list's defaults", () => {
    expect(parseListQuery(q("q=%20%20&sort=password&dir=up&size=7&page=-1"), SYMBOL_SORTS, SYMBOL_LIST_DEFAULTS)).toEqual({
      search: null,
      sort: "created",
      dir: "desc",
      page: 1,
      pageSize: 10,
    });
  });
  it("sorts a named column ascending when no direction is given", () => {
    expect(parseListQuery(q("sort=code"), SYMBOL_SORTS, SYMBOL_LIST_DEFAULTS).dir).toBe("asc");
  });
  it("keeps the calendar's 20 a page as its default and one of its choices", () => {
    expect(parseListQuery(q(""), CALENDAR_SORTS, CALENDAR_LIST_DEFAULTS)).toMatchObject({ sort: "date", dir: "desc", pageSize: 20 });
    expect(parseListQuery(q("size=10"), CALENDAR_SORTS, CALENDAR_LIST_DEFAULTS).pageSize).toBe(10);
  });
});

describe("page sizes", () => {
  it("offers the shared choices, and a list's own default among them", () => {
    expect(pageSizeChoices()).toEqual([10, 25, 50, 100]);
    expect(pageSizeChoices(20)).toEqual([10, 20, 25, 50, 100]);
  });
  it("accepts 20 only where it is the list's default", () => {
    expect(parsePageSize("20")).toBe(10);
    expect(parsePageSize("20", 20)).toBe(20);
    expect(parsePageSize("1000", 20)).toBe(20);
  });
});

describe("sortSearch", () => {
  it("sorts a new column ascending, keeping the filters and dropping the page", () => {
    expect(sortSearch("?q=a&page=3&sector_id=2", "lot", { sort: "created", dir: "desc" })).toBe("?q=a&sector_id=2&sort=lot&dir=asc");
  });
  it("flips the direction of the column it already sorts by", () => {
    expect(sortSearch("?sort=lot&dir=asc", "lot", { sort: "lot", dir: "asc" })).toBe("?sort=lot&dir=desc");
    expect(sortSearch("?sort=lot&dir=desc", "lot", { sort: "lot", dir: "desc" })).toBe("?sort=lot&dir=asc");
  });
});

describe("likePattern and listView", () => {
  it("escapes LIKE's wildcards and its escape character", () => {
    expect(likePattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });
  it("answers the page's search, sorting and pager", () => {
    const query = parseListQuery(q("q=x&sort=code&dir=desc&size=25&page=2"), SYMBOL_SORTS, SYMBOL_LIST_DEFAULTS);
    expect(listView(query, 41)).toEqual({ search: "x", sorting: { sort: "code", dir: "desc" }, page: 2, pageSize: 25, total: 41 });
  });
});
