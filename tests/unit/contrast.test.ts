import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { CHART_DOWN_COLOUR, CHART_NEUTRAL_COLOUR, CHART_UP_COLOUR } from "~/domain/targets";
import { contrastRatio, relativeLuminance, textColourOn } from "~/domain/contrast";

const require = createRequire(import.meta.url);
const axe = require("axe-core") as {
  commons: { color: { Color: new () => { parseString(s: string): unknown }; getContrast(bg: unknown, fg: unknown): number } };
};
const axeRatio = (a: string, b: string) => {
  const [x, y] = [a, b].map((s) => {
    const c = new axe.commons.color.Color();
    c.parseString(s);
    return c;
  });
  return axe.commons.color.getContrast(x, y);
};

describe("contrastRatio", () => {
  it("is 21 for black on white and 1 for a colour on itself", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#26a69a", "#26a69a")).toBe(1);
    expect(relativeLuminance("#fff")).toBeCloseTo(1, 5);
  });
  it("agrees with axe-core's arithmetic", () => {
    for (const [a, b] of [["#26a69a", "#ffffff"], ["#ef5350", "#0f172a"], ["#64748b", "#f8fafc"], ["#00796b", "#f1f5f9"]]) {
      expect(contrastRatio(a, b)).toBeCloseTo(axeRatio(a, b), 1);
    }
  });
  it("refuses what is not a hex colour", () => {
    expect(() => relativeLuminance("teal")).toThrow(/not a hex colour/);
  });
});

describe("textColourOn (a chart line's label on the line's colour)", () => {
  // The line colours of app/domain/chart-lines.ts and targets.ts.
  const fills = [CHART_UP_COLOUR, CHART_DOWN_COLOUR, CHART_NEUTRAL_COLOUR, "#64748b", "#94a3b8", "#2563eb", "#f59e0b"];
  for (const fill of fills) {
    it(`reads at 4.5:1 or more on ${fill}`, () => {
      expect(contrastRatio(textColourOn(fill), fill)).toBeGreaterThanOrEqual(4.5);
    });
  }
  it("is dark on the spec's green and red (white on them is 3.0:1 and 3.5:1)", () => {
    expect(textColourOn(CHART_UP_COLOUR)).toBe("#020617");
    expect(textColourOn(CHART_DOWN_COLOUR)).toBe("#020617");
    expect(textColourOn("#2563eb")).toBe("#ffffff");
  });
});
