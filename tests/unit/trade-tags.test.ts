import { describe, expect, it } from "vitest";
import { joinTags, normaliseTag, splitTags, TAG_PATTERN } from "~/domain/trade-tags";

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
