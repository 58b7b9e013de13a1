// Hostile input (issue 11): every form action, fed random and boundary values for its own
// fields (taken from the form's Zod schema) — empty, huge, negative, NaN, unicode, SQL and HTML
// fragments, wrong types, repeated fields — never answers 500, always answers a message, and
// stores nothing when it refuses. Every route file with an action must be listed here (or
// excluded with the reason), so a new form cannot skip the check.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import * as z from "zod";
import type { ActionFunctionArgs } from "@remix-run/node";
import { seedDemoData } from "~/seed/seed.server";
import { decideAccess, type RoleId } from "~/domain/access";
import { FORM_CONTENT_TYPE, UNREADABLE_ADDRESS } from "~/schemas/request-input.server";
import { changePasswordSchema, endSessionSchema, loginSchema, otpSchema, resetPasswordSchema, resetRequestSchema, signupSchema } from "~/schemas/auth";
import { reauthSchema, twoFactorSettingsSchema, twoFactorSignInSchema } from "~/schemas/two-factor";
import { alertSchema } from "~/schemas/alert";
import { bonusSplitSchema } from "~/schemas/bonus-split";
import { calendarSchema } from "~/schemas/calendar";
import { sectorSchema, symbolSchema } from "~/schemas/catalogue";
import { broadcastSchema, conversationActionSchema, supportIndexActionSchema } from "~/schemas/chat";
import { assignKeysSchema, chaviSchema, keyOrderSchema } from "~/schemas/chavi";
import { openDataSchema } from "~/schemas/open-data";
import { preferencesSchema } from "~/schemas/preferences";
import { indicatorSettingSchema, marqueSchema, tradeSettingSchema, viewSettingSchema } from "~/schemas/settings";
import { tokenSchema } from "~/schemas/token";
import { tradeSchema } from "~/schemas/trade";
import { tradebookImportActionSchema } from "~/schemas/tradebook-import";
import { brokeragePlanSchema, chargeRatesSchema } from "~/schemas/charges";
import { tradeExitSchema } from "~/schemas/trade-exit";

import { bulkTradeSchema } from "~/schemas/trade-bulk";
import { symbolSuggestionSchema } from "~/schemas/symbol-suggestion";
import { addSymbolSchema, createWatchlistSchema, watchlistIntentSchema } from "~/schemas/watchlist";
import { accountSupportSchema, bulkUserSchema, createUserSchema, statusSwitchSchema, updateUserSchema } from "~/schemas/user-admin";
import { rowCounts, sampleIds } from "../support/db-snapshot";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, ORIGIN, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";
import { byRouteName, routeFiles } from "../support/route-files";

type Action = (args: ActionFunctionArgs) => unknown;

// Runs per form and per (route, role) of the URL probes; HOSTILE_RUNS raises it for a deeper local search.
const RUNS = Number(process.env.HOSTILE_RUNS ?? 30);
type Ids = Record<string, number>;

interface FormCase {
  /** The route file under app/routes, without .tsx. */
  file: string;
  path: (ids: Ids) => string;
  params?: (ids: Ids) => Record<string, string>;
  /** The schemas whose fields the form posts (several when the route has several intents). */
  schemas: z.ZodType[];
  /** Fixed fields (an intent) added to some runs; hostile values are drawn for the rest. */
  intents?: string[];
  as: RoleId | null;
}

// The rows the $id routes act on: the first of each table after the demo seed.
const firstId = (table: string) => (ids: Ids) => String(ids[table] ?? 1);

