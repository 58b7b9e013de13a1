// The documents' role-by-path table and unknown-path rule, as data (docs/product-rules.md R-D1 to R-D5).
// The sidebar, the route guards, the socket hub and the tests all read this one table.
import { TWO_FACTOR_SETUP_PATH } from "./two-factor";

export const ROLES = { admin: 1, subAdmin: 2, employee: 3, customer: 4 } as const;
export type RoleId = 1 | 2 | 3 | 4;
export const ALL_ROLES: readonly RoleId[] = [1, 2, 3, 4];

export const ROLE_NAMES: Record<RoleId, string> = {
  1: "Admin",
  2: "Sub Admin",
  3: "Employee",
  4: "Customer",
};

export function isRoleId(value: unknown): value is RoleId {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

/**
 * A documented path. `pattern` uses `:param` for one segment. A path also covers its own
 * sub-paths (the modal routes /trades/new, /trades/42/edit belong to /trades).
 */
export interface PathRule {
  pattern: string;
  roles: readonly RoleId[];
  /** Reachable without signing in (the sign-in pages). */
  public?: boolean;
}

const R1: readonly RoleId[] = [1];

/**
 * The route-access lists of docs/product-rules.md R-TD2 are the authority (docs/product-rules.md R-D1):
 * role 1 reaches every documented path; roles 2, 3 and 4 only the paths listed for them.
 */
export const PATH_RULES: readonly PathRule[] = [
  { pattern: "/", roles: [1, 2, 3, 4] },
  { pattern: "/login", roles: [1, 2, 3, 4], public: true },
  { pattern: "/signin", roles: [1, 2, 3], public: true },
  { pattern: "/signup", roles: [1, 2, 3, 4], public: true },
  { pattern: "/verifictionOtp", roles: [1, 2, 3, 4], public: true },
  { pattern: "/reset-password", roles: [1, 2, 3, 4], public: true },
  // The second step of a sign-in with two-factor sign-in (docs/decisions/121).
  { pattern: "/login/two-factor", roles: [1, 2, 3, 4], public: true },
  { pattern: "/dashboard", roles: [1, 2, 3, 4] },
  { pattern: "/setting", roles: [1, 2, 3, 4] },
  { pattern: "/settings/account", roles: [1, 4] },
  // Not in the documents (issue 16): change password and one's sessions, for every role.
  { pattern: "/settings/security", roles: [1, 2, 3, 4] },
  // Two-factor set-up and re-authentication (docs/decisions/121): every role.
  { pattern: "/settings/two-factor", roles: [1, 2, 3, 4] },
  { pattern: "/reauth", roles: [1, 2, 3, 4] },
  { pattern: "/watch-list", roles: [1, 3, 4] },
  { pattern: "/alert", roles: [1, 3, 4] },
  { pattern: "/overview", roles: [1, 3, 4] },
  { pattern: "/chart", roles: [1, 3, 4] },
  { pattern: "/allChart", roles: [1, 3, 4] },
  { pattern: "/allRealTime", roles: [1, 3, 4] },
  // The charts' data (resource route): every role that has a chart screen.
  { pattern: "/chart-data", roles: [1, 3, 4] },
  // The advanced chart's TradingView UDF datafeed (resource routes).
  { pattern: "/udf", roles: [1, 3, 4] },
  { pattern: "/trades", roles: [1, 3, 4] },
  // Not in the documents (issue 22): a broker tradebook imported into one's own journal, for the
  // roles that keep one (docs/decisions/169).
  { pattern: "/trades/import", roles: [1, 3, 4] },
  // Not in the documents (issue 22, docs/decisions/172): the list's CSV/Excel export and its
  // bulk actions' confirmation, for every role with the list (each action's roles: domain/trade-bulk.ts).
  { pattern: "/trades/export", roles: [1, 3, 4] },
  { pattern: "/trades/bulk", roles: [1, 3, 4] },
  // Not in the documents (issue 22): the journal's P&L calendar and review, for the roles that
  // list trades (docs/decisions/170). A sub-path of /trades, named so the table says so.
  { pattern: "/trades/calendar", roles: [1, 3, 4] },
  { pattern: "/support", roles: [1, 3, 4] },
  { pattern: "/support/:receiverId", roles: [1, 3, 4] },
  { pattern: "/notifications", roles: [1, 3, 4] },
  { pattern: "/users", roles: [1, 2] },
  { pattern: "/sector-analysis", roles: R1 },
  { pattern: "/sector-analysis-chart/:sector", roles: R1 },
  { pattern: "/sectore", roles: R1 },
  { pattern: "/login-user", roles: R1 },
  { pattern: "/references-points", roles: R1 },
  { pattern: "/reference-point", roles: R1 },
  { pattern: "/target-point", roles: R1 },
  { pattern: "/calendar", roles: R1 },
  { pattern: "/symbols", roles: R1 },
  { pattern: "/chavi", roles: R1 },
  { pattern: "/key-setting", roles: R1 },
  { pattern: "/BonusSplitting", roles: R1 },
  { pattern: "/SymbolSuggestionFlow", roles: R1 },
  { pattern: "/Token", roles: R1 },
  // Where Kite's login comes back to (docs/decisions/175): role 1 started it on /Token.
  { pattern: "/Token/kite", roles: R1 },
  { pattern: "/broadcast/message", roles: R1 },
  { pattern: "/reports/user", roles: R1 },
  { pattern: "/reports/trade", roles: R1 },
  { pattern: "/reports/trade-analysis", roles: R1 },
  { pattern: "/reports/pnl", roles: R1 },
  { pattern: "/reports/min-max", roles: R1 },
  { pattern: "/admin/dashboard", roles: R1 },
  { pattern: "/upload", roles: R1 },
  // Not in the documents (issue 19): who changed what (docs/decisions/140).
  { pattern: "/audit-log", roles: R1 },
  // "Save Symbol's Open Data" (a POST from the settings page; docs/product-rules.md R-D24).
  { pattern: "/dayohlc/open", roles: R1 },
  { pattern: "/demo", roles: R1 },
  // Not in the documents (issue 22): the charges net PNL is figured with (docs/decisions/173). Every
  // journal role reads the rates and keeps its own brokerage plan; role 1 alone edits the rates.
  { pattern: "/charges", roles: [1, 3, 4] },
  { pattern: "/charges/rates", roles: R1 },
];

/**
 * Paths that are not screens but form posts every signed-in role uses (sign-out, theme and
 * sidebar preferences). They are not in the documents' table and never shown in the sidebar.
 */
export const UTILITY_PATHS: readonly PathRule[] = [
  { pattern: "/logout", roles: [1, 2, 3, 4], public: true },
  { pattern: "/preferences", roles: [1, 2, 3, 4], public: true },
];

export type AccessDecision =
  | { kind: "allow" }
  | { kind: "not-found" }
  | { kind: "redirect"; to: string };

export const NOT_FOUND_TEXT = "Hmm...this page doesn't exist. Try searching for something else!";
export const FORBIDDEN_TEXT = "You do not have permission to do this.";

function normalise(pathname: string): string {
  let p = pathname.split("?")[0].split("#")[0];
  try {
    p = decodeURIComponent(p);
  } catch {
    // A malformed escape is matched as written; it will match nothing.
  }
  p = p.replace(/\/{2,}/g, "/");
  if (p.length > 1 && p.endsWith("/")) p = p.slice(0, -1);
  return p.toLowerCase();
}

function patternMatches(want: readonly string[], have: readonly string[]): boolean {
  if (have.length < want.length) return false;
  // Segments beyond the pattern are the path's own sub-routes (modals, ids).
  return want.every((segment, i) => (segment.startsWith(":") ? have[i].length > 0 : segment === have[i]));
}

// The rules with their patterns split once: every request asks (the guard, the sidebar's links).
let compiledRules: { rule: PathRule; segments: string[] }[] | null = null;
function rulesWithSegments() {
  compiledRules ??= [...PATH_RULES, ...UTILITY_PATHS].map((rule) => ({ rule, segments: normalise(rule.pattern).split("/") }));
  return compiledRules;
}

/** The documented rule that covers a path, or undefined when the path is unknown. */
export function findPathRule(pathname: string): PathRule | undefined {
  const p = normalise(pathname);
  const have = p.split("/");
  let best: PathRule | undefined;
  for (const { rule, segments } of rulesWithSegments()) {
    if (rule.pattern === "/" ? p === "/" : patternMatches(segments, have)) {
      // The most specific pattern wins (/support/:id over /support).
      if (!best || rule.pattern.length > best.pattern.length) best = rule;
    }
  }
  return best;
}

/** Where a role goes for a path it may not reach or that does not exist (docs/product-rules.md R-D3, R-D4). */
export function unknownPathDecision(role: RoleId | null): AccessDecision {
  if (role === null) return { kind: "redirect", to: "/login" };
  if (role === 1) return { kind: "not-found" };
  if (role === 2) return { kind: "redirect", to: "/dashboard" };
  return { kind: "redirect", to: "/login" };
}

/** The one access rule: may this role (null = signed out) open this path? */
export function decideAccess(role: RoleId | null, pathname: string): AccessDecision {
  const rule = findPathRule(pathname);
  if (role === null) {
    return rule?.public ? { kind: "allow" } : { kind: "redirect", to: "/login" };
  }
  if (rule && rule.roles.includes(role)) return { kind: "allow" };
  return unknownPathDecision(role);
}

export function canReach(role: RoleId | null, pathname: string): boolean {
  return decideAccess(role, pathname).kind === "allow";
}

/**
 * The rule for an account whose role must use two-factor sign-in and has not set it up yet
 * (docs/decisions/121): the table's answer, narrowed to the set-up page and the public paths
 * (sign-out, theme); anything else the table allows sends it to the set-up page.
 */
export function decideAccessBeforeTwoFactor(role: RoleId, pathname: string): AccessDecision {
  const decision = decideAccess(role, pathname);
  if (decision.kind !== "allow") return decision;
  const rule = findPathRule(pathname);
  if (rule?.public || rule?.pattern === TWO_FACTOR_SETUP_PATH) return decision;
  return { kind: "redirect", to: TWO_FACTOR_SETUP_PATH };
}

// ---------------------------------------------------------------- sidebar

export interface NavLink {
  path: string;
  label: string;
  group: "main" | "admin" | "reports";
}

/**
 * The sidebar lists of docs/product-rules.md R-TD2, in their order. A role sees only the links it
 * may reach (docs/product-rules.md R-D1) and only screens that are built (BUILT_PATHS), never a dead link.
 */
export const SIDEBAR_LINKS: readonly NavLink[] = [
  { path: "/dashboard", label: "Dashboard", group: "main" },
  { path: "/watch-list", label: "Watch List", group: "main" },
  { path: "/alert", label: "Alerts", group: "main" },
  { path: "/overview", label: "Overview", group: "main" },
  { path: "/sector-analysis", label: "Sector Analysis", group: "main" },
  { path: "/support", label: "Support", group: "main" },
  { path: "/trades", label: "Trades", group: "main" },
  { path: "/charges", label: "Charges", group: "main" },
  { path: "/allRealTime", label: "Live Prices", group: "main" },
  { path: "/allChart", label: "Charts", group: "main" },
  { path: "/sectore", label: "Sectors", group: "admin" },
  { path: "/users", label: "Users", group: "admin" },
  { path: "/login-user", label: "Login Users", group: "admin" },
  { path: "/references-points", label: "Reference Points", group: "admin" },
  { path: "/calendar", label: "Calendar", group: "admin" },
  { path: "/symbols", label: "Symbols", group: "admin" },
  { path: "/chavi", label: "Keys (Chavi)", group: "admin" },
  { path: "/key-setting", label: "Key Order", group: "admin" },
  { path: "/BonusSplitting", label: "Bonus Splitting", group: "admin" },
  { path: "/SymbolSuggestionFlow", label: "Symbol Suggestions", group: "admin" },
  { path: "/Token", label: "API Verification", group: "admin" },
  { path: "/reference-point", label: "Reference Point", group: "admin" },
  { path: "/target-point", label: "Target Points", group: "admin" },
  { path: "/upload", label: "Upload", group: "admin" },
  { path: "/broadcast/message", label: "Broadcast", group: "admin" },
  { path: "/audit-log", label: "Audit Log", group: "admin" },
  { path: "/reports/user", label: "User Report", group: "reports" },
  { path: "/reports/trade", label: "Trade Report", group: "reports" },
  { path: "/reports/trade-analysis", label: "Trade Analysis", group: "reports" },
  { path: "/reports/pnl", label: "PNL Report", group: "reports" },
  { path: "/reports/min-max", label: "Min Max Report", group: "reports" },
];

/**
 * Screens that exist in this build. Each feature adds its paths here as it lands, so the
 * sidebar and menus never link to a page that is not there yet.
 */
export const BUILT_PATHS: ReadonlySet<string> = new Set([
  "/dashboard",
  "/settings/account",
  "/settings/two-factor",
  "/settings/security",
  "/allRealTime",
  "/upload",
  "/BonusSplitting",
  "/support",
  "/broadcast/message",
  "/chart",
  "/allChart",
  // The admin console (issue 7).
  "/users", "/login-user", "/sectore", "/symbols", "/calendar", "/chavi", "/key-setting", "/setting", "/target-point", "/references-points", "/reference-point", "/Token", "/demo",
  // Reports and exports (issue 8).
  "/reports/user", "/reports/trade", "/reports/trade-analysis", "/reports/pnl", "/reports/min-max",
  // Watchlists, alerts and notifications (issue 4).
  "/watch-list", "/alert", "/notifications",
  // The trade journal and symbol suggestions (issue 5).
  "/trades", "/SymbolSuggestionFlow",
  // The dashboard, overview and sector analysis (issue 6).
  "/admin/dashboard", "/overview", "/sector-analysis", "/sector-analysis-chart",
  // The operations console (issue 19).
  "/audit-log",
  // The journal round (issue 22).
  "/charges",
]);

export function sidebarLinksFor(role: RoleId, built: ReadonlySet<string> = BUILT_PATHS): NavLink[] {
  if (built !== BUILT_PATHS) return reachableLinks(role, built);
  // The shell asks for it on every page: the table and the built screens are constants, so each
  // role's list is worked out once (a copy is handed out, so a caller may not change it for others).
  let links = SIDEBAR_LINKS_BY_ROLE.get(role);
  if (!links) SIDEBAR_LINKS_BY_ROLE.set(role, (links = reachableLinks(role, built)));
  return [...links];
}

const SIDEBAR_LINKS_BY_ROLE = new Map<RoleId, readonly NavLink[]>();

function reachableLinks(role: RoleId, built: ReadonlySet<string>): NavLink[] {
  return SIDEBAR_LINKS.filter((link) => built.has(link.path) && canReach(role, link.path));
}

/**
 * The phone's bottom navigation (docs/decisions/147): a role's main screens, at most five, in
 * this order. Every other screen is in the menu drawer; a link the role cannot reach or that is
 * not built is left out, as in the sidebar.
 */
export const BOTTOM_NAV_PATHS: Readonly<Record<RoleId, readonly string[]>> = {
  1: ["/dashboard", "/users", "/trades", "/reports/trade", "/support"],
  2: ["/dashboard", "/users"],
  3: ["/dashboard", "/watch-list", "/alert", "/trades", "/support"],
  4: ["/dashboard", "/watch-list", "/alert", "/trades", "/support"],
};

export function bottomNavFor(role: RoleId, built: ReadonlySet<string> = BUILT_PATHS): NavLink[] {
  const links = sidebarLinksFor(role, built);
  return BOTTOM_NAV_PATHS[role].flatMap((path) => links.filter((link) => link.path === path));
}

/** What the signed-in shell links: the sidebar, the phone's bottom navigation, and whether a path may be linked. */
export interface ShellNavigation {
  nav: NavLink[];
  bottomNav: NavLink[];
  linkable: (path: string) => boolean;
}

/**
 * The shell's links of a role, worked out where the shell renders (server and browser alike)
 * from this table instead of travelling in every page's data. An account that must set up
 * two-factor sign-in first is offered only that page (docs/decisions/121).
 */
export function shellNavigationFor(role: RoleId, twoFactorSetupOnly: boolean): ShellNavigation {
  if (twoFactorSetupOnly) return { nav: [], bottomNav: [], linkable: (path) => path === TWO_FACTOR_SETUP_PATH && canReach(role, path) };
  return { nav: sidebarLinksFor(role), bottomNav: bottomNavFor(role), linkable: (path) => BUILT_PATHS.has(path) && canReach(role, path) };
}

// ---------------------------------------------------------------- socket events

/**
 * Who may send which socket event. Every event a client sends is checked against this table
 * (docs/product-rules.md R-D2); an event not listed here is ignored for everyone.
 */
export const SOCKET_EVENT_RULES: Readonly<Record<string, readonly RoleId[]>> = {
  SubAdd: [1, 2, 3, 4],
  SubRemove: [1, 2, 3, 4],
  // Support chat: the documents' client joins its own user room (the server already did).
  join_room: [1, 3, 4],
};

export function canSendSocketEvent(role: RoleId, event: string): boolean {
  return SOCKET_EVENT_RULES[event]?.includes(role) ?? false;
}
