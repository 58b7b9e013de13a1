// The permission matrix (issue 11): every route file's loader and action (each intent) x
// signed-out and each of the four roles, against the one access table (app/domain/access.ts).
// A role the table refuses gets exactly the table's answer (redirect to /login or /dashboard,
// the not-found page, or 401/403 on resource routes), sees none of the page's data, and its
// posts write nothing. A role the table allows is not turned away by the guard.
// The route files are listed from the folder: a new route cannot escape the matrix, and a route
// whose sample URL or intents are not known here fails until it is added.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { seedDemoData } from "~/seed/seed.server";
import { decideAccess, decideAccessBeforeTwoFactor, NOT_FOUND_TEXT, type RoleId } from "~/domain/access";
import { TWO_FACTOR_SETUP_PATH } from "~/domain/two-factor";
import { ENROLMENT_REQUIRED_API } from "~/schemas/two-factor";
import { rowCounts, sampleIds } from "../support/db-snapshot";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";
import { byRouteName, routeNames } from "../support/route-files";

type RouteFn = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;
interface RouteModule {
  loader?: RouteFn;
  action?: RouteFn;
}

/**
 * Every route file: the URL the matrix requests (":id" etc. filled from the seeded rows), the
 * intents its action takes, and whether it is a resource route (JSON/files: 401/403 instead of
 * redirects). Files not listed here fail the first test.
 */