const FORMS: FormCase[] = [
  { file: "login", path: () => "/login", schemas: [loginSchema], as: null },
  { file: "signup", path: () => "/signup", schemas: [signupSchema], as: null },
  { file: "verifictionOtp", path: () => "/verifictionOtp", schemas: [otpSchema], intents: ["verify", "resend"], as: null },
  { file: "reset-password._index", path: () => "/reset-password", schemas: [resetRequestSchema], as: null },
  { file: "reset-password.$token", path: () => "/reset-password/not-a-token", params: () => ({ token: "not-a-token" }), schemas: [resetPasswordSchema], as: null },
  { file: "preferences", path: () => "/preferences", schemas: [preferencesSchema], intents: ["theme", "sidebar"], as: 4 },
  { file: "alert.new", path: () => "/alert/new", schemas: [alertSchema], as: 4 },
  { file: "alert.$id.edit", path: (i) => `/alert/${firstId("alerts")(i)}/edit`, params: (i) => ({ id: firstId("alerts")(i) }), schemas: [alertSchema], as: 1 },
  { file: "alert.$id.delete", path: () => "/alert/999999/delete", params: () => ({ id: "999999" }), schemas: [statusSwitchSchema], as: 3 },
  { file: "alert", path: () => "/alert", schemas: [statusSwitchSchema], intents: ["auto-alerts"], as: 1 },
  { file: "notifications", path: () => "/notifications", schemas: [z.object({ from: z.string() })], as: 4 },
  {
    file: "watch-list",
    path: () => "/watch-list",
    schemas: [createWatchlistSchema, addSymbolSchema, watchlistIntentSchema],
    intents: ["create", "delete", "move", "reorder", "add-symbol", "remove-symbol"],
    as: 4,
  },
  { file: "trades.new", path: () => "/trades/new", schemas: [tradeSchema], as: 4 },
  { file: "trades.$id.edit", path: (i) => `/trades/${firstId("trades")(i)}/edit`, params: (i) => ({ id: firstId("trades")(i) }), schemas: [tradeSchema], as: 1 },
  { file: "trades.$id.exit", path: (i) => `/trades/${firstId("trades")(i)}/exit`, params: (i) => ({ id: firstId("trades")(i) }), schemas: [tradeExitSchema], as: 1 },
  { file: "trades.$id.delete", path: () => "/trades/999999/delete", params: () => ({ id: "999999" }), schemas: [statusSwitchSchema], intents: ["delete"], as: 3 },
  { file: "trades", path: () => "/trades", schemas: [statusSwitchSchema], intents: ["status"], as: 1 },
  { file: "trades_.import_.$id", path: () => "/trades/import/999999", params: () => ({ id: "999999" }), schemas: [tradebookImportActionSchema], intents: ["confirm", "discard"], as: 3 },
  { file: "charges", path: () => "/charges", schemas: [brokeragePlanSchema], intents: ["save-plan", "clear-plan"], as: 4 },
  { file: "charges.rates", path: () => "/charges/rates", schemas: [chargeRatesSchema], as: 1 },
  { file: "charges.rates_.$id.delete", path: () => "/charges/rates/999999/delete", params: () => ({ id: "999999" }), schemas: [statusSwitchSchema], as: 1 },

  // The bulk form and its confirmation's post (confirm=1) in one: hostile ids reach the action itself.
  { file: "trades.bulk", path: () => "/trades/bulk", schemas: [bulkTradeSchema, z.object({ confirm: z.literal("1") })], intents: ["delete", "close", "verify"], as: 3 },
  { file: "SymbolSuggestionFlow.new", path: () => "/SymbolSuggestionFlow/new", schemas: [symbolSuggestionSchema], as: 1 },
  {
    file: "SymbolSuggestionFlow.$id.edit",
    path: (i) => `/SymbolSuggestionFlow/${firstId("symbol_suggestions")(i)}/edit`,
    params: (i) => ({ id: firstId("symbol_suggestions")(i) }),
    schemas: [symbolSuggestionSchema],
    as: 1,
  },
  { file: "SymbolSuggestionFlow.$id.delete", path: () => "/SymbolSuggestionFlow/999999/delete", params: () => ({ id: "999999" }), schemas: [statusSwitchSchema], as: 1 },
  { file: "BonusSplitting", path: () => "/BonusSplitting", schemas: [bonusSplitSchema], as: 1 },
  { file: "Token", path: () => "/Token", schemas: [tokenSchema], intents: ["request", "verify", "instrument", "clear"], as: 1 },
  { file: "broadcast.message.new", path: () => "/broadcast/message/new", schemas: [broadcastSchema], as: 1 },
  { file: "calendar.new", path: () => "/calendar/new", schemas: [calendarSchema], as: 1 },
  { file: "calendar.$id.edit", path: (i) => `/calendar/${firstId("calendar_entries")(i)}/edit`, params: (i) => ({ id: firstId("calendar_entries")(i) }), schemas: [calendarSchema], as: 1 },
  { file: "chavi.new", path: () => "/chavi/new", schemas: [chaviSchema], as: 1 },
  { file: "chavi.$id.edit", path: (i) => `/chavi/${firstId("chavis")(i)}/edit`, params: (i) => ({ id: firstId("chavis")(i) }), schemas: [chaviSchema], as: 1 },
  { file: "chavi.$id.delete", path: () => "/chavi/999999/delete", params: () => ({ id: "999999" }), schemas: [statusSwitchSchema], as: 1 },
  { file: "chavi.assign", path: () => "/chavi/assign", schemas: [assignKeysSchema], as: 1 },
  { file: "chavi", path: () => "/chavi", schemas: [statusSwitchSchema], intents: ["status"], as: 1 },
  { file: "key-setting", path: () => "/key-setting", schemas: [keyOrderSchema], intents: ["move", "save-order"], as: 1 },
  { file: "sectore.new", path: () => "/sectore/new", schemas: [sectorSchema], as: 1 },
  { file: "sectore.$id.edit", path: (i) => `/sectore/${firstId("sectors")(i)}/edit`, params: (i) => ({ id: firstId("sectors")(i) }), schemas: [sectorSchema], as: 1 },
  { file: "sectore", path: () => "/sectore", schemas: [statusSwitchSchema], intents: ["status"], as: 1 },
  { file: "symbols.new", path: () => "/symbols/new", schemas: [symbolSchema], as: 1 },
  { file: "symbols.$id.edit", path: (i) => `/symbols/${firstId("symbols")(i)}/edit`, params: (i) => ({ id: firstId("symbols")(i) }), schemas: [symbolSchema], as: 1 },
  { file: "symbols", path: () => "/symbols", schemas: [statusSwitchSchema], intents: ["status"], as: 1 },
  { file: "setting", path: () => "/setting", schemas: [viewSettingSchema, tradeSettingSchema, indicatorSettingSchema], intents: ["view", "trade", "indicator"], as: 1 },
  { file: "setting.marque", path: () => "/setting/marque", schemas: [marqueSchema], intents: ["marque"], as: 1 },
  { file: "dayohlc.open", path: () => "/dayohlc/open", schemas: [openDataSchema], as: 1 },
  { file: "users.new", path: () => "/users/new", schemas: [createUserSchema], as: 1 },
  { file: "users.$id.edit", path: (i) => `/users/${firstId("users")(i)}/edit`, params: (i) => ({ id: firstId("users")(i) }), schemas: [updateUserSchema], as: 2 },
  { file: "users.$id.delete", path: () => "/users/999999/delete", params: () => ({ id: "999999" }), schemas: [statusSwitchSchema], as: 2 },
  { file: "users", path: () => "/users", schemas: [statusSwitchSchema], intents: ["status"], as: 2 },
  { file: "users.bulk", path: () => "/users/bulk", schemas: [bulkUserSchema], as: 2 },
  { file: "users.$id.security", path: () => "/users/999999/security", params: () => ({ id: "999999" }), schemas: [accountSupportSchema], intents: ["reset-link", "sign-out-all"], as: 2 },
  { file: "calendar.$id.delete", path: () => "/calendar/999999/delete", params: () => ({ id: "999999" }), schemas: [statusSwitchSchema], as: 1 },
  { file: "reference-point", path: () => "/reference-point", schemas: [statusSwitchSchema], intents: ["delete"], as: 1 },
  { file: "target-point", path: () => "/target-point", schemas: [statusSwitchSchema], intents: ["toggle"], as: 1 },
  { file: "support._index", path: () => "/support", schemas: [supportIndexActionSchema], as: 4 },
  { file: "support.$receiverId", path: (i) => `/support/${i.admin}`, params: (i) => ({ receiverId: String(i.admin) }), schemas: [conversationActionSchema], as: 4 },
  // Signed out without a sign-in challenge: the second step refuses before it reads (the step itself: auth tests).
  { file: "login_.two-factor", path: () => "/login/two-factor", schemas: [twoFactorSignInSchema], as: null },
  { file: "reauth", path: () => "/reauth", schemas: [reauthSchema], as: 4 },
  { file: "settings.security", path: () => "/settings/security", schemas: [changePasswordSchema, endSessionSchema], intents: ["change-password", "end-session", "end-others"], as: 4 },
  { file: "settings.two-factor", path: () => "/settings/two-factor", schemas: [twoFactorSettingsSchema], intents: ["start", "confirm", "regenerate", "disable"], as: 4 },
];

