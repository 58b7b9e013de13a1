// The route-access table against the documents (docs/product-rules.md R-TD2, docs/product-rules.md R-AC2)
// and docs/product-rules.md R-D1 to R-D5. The expected lists are copied from the documents here, not read from
// the implementation, so a wrong row in app/domain/access.ts fails this test.
import { describe, expect, it } from "vitest";
import {
  BUILT_PATHS,
  bottomNavFor,
  decideAccess,
  NOT_FOUND_TEXT,
  shellNavigationFor,
  sidebarLinksFor,
  SIDEBAR_LINKS,
  type RoleId,
} from "~/domain/access";

// Every documented path (both documents, plus docs/product-rules.md R-D5 and R-D25), with an id filled in.
const DOCUMENTED_PATHS = [
  "/", "/login", "/signin", "/signup", "/verifictionOtp", "/reset-password",
  "/dashboard", "/watch-list", "/alert", "/overview", "/sector-analysis", "/support",
  "/sectore", "/users", "/login-user", "/references-points",
  "/calendar", "/symbols", "/chavi", "/BonusSplitting", "/SymbolSuggestionFlow", "/Token",
  "/reference-point", "/target-point", "/broadcast/message", "/reports/user", "/reports/trade",
  "/reports/trade-analysis", "/reports/pnl", "/reports/min-max",
  "/trades", "/allRealTime", "/allChart",
  "/setting", "/settings/account", "/chart", "/support/7", "/sector-analysis-chart/IT",
  "/admin/dashboard", "/key-setting", "/upload", "/demo/payment",
];

// "Route access by role" lists, verbatim.
const ROLE_4 = ["/", "/login", "/signup", "/allRealTime", "/watch-list", "/dashboard", "/trades", "/setting",
  "/settings/account", "/overview", "/chart", "/allChart", "/support", "/support/7", "/alert"];
const ROLE_3 = ["/", "/signin", "/login", "/signup", "/setting", "/chart", "/alert", "/dashboard", "/trades",
  "/allRealTime", "/overview", "/allChart", "/support", "/support/7", "/watch-list"];
const ROLE_2 = ["/", "/signin", "/signup", "/users", "/login", "/setting", "/dashboard"];
// Sign-in pages are the only ones a visitor reaches.
const SIGNED_OUT = ["/login", "/signin", "/signup", "/verifictionOtp", "/reset-password"];
// Sign-in flow pages not in the role lists, reachable by every role (our decision, docs/decisions/002).
const SIGN_IN_FLOW = ["/verifictionOtp", "/reset-password"];

const allowedFor: Record<RoleId, string[]> = {
  1: DOCUMENTED_PATHS,
  2: [...ROLE_2, ...SIGN_IN_FLOW],
  3: [...ROLE_3, ...SIGN_IN_FLOW],
  4: [...ROLE_4, ...SIGN_IN_FLOW],
};
const unknownAnswer = {
  1: { kind: "not-found" },
  2: { kind: "redirect", to: "/dashboard" },
  3: { kind: "redirect", to: "/login" },
  4: { kind: "redirect", to: "/login" },
} as const;

describe("decideAccess: every documented path x every role", () => {
  for (const role of [1, 2, 3, 4] as RoleId[]) {
    for (const path of DOCUMENTED_PATHS) {
      const allowed = allowedFor[role].includes(path);
      it(`role ${role} ${allowed ? "reaches" : "may not reach"} ${path}`, () => {
        // A known path the role may not reach is treated as unknown for that role (docs/product-rules.md R-D4).
        expect(decideAccess(role, path)).toEqual(allowed ? { kind: "allow" } : unknownAnswer[role]);
      });
    }
  }
});

describe("decideAccess: signed out", () => {
  for (const path of DOCUMENTED_PATHS) {
    const allowed = SIGNED_OUT.includes(path);
    it(`a visitor ${allowed ? "reaches" : "is sent to /login from"} ${path}`, () => {
      expect(decideAccess(null, path)).toEqual(allowed ? { kind: "allow" } : { kind: "redirect", to: "/login" });
    });
  }
});