interface RouteCase {
  url: string;
  intents?: string[];
  /**
   * A JSON API door: signed out gets 401 {"error":"Invalid token"} (the sign-in calls excepted);
   * each role's answer per call is checked by the API's contract test, generated from the API's
   * own table, which maps every call onto this same access table.
   */
  resource?: boolean;
  /** Public: the sign-in calls, open to everyone. */
  open?: boolean;
  /** Takes POST only: a GET answers 405 for everyone. */
  postOnly?: boolean;
}
const ROUTES: Record<string, RouteCase> = {
  "SymbolSuggestionFlow.$id.delete": { url: "/SymbolSuggestionFlow/:symbol_suggestions/delete" },
  "SymbolSuggestionFlow.$id.edit": { url: "/SymbolSuggestionFlow/:symbol_suggestions/edit" },
  "SymbolSuggestionFlow.new": { url: "/SymbolSuggestionFlow/new" },
  SymbolSuggestionFlow: { url: "/SymbolSuggestionFlow" },
  "admin.dashboard": { url: "/admin/dashboard" },
  overview: { url: "/overview" },
  "sector-analysis-chart.$sector": { url: "/sector-analysis-chart/:sectors" },
  "sector-analysis": { url: "/sector-analysis" },
  "trades.$id.delete": { url: "/trades/:trades/delete", intents: ["delete"] },
  "trades.$id.edit": { url: "/trades/:trades/edit" },
  "trades.$id.exit": { url: "/trades/:trades/exit" },
  "trades.new": { url: "/trades/new?symbol=NIFTY-I&side=BUY&price=100" },
  trades: { url: "/trades", intents: ["status"] },
  "trades_.import": { url: "/trades/import" },
  charges: { url: "/charges", intents: ["save-plan", "clear-plan"] },
  "charges.rates": { url: "/charges/rates?segment=INDEX_FUTURES&from=2024-10-01" },
  "charges.rates_.$id.delete": { url: "/charges/rates/999999/delete" },
  "trades_.import_.$id": { url: "/trades/import/999999", intents: ["confirm", "discard"] },

  "trades.bulk": { url: "/trades/bulk?intent=delete&ids=1", intents: ["delete", "close", "verify"] },
  "trades.export": { url: "/trades/export?format=csv" },

  "trades_.calendar": { url: "/trades/calendar?month=2026-11" },
  $: { url: "/no-such-page" },
  _index: { url: "/" },
  BonusSplitting: { url: "/BonusSplitting" },
  Token: { url: "/Token", intents: ["request", "verify", "instrument"] },
  "Token_.kite": { url: "/Token/kite?request_token=abc&status=success&state=1.x" },
  "alert.$id.delete": { url: "/alert/:alerts/delete" },
  "alert.$id.edit": { url: "/alert/:alerts/edit" },
  "alert.new": { url: "/alert/new?symbol=NIFTY-I" },
  alert: { url: "/alert", intents: ["auto-alerts"] },
  allChart: { url: "/allChart" },
  allRealTime: { url: "/allRealTime" },
  "api.$": { url: "/api/admin/no-such-call", resource: true },
  "api.admin.login": { url: "/api/admin/login", resource: true, postOnly: true, open: true },
  "api.admin.logout": { url: "/api/admin/logout", resource: true },
  "api.admin.users.login": { url: "/api/admin/users/login", resource: true, postOnly: true, open: true },
  "broadcast.message.new": { url: "/broadcast/message/new" },
  "broadcast.message": { url: "/broadcast/message" },
  "audit-log": { url: "/audit-log" },
  "audit-log.export": { url: "/audit-log/export?format=csv" },
  "calendar.$id.delete": { url: "/calendar/:calendar_entries/delete" },
  "calendar.$id.edit": { url: "/calendar/:calendar_entries/edit" },
  "calendar.new": { url: "/calendar/new" },
  "calendar.export": { url: "/calendar/export?format=csv" },
  calendar: { url: "/calendar" },
  "chart-data": { url: "/chart-data?symbol=NIFTY-I&timeframe=D1" },
  chart: { url: "/chart?symbol=NIFTY-I" },
  "chavi.$id.delete": { url: "/chavi/:chavis/delete" },
  "chavi.$id.edit": { url: "/chavi/:chavis/edit" },
  "chavi.export": { url: "/chavi/export?format=csv" },
  "chavi.assign": { url: "/chavi/assign" },
  "chavi.new": { url: "/chavi/new" },
  chavi: { url: "/chavi", intents: ["status"] },
  dashboard: { url: "/dashboard" },
  "dayohlc.open": { url: "/dayohlc/open" },
  "demo._index": { url: "/demo" },
  "demo.all-chavi-analysis": { url: "/demo/all-chavi-analysis" },
  "demo.analytics": { url: "/demo/analytics" },
  "demo.fintech": { url: "/demo/fintech" },
  "demo.payment": { url: "/demo/payment" },
  "key-setting": { url: "/key-setting", intents: ["move", "save-order"] },
  "login-user": { url: "/login-user" },
  "login-user.export": { url: "/login-user/export?format=csv" },
  login: { url: "/login" },
  "login_.two-factor": { url: "/login/two-factor" },
  logout: { url: "/logout" },
  preferences: { url: "/preferences", intents: ["theme", "sidebar"] },
  "reference-point": { url: "/reference-point", intents: ["delete"] },
  "references-points": { url: "/references-points" },
  "reference-point.$id.delete": { url: "/reference-point/:reference_points/delete" },
  "reports.min-max": { url: "/reports/min-max" },
  "reports.min-max.export": { url: "/reports/min-max/export?format=xlsx" },
  "reports.pnl.export": { url: "/reports/pnl/export?format=xlsx" },
  "reports.pnl": { url: "/reports/pnl" },
  "reports.trade-analysis": { url: "/reports/trade-analysis" },
  "reports.trade.export": { url: "/reports/trade/export?format=xlsx" },
  "reports.trade": { url: "/reports/trade" },
  "reports.user.export": { url: "/reports/user/export?format=pdf" },
  "reports.user": { url: "/reports/user" },
  "reset-password.$token": { url: "/reset-password/not-a-token" },
  "reset-password._index": { url: "/reset-password" },
  "sectore.$id.edit": { url: "/sectore/:sectors/edit" },
  "sectore.new": { url: "/sectore/new" },
  "sectore.export": { url: "/sectore/export?format=csv" },
  "sectore.segment-settings": { url: "/sectore/segment-settings" },
  sectore: { url: "/sectore", intents: ["status"] },
  "setting.marque": { url: "/setting/marque", intents: ["marque"] },
  setting: { url: "/setting", intents: ["view", "trade", "indicator"] },
  "settings.account": { url: "/settings/account" },
  "settings.two-factor": { url: "/settings/two-factor", intents: ["start", "confirm", "regenerate", "disable"] },
  reauth: { url: "/reauth" },
  "settings.security": { url: "/settings/security", intents: ["change-password", "end-session", "end-others"] },
  signin: { url: "/signin" },
  signup: { url: "/signup" },
  "support.$receiverId": { url: "/support/:admin" },
  "support._index": { url: "/support" },
  "symbols.$id.edit": { url: "/symbols/:symbols/edit" },
  "symbols.new": { url: "/symbols/new" },
  "symbols.export": { url: "/symbols/export?format=csv" },
  symbols: { url: "/symbols", intents: ["status"] },
  "target-point": { url: "/target-point", intents: ["toggle"] },
  "udf.config": { url: "/udf/config" },
  "udf.history": { url: "/udf/history?symbol=NIFTY-I&resolution=1D&from=0&to=2000000000" },
  "udf.marks": { url: "/udf/marks?symbol=NIFTY-I&resolution=1D&from=0&to=2000000000" },
  "udf.quotes": { url: "/udf/quotes?symbols=NIFTY-I" },
  "udf.search": { url: "/udf/search?query=NIFTY&limit=30" },
  "udf.symbol_info": { url: "/udf/symbol_info" },
  "udf.symbols": { url: "/udf/symbols?symbol=NIFTY-I" },
  "udf.time": { url: "/udf/time" },
  "udf.timescale_marks": { url: "/udf/timescale_marks?symbol=NIFTY-I&resolution=1D&from=0&to=2000000000" },
  upload: { url: "/upload" },
  "users.$id.delete": { url: "/users/:customer/delete" },
  "users.$id.edit": { url: "/users/:customer/edit" },
  "users.$id.security": { url: "/users/:customer/security", intents: ["reset-link", "sign-out-all"] },
  "users.bulk": { url: "/users/bulk?bulk=extend&days=30&ids=:customer" },
  "users.export": { url: "/users/export?format=csv" },
  "users.new": { url: "/users/new" },
  notifications: { url: "/notifications" },
  "watch-list": { url: "/watch-list", intents: ["create", "delete", "move", "reorder", "add-symbol", "remove-symbol"] },
  "users.sector-symbols": { url: "/users/sector-symbols" },
  users: { url: "/users", intents: ["status"] },
  verifictionOtp: { url: "/verifictionOtp", intents: ["verify", "resend"] },
};

