// Every page passes axe-core's WCAG 2.2 A/AA rules (target size included) with no serious or critical violation, in both
// themes, at desktop and phone sizes, signed in as each role and signed out (docs/decisions/151).
// The pages come from the access table through page-sweep.ts, so a new screen is swept here too.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import { DESKTOP, FULL_SWEEPS, PHONE, PUBLIC_SCREENS, screensOf } from "./page-sweep";
import { signInAsNewUser, type Role } from "./support";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const BLOCKING = new Set(["serious", "critical"]);
const SIZES = [
  { name: "desktop", size: DESKTOP },
  { name: "phone", size: PHONE },
] as const;
type Theme = "light" | "dark";
const THEMES: readonly Theme[] = ["light", "dark"];

interface Finding {
  page: string;
  size: string;
  theme: Theme;
  rule: string;
  impact: string;
  nodes: number;
  targets: string[];
}

/**
 * The theme is chosen through the real preference (POST /preferences, the ThemeSwitch's form),
 * once per theme and context, not by toggling the `dark` class: the chart islands take their
 * palette from the loader's theme (`dark={root?.theme === "dark"}`), so only a real switch
 * renders what a dark-theme user sees.
 */
async function chooseTheme(page: Page, theme: Theme): Promise<void> {
  const response = await page.request.post("/preferences", {
    form: { intent: "theme", theme, redirectTo: "/login" },
    maxRedirects: 0,
  });
  expect(response.status(), `POST /preferences theme=${theme}`).toBe(302);
}

/** The four (theme, size) pairs a page can be seen in. */
const PAIRS = THEMES.flatMap((theme) => SIZES.map((size) => ({ theme, size })));
type Pair = (typeof PAIRS)[number];

/**
 * Which pairs a role's page is analysed at. FULL_SWEEPS=1: all four. By default one, chosen as in a
 * Latin square — pair (page's index in the role's list + role) mod 4 — so each role sees every
 * pair across its pages, and a page that several roles reach (the dashboard, settings, the
 * customer screens) is seen at a different pair by each of them. Decision 151 gives the reason
 * (the CI time budget) and the full matrix's last result.
 */
function pairsFor(pageIndex: number, roleOffset: number): readonly Pair[] {
  return FULL_SWEEPS ? PAIRS : [PAIRS[(pageIndex + roleOffset) % PAIRS.length]];
}

interface Visit {
  path: string;
  pairs: readonly Pair[];
}

/** Loads each page once per theme it is analysed in, and runs axe at that theme's sizes on that one load. */
async function sweep(page: Page, visits: readonly Visit[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const theme of THEMES) {
    const inTheme = visits.map((v) => ({ path: v.path, sizes: v.pairs.filter((p) => p.theme === theme).map((p) => p.size) })).filter((v) => v.sizes.length > 0);
    if (inTheme.length === 0) continue;
    await chooseTheme(page, theme);
    for (const { path, sizes } of inTheme) {
      // Loaded at the size it is first analysed at, so a phone run sees the phone's first paint.
      await page.setViewportSize(sizes[0].size);
      // Settled: the document, its lazy chunks and the loaders' fetches (the live feed is a
      // websocket, which network idle does not wait for).
      await page.goto(path, { waitUntil: "networkidle" });
      await expect(page.locator("html"), `${path} renders in the ${theme} theme`).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      for (const { name, size } of sizes) {
        await page.setViewportSize(size);
        // Nothing is excluded: the charts are SVG (ApexCharts and the server-drawn fallback), which axe reads.
        const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        if (process.env.A11Y_LOG) {
          // A record of every run for counting before and after a fix (the assertion below is the test).
          const rows = results.violations.map((v) => ({ page: path, size: name, theme, rule: v.id, impact: v.impact, nodes: v.nodes.length, targets: v.nodes.map((n) => `${n.target.join(" ")} ${n.any[0]?.message ?? ""}`) }));
          fs.appendFileSync(process.env.A11Y_LOG, JSON.stringify({ page: path, size: name, theme, at: Date.now(), rows }) + "\n");
        }
        for (const v of results.violations) {
          if (!BLOCKING.has(v.impact ?? "")) continue;
          findings.push({
            page: path,
            size: name,
            theme,
            rule: v.id,
            impact: v.impact ?? "",
            nodes: v.nodes.length,
            targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
          });
        }
      }
    }
  }
  return findings;
}

function describe(findings: Finding[]): string {
  const nodes = findings.reduce((sum, f) => sum + f.nodes, 0);
  const lines = findings.map((f) => `${f.page} [${f.size}, ${f.theme}] ${f.impact} ${f.rule} x${f.nodes}: ${f.targets.join(" | ")}`);
  return `${findings.length} serious/critical violations (${nodes} elements):\n${lines.join("\n")}`;
}

/** A role's visits in `parts` slices, so a role's sweep is shared by both workers. */
function slices(visits: Visit[], parts: number): Visit[][] {
  const size = Math.ceil(visits.length / parts);
  return Array.from({ length: parts }, (_, i) => visits.slice(i * size, (i + 1) * size)).filter((s) => s.length > 0);
}

// About 32 axe runs a test (8 pages at four pairs, or 32 pages at one): the slices spread over
// both workers and each fits its timeout.
const RUNS_PER_TEST = 32;
const ROLE_SLICES: { role: Role; part: number; visits: Visit[] }[] = ([1, 2, 3, 4] as const).flatMap((role) => {
  const visits = screensOf(role).map((path, index) => ({ path, pairs: pairsFor(index, role) }));
  const runs = visits.reduce((sum, v) => sum + v.pairs.length, 0);
  return slices(visits, Math.ceil(runs / RUNS_PER_TEST)).map((part, index) => ({ role, part: index, visits: part }));
});

test.describe("axe-core: no serious or critical WCAG 2.2 AA violation", () => {
  test.describe.configure({ mode: "parallel" });

  test("signed-out pages, both themes, desktop and phone", async ({ page }) => {
    test.setTimeout(300_000);
    // Five small pages: every pair on each, whatever the matrix.
    const findings = await sweep(page, PUBLIC_SCREENS.map((path) => ({ path, pairs: PAIRS })));
    expect(findings, describe(findings)).toEqual([]);
  });

  for (const { role, part, visits } of ROLE_SLICES) {
    test(`role ${role} pages (part ${part + 1}: ${visits[0].path} ...), ${FULL_SWEEPS ? "both themes, desktop and phone" : "one theme and size each, every pair across the role's pages"}`, async ({ page }) => {
      // Up to 32 axe runs: measured 10 to 25 s a run on a machine at load 20, about 5 s when idle.
      test.setTimeout(900_000);
      await signInAsNewUser(page, { role, goto: false, label: `a11y-${role}` });
      const findings = await sweep(page, visits);
      expect(findings, describe(findings)).toEqual([]);
    });
  }
});