describe("decideAccess: unknown paths (docs/product-rules.md R-D3)", () => {
  const unknown = "/no-such-page";
  it("role 1 gets the not-found page", () => expect(decideAccess(1, unknown)).toEqual({ kind: "not-found" }));
  it("role 2 goes to /dashboard", () => expect(decideAccess(2, unknown)).toEqual({ kind: "redirect", to: "/dashboard" }));
  it("roles 3 and 4 go to /login", () => {
    expect(decideAccess(3, unknown)).toEqual({ kind: "redirect", to: "/login" });
    expect(decideAccess(4, unknown)).toEqual({ kind: "redirect", to: "/login" });
  });
  it("a visitor goes to /login", () => expect(decideAccess(null, unknown)).toEqual({ kind: "redirect", to: "/login" }));
  it("keeps the documents' not-found text", () => {
    expect(NOT_FOUND_TEXT).toBe("Hmm...this page doesn't exist. Try searching for something else!");
  });
});

describe("decideAccess: path forms", () => {
  it("covers a path's modal sub-routes", () => {
    expect(decideAccess(4, "/trades/new")).toEqual({ kind: "allow" });
    expect(decideAccess(3, "/trades/42/edit")).toEqual({ kind: "allow" });
    expect(decideAccess(2, "/users/5/edit")).toEqual({ kind: "allow" });
  });
  it("matches case-insensitively, so /USERS is not a way around the rule", () => {
    expect(decideAccess(4, "/USERS")).toEqual({ kind: "redirect", to: "/login" });
    expect(decideAccess(1, "/bonussplitting")).toEqual({ kind: "allow" });
  });
  it("ignores a trailing slash, doubled slashes and escapes", () => {
    expect(decideAccess(3, "/trades/")).toEqual({ kind: "allow" });
    expect(decideAccess(4, "//users")).toEqual({ kind: "redirect", to: "/login" });
    expect(decideAccess(4, "/%75sers")).toEqual({ kind: "redirect", to: "/login" });
  });
  it("does not let a prefix stand for a longer name", () => {
    expect(decideAccess(4, "/trades-export")).toEqual({ kind: "redirect", to: "/login" });
    expect(decideAccess(1, "/usersx")).toEqual({ kind: "not-found" });
  });
  it("requires the receiver id segment to be non-empty", () => {
    expect(decideAccess(4, "/support/12")).toEqual({ kind: "allow" });
  });
});

describe("sidebar (docs/product-rules.md R-D1)", () => {
  const everything = new Set(SIDEBAR_LINKS.map((l) => l.path));
  it("shows each role only links it may reach", () => {
    for (const role of [1, 2, 3, 4] as RoleId[]) {
      for (const link of sidebarLinksFor(role, everything)) {
        expect(decideAccess(role, link.path)).toEqual({ kind: "allow" });
      }
    }
  });
  it("hides the '1 and 2' links role 2 may not reach and shows /users", () => {
    const paths = sidebarLinksFor(2, everything).map((l) => l.path);
    expect(paths).toContain("/users");
    expect(paths).toContain("/dashboard");
    expect(paths).not.toContain("/sectore");
    expect(paths).not.toContain("/login-user");
    expect(paths).not.toContain("/references-points");
    expect(paths).not.toContain("/watch-list");
  });
  it("gives role 4 no admin link and no sector analysis", () => {
    const paths = sidebarLinksFor(4, everything).map((l) => l.path);
    expect(paths).toEqual(expect.arrayContaining(["/dashboard", "/watch-list", "/alert", "/trades"]));
    expect(paths).not.toContain("/sector-analysis");
    expect(paths).not.toContain("/users");
  });
  it("gives role 1 every sidebar link", () => {
    expect(sidebarLinksFor(1, everything)).toHaveLength(SIDEBAR_LINKS.length);
  });
  it("keeps each role's list of the built screens: the same links as worked out afresh, and a caller's change stays its own", () => {
    for (const role of [1, 2, 3, 4] as RoleId[]) {
      const afresh = SIDEBAR_LINKS.filter((link) => BUILT_PATHS.has(link.path) && decideAccess(role, link.path).kind === "allow");
      const first = sidebarLinksFor(role);
      expect(first).toEqual(afresh);
      first.splice(0, first.length);
      expect(sidebarLinksFor(role)).toEqual(afresh);
    }
  });
  it("gives the shell a role's sidebar, bottom navigation and linkable paths, or only the two-factor set-up page", () => {
    for (const role of [1, 2, 3, 4] as RoleId[]) {
      const shell = shellNavigationFor(role, false);
      expect(shell.nav).toEqual(sidebarLinksFor(role));
      expect(shell.bottomNav).toEqual(bottomNavFor(role));
      for (const path of DOCUMENTED_PATHS) expect(shell.linkable(path)).toBe(BUILT_PATHS.has(path) && decideAccess(role, path).kind === "allow");
      const enrolling = shellNavigationFor(role, true);
      expect(enrolling.nav).toEqual([]);
      expect(enrolling.bottomNav).toEqual([]);
      expect(DOCUMENTED_PATHS.concat("/settings/two-factor").filter(enrolling.linkable)).toEqual(["/settings/two-factor"]);
    }
  });
  it("never links a screen that is not built", () => {
    expect(sidebarLinksFor(1, new Set(["/dashboard"])).map((l) => l.path)).toEqual(["/dashboard"]);
  });
  it("links the built overview to roles 1, 3 and 4 and sector analysis to role 1 only", () => {
    const paths = (role: RoleId) => sidebarLinksFor(role).map((l) => l.path);
    for (const role of [1, 3, 4] as RoleId[]) expect(paths(role)).toContain("/overview");
    expect(paths(2)).not.toContain("/overview");
    expect(paths(1)).toContain("/sector-analysis");
    for (const role of [2, 3, 4] as RoleId[]) expect(paths(role)).not.toContain("/sector-analysis");
    expect(decideAccess(1, "/sector-analysis-chart/3")).toEqual({ kind: "allow" });
    expect(decideAccess(3, "/sector-analysis-chart/3")).toEqual({ kind: "redirect", to: "/login" });
    expect(decideAccess(1, "/admin/dashboard")).toEqual({ kind: "allow" });
    expect(decideAccess(2, "/admin/dashboard")).toEqual({ kind: "redirect", to: "/dashboard" });
  });
});