const ROLES: (RoleId | null)[] = [null, 1, 2, 3, 4];
const modules = byRouteName(import.meta.glob<RouteModule>("../../app/routes/**/*.tsx"));
const routeFiles = routeNames();

let t: TestContext;
const userIds = {} as Record<RoleId, number>;
/** A fresh session per request: visiting /login (in the matrix too) ends the current one. */
const cookieFor = (role: RoleId | null) => (role ? sessionCookieFor(t.context, userIds[role]) : Promise.resolve(undefined));
const ids: Record<string, number> = {};

/** The URL with its :placeholders filled, and the route params Remix would pass. */
function resolve(file: string, template: string): { url: string; params: Record<string, string> } {
  const url = template.replace(/:([a-z_]+)/g, (_, key: string) => String(ids[key] ?? 1));
  const params: Record<string, string> = {};
  const pathSegments = url.split("?")[0].split("/").slice(1);
  file.split(".").forEach((segment, i) => {
    if (segment === "$") params["*"] = pathSegments.slice(i).join("/");
    else if (segment.startsWith("$")) params[segment.slice(1)] = pathSegments[i];
  });
  return { url, params };
}

async function expectRefused(res: Response, role: RoleId | null, url: string, resource: boolean) {
  const body = await res.text();
  const decision = decideAccess(role, url.split("?")[0]);
  if (resource) {
    expect(res.status, body.slice(0, 200)).toBe(401);
    expect(JSON.parse(body)).toEqual({ error: "Invalid token" });
  } else if (decision.kind === "redirect") {
    expect(res.status, body.slice(0, 200)).toBe(302);
    expect(res.headers.get("Location")).toBe(decision.to);
  } else if (decision.kind === "not-found") {
    expect(res.status).toBe(404);
    expect(JSON.parse(body)).toEqual({ message: NOT_FOUND_TEXT });
  } else {
    // The table allows the path but a finer rule of the route refused the role.
    expect(res.status, body.slice(0, 200)).toBe(403);
  }
  // Nothing of the page leaks into a refusal: no rows, no e-mail addresses.
  expect(body).not.toMatch(/@example\.(com|test)/);
  expect(body.length).toBeLessThan(300);
}

