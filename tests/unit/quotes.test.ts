import { describe, expect, it } from "vitest";
import { changeFromPrevClose, direction } from "~/domain/quotes";

describe("changeFromPrevClose", () => {
  it("gives change and change % to 2 decimals", () => {
    expect(changeFromPrevClose(24_150.5, 24_000)).toEqual({ change: 150.5, changePercent: 0.63 });
    expect(changeFromPrevClose(99, 100)).toEqual({ change: -1, changePercent: -1 });
  });
  it("gives 0 % when there is no previous close", () => {
    expect(changeFromPrevClose(10, 0)).toEqual({ change: 10, changePercent: 0 });
  });
  it("names the direction", () => {
    expect(direction(1)).toBe("up");
    expect(direction(-0.5)).toBe("down");
    expect(direction(0)).toBe("flat");
    expect(direction(undefined)).toBe("flat");
  });
});