describe("reports and their exports (issue 8)", () => {
  const REPORTS = ["/reports/user", "/reports/trade", "/reports/trade-analysis", "/reports/pnl", "/reports/min-max"];
  it("links the five built reports for role 1 only", () => {
    expect(sidebarLinksFor(1).map((l) => l.path)).toEqual(expect.arrayContaining(REPORTS));
    for (const role of [2, 3, 4] as RoleId[]) {
      expect(sidebarLinksFor(role).map((l) => l.path).filter((p) => p.startsWith("/reports"))).toEqual([]);
    }
  });
  it("the export downloads answer as their report does: role 1 only", () => {
    for (const path of ["/reports/trade/export", "/reports/user/export", "/reports/pnl/export", "/reports/min-max/export"]) {
      expect(decideAccess(1, path)).toEqual({ kind: "allow" });
      expect(decideAccess(2, path)).toEqual({ kind: "redirect", to: "/dashboard" });
      expect(decideAccess(3, path)).toEqual({ kind: "redirect", to: "/login" });
      expect(decideAccess(4, path)).toEqual({ kind: "redirect", to: "/login" });
      expect(decideAccess(null, path)).toEqual({ kind: "redirect", to: "/login" });
    }
  });
});

describe("password and sessions (issue 16)", () => {
  it("/settings/security is open to every signed-in role and to no visitor", () => {
    for (const role of [1, 2, 3, 4] as RoleId[]) expect(decideAccess(role, "/settings/security")).toEqual({ kind: "allow" });
    expect(decideAccess(null, "/settings/security")).toEqual({ kind: "redirect", to: "/login" });
  });
  it("does not widen My Account, which stays roles 1 and 4", () => {
    expect(decideAccess(2, "/settings/account")).toEqual({ kind: "redirect", to: "/dashboard" });
    expect(decideAccess(3, "/settings/account")).toEqual({ kind: "redirect", to: "/login" });
  });
});

describe("the phone's bottom navigation (docs/decisions/147)", () => {
  const everything = new Set(SIDEBAR_LINKS.map((l) => l.path));
  const labels = (role: RoleId, built: ReadonlySet<string> = everything) => bottomNavFor(role, built).map((l) => l.label);
  it("holds each role's main screens, in order, at most five", () => {
    expect(labels(4)).toEqual(["Dashboard", "Watch List", "Alerts", "Trades", "Support"]);
    expect(labels(3)).toEqual(["Dashboard", "Watch List", "Alerts", "Trades", "Support"]);
    expect(labels(1)).toEqual(["Dashboard", "Users", "Trades", "Trade Report", "Support"]);
    expect(labels(2)).toEqual(["Dashboard", "Users"]);
  });
  it("never links to a screen the role may not reach or that is not built", () => {
    for (const role of [1, 2, 3, 4] as RoleId[]) {
      for (const link of bottomNavFor(role, everything)) expect(decideAccess(role, link.path)).toEqual({ kind: "allow" });
    }
    expect(labels(4, new Set(["/dashboard", "/alert"]))).toEqual(["Dashboard", "Alerts"]);
  });
});