beforeAll(async () => {
  t = await createTestContext({ authPostsPerMinute: 100_000 });
  await seedDemoData(t.context.db);
  Object.assign(ids, await sampleIds(t.context.db));
  for (const role of [1, 2, 3, 4] as RoleId[]) {
    userIds[role] = (await createUser(t.context.db, { roleId: role })).id;
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("permission matrix", () => {
  it("knows every route file, and every file it knows exists", () => {
    expect(routeFiles.filter((f) => !(f in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((f) => !routeFiles.includes(f))).toEqual([]);
  });

  for (const file of routeFiles) {
    const route = ROUTES[file];
    if (!route) continue;
    it(`${file}: each role gets the access table's answer, and refused posts write nothing`, async () => {
      const mod = await modules[file]();
      const { url, params } = resolve(file, route.url);
      if (route.resource) {
        if (route.open) return;
        // Signed out: 401 on every method; nothing written.
        const before = await rowCounts(t.context.db);
        for (const method of ["GET", "POST"] as const) {
          const fn = method === "GET" ? mod.loader : mod.action;
          if (!fn) continue;
          const request = method === "GET" ? getRequest(url) : formRequest(url, { id: "1", name: "matrix" });
          const res = await call(fn as never, request, t.context, params);
          if (route.postOnly && method === "GET") expect(res.status).toBe(405);
          else await expectRefused(res, null, url, true);
        }
        expect(await rowCounts(t.context.db)).toEqual(before);
        return;
      }
      for (const role of ROLES) {
        const allowed = decideAccess(role, url.split("?")[0]).kind === "allow";
        if (mod.loader) {
          const res = await call(mod.loader as never, getRequest(url, { cookie: await cookieFor(role) }), t.context, params);
          if (route.postOnly) {
            expect(res.status).toBe(405);
          } else if (allowed) {
            // The second step of a sign-in sends a visitor without a pending sign-in back to /login.
            const turnedAway = res.status === 401 || (res.status === 302 && ["/login", "/dashboard"].includes(res.headers.get("Location") ?? "") && !["_index", "login", "signin", "login_.two-factor"].includes(file));
            expect(turnedAway, `${file} GET as ${role}: ${res.status} ${res.headers.get("Location") ?? ""}`).toBe(false);
          } else {
            await expectRefused(res, role, url, Boolean(route.resource));
          }
        }
        if (mod.action && !allowed) {
          for (const intent of route.intents ?? [undefined]) {
            const cookie = await cookieFor(role);
            const before = await rowCounts(t.context.db);
            const fields: Record<string, string> = intent ? { intent, id: "1", status: "0" } : { id: "1", name: "matrix" };
            const res = await call(mod.action as never, formRequest(url, fields, { cookie }), t.context, params);
            await expectRefused(res, role, url, Boolean(route.resource));
            expect(await rowCounts(t.context.db), `${file} POST ${intent ?? ""} as ${role}`).toEqual(before);
          }
        }
      }
    }, 60_000);
  }
});

// Roles 1 and 2 must use two-factor sign-in (docs/decisions/121): an account of theirs that has
// not set it up reaches the set-up page and the public paths only. Every other path its role may
// open sends it to the set-up page, loader and action alike, and writes nothing; a path its role
// may not open keeps the table's answer; the JSON API answers 403.
describe("permission matrix before two-factor sign-in is set up (roles 1 and 2)", () => {
  const pendingIds = {} as Record<1 | 2, number>;
  beforeAll(async () => {
    for (const role of [1, 2] as const) pendingIds[role] = (await createUser(t.context.db, { roleId: role, twoFactor: false })).id;
  });
  const pendingCookie = (role: 1 | 2) => sessionCookieFor(t.context, pendingIds[role]);

  for (const file of routeFiles) {
    const route = ROUTES[file];
    if (!route) continue;
    it(`${file}: the set-up page or the table's refusal, nothing written`, async () => {
      const mod = await modules[file]();
      const { url, params } = resolve(file, route.url);
      const path = url.split("?")[0];
      // Sessions come and go with the requests themselves (a cookie each, /login ends one).
      const counts = async () => {
        const { auth_sessions: _sessions, ...rest } = await rowCounts(t.context.db);
        return rest;
      };
      const before = await counts();
      for (const role of [1, 2] as const) {
        if (route.resource) {
          if (route.open) continue;
          const fn = mod.loader ?? mod.action;
          const request = mod.loader ? getRequest(url, { cookie: await pendingCookie(role) }) : formRequest(url, { id: "1" }, { cookie: await pendingCookie(role) });
          const res = await call(fn as never, request, t.context, params);
          if (route.postOnly && mod.loader) continue;
          expect(res.status, `${file} as ${role}`).toBe(403);
          expect(await res.json()).toEqual({ error: ENROLMENT_REQUIRED_API });
          continue;
        }
        const decision = decideAccessBeforeTwoFactor(role, path);
        const sentToSetUp = decision.kind === "redirect" && decision.to === TWO_FACTOR_SETUP_PATH;
        const requests: Request[] = [];
        if (mod.loader && !route.postOnly) requests.push(getRequest(url, { cookie: await pendingCookie(role) }));
        if (mod.action && decision.kind !== "allow") {
          for (const intent of route.intents ?? [undefined]) {
            const fields: Record<string, string> = intent ? { intent, id: "1", status: "0" } : { id: "1", name: "matrix" };
            requests.push(formRequest(url, fields, { cookie: await pendingCookie(role) }));
          }
        }
        for (const request of requests) {
          const res = await call((request.method === "GET" ? mod.loader : mod.action) as never, request, t.context, params);
          const where = `${file} ${request.method} as ${role}`;
          if (sentToSetUp) {
            expect(res.status, where).toBe(302);
            expect(res.headers.get("Location"), where).toBe(TWO_FACTOR_SETUP_PATH);
          } else if (decision.kind === "allow") {
            expect(res.headers.get("Location") ?? "", where).not.toBe(TWO_FACTOR_SETUP_PATH);
          } else {
            await expectRefused(res, role, url, false);
          }
        }
      }
      expect(await counts(), file).toEqual(before);
    }, 60_000);
  }
});