/** Action routes checked elsewhere, with the reason. */
const EXCLUDED: Record<string, string> = {
  $: "the unknown-path splat: tests/integration/guards.test.ts",
  "api.$": "the JSON API: its contract and hostile-body tests",
  "api.admin.login": "the JSON API: its contract and hostile-body tests",
  "api.admin.users.login": "the JSON API: its contract and hostile-body tests",
  "api.admin.logout": "the JSON API: its contract and hostile-body tests",
  logout: "takes no fields: tests/integration/auth.test.ts",
  upload: "multipart files: tests/integration/upload.test.ts (oversized, empty, binary, wrong columns)",
  "trades_.import": "multipart files: tests/integration/tradebook-import.test.ts (oversized, binary, wrong columns, bad rows, formulas)",
};

const HOSTILE_STRINGS = [
  "",
  " ",
  "-1",
  "-999999999999",
  "0",
  "-0",
  "NaN",
  "Infinity",
  "1e309",
  "1.7976931348623157e308",
  "9".repeat(400),
  "' OR '1'='1' --",
  "1; DROP TABLE users;--",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "=HYPERLINK(\"http://evil\")",
  "😀🇮🇳 हिन्दी",
  "\u0000\u0001",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "2026-02-30",
  "../../etc/passwd",
  "x".repeat(100_000),
];

const hostileValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 60 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);
/** One value, or the field repeated. */
const hostileField = fc.oneof(hostileValue, fc.array(hostileValue, { minLength: 2, maxLength: 3 }));

/** The form fields a schema reads (object keys; unions and pipes unwrapped through JSON Schema). */
function fieldsOf(schemas: z.ZodType[]): string[] {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    const n = node as { properties?: Record<string, unknown>; anyOf?: unknown[]; oneOf?: unknown[]; allOf?: unknown[] };
    for (const key of Object.keys(n.properties ?? {})) names.add(key);
    for (const child of [...(n.anyOf ?? []), ...(n.oneOf ?? []), ...(n.allOf ?? [])]) visit(child);
  };
  for (const s of schemas) visit(z.toJSONSchema(s, { io: "input", unrepresentable: "any" }));
  return [...names];
}


/** Something a person can read: a toast (redirect), a field error, or a message in the body. */
function answersAMessage(status: number, body: string): boolean {
  if (status >= 300 && status < 400) return true;
  return /[A-Za-z]{3,}/.test(body);
}

let t: TestContext;
const ids: Ids = {};
const cookies = {} as Record<RoleId, string>;
const routes = byRouteName(import.meta.glob<{ action?: Action }>("../../app/routes/**/*.tsx"));

