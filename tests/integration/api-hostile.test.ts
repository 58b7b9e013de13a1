// Hostile bodies for EVERY JSON API call that takes one, generated from THE table
// (app/api/table.server.ts): random and boundary JSON bodies — empty, not an object, huge
// strings, negative and NaN-like numbers, unicode, SQL and HTML fragments, wrong types, nested
// arrays and objects — under the documents' field names and the schema's own keys, alone or
// mixed into the call's valid sample. Sent as role 1 (or the first role the call allows), a call
// never answers 5xx, always answers a message (errors[0].msg or message), and when it refuses
// (4xx) nothing was stored. A call added to the table is covered without another line; the
// calls without a body are listed by one test, which checks that they take none. An upload row (multipart) gets the same
// bodies as multipart/form-data, its file field's values sent as the files' contents
// (tests/support/api.ts).
import fc from "fast-check";
import * as z from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dispatchApi } from "~/api/dispatch.server";
import { mayCall } from "~/api/roles";
import { API_CALLS } from "~/api/table.server";
import type { ApiCall, ApiFixture, ApiSample } from "~/api/types.server";
import { ALL_ROLES, type RoleId } from "~/domain/access";
import { createAuthSession } from "~/models/auth-session.server";
import { createApiFixture } from "../support/api-fixture";
import { apiRequest } from "../support/api";
import { createTestContext, type TestContext } from "../support/context";
import { rowCounts } from "../support/db-snapshot";

// HOSTILE_RUNS raises it for a deeper local search (CI keeps the default).
const RUNS_PER_CALL = Number(process.env.HOSTILE_RUNS ?? 15);

const HOSTILE_STRINGS = [
  "",
  " ",
  "-1",
  "-999999999999",
  "-0",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "9".repeat(400),
  "' OR '1'='1' --",
  "1; DROP TABLE users;--",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "😀🇮🇳 हिन्दी \u202e",
  "\u0000\u0001",
  "null",
  "true",
  "2026-02-30",
  "9999-99-99",
  "../../etc/passwd",
  "x".repeat(100_000),
];

const hostileLeaf = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(-1, 0, -0, 1, 2 ** 31, 2 ** 53 + 1, -1e308, 1e308, 0.1, Number.MAX_SAFE_INTEGER, true, false, null) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
);
/** A value for one field: a leaf, or arrays and objects of leaves nested a few levels. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileLeaf,
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("id", "name", "__proto__", "constructor", "$gt", "0"), tie("value"), { maxKeys: 3 }),
  ),
})).value;

/** The body's keys: the schema's own (through JSON Schema), the documents' names, the sample's. */
function fieldsOf(call: ApiCall, sampleBody: unknown): string[] {
  const names = new Set<string>(Object.keys(call.aliases ?? {}));
  const visit = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    const n = node as { properties?: Record<string, unknown>; anyOf?: unknown[]; oneOf?: unknown[]; allOf?: unknown[]; items?: unknown };
    for (const key of Object.keys(n.properties ?? {})) names.add(key);
    for (const child of [...(n.anyOf ?? []), ...(n.oneOf ?? []), ...(n.allOf ?? []), n.items]) visit(child);
  };
  if (call.body) {
    for (const io of ["input", "output"] as const) visit(z.toJSONSchema(call.body, { io, unrepresentable: "any" }));
  }
  const sample = Array.isArray(sampleBody) ? sampleBody[0] : sampleBody;
  if (sample && typeof sample === "object") for (const key of Object.keys(sample)) names.add(key);
  return [...names];
}

/**
 * Bodies: not an object at all, random fields, or the valid sample with some fields made hostile.
 * A body that is a list of values (the key order) gets hostile lists and the sample list with
 * some items made hostile.
 */
