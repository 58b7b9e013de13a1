// Which reference lines a chart draws, and in what colour (docs/product-rules.md R-TD9,
// docs/product-rules.md R-D18): target/reference points always when "Show Targets" is on (red when the name
// contains LOW, else green); the previous close; MA, MD, WA, WD and the Daglu lines when the
// user's settings turn them on. Pure, shared by the SVG and the interactive chart.
import { referenceLineColour } from "./targets";

export interface ChartLine {
  label: string;
  price: number;
  colour: string;
}

export interface ChartLineInputs {
  points: readonly { pointName: string; displayName: string; price: number }[];
  prevClose: number | null;
  levels: { ma: number | null; md: number | null; wa: number | null; wd: number | null } | null;
  daglu: { per: number | null; fromPer: number | null; toPer: number | null };
  /** The user's settings by name ("true"/"false" strings as stored). */
  settings: Readonly<Record<string, string>>;
}

const on = (settings: Readonly<Record<string, string>>, name: string, fallback: boolean) =>
  settings[name] === undefined ? fallback : settings[name] === "true";

const round2 = (n: number) => Math.round(n * 100) / 100;

export function chartLines(input: ChartLineInputs): ChartLine[] {
  const lines: ChartLine[] = [];
  if (on(input.settings, "Show Targets", true)) {
    for (const p of input.points) lines.push({ label: p.displayName || p.pointName, price: p.price, colour: referenceLineColour(p.pointName) });
  }
  if (input.prevClose !== null) lines.push({ label: "Prev Close", price: input.prevClose, colour: "#64748b" });
  const levels = input.levels;
  if (levels) {
    for (const [name, key, colour] of [
      ["MA", "ma", "#8b5cf6"],
      ["MD", "md", "#f59e0b"],
      ["WA", "wa", "#0ea5e9"],
      ["WD", "wd", "#ec4899"],
    ] as const) {
      const value = levels[key];
      if (value !== null && on(input.settings, name, false)) lines.push({ label: name, price: value, colour });
    }
  }
  if (on(input.settings, "Daglu", false) && input.prevClose !== null) {
    const pc = input.prevClose;
    const { per, fromPer, toPer } = input.daglu;
    if (per !== null) {
      lines.push({ label: "Daglu +", price: round2(pc * (1 + per / 100)), colour: "#26a69a" });
      lines.push({ label: "Daglu -", price: round2(pc * (1 - per / 100)), colour: "#ef5350" });
    }
    if (fromPer !== null && toPer !== null) {
      lines.push({ label: "Daglu band from", price: round2(pc * (1 + fromPer / 100)), colour: "#94a3b8" });
      lines.push({ label: "Daglu band to", price: round2(pc * (1 + toPer / 100)), colour: "#94a3b8" });
    }
  }
  return lines;
}