beforeAll(async () => {
  t = await createTestContext({ authPostsPerMinute: 100_000 });
  await seedDemoData(t.context.db);
  Object.assign(ids, await sampleIds(t.context.db));
  for (const role of [1, 2, 3, 4] as RoleId[]) {
    const user = await createUser(t.context.db, { roleId: role });
    cookies[role] = await sessionCookieFor(t.context, user.id);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("hostile input", () => {
  it("lists every route file with an action", () => {
    const withAction = [...routeFiles()]
      .filter(([, file]) => file.endsWith(".tsx"))
      .filter(([, file]) => /export (async function|const) action\b/.test(fs.readFileSync(file, "utf8")))
      .map(([name]) => name);
    const known = new Set([...FORMS.map((f) => f.file), ...Object.keys(EXCLUDED)]);
    expect(withAction.filter((f) => !known.has(f))).toEqual([]);
    expect(FORMS.map((f) => f.file).filter((f) => !withAction.includes(f))).toEqual([]);
  });

  for (const form of FORMS) {
    it(`${form.file}: never 500, always a message, nothing stored when refused`, async () => {
      const loader = routes[form.file];
      expect(loader, `route file ${form.file}`).toBeDefined();
      const action = (await loader()).action!;
      const fields = fieldsOf(form.schemas);
      expect(fields.length).toBeGreaterThan(0);
      const intent = form.intents ? fc.option(fc.constantFrom(...form.intents), { nil: undefined }) : fc.constant(undefined);
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...fields), hostileField, { maxKeys: fields.length }), intent, async (values, chosenIntent) => {
          const body: Record<string, string | string[]> = { ...values };
          if (chosenIntent) body.intent = chosenIntent;
          const before = await rowCounts(t.context.db);
          const request = formRequest(form.path(ids), body, { cookie: form.as ? cookies[form.as] : undefined });
          const res = await call(action as never, request, t.context, form.params?.(ids) ?? {});
          const text = await res.text();
          expect(res.status, text.slice(0, 300)).toBeLessThan(500);
          expect(answersAMessage(res.status, text), `${res.status}: ${text.slice(0, 300)}`).toBe(true);
          if (res.status >= 400) expect(await rowCounts(t.context.db)).toEqual(before);
        }),
        { numRuns: RUNS },
      );
    }, 120_000);
  }
});

// ------------------------------------------------------------------ URLs and content types
// Issue 16, item 7 (docs/decisions/117): every route file, derived from the folder, as every role
// the access table lets in. GET: a NUL, a %-escape that is not UTF-8, an id past 2^31 - 1 and
// other hostile values in every query parameter the route reads — the names recorded from its
// own reads on a plain visit (URLSearchParams get/getAll/has), plus the names its source reads —
// and in its path parameters. POST: JSON, text, empty, multipart and malformed bodies to every
// action. Never 5xx, always a message, nothing stored when refused; a NUL or malformed escape in
// a parameter the route reads answers 400, and a page form sent as JSON or text answers 415.

/** The rows the sample URLs name: the first of each table after the demo seed. */
const PATH_PARAM_ROWS: Record<string, string> = {
  alert: "alerts",
  trades: "trades",
  chavi: "chavis",
  calendar: "calendar_entries",
  sectore: "sectors",
  "sector-analysis-chart": "sectors",
  symbols: "symbols",
  users: "customer",
  SymbolSuggestionFlow: "symbol_suggestions",
  support: "admin",
};

interface RouteUrl {
  file: string;
  path: string;
  params: Record<string, string>;
}

/** A route file's URL (flat routes: dots are slashes, `$name` a parameter, `_index` the parent, `$` the splat). */
function routeUrl(file: string, value: (name: string) => string): RouteUrl {
  const params: Record<string, string> = {};
  const segments: string[] = [];
  for (const segment of file.split(".")) {
    if (segment === "_index") continue;
    if (segment === "$") {
      params["*"] = "no-such-page";
      segments.push("no-such-page");
    } else if (segment.startsWith("$")) {
      const name = segment.slice(1);
      params[name] = value(name);
      segments.push(encodeURIComponent(params[name]));
    } else {
      segments.push(segment.replace(/_$/, ""));
    }
  }
  return { file, path: "/" + segments.join("/"), params };
}

function sampleUrl(file: string): RouteUrl {
  const table = PATH_PARAM_ROWS[file.split(".")[0]];
  return routeUrl(file, (name) => (name === "token" ? "not-a-token" : String((table && ids[table]) ?? 1)));
}

/** Every role the access table lets in (signed out for a public page); all of them where the route decides itself (the JSON API, the unknown-path splat). */
function rolesFor(path: string): (RoleId | null)[] {
  const everyone = [null, 1, 2, 3, 4] as const;
  const allowed = everyone.filter((role) => decideAccess(role, path).kind === "allow");
  return allowed.length > 0 ? allowed : [...everyone];
}

/** A page's own data (2xx) needs no message; a refusal (4xx) must say why. */
const refusalSaysWhy = (status: number, text: string) => status < 400 || answersAMessage(status, text);