function hostileBodies(fields: string[], sampleBody: unknown): fc.Arbitrary<unknown> {
  if (fields.length === 0 && Array.isArray(sampleBody)) {
    const items = sampleBody as unknown[];
    return fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom<unknown>({}, [], null, "", 0, [[[]]], { "": "" }) },
      { weight: 2, arbitrary: fc.array(hostileValue, { maxLength: 6 }) },
      { weight: 3, arbitrary: fc.array(fc.tuple(fc.nat(Math.max(items.length - 1, 0)), hostileValue), { minLength: 1, maxLength: 3 }).map((swaps) => {
        const copy = [...items];
        for (const [at, value] of swaps) copy[at] = value;
        return copy;
      }) },
    );
  }
  const sample = (Array.isArray(sampleBody) ? sampleBody[0] : sampleBody) as Record<string, unknown> | undefined;
  const fieldsArb = fc.dictionary(fc.constantFrom(...fields), hostileValue, { maxKeys: Math.min(fields.length, 8) });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom<unknown>({}, [], [{}], null, "", "body", 0, -1, true, [[[]]], { "": "" }) },
    { weight: 3, arbitrary: fieldsArb },
    { weight: 4, arbitrary: fieldsArb.map((over) => ({ ...(sample ?? {}), ...over })) },
    { weight: 1, arbitrary: fieldsArb.map((over) => [{ ...(sample ?? {}), ...over }]) },
  );
}

function answersAMessage(answer: unknown): boolean {
  if (!answer || typeof answer !== "object") return false;
  const a = answer as { message?: unknown; errors?: { msg?: unknown }[]; error?: unknown };
  const text = a.errors?.[0]?.msg ?? a.message ?? a.error;
  return typeof text === "string" && text.trim().length > 0;
}

/** The calls that sign in: each attempt, refused or not, goes in the sign-in history (docs/decisions/141). */
const RECORDS_ITS_ATTEMPTS = new Set(["admin/login", "admin/users/login", "users/verify/mail/otp"]);

let t: TestContext;
let fixture: ApiFixture;

