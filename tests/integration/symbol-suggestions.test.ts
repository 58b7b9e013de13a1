// Symbol Suggestion Flow through its real loaders and actions: the documents' messages, CRUD,
// role 1 only, and the NIFTY-I suggestion that drives the top bar's trend badge.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { symbolSuggestions } from "~/db/schema";
import { loader as listLoader } from "~/routes/_journal+/SymbolSuggestionFlow";
import { action as newAction } from "~/routes/_journal+/SymbolSuggestionFlow.new";
import { loader as editLoader, action as editAction } from "~/routes/_journal+/SymbolSuggestionFlow.$id.edit";
import { action as deleteAction } from "~/routes/_journal+/SymbolSuggestionFlow.$id.delete";
import { getLatestTrend } from "~/models/symbol-suggestion.server";
import { SELECT_SCRIPT, SELECT_VALID_TREND, SUGGESTION_CREATED, SUGGESTION_DELETED, SUGGESTION_UPDATED } from "~/schemas/symbol-suggestion";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";
import { createSymbol, uniqueCode } from "../support/market";
import { toastMessage } from "../support/admin";

let t: TestContext;
let adminCookie: string;
let nifty: { id: number; symbolCode: string };
let other: { id: number; symbolCode: string };

beforeAll(async () => {
  t = await createTestContext();
  const admin = await createUser(t.context.db, { roleId: 1 });
  adminCookie = await sessionCookieFor(t.context, admin.id);
  nifty = await createSymbol(t.context.db, "NIFTY-I");
  other = await createSymbol(t.context.db, uniqueCode("SUG"));
});
afterAll(async () => {
  await t?.close();
});

const add = (fields: Record<string, string>, cookie = adminCookie) =>
  call(newAction, formRequest("/SymbolSuggestionFlow/new", fields, { cookie }), t.context);

async function errors(res: Response) {
  expect(res.status).toBe(400);
  return ((await res.json()) as { error: Record<string, string[]> }).error;
}

describe("Symbol Suggestion Flow", () => {
  it("starts with an empty list", async () => {
    const res = await call(listLoader, getRequest("/SymbolSuggestionFlow", { cookie: adminCookie }), t.context);
    expect(((await res.json()) as { rows: unknown[]; total: number }).total).toBe(0);
  });

  it("asks for a script and a valid trend, and stores nothing", async () => {
    expect((await errors(await add({ trends: "Buy" }))).symbolId).toEqual([SELECT_SCRIPT]);
    expect((await errors(await add({ symbolId: String(nifty.id), trends: "Up" }))).trends).toEqual([SELECT_VALID_TREND]);
    expect((await errors(await add({ symbolId: String(nifty.id) }))).trends).toEqual([SELECT_VALID_TREND]);
    expect((await errors(await add({ symbolId: "999999", trends: "Buy" }))).symbolId).toEqual([SELECT_SCRIPT]);
    expect(await t.context.db.select().from(symbolSuggestions)).toEqual([]);
  });

  it("adds, edits and deletes; the NIFTY-I suggestion sets the trend badge", async () => {
    const created = await add({ symbolId: String(nifty.id), trends: "Sell" });
    expect(await toastMessage(t.context.cookies, created)).toBe(SUGGESTION_CREATED);
    expect(await getLatestTrend(t.context.db, "NIFTY-I")).toBe("Sell");
    const [row] = await t.context.db.select().from(symbolSuggestions);
    const params = { id: String(row.id) };
    const form = await call(editLoader, getRequest(`/SymbolSuggestionFlow/${row.id}/edit`, { cookie: adminCookie }), t.context, params);
    expect(((await form.json()) as { suggestion: { symbolCode: string; trends: string } }).suggestion).toMatchObject({ symbolCode: "NIFTY-I", trends: "Sell" });
    const badTrend = await call(editAction, formRequest(`/SymbolSuggestionFlow/${row.id}/edit`, { symbolId: String(nifty.id), trends: "" }, { cookie: adminCookie }), t.context, params);
    expect((await errors(badTrend)).trends).toEqual([SELECT_VALID_TREND]);
    const updated = await call(editAction, formRequest(`/SymbolSuggestionFlow/${row.id}/edit`, { symbolId: String(nifty.id), trends: "Neutral" }, { cookie: adminCookie }), t.context, params);
    expect(await toastMessage(t.context.cookies, updated)).toBe(SUGGESTION_UPDATED);
    expect(await getLatestTrend(t.context.db, "NIFTY-I")).toBe("Neutral");
    // A suggestion for another symbol leaves the badge alone.
    await add({ symbolId: String(other.id), trends: "Buy" });
    expect(await getLatestTrend(t.context.db, "NIFTY-I")).toBe("Neutral");
    const deleted = await call(deleteAction, formRequest(`/SymbolSuggestionFlow/${row.id}/delete`, {}, { cookie: adminCookie }), t.context, params);
    expect(await toastMessage(t.context.cookies, deleted)).toBe(SUGGESTION_DELETED);
    expect(await t.context.db.select().from(symbolSuggestions).where(eq(symbolSuggestions.id, row.id))).toEqual([]);
    expect(await getLatestTrend(t.context.db, "NIFTY-I")).toBeNull();
    const again = await call(deleteAction, formRequest(`/SymbolSuggestionFlow/${row.id}/delete`, {}, { cookie: adminCookie }), t.context, params);
    expect(again.status).toBe(404);
  });

  it("pages by 20", async () => {
    for (let i = 0; i < 21; i++) await add({ symbolId: String(other.id), trends: "Buy" });
    const page2 = await call(listLoader, getRequest("/SymbolSuggestionFlow?page=2", { cookie: adminCookie }), t.context);
    const data = (await page2.json()) as { rows: unknown[]; total: number };
    expect(data.total).toBe(22);
    expect(data.rows.length).toBe(2);
  });

  it("is role 1's alone: an employee is sent to /login and stores nothing", async () => {
    const employee = await createUser(t.context.db, { roleId: 3 });
    const cookie = await sessionCookieFor(t.context, employee.id);
    const before = (await t.context.db.select().from(symbolSuggestions)).length;
    const res = await add({ symbolId: String(nifty.id), trends: "Buy" }, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect((await t.context.db.select().from(symbolSuggestions)).length).toBe(before);
  });
});
