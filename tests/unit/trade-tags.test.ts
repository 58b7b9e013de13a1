import { describe, expect, it } from "vitest";
import { joinTags, normaliseTag, parseTagFilter, splitTags, TAG_PATTERN } from "~/domain/trade-tags";
import { parseTradeListQuery, tradeFilterSearch } from "~/domain/trade-list";

describe("trade tags (docs/decisions/170)", () => {
  it("have one spelling: trimmed, spaces collapsed, lower case", () => {
    expect(normaliseTag("  Gap   Up ")).toBe("gap up");
  });

  it("split a typed list on commas, dropping blanks and repeats", () => {
    expect(splitTags("Breakout, gap up,,  BREAKOUT , ")).toEqual(["breakout", "gap up"]);
    expect(splitTags(["A", "a", " b "])).toEqual(["a", "b"]);
    expect(splitTags("")).toEqual([]);
    expect(splitTags(null)).toEqual([]);
    expect(joinTags(["a", "b c"])).toBe("a, b c");
  });

  it("allow letters and digits of any script and a few joiners", () => {
    for (const ok of ["breakout", "nifty-50", "r&d", "v1.2", "ब्रेकआउट", "a_b"]) expect(TAG_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ["-lead", "<script>", "a;b", "tab\tx", "quote'"]) expect(TAG_PATTERN.test(bad), bad).toBe(false);
  });
});

describe("the tag filter", () => {
  it("reads one tag in its one spelling; anything else filters nothing", () => {
    expect(parseTagFilter("  Gap  UP ")).toBe("gap up");
    expect(parseTagFilter(null)).toBeNull();
    expect(parseTagFilter("")).toBeNull();
    expect(parseTagFilter("a, b")).toBeNull();
    expect(parseTagFilter("x'); drop table trades; --")).toBeNull();
    expect(parseTagFilter("y".repeat(31))).toBeNull();
  });

  it("is one of the list's filters for every role, kept by the links between the list and the calendar", () => {
    for (const role of [1, 3, 4] as const) expect(parseTradeListQuery(new URLSearchParams("tag=Breakout"), role).tag).toBe("breakout");
    expect(tradeFilterSearch("?tag=breakout&sector=2&page=3&cursor=x", false)).toBe("?sector=2&tag=breakout");
    expect(tradeFilterSearch("?tag=breakout&page=3&cursor=x")).toBe("?tag=breakout&page=3&cursor=x");
  });
});
