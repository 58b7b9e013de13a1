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
import { seedDemoData } from "~/db/seed.server";
import type { RoleId } from "~/domain/access";
import { loginSchema, otpSchema, resetPasswordSchema, resetRequestSchema, signupSchema } from "~/schemas/auth";
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
import { symbolSuggestionSchema } from "~/schemas/symbol-suggestion";
import { addSymbolSchema, createWatchlistSchema, watchlistIntentSchema } from "~/schemas/watchlist";
import { createUserSchema, statusSwitchSchema, updateUserSchema } from "~/schemas/user-admin";
import { rowCounts, sampleIds } from "../support/db-snapshot";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";

type Action = (args: ActionFunctionArgs) => unknown;
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
  { file: "trades.$id.delete", path: () => "/trades/999999/delete", params: () => ({ id: "999999" }), schemas: [statusSwitchSchema], intents: ["delete"], as: 3 },
  { file: "trades", path: () => "/trades", schemas: [statusSwitchSchema], intents: ["status"], as: 1 },
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
  { file: "Token", path: () => "/Token", schemas: [tokenSchema], intents: ["request", "verify", "clear"], as: 1 },
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
  { file: "reference-point", path: () => "/reference-point", schemas: [statusSwitchSchema], intents: ["delete"], as: 1 },
  { file: "target-point", path: () => "/target-point", schemas: [statusSwitchSchema], intents: ["toggle"], as: 1 },
  { file: "support._index", path: () => "/support", schemas: [supportIndexActionSchema], as: 4 },
  { file: "support.$receiverId", path: (i) => `/support/${i.admin}`, params: (i) => ({ receiverId: String(i.admin) }), schemas: [conversationActionSchema], as: 4 },
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
const routes = import.meta.glob<{ action?: Action }>("../../app/routes/*.tsx");

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
    const dir = path.resolve(__dirname, "../../app/routes");
    const withAction = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".tsx"))
      .filter((f) => /export (async function|const) action\b/.test(fs.readFileSync(path.join(dir, f), "utf8")))
      .map((f) => f.replace(/\.tsx$/, ""));
    const known = new Set([...FORMS.map((f) => f.file), ...Object.keys(EXCLUDED)]);
    expect(withAction.filter((f) => !known.has(f))).toEqual([]);
    expect(FORMS.map((f) => f.file).filter((f) => !withAction.includes(f))).toEqual([]);
  });

  for (const form of FORMS) {
    it(`${form.file}: never 500, always a message, nothing stored when refused`, async () => {
      const loader = routes[`../../app/routes/${form.file}.tsx`];
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
        { numRuns: 30 },
      );
    }, 120_000);
  }
});