beforeAll(async () => {
  // Sign-in calls are in the table: lift the per-minute limit so the limiter is not what answers.
  t = await createTestContext({ authPostsPerMinute: 100_000 });
  fixture = await createApiFixture(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("hostile JSON bodies", () => {
  for (const call of API_CALLS) {
    const name = `${call.method} ${call.path}`;
    if (!call.body) continue;
    it(`${name}: never 5xx, always a message, nothing stored when refused`, async () => {
      const role: RoleId = call.public ? 4 : ALL_ROLES.find((r) => mayCall(r, call))!;
      const sample: ApiSample = await call.sample(fixture, role);
      const fields = fieldsOf(call, sample.body);
      expect(fields.length > 0 || Array.isArray(sample.body), `${call.id} has no field names and its body is not a list`).toBe(true);
      await fc.assert(
        fc.asyncProperty(hostileBodies(fields, sample.body), async (body) => {
          // A fresh session per body, made before the snapshot: a logout must not turn the rest into 401s.
          const token = (await createAuthSession(t.context.db, fixture.users[role].id)).id;
          const before = await rowCounts(t.context.db);
          const response = await dispatchApi(apiRequest(call, sample, { token, body }), t.context);
          const text = await response.text();
          let answer: unknown = null;
          try {
            answer = JSON.parse(text);
          } catch {
            answer = null;
          }
          expect(response.status, `${response.status} ${text.slice(0, 300)}`).toBeLessThan(500);
          expect(answersAMessage(answer), `${response.status} ${text.slice(0, 300)}`).toBe(true);
          if (response.status >= 400) {
            const after = await rowCounts(t.context.db);
            if (RECORDS_ITS_ATTEMPTS.has(call.id)) {
              // A refused sign-in is itself recorded (a wrong password for a real account): one
              // sign-in history row, nothing else (docs/decisions/141).
              expect(after.login_events - before.login_events, `${call.id} recorded more than its attempt`).toBeLessThanOrEqual(1);
              after.login_events = before.login_events;
            }
            expect(after, `${call.id} refused (${response.status}) yet stored something`).toEqual(before);
          }
        }),
        { numRuns: RUNS_PER_CALL },
      );
    }, 60_000);
  }
});

describe("calls without a body", () => {
  const BODYLESS = API_CALLS.filter((call) => !call.body);
  // A body no call could take: broken JSON, which a call that read its body would refuse with 400.
  const BROKEN_JSON = '{"id": 1, "message": "<script>", ';

  it(`the ${BODYLESS.length} calls with no body schema read none: a body sent anyway is ignored, even broken JSON`, async () => {
    expect(BODYLESS.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const call of BODYLESS) {
      const name = `${call.method} ${call.path}`;
      // Nothing in the table says it reads a body in another way.
      if (call.upload || call.bodyIsArrayOfOne || call.bodyWrappedIn) problems.push(`${name}: describes a body without a schema`);
      const role: RoleId = call.public ? 4 : ALL_ROLES.find((r) => mayCall(r, call))!;
      const sample: ApiSample = await call.sample(fixture, role);
      if (sample.body !== undefined) problems.push(`${name}: its sample sends a body`);
      const token = (await createAuthSession(t.context.db, fixture.users[role].id)).id;
      const plain = apiRequest(call, sample, { token });
      // GET cannot carry a body at all (fetch refuses one): the call answers its success as it is.
      // Any other method gets broken JSON, which it must not read: it answers its success status.
      const request =
        call.method === "GET"
          ? plain
          : new Request(plain.url, { method: plain.method, headers: { ...Object.fromEntries(plain.headers), "Content-Type": "application/json" }, body: BROKEN_JSON });
      const response = await dispatchApi(request, t.context);
      const text = await response.text();
      if (response.status !== call.status) problems.push(`${name}: answered ${response.status} (not ${call.status}) ${text.slice(0, 200)}`);
    }
    expect(problems, `calls without a body:\n${BODYLESS.map((c) => `  ${c.method} ${c.path}`).join("\n")}`).toEqual([]);
  }, 120_000);
});

// Issue 16, item 7 (docs/decisions/117): every call's query parameters (the names its query
// schema and its sample read) get a NUL, an escape that is not UTF-8 (400 with a message) and ids
// past 2^31 - 1 and other hostile values (below 500, a message); its path parameters get the
// same; and every call that takes a body gets bodies of the wrong type (text, broken JSON, broken
// multipart, bad escapes, no type at all): never 5xx, always a message, nothing stored when refused.
const UNREADABLE = ["%00", "a%00b", "%FF", "%C3%28"];
const HOSTILE_QUERY = ["9999999999", "2147483648", "-1", "0x10", "1e309", "NaN", "%E2%80%AE", "x".repeat(3000)];

function queryNames(call: ApiCall, sample: ApiSample): string[] {
  const names = new Set<string>(Object.keys(sample.query ?? {}));
  if (call.query) {
    const schema = z.toJSONSchema(call.query, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, unknown> };
    for (const key of Object.keys(schema.properties ?? {})) names.add(key);
  }
  return [...names];
}

const WRONG_TYPES: { label: string; type?: string; body: string }[] = [
  { label: "text", type: "text/plain", body: "hello" },
  { label: "broken JSON", type: "application/json", body: '{"id":' },
  { label: "JSON with NUL", type: "application/json", body: '{"message":"a\\u0000b","name":"\\u0000"}' },
  { label: "broken multipart", type: "multipart/form-data; boundary=x", body: "--x\r\nContent-Disposition: form-data\r\n\r\nbroken" },
  { label: "bad escapes", type: "application/x-www-form-urlencoded", body: "id=%FF&message=%00%zz&symbolId=9999999999" },
  { label: "no type", body: "hello" },
];

async function answer(request: Request) {
  const response = await dispatchApi(request, t.context);
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: response.status, text, parsed };
}

const probeFigures = { calls: 0, requests: 0 };

describe("hostile query parameters, path parameters and content types", () => {
  for (const call of API_CALLS) {
    const name = `${call.method} ${call.path}`;
    it(`${name}: never 5xx, always a message; an unreadable query parameter is 400`, async () => {
      const role: RoleId = call.public ? 4 : ALL_ROLES.find((r) => mayCall(r, call))!;
      const sample: ApiSample = await call.sample(fixture, role);
      const names = [...queryNames(call, sample), "q"];
      probeFigures.calls += 1;
      const send = async (request: Request, label: string, mustBe400 = false) => {
        probeFigures.requests += 1;
        const before = await rowCounts(t.context.db);
        const got = await answer(request);
        const where = `${label}: ${got.status} ${got.text.slice(0, 200)}`;
        expect(got.status, where).toBeLessThan(500);
        if (got.status >= 400) {
          expect(answersAMessage(got.parsed), where).toBe(true);
          expect(await rowCounts(t.context.db), where).toEqual(before);
        }
        if (mustBe400) expect(got.status, where).toBe(400);
      };
      const token = async () => (await createAuthSession(t.context.db, fixture.users[role].id)).id;
      const base = apiRequest(call, sample, { token: await token() });
      const url = new URL(base.url);
      // The query: each name alone with each unreadable value, then HOSTILE_RUNS mixes.
      for (const n of names) {
        for (const value of UNREADABLE) {
          const search = `${url.search ? url.search + "&" : "?"}${encodeURIComponent(n)}=${value}`;
          await send(new Request(url.origin + url.pathname + search, { method: call.method === "GET" ? "GET" : "POST", headers: { Authorization: `Bearer ${await token()}` } }), `${name}${search.slice(0, 60)}`, true);
        }
      }
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...names), fc.constantFrom(...HOSTILE_QUERY, ...UNREADABLE)), { minLength: 1, maxLength: 3 }), async (pairs) => {
          const params = new URLSearchParams(sample.query ?? {});
          for (const [n] of pairs) params.delete(n);
          const search = "?" + [params.toString(), ...pairs.map(([n, v]) => `${encodeURIComponent(n)}=${v}`)].filter(Boolean).join("&");
          const request = apiRequest(call, sample, { token: await token() });
          const init: RequestInit = { method: request.method, headers: request.headers, body: request.body, duplex: "half" } as RequestInit;
          await send(new Request(url.origin + url.pathname + search, init), `${name}${search.slice(0, 80)}`, pairs.some(([, v]) => UNREADABLE.includes(v)));
        }),
        { numRuns: RUNS_PER_CALL },
      );
      // Path parameters: each given hostile values (the rest of the sample kept).
      for (const param of Object.keys(sample.params ?? {})) {
        for (const value of ["\u0000", "a\u0000b", "\uFFFD", "9999999999", "2147483648", "-1", "0x10", "x".repeat(2000)]) {
          const hostile = { ...sample, params: { ...sample.params, [param]: value } };
          await send(apiRequest(call, hostile, { token: await token() }), `${name} {${param}}=${JSON.stringify(value).slice(0, 20)}`);
        }
      }
      // Bodies of the wrong type, to every call that takes one.
      if (call.body) {
        for (const wrong of WRONG_TYPES) {
          const headers: Record<string, string> = { Authorization: `Bearer ${await token()}` };
          if (wrong.type) headers["Content-Type"] = wrong.type;
          await send(new Request(base.url, { method: call.method, headers, body: wrong.body }), `${name} (${wrong.label})`);
        }
      }
    }, 120_000);
  }

  afterAll(() => {
    console.log(`[api hostile] ${probeFigures.calls} calls, ${probeFigures.requests} query/path/content-type requests, HOSTILE_RUNS=${RUNS_PER_CALL}`);
  });
});
