// The up/down figure colours meet WCAG AA for small text (4.5:1) on every surface they sit on, in
// both themes (docs/decisions/151). The colours are read from app/tailwind.css and the surfaces
// from Tailwind's own theme, and the ratio is axe-core's, the arithmetic the page sweep applies.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const axe = require("axe-core") as {
  commons: { color: { Color: new () => { parseString(s: string): unknown }; getContrast(bg: unknown, fg: unknown): number } };
};
const { Color, getContrast } = axe.commons.color;

const AA_SMALL_TEXT = 4.5;
const css = fs.readFileSync(path.resolve(__dirname, "../../app/tailwind.css"), "utf8");
const tailwindTheme = fs.readFileSync(require.resolve("tailwindcss/theme.css"), "utf8");

/** The declarations of the first CSS block whose selector line starts with `selector`. */
function block(source: string, selector: string): Record<string, string> {
  const start = source.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no "${selector} {" block`);
  const body = source.slice(source.indexOf("{", start) + 1, source.indexOf("}", start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

function colour(value: string) {
  const c = new Color();
  c.parseString(value);
  return c;
}

function ratio(foreground: string, background: string): number {
  return getContrast(colour(background), colour(foreground));
}

const theme = block(css, "@theme");
const dark = block(css, "html.dark");
const slate = (shade: number) => block(tailwindTheme, "@theme default")[`--color-slate-${shade}`];

// The surfaces figures are printed on: the page (body), cards and tables, their header rows.
const SURFACES = {
  light: { white: "#ffffff", "slate-50": slate(50), "slate-100": slate(100) },
  dark: { "slate-950": slate(950), "slate-900": slate(900), "slate-800": slate(800) },
};

describe("up/down figure and muted text colours (WCAG AA, small text)", () => {
  it("reads both themes' tokens from app/tailwind.css", () => {
    for (const token of ["--color-up", "--color-down", "--color-muted"]) {
      expect(theme[token], `@theme ${token}`).toMatch(/^(#[0-9a-f]{6}|oklch\(.+\))$/i);
      expect(dark[token], `html.dark ${token}`).toMatch(/^(#[0-9a-f]{6}|oklch\(.+\))$/i);
    }
    expect(Object.values(SURFACES.dark).every((v) => v?.startsWith("oklch("))).toBe(true);
  });

  // --color-muted: the secondary text (text-muted) that replaced bare slate-400/500 greys.
  for (const token of ["--color-up", "--color-down", "--color-muted"] as const) {
    for (const [surface, background] of Object.entries(SURFACES.light)) {
      it(`${token} ${theme[token]} on ${surface} (light) is at least 4.5:1`, () => {
        expect(ratio(theme[token], background)).toBeGreaterThanOrEqual(AA_SMALL_TEXT);
      });
    }
    for (const [surface, background] of Object.entries(SURFACES.dark)) {
      it(`${token} ${dark[token]} on ${surface} (dark) is at least 4.5:1`, () => {
        expect(ratio(dark[token], background)).toBeGreaterThanOrEqual(AA_SMALL_TEXT);
      });
    }
  }

  for (const token of ["--background-color-up", "--background-color-down"] as const) {
    it(`white text on the ${token} fill ${theme[token]} is at least 4.5:1 (the same in both themes)`, () => {
      expect(dark[token], "the fill does not change with the theme").toBeUndefined();
      expect(ratio("#ffffff", theme[token])).toBeGreaterThanOrEqual(AA_SMALL_TEXT);
    });
  }

  it("the measure is the WCAG one: the former #26a69a on white is 3:1 and fails", () => {
    expect(ratio("#26a69a", "#ffffff")).toBeCloseTo(3.0, 1);
    expect(ratio("#26a69a", "#ffffff")).toBeLessThan(AA_SMALL_TEXT);
  });
});
