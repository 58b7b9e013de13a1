import { describe, expect, it } from "vitest";
import { neutraliseCell, neutraliseFormulaText } from "~/domain/spreadsheet-safety";

describe("neutraliseFormulaText", () => {
  it.each(["=SUM(A1:A9)", "+91 98", "-2+3", "@cmd", "\tTAB", "\rCR", "=HYPERLINK(\"http://x\")"])("prefixes %j with an apostrophe", (text) => {
    expect(neutraliseFormulaText(text)).toBe(`'${text}`);
  });
  it.each(["Asha", "", " =not first", "RELIANCE", "'already", "1=1"])("leaves %j alone", (text) => {
    expect(neutraliseFormulaText(text)).toBe(text);
  });
});

describe("neutraliseCell", () => {
  it("keeps numbers, dates, booleans and null as they are (numbers stay numbers)", () => {
    const when = new Date(0);
    expect(neutraliseCell(-12.5)).toBe(-12.5);
    expect(neutraliseCell(when)).toBe(when);
    expect(neutraliseCell(true)).toBe(true);
    expect(neutraliseCell(null)).toBe(null);
    expect(neutraliseCell("-12.5")).toBe("'-12.5");
  });
});
