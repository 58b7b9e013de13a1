// The pages a sweep opens: every screen of the access table (app/domain/access.ts) that a role
// reaches, as concrete paths. The phone-width sweep and the accessibility sweep both read this,
// so a page added to the table is swept by both without touching either test.
import { canReach, PATH_RULES, type RoleId } from "../../app/domain/access";

// Table rows that are not screens: resource routes answering data or a file (the trade list's
// export), a form post, the bare root (it redirects to /dashboard) and the re-authentication step
// (it redirects when the sign-in is fresh).
const NOT_SCREENS = new Set(["/", "/chart-data", "/udf", "/dayohlc/open", "/reauth", "/trades/export"]);

// Parameterised rows opened with a value the demo data holds.
const CONCRETE: Record<string, string> = {
  "/support/:receiverId": "/support",
  "/sector-analysis-chart/:sector": "/sector-analysis-chart/1",
};

// Dialog routes of the busiest screens: a sheet on a phone must fit as well as the page under it.
const DIALOGS: { path: string; under: string }[] = [
  { path: "/trades/new", under: "/trades" },
  { path: "/alert/new", under: "/alert" },
  { path: "/users/new", under: "/users" },
  { path: "/symbols/new", under: "/symbols" },
];

/** The signed-in screens a role reaches, each once, in the access table's order. */
export function screensOf(role: RoleId): string[] {
  const paths = PATH_RULES.filter((rule) => !rule.public && !NOT_SCREENS.has(rule.pattern))
    .map((rule) => CONCRETE[rule.pattern] ?? rule.pattern)
    .filter((path) => !path.includes(":") && canReach(role, path));
  const dialogs = DIALOGS.filter((d) => canReach(role, d.path) && paths.includes(d.under)).map((d) => d.path);
  return [...new Set([...paths, ...dialogs])];
}

/** The pages a visitor reaches without signing in (the sign-in table rows with a page). */
export const PUBLIC_SCREENS: readonly string[] = PATH_RULES.filter((rule) => rule.public && !rule.pattern.includes(":"))
  .map((rule) => rule.pattern)
  .filter((path) => path !== "/login/two-factor");

/**
 * FULL_SWEEPS=1: the sweeps check every page in every combination (accessibility: both themes at
 * both sizes; phone width: JavaScript on and off). By default each (role, page) is checked in one
 * combination, chosen so each role and each shared page meets them all (decisions 147 and 151):
 * the whole matrix does not fit the CI run's time budget on two cores.
 */
export const FULL_SWEEPS = process.env.FULL_SWEEPS === "1";

export const PHONE = { width: 390, height: 844 } as const;
export const SMALL_PHONE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
