// WCAG 2 contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio), for text drawn on a colour
// the data chooses: a chart line's label sits on the line's own colour (docs/decisions/151).
// Pure and browser-safe.

const DARK_TEXT = "#020617"; // slate-950, the dark theme's page colour
const LIGHT_TEXT = "#ffffff";

function channel(v: number): number {
  const s = v / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a #rgb or #rrggbb colour (an alpha suffix is ignored). */
export function relativeLuminance(hex: string): number {
  const h = hex.replace(/^#/, "");
  const full = h.length === 3 || h.length === 4 ? [...h.slice(0, 3)].map((c) => c + c).join("") : h.slice(0, 6);
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not a hex colour: ${hex}`);
  const [r, g, b] = [0, 2, 4].map((i) => channel(parseInt(full.slice(i, i + 2), 16)));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever reads better on `fill`: the chart's own colours stay as the spec has them (R-TD9). */
export function textColourOn(fill: string): string {
  return contrastRatio(fill, LIGHT_TEXT) >= contrastRatio(fill, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}
