// The contract of every JSON API call, generated from THE table (app/api/table.server.ts) that
// the router and the OpenAPI document are built from: a call added to the table is tested here
// (status, shape, permissions for each role, bad input, the moved GET) without another line.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dispatchApi } from "~/api/dispatch.server";
import { mayCall } from "~/api/roles";
import { errorShape } from "~/api/shapes";
import { API_CALLS } from "~/api/table.server";
import type { ApiCall, ApiFixture } from "~/api/types.server";
import { ALL_ROLES, findPathRule, type RoleId } from "~/domain/access";
import { createAuthSession } from "~/models/auth-session.server";
import { createApiFixture } from "../support/api-fixture";
import { apiRequest } from "../support/api";
import { createTestContext, type TestContext } from "../support/context";

let t: TestContext;
let fixture: ApiFixture;

beforeAll(async () => {
  t = await createTestContext();
  fixture = await createApiFixture(t);
});
afterAll(async () => {
  await t?.close();
});

/** A fresh token per request: a call may end its session (logout) or be the one under test. */
async function tokenFor(role: RoleId): Promise<string> {
  return (await createAuthSession(t.context.db, fixture.users[role].id)).id;
}

async function readAnswer(call: ApiCall, response: Response): Promise<unknown> {
  const type = response.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) return JSON.parse(await response.text());
  if (call.download) {
    // A file: one of the row's media types, sent as an attachment, checked as bytes.
    expect(call.download, `${call.id} answered ${type}`).toContain(type);
    expect(response.headers.get("Content-Disposition") ?? "").toMatch(/^attachment; filename="[^"/\\]+"$/);
    return new Uint8Array(await response.arrayBuffer());
  }
  return response.text();
}

describe("the API table", () => {
  it("gives every row a sample, a response shape, a 200/201 status and an access page from the access table", () => {
    for (const call of API_CALLS) {
      expect(typeof call.sample, call.id).toBe("function");
      expect(call.response, call.id).toBeDefined();
      expect([200, 201], call.id).toContain(call.status);
      expect(findPathRule(call.page)?.pattern.toLowerCase(), `${call.id}: page ${call.page}`).toBe(call.page.toLowerCase());
      expect(call.path.startsWith("/api/"), call.id).toBe(true);
    }
  });
  it("gives every row with a body a bad sample and the form's message it answers", () => {
    for (const call of API_CALLS.filter((c) => c.body)) {
      expect(call.invalid?.body, `${call.id} has a body but no invalid body sample`).toBeDefined();
      expect(call.invalid?.message.length, call.id).toBeGreaterThan(0);
    }
    for (const call of API_CALLS.filter((c) => c.invalid && !c.body)) {
      expect(Boolean(call.invalid?.query && call.query), `${call.id}: an invalid sample without a body is a bad query`).toBe(true);
    }
    for (const call of API_CALLS.filter((c) => c.download)) {
      expect(call.download?.length, call.id).toBeGreaterThan(0);
      expect(call.contentType, call.id).toBeUndefined();
    }
  });
  it("never changes data on GET and has one row per method and path", () => {
    const seen = new Set<string>();
    for (const call of API_CALLS) {
      const key = `${call.method} ${call.path.toLowerCase()}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      if (call.method === "GET") expect(call.body, `${call.id}: a GET with a body`).toBeUndefined();
      if (call.documentedMethod) expect(call.documentedMethod, call.id).not.toBe(call.method);
    }
  });
  it("maps calls onto the access table as decided (spot checks independent of the router)", () => {
    const roles = (id: string, method = "") => {
      const call = API_CALLS.find((c) => c.id === id && (!method || c.method === method));
      if (!call) throw new Error(`no row ${id}`);
      return ALL_ROLES.filter((r) => mayCall(r, call));
    };
    expect(roles("users/setting/list")).toEqual([1, 2, 3, 4]);
    expect(roles("users/setting/marque")).toEqual([1]);
    expect(roles("admin/symbol/list")).toEqual([1, 2, 3, 4]);
    expect(roles("admin/symbol/create")).toEqual([1]);
    expect(roles("admin/sector/list")).toEqual([1, 2, 3, 4]);
    expect(roles("admin/symbol/getsymbolaudioscript")).toEqual([1, 3, 4]);
    expect(roles("admin/alert/create")).toEqual([1, 3, 4]);
    expect(roles("admin/alert/setalertcreate")).toEqual([1]);
    expect(roles("admin/watchlistsymbol/create")).toEqual([1, 3, 4]);
    expect(roles("admin/trade/list")).toEqual([1, 3, 4]);
    expect(roles("admin/symbolsuggestionflow/create")).toEqual([1]);
    expect(roles("admin/reports/monthUserProfits")).toEqual([1]);
    expect(roles("admin/reports/trade/summary")).toEqual([1]);
    expect(roles("downloadPdf")).toEqual([1]);
    expect(roles("admin/all-w-hero")).toEqual([1, 2, 3, 4]);
    expect(roles("admin/chavi/bhavcopy")).toEqual([1]);
    expect(roles("admin/referencePoint/add")).toEqual([1]);
    expect(roles("getReferencePoint/{symbol}")).toEqual([1, 3, 4]);
    expect(roles("admin/user/list")).toEqual([1, 2]);
  });
});

describe.each(API_CALLS.map((call) => [`${call.method} ${call.path}`, call] as const))("%s", (_name, call) => {
  it.each(ALL_ROLES.map((role) => [role, mayCall(role, call) || Boolean(call.public)] as const))("role %i (allowed: %s)", async (role, allowed) => {
    const sample = await call.sample(fixture, role);
    const response = await dispatchApi(apiRequest(call, sample, { token: await tokenFor(role) }), t.context);
    const answer = await readAnswer(call, response);
    if (!allowed) {
      expect(response.status, JSON.stringify(answer)).toBe(403);
      expect(errorShape.safeParse(answer).success).toBe(true);
      return;
    }
    expect(response.status, JSON.stringify(answer).slice(0, 500)).toBe(call.status);
    const shape = call.response.safeParse(answer);
    expect(shape.success, shape.success ? "" : JSON.stringify(shape.error.issues).slice(0, 500)).toBe(true);
  });

  it.runIf(!call.public)("answers 401 Invalid token without a token or with an unknown one", async () => {
    const sample = await call.sample(fixture, 1);
    for (const token of [undefined, "not-a-session-token-at-all"]) {
      const response = await dispatchApi(apiRequest(call, sample, { token }), t.context);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Invalid token" });
    }
  });

  it.runIf(Boolean(call.invalid))("answers bad input (body or query) with 400 and the form's message in errors[0].msg", async () => {
    const role = call.public ? 4 : ALL_ROLES.find((r) => mayCall(r, call))!;
    const sample = await call.sample(fixture, role);
    const bad = call.invalid!.query ? { ...sample, query: call.invalid!.query } : sample;
    const response = await dispatchApi(apiRequest(call, bad, { token: await tokenFor(role), body: call.invalid!.body }), t.context);
    const answer = (await response.json()) as { errors: { msg: string }[] };
    expect(response.status).toBe(400);
    expect(answer.errors[0].msg).toBe(call.invalid!.message);
  });

  it.runIf(Boolean(call.documentedMethod))("answers the documents' method with 405 and the method to use", async () => {
    const role = ALL_ROLES.find((r) => mayCall(r, call))!;
    const sample = await call.sample(fixture, role);
    const response = await dispatchApi(apiRequest(call, sample, { token: await tokenFor(role), method: call.documentedMethod }), t.context);
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toContain(call.method);
    expect(((await response.json()) as { message: string }).message).toContain(call.method);
  });
});