const ROUTE_PATHS = routeFiles();
const ROUTE_FILES = [...ROUTE_PATHS].filter(([, file]) => file.endsWith(".tsx")).map(([name]) => name);

/** The query names a route's own source reads: `x.get("name")`, getAll, has (not form fields or headers). */
function sourceQueryNames(file: string): string[] {
  const source = fs.readFileSync(ROUTE_PATHS.get(file)!, "utf8");
  const names = new Set<string>();
  for (const m of source.matchAll(/(\w+)\)?\.(?:get|getAll|has)\(\s*["'`]([\w-]+)["'`]\s*\)/g)) {
    if (!/^(formData|form|fields|headers|data|submission|map|cache)$/i.test(m[1])) names.add(m[2]);
  }
  return [...names];
}

/** Runs `fn` and records every query name read through URLSearchParams while it runs. */
async function recordQueryReads<T>(fn: () => Promise<T>): Promise<{ result: T; names: Set<string> }> {
  const names = new Set<string>();
  const proto = URLSearchParams.prototype;
  const original = { get: proto.get, getAll: proto.getAll, has: proto.has };
  proto.get = function (this: URLSearchParams, name: string) {
    names.add(name);
    return original.get.call(this, name);
  };
  proto.getAll = function (this: URLSearchParams, name: string) {
    names.add(name);
    return original.getAll.call(this, name);
  };
  proto.has = function (this: URLSearchParams, name: string, value?: string) {
    names.add(name);
    return value === undefined ? original.has.call(this, name) : original.has.call(this, name, value);
  };
  try {
    return { result: await fn(), names };
  } finally {
    Object.assign(proto, original);
  }
}

/** Raw (already %-encoded) values: NUL, escapes that are not UTF-8, ids past 2^31 - 1, and more. */
const UNREADABLE_VALUES = ["%00", "a%00b", "%FF", "%C3%28"];
const HOSTILE_QUERY_VALUES = [
  ...UNREADABLE_VALUES,
  "9999999999",
  "2147483648",
  "-1",
  "0",
  "0x10",
  "1e309",
  "NaN",
  "%E2%80%AE",
  "%27%20OR%20%271%27%3D%271",
  "%3Cscript%3E",
  "x".repeat(5000),
];
const HOSTILE_PATH_VALUES = ["\u0000", "a\u0000b", "\uFFFD", "9999999999", "2147483648", "-1", "0x10", "1e309", "x".repeat(2000)];

type RouteModule = { loader?: Action; action?: Action };
const queryFigures = { routes: 0, probes: 0, names: 0 };

async function visit(module: RouteModule, url: RouteUrl, search: string, role: RoleId | null, params = url.params) {
  const request = getRequest(url.path + search, { cookie: role ? cookies[role] : undefined });
  const res = await call(module.loader as never, request, t.context, params);
  return { status: res.status, text: await res.text() };
}

describe("hostile URLs: every route, every parameter it reads", () => {
  for (const file of ROUTE_FILES) {
    it(`${file}: a NUL, a bad escape or a huge id in a URL parameter never answers 500`, async () => {
      const module = (await routes[file]()) as RouteModule;
      if (!module.loader) return;
      const url = sampleUrl(file);
      const roles = rolesFor(url.path);
      queryFigures.routes += 1;
      for (const role of roles) {
        const plain = await recordQueryReads(() => visit(module, url, "", role));
        const read = [...plain.result.status < 300 ? plain.names : []];
        const names = [...new Set([...read, ...sourceQueryNames(file), "q"])];
        queryFigures.names += names.length;
        const check = async (search: string, mustRefuse: boolean, params = url.params) => {
          queryFigures.probes += 1;
          const { status, text } = await visit(module, url, search, role, params);
          const where = `${role ?? "signed out"} GET ${url.path}${search.slice(0, 80)}: ${status} ${text.slice(0, 200)}`;
          expect(status, where).toBeLessThan(500);
          expect(refusalSaysWhy(status, text), where).toBe(true);
          if (mustRefuse) {
            expect(status, where).toBe(400);
            expect(text, where).toContain(UNREADABLE_ADDRESS);
          }
        };
        // Every name the route reads, with each unreadable value and the ids past the column.
        for (const name of names) {
          for (const value of [...UNREADABLE_VALUES, "9999999999", "2147483648"]) {
            await check(`?${encodeURIComponent(name)}=${value}`, UNREADABLE_VALUES.includes(value) && read.includes(name));
          }
        }
        // The same names with the other hostile values, a few at once (HOSTILE_RUNS draws).
        await fc.assert(
          fc.asyncProperty(
            fc.array(fc.tuple(fc.constantFrom(...names), fc.constantFrom(...HOSTILE_QUERY_VALUES)), { minLength: 1, maxLength: 3 }),
            async (pairs) => {
              const search = "?" + pairs.map(([n, v]) => `${encodeURIComponent(n)}=${v}`).join("&");
              const unreadable = pairs.some(([n, v]) => read.includes(n) && UNREADABLE_VALUES.includes(v));
              await check(search, unreadable);
            },
          ),
          { numRuns: RUNS },
        );
        // Path parameters (decoded, as Remix hands them to the loader).
        for (const name of Object.keys(url.params).filter((n) => n !== "*")) {
          for (const value of HOSTILE_PATH_VALUES) {
            const hostile = routeUrl(file, (n) => (n === name ? value : url.params[n]));
            queryFigures.probes += 1;
            const { status, text } = await visit(module, hostile, "", role, hostile.params);
            const where = `${role ?? "signed out"} GET ${hostile.path.slice(0, 80)}: ${status} ${text.slice(0, 200)}`;
            expect(status, where).toBeLessThan(500);
            expect(refusalSaysWhy(status, text), where).toBe(true);
          }
        }
      }
    }, 300_000);
  }

  afterAll(() => {
    console.log(`[hostile URLs] ${queryFigures.routes} route files, ${queryFigures.names} (role, parameter) pairs, ${queryFigures.probes} requests, HOSTILE_RUNS=${RUNS}`);
  });
});

/** Bodies that are not the form a page expects; `notAForm`: a page form must answer 415. */
const WRONG_BODIES: { label: string; init: () => RequestInit; notAForm?: boolean }[] = [
  { label: "JSON", init: () => ({ body: JSON.stringify({ email: "admin@example.com", intent: "delete", id: 1 }), headers: { "Content-Type": "application/json" } }), notAForm: true },
  { label: "broken JSON", init: () => ({ body: '{"email":', headers: { "Content-Type": "application/json" } }), notAForm: true },
  { label: "text", init: () => ({ body: "email=admin@example.com", headers: { "Content-Type": "text/plain" } }), notAForm: true },
  { label: "no type", init: () => ({ body: "hello" }), notAForm: true },
  { label: "empty, no type", init: () => ({}) },
  { label: "empty form", init: () => ({ body: "", headers: { "Content-Type": "application/x-www-form-urlencoded" } }) },
  {
    label: "multipart",
    init: () => {
      const form = new FormData();
      form.append("intent", "delete");
      form.append("email", "admin@example.com");
      form.append("file", new Blob(["a,b\n1,2\n"], { type: "text/csv" }), "x.csv");
      return { body: form };
    },
  },
  { label: "broken multipart", init: () => ({ body: "--x\r\nContent-Disposition: form-data\r\n\r\nbroken", headers: { "Content-Type": "multipart/form-data; boundary=x" } }) },
  { label: "bad escapes", init: () => ({ body: "intent=%FF&email=%00%zz&id=9999999999", headers: { "Content-Type": "application/x-www-form-urlencoded" } }) },
];

/** Runs `fn` and tells whether it read a request body (formData, text, json, arrayBuffer, blob). */
async function recordBodyReads<T>(fn: () => Promise<T>): Promise<{ result: T; read: boolean }> {
  let read = false;
  const proto = Request.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const names = ["formData", "text", "json", "arrayBuffer", "blob"] as const;
  const original = Object.fromEntries(names.map((n) => [n, proto[n]]));
  for (const n of names) {
    proto[n] = function (this: Request, ...args: unknown[]) {
      read = true;
      return original[n].apply(this, args);
    };
  }
  try {
    return { result: await fn(), read };
  } finally {
    Object.assign(proto, original);
  }
}

/** Actions that do not read a form: what they do with a body instead. */
const NOT_A_FORM: Record<string, string> = {
  "api.$": "the JSON API: reads JSON, forms and uploads (api-hostile.test.ts sends it every call's bodies)",
  "api.admin.login": "the JSON API's sign-in call: reads JSON or a form",
  "api.admin.users.login": "the JSON API's sign-in call: reads JSON or a form",
  "api.admin.logout": "the JSON API's sign-out call: takes no body",
  logout: "takes no fields: any post signs out",
};

describe("hostile content types: every action", () => {
  const notAFormAnswers: { where: string; status: number; text: string }[] = [];
  for (const file of ROUTE_FILES) {
    it(`${file}: a body of the wrong type never answers 500, and a page form refuses it with 415`, async () => {
      const module = (await routes[file]()) as RouteModule;
      if (!module.action) return;
      const url = sampleUrl(file);
      for (const role of rolesFor(url.path)) {
        // An action that reads the form (seen on the empty form's post) must refuse a body that is
        // not a form with 415; one that answers before reading (a guard, a missing row, a delete
        // that needs no field) only has to answer below 500 with a message, as every post does.
        let emptyFormStatus = 0;
        let readsBody = false;
        for (const body of WRONG_BODIES) {
          const cookie = role ? await sessionCookieFor(t.context, (await createUser(t.context.db, { roleId: role })).id) : undefined;
          const init = body.init();
          const request = new Request(ORIGIN + url.path, { method: "POST", ...init, headers: { ...(init.headers as Record<string, string>), ...(cookie ? { Cookie: cookie } : {}) } });
          const before = await rowCounts(t.context.db);
          const { result: res, read } = await recordBodyReads(() => call(module.action as never, request, t.context, url.params));
          const text = await res.text();
          const where = `${role ?? "signed out"} POST ${url.path} (${body.label}): ${res.status} ${text.slice(0, 200)}`;
          expect(res.status, where).toBeLessThan(500);
          expect(refusalSaysWhy(res.status, text), where).toBe(true);
          if (res.status >= 400) expect(await rowCounts(t.context.db), where).toEqual(before);
          if (body.label === "empty form") {
            emptyFormStatus = res.status;
            readsBody = read;
          }
          if (body.notAForm && !(file in NOT_A_FORM)) notAFormAnswers.push({ where, status: res.status, text });
        }
        for (const answer of notAFormAnswers.splice(0)) {
          if (!readsBody) continue;
          expect(answer.status, `${answer.where} (the empty form answered ${emptyFormStatus})`).toBe(415);
          expect(answer.text, answer.where).toContain(FORM_CONTENT_TYPE);
        }
      }
    }, 300_000);
  }
});

describe("one door for what a request carries", () => {
  // Reading a body or building a request's URL anywhere else would skip the door's checks.
  const DOOR = "schemas/request-input.server.ts";
  const ALLOWED: Record<string, RegExp> = {
    // The path only (never the query): the access table's key, and the log line, which must never throw.
    "auth/guards.server.ts": /new URL\(request\.url\)\.pathname/,
    "config/log.server.ts": /new URL\(request\.url\)\.pathname/,
  };
  const FORBIDDEN = [/\brequest(\.clone\(\))?\.(formData|json|text|arrayBuffer|blob)\(/, /new URL\(request\.url\)/];

  it("no loader, action or service reads a request's body or URL except through app/schemas/request-input.server.ts", () => {
    const appDir = path.resolve(__dirname, "../../app");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx)$/.test(entry.name)) {
          const rel = path.relative(appDir, full);
          if (rel === DOOR) continue;
          fs.readFileSync(full, "utf8")
            .split("\n")
            .forEach((line, i) => {
              const comment = /^\s*(\/\/|\*|\/\*)/.test(line);
              if (!comment && FORBIDDEN.some((re) => re.test(line)) && !ALLOWED[rel]?.test(line)) offenders.push(`app/${rel}:${i + 1}: ${line.trim()}`);
            });
        }
      }
    };
    walk(appDir);
    expect(offenders).toEqual([]);
  });
});
