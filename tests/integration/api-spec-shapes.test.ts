// A client written to the specification, unchanged: its requests are sent as the documents write
// them (/work/shared/spec admin-console.md §3 and §7, trading-dashboard.md §3 and §7, quoted beside
// each one) and its answers are read by the documented field names and types. Issue 19, defect 7
// and the unknown-symbol-id integrity item; docs/decisions/144.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dispatchApi } from "~/api/dispatch.server";
import { buildOpenApiDocument } from "~/api/openapi.server";
import { API_CALLS } from "~/api/table.server";
import { chaviUsers, subscriptionDetails, subscriptions, trades, userSectors, userSymbols, users } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import { createAuthSession } from "~/models/auth-session.server";
import { createChavi } from "~/models/chavi-admin.server";
import { createTrade } from "~/models/trade.server";
import { saveReferencePoints } from "~/models/reference-point.server";
import { action as newUserAction } from "~/routes/_admin+/users.new";
import { action as editUserAction } from "~/routes/_admin+/users.$id.edit";
import { createSectorRow, createSymbolRow } from "../support/admin";
import { createTestContext, type TestContext } from "../support/context";
import { createUser } from "../support/factories";
import { call, formRequest, ORIGIN, sessionCookieFor } from "../support/requests";

let t: TestContext;
const ids = {} as Record<RoleId, number>;
let sectorA: { id: number };
let sectorB: { id: number };
let symA: { id: number; symbolCode: string };
let symB: { id: number; symbolCode: string };
/** Ids no row has: far past anything a test database reaches. */
const UNKNOWN_SYMBOL = 2_000_000_001;
const UNKNOWN_SECTOR = 2_000_000_002;

beforeAll(async () => {
  t = await createTestContext();
  for (const role of [1, 2, 3, 4] as RoleId[]) ids[role] = (await createUser(t.context.db, { roleId: role })).id;
  sectorA = await createSectorRow(t.context.db, `Spec A ${Date.now()}`);
  sectorB = await createSectorRow(t.context.db, `Spec B ${Date.now()}`);
  symA = await createSymbolRow(t.context.db, sectorA.id, `SPECA${Date.now() % 100000}`);
  symB = await createSymbolRow(t.context.db, sectorB.id, `SPECB${Date.now() % 100000}`);
});
afterAll(async () => {
  await t?.close();
});

async function send(role: RoleId, method: string, path: string, json?: unknown) {
  const token = (await createAuthSession(t.context.db, ids[role])).id;
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (json !== undefined) headers["Content-Type"] = "application/json";
  const res = await dispatchApi(new Request(ORIGIN + path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) }), t.context);
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a client reads the answer by name
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

async function userCount() {
  return (await t.context.db.select({ id: users.id }).from(users)).length;
}

async function subscriptionOf(userId: number) {
  const symbolRows = await t.context.db.select().from(userSymbols).where(eq(userSymbols.userId, userId));
  const sectorRows = await t.context.db.select().from(userSectors).where(eq(userSectors.userId, userId));
  return {
    symbols: symbolRows.map((r) => [r.symbolId, r.sectorId]).sort(),
    sectors: sectorRows.map((r) => r.sectorId).sort(),
  };
}

describe("admin/user/create and admin/user/update with the documents' body", () => {
  // admin-console.md §7: "POST admin/user/create and POST admin/user/update: the form plus symbol_id
  // (list of symbol_id and sector_id) and sector_id (list of ids or null)."
  const createBody = (extra: Record<string, unknown> = {}) => ({
    name: "Spec Customer",
    username: `spec_${unique()}`,
    email: `spec.${unique()}@example.test`,
    password: "long-enough-1",
    role_id: 4,
    symbol_id: [
      { symbol_id: symA.id, sector_id: sectorA.id },
      { symbol_id: symB.id, sector_id: sectorB.id },
    ],
    sector_id: null,
    ...extra,
  });

  it("creates with symbol_id as {symbol_id, sector_id} pairs and sector_id null (201), storing each symbol with its sector", async () => {
    const res = await send(1, "POST", "/api/admin/user/create", createBody());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 201, message: "User saved successfully", data: { id: expect.any(Number) } });
    const stored = await subscriptionOf(res.body.data.id);
    expect(stored.symbols).toEqual([[symA.id, sectorA.id], [symB.id, sectorB.id]].sort());
    expect(stored.sectors).toEqual([sectorA.id, sectorB.id].sort());
  });

  it("creates with sector_id as a list of ids", async () => {
    const res = await send(1, "POST", "/api/admin/user/create", createBody({ symbol_id: [{ symbol_id: symA.id, sector_id: sectorA.id }], sector_id: [sectorA.id, sectorB.id] }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await subscriptionOf(res.body.data.id)).sectors).toEqual([sectorA.id, sectorB.id].sort());
  });

  it("stores a symbol with its own sector, not the sector_id sent beside it", async () => {
    const res = await send(1, "POST", "/api/admin/user/create", createBody({ symbol_id: [{ symbol_id: symA.id, sector_id: sectorB.id }] }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await subscriptionOf(res.body.data.id)).symbols).toEqual([[symA.id, sectorA.id]]);
  });

  it("updates with the same shapes (200) and rewrites the subscription", async () => {
    const target = await createUser(t.context.db, { roleId: 3 });
    const res = await send(1, "POST", "/api/admin/user/update", {
      id: target.id,
      name: "Spec Employee",
      username: `spece_${unique()}`,
      email: `spece.${unique()}@example.test`,
      role_id: 3,
      status: 1,
      symbol_id: [{ symbol_id: symB.id, sector_id: sectorB.id }],
      sector_id: null,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ status: 200, message: "User saved successfully" });
    expect(await subscriptionOf(target.id)).toEqual({ symbols: [[symB.id, sectorB.id]], sectors: [sectorB.id] });
  });

  it("keeps the stored status when the update body has none", async () => {
    const target = await createUser(t.context.db, { roleId: 4 });
    const res = await send(1, "POST", "/api/admin/user/update", {
      id: target.id,
      name: "No Status",
      username: `specn_${unique()}`,
      email: `specn.${unique()}@example.test`,
      role_id: 4,
      symbol_id: [{ symbol_id: symA.id, sector_id: sectorA.id }],
      sector_id: null,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await t.context.db.select({ status: users.status, name: users.name }).from(users).where(eq(users.id, target.id));
    expect(row).toEqual({ status: true, name: "No Status" });
  });

  it("refuses an unknown symbol id with 400 naming it on symbol_id, and writes nothing", async () => {
    const before = await userCount();
    const body = createBody({ symbol_id: [{ symbol_id: symA.id, sector_id: sectorA.id }, { symbol_id: UNKNOWN_SYMBOL, sector_id: sectorA.id }] });
    const res = await send(1, "POST", "/api/admin/user/create", body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({ msg: `Unknown symbol id: ${UNKNOWN_SYMBOL}`, path: "symbol_id" });
    expect(await userCount()).toBe(before);
    expect(await t.context.db.select().from(users).where(eq(users.email, body.email as string))).toEqual([]);
  });

  it("names every unknown symbol id, and refuses an unknown sector id on sector_id", async () => {
    const two = await send(1, "POST", "/api/admin/user/create", createBody({ symbol_id: [UNKNOWN_SYMBOL + 1, UNKNOWN_SYMBOL] }));
    expect(two.status).toBe(400);
    expect(two.body.errors[0].msg).toBe(`Unknown symbol ids: ${UNKNOWN_SYMBOL}, ${UNKNOWN_SYMBOL + 1}`);
    const sector = await send(1, "POST", "/api/admin/user/create", createBody({ sector_id: [UNKNOWN_SECTOR] }));
    expect(sector.status).toBe(400);
    expect(sector.body.errors[0]).toEqual({ msg: `Unknown sector id: ${UNKNOWN_SECTOR}`, path: "sector_id" });
  });

  it("refuses an update with an unknown symbol id and keeps the stored account and subscription", async () => {
    const target = await createUser(t.context.db, { roleId: 4, name: "Kept Name" });
    await t.context.db.insert(userSymbols).values({ userId: target.id, symbolId: symA.id, sectorId: sectorA.id });
    const res = await send(1, "POST", "/api/admin/user/update", {
      id: target.id,
      name: "Changed Name",
      username: `specx_${unique()}`,
      email: `specx.${unique()}@example.test`,
      role_id: 4,
      status: 1,
      symbol_id: [{ symbol_id: UNKNOWN_SYMBOL, sector_id: sectorA.id }],
      sector_id: null,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({ msg: `Unknown symbol id: ${UNKNOWN_SYMBOL}`, path: "symbol_id" });
    const [row] = await t.context.db.select({ name: users.name }).from(users).where(eq(users.id, target.id));
    expect(row.name).toBe("Kept Name");
    expect((await subscriptionOf(target.id)).symbols).toEqual([[symA.id, sectorA.id]]);
  });
});

describe("the user pages refuse unknown ids the same way", () => {
  const fields = (overrides: Record<string, string | string[]> = {}) => ({
    intent: "save",
    name: "Page User",
    username: `page_${unique()}`,
    email: `page.${unique()}@example.test`,
    password: "long-enough-1",
    roleId: "4",
    symbolIds: [String(symA.id), String(UNKNOWN_SYMBOL)],
    ...overrides,
  });

  it("/users/new answers 400 with the message under the symbols and stores no user", async () => {
    const cookie = await sessionCookieFor(t.context, ids[1]);
    const before = await userCount();
    const res = await call(newUserAction, formRequest("/users/new", fields(), { cookie }), t.context);
    expect(res.status).toBe(400);
    expect((await res.json()).error.symbolIds).toEqual([`Unknown symbol id: ${UNKNOWN_SYMBOL}`]);
    expect(await userCount()).toBe(before);
  });

  it("/users/:id/edit answers 400 and keeps the subscription", async () => {
    const cookie = await sessionCookieFor(t.context, ids[1]);
    const target = await createUser(t.context.db, { roleId: 4 });
    await t.context.db.insert(userSymbols).values({ userId: target.id, symbolId: symB.id, sectorId: sectorB.id });
    const { password: _password, ...edit } = fields({ status: "on", sectorIds: [String(UNKNOWN_SECTOR)] });
    const res = await call(editUserAction, formRequest(`/users/${target.id}/edit`, edit, { cookie }), t.context, { id: String(target.id) });
    expect(res.status).toBe(400);
    const error = (await res.json()).error;
    expect(error.symbolIds).toEqual([`Unknown symbol id: ${UNKNOWN_SYMBOL}`]);
    expect(error.sectorIds).toEqual([`Unknown sector id: ${UNKNOWN_SECTOR}`]);
    expect((await subscriptionOf(target.id)).symbols).toEqual([[symB.id, sectorB.id]]);
    const subs = await t.context.db.select().from(subscriptions).where(eq(subscriptions.userId, target.id));
    expect(subs).toEqual([]);
    const details = await t.context.db.select().from(subscriptionDetails).where(inArray(subscriptionDetails.symbolId, [UNKNOWN_SYMBOL]));
    expect(details).toEqual([]);
  });
});

describe("GET admin/user/list: the documents' User rows", () => {
  // admin-console.md §3: "User: id, name, username, email, password, role_id, status, loginTimestamp, sector_id (list),
  // symbol_id (list of symbol_id and sector_id pairs), subscriptionmsts[] (user_id, date_expired, date_subscribed,
  // subscriptiondetails[] with symbol_id and sector_id), usersymbols[] (user_id, symbol_id, sector_id), chavimst_records (assigned keys)."
  it("answers each row's subscription, symbols, sectors and keys under the documented names, never the password", async () => {
    const created = await send(1, "POST", "/api/admin/user/create", {
      name: "Listed Customer",
      username: `listed_${unique()}`,
      email: `listed.${unique()}@example.test`,
      password: "long-enough-1",
      role_id: 4,
      symbol_id: [{ symbol_id: symA.id, sector_id: sectorA.id }],
      sector_id: [sectorB.id],
      dateSubscribed: "2026-02-01",
      dateExpired: "2026-12-31",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    const name = `LISTKEY${unique()}`;
    const keyId = await createChavi(t.context.db, { name, displayName: "Listed key", description: "", type: "minus", srNo: 1, isactive: true, userIds: [id] });

    const res = await send(1, "GET", "/api/admin/user/list?role_id=4&pageSize=100");
    expect(res.status).toBe(200);
    const row = res.body.data.find((u: { id: number }) => u.id === id);
    expect(row).toMatchObject({ id, name: "Listed Customer", role_id: 4, status: true, loginTimestamp: null });
    expect(row).not.toHaveProperty("password");
    expect(row).not.toHaveProperty("passwordHash");
    expect(row.sector_id).toEqual([sectorA.id, sectorB.id].sort((a, b) => a - b));
    expect(row.symbol_id).toEqual([{ symbol_id: symA.id, sector_id: sectorA.id }]);
    expect(row.subscriptionmsts).toEqual([
      { user_id: id, date_subscribed: "2026-02-01", date_expired: "2026-12-31", subscriptiondetails: [{ symbol_id: symA.id, sector_id: sectorA.id }] },
    ]);
    expect(row.usersymbols).toEqual([{ user_id: id, symbol_id: symA.id, sector_id: sectorA.id }]);
    expect(row.chavimst_records).toEqual([{ id: keyId, name, displayName: "Listed key" }]);
  });
});

describe("GET admin/trade/list/{userId}?active=all", () => {
  // admin-console.md §7: "GET admin/trade/list/{userId}?currentPage&pageSize=20&startDate&endDate&active&userId&symbolId";
  // §2 Trade Report: "active state (All, Active, De-Active)"; the summary takes the same values.
  it("lists open and closed trades alike (200), as the summary accepts it", async () => {
    const owner = ids[4];
    await t.context.db.insert(userSymbols).values({ userId: owner, symbolId: symA.id, sectorId: sectorA.id });
    const open = await createTrade(t.context.db, owner, { symbolId: symA.id, tradeType: "BUY", quantity: 1, buyPrice: 100, sellPrice: 0, targetPrice: 0, slPrice: 0, description: "", reasonToTrade: "" });
    const closed = await createTrade(t.context.db, owner, { symbolId: symA.id, tradeType: "BUY", quantity: 1, buyPrice: 100, sellPrice: 0, targetPrice: 0, slPrice: 0, description: "", reasonToTrade: "" });
    await t.context.db.update(trades).set({ status: false, sellPrice: 101, exitDateTime: new Date() }).where(eq(trades.id, closed.id));

    const all = await send(4, "GET", `/api/admin/trade/list/${owner}?currentPage=1&pageSize=20&active=all`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const listed = all.body.data.rows.map((r: { id: number }) => r.id);
    expect(listed).toEqual(expect.arrayContaining([open.id, closed.id]));
    const onlyOpen = await send(4, "GET", `/api/admin/trade/list/${owner}?currentPage=1&pageSize=20&active=1`);
    expect(onlyOpen.body.data.rows.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([open.id]));
    expect(onlyOpen.body.data.rows.map((r: { id: number }) => r.id)).not.toContain(closed.id);

    const summary = await send(1, "GET", "/api/admin/reports/trade/summary?startDate=2020-01-01&endDate=2030-12-31&active=all");
    expect(summary.status).toBe(200);
    expect((await send(1, "GET", `/api/admin/trade/list/${ids[1]}?active=all`)).status).toBe(200);
  });

  it("still refuses a value that is no state", async () => {
    const res = await send(1, "GET", `/api/admin/trade/list/${ids[1]}?active=maybe`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toBe("Please send active all, 1 or 0");
  });
});

describe("answers in the documents' shapes", () => {
  it("admin/chavi/list: each key carries userId (its users) and status, with created_at and updated_at", async () => {
    // admin-console.md §3: "Chavi (key): id, name, displayName, type, srNo, description, isactive (boolean),
    // userId (list of user ids), status, created_at, updated_at."
    const name = `SPECKEY${unique()}`;
    const id = await createChavi(t.context.db, { name, displayName: name, description: "", type: "plus", srNo: 7, isactive: true, userIds: [ids[4], ids[3]] });
    const res = await send(1, "GET", "/api/admin/chavi/list");
    expect(res.status).toBe(200);
    const row = res.body.data.find((k: { id: number }) => k.id === id);
    expect(row).toMatchObject({ id, name, displayName: name, type: "plus", srNo: 7, description: "", isactive: true, status: true });
    expect(row.userId).toEqual([ids[3], ids[4]].sort((a, b) => a - b));
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(row.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const assigned = await t.context.db.select().from(chaviUsers).where(eq(chaviUsers.chaviId, id));
    expect(assigned).toHaveLength(2);
  });

  it("messages/send/all and messages/broadcast/all: a broadcast is {user: {name}, message, created_at}", async () => {
    // admin-console.md §3: "Broadcast message: user.name, message, created_at." §7: "GET messages/broadcast/all: messages[]."
    const [admin] = await t.context.db.select({ name: users.name }).from(users).where(eq(users.id, ids[1]));
    const sent = await send(1, "POST", "/api/messages/send/all", { message: "Spec broadcast" });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ message: "Spec broadcast", user: { name: admin.name } });
    expect(sent.body.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const list = await send(4, "GET", "/api/messages/broadcast/all");
    expect(list.body.messages[0]).toMatchObject({ message: "Spec broadcast", user: { name: admin.name }, created_at: sent.body.data.created_at });
  });

  it("messages/add: sender and receiver are {id, name, role_id}", async () => {
    // admin-console.md §3: "Message: id, message, senderId, receiverId, sender and receiver (id, name, role_id), createdAt, emp flag."
    const res = await send(4, "POST", "/api/messages/admin/add", { message: "How may I help you ?" });
    expect(res.status).toBe(201);
    const support = res.body.data.receiverId;
    const posted = await send(4, "POST", "/api/messages/add", { message: "Spec question", receiverId: support });
    expect(posted.status).toBe(201);
    expect(posted.body.data.sender).toEqual({ id: ids[4], name: expect.any(String), role_id: 4 });
    expect(posted.body.data.receiver).toEqual({ id: support, name: expect.any(String), role_id: 1 });
    expect(posted.body.data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const conversation = await send(4, "GET", `/api/messages/${support}`);
    expect(conversation.body.data.at(-1).sender.role_id).toBe(4);
  });

  it("admin/calender/list: the five day flags are 0 or 1", async () => {
    // admin-console.md §3: "Calendar entry: id, segment, note, date, isWeekFirstDay, isWeekLastDay, isHoliday,
    // isMonthFirstDay, isMonthLastDay (each 0 or 1), created_at, updated_at."
    const created = await send(1, "POST", "/api/admin/calender/create", { segment: "NSE", note: "Spec holiday", date: "2039-01-26", isWeekFirstDay: 0, isWeekLastDay: 0, isHoliday: 1, isMonthFirstDay: 0, isMonthLastDay: 1 });
    expect(created.status).toBe(201);
    const res = await send(1, "GET", "/api/admin/calender/list?currentPage=1&pageSize=20");
    const row = res.body.data.rows.find((r: { id: number }) => r.id === created.body.data.id);
    expect(row).toMatchObject({ segment: "NSE", note: "Spec holiday", date: "2039-01-26", isWeekFirstDay: 0, isWeekLastDay: 0, isHoliday: 1, isMonthFirstDay: 0, isMonthLastDay: 1 });
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(row.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("users/setting/list: each setting is {id, name, value}, and posting one back as listed is accepted", async () => {
    // admin-console.md §3: "Setting: id, name, value." §7: "POST users/setting/add {name, value, id}: message."
    const first = await send(3, "GET", "/api/users/setting/list");
    const theme = first.body.data.find((s: { name: string }) => s.name === "Theme");
    expect(theme).toEqual({ id: null, name: "Theme", value: "light" });
    expect((await send(3, "POST", "/api/users/setting/add", { ...theme, value: "dark" })).status).toBe(200);
    const saved = (await send(3, "GET", "/api/users/setting/list")).body.data.find((s: { name: string }) => s.name === "Theme");
    expect(saved).toEqual({ id: expect.any(Number), name: "Theme", value: "dark" });
    expect((await send(3, "POST", "/api/users/setting/add", { name: saved.name, value: "light", id: saved.id })).status).toBe(200);
  });

  it("reference points: targets carry isActive on the admin list and id on a symbol's list; active=all lists both", async () => {
    // admin-console.md §3: "Reference point (target): id, symbol_code, point_name, price, display_name, date, slPrice, isActive."
    // trading-dashboard.md §3: "Reference/target point: id, point_name (...), price."
    const pointName = `SPEC_POINT_${unique().toUpperCase()}`;
    await saveReferencePoints(t.context.db, [{ symbolId: symA.id, pointName, displayName: pointName, price: 123, slPrice: null, date: null }]);
    const all = await send(1, "GET", `/api/admin/referencePoint/all?symbol_code=${symA.symbolCode}&active=all`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const row = all.body.targets.find((p: { point_name: string }) => p.point_name === pointName);
    expect(row).toMatchObject({ symbol_code: symA.symbolCode, point_name: pointName, price: 123, display_name: pointName, isActive: true });
    const active = await send(1, "GET", `/api/admin/referencePoint/all?symbol_code=${symA.symbolCode}&active=1`);
    expect(active.body.targets.map((p: { id: number }) => p.id)).toContain(row.id);
    const chart = await send(1, "GET", `/api/admin/referencePoint/${symA.symbolCode}`);
    expect(chart.body.targets).toContainEqual({ id: row.id, point_name: pointName, display_name: pointName, price: 123 });
  });
});

describe("the trading area's entities", () => {
  it("admin/sector/list rows are the documents' Sector", async () => {
    // admin-console.md §3: "Sector: id, sector_name, description, status, created_at, updated_at."
    const res = await send(1, "GET", "/api/admin/sector/list");
    const row = res.body.data.find((r: { id: number }) => r.id === sectorA.id);
    expect(row).toMatchObject({ id: sectorA.id, sector_name: expect.any(String), description: "test sector", status: true });
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(row.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("admin/symbol/list?status=true rows carry sector_id", async () => {
    // trading-dashboard.md §3: "Symbol: id or symbol_id, symbol_code, sector_id."
    const res = await send(3, "GET", "/api/admin/symbol/list?status=true");
    expect(res.body.data).toContainEqual(expect.objectContaining({ id: symA.id, symbol_code: symA.symbolCode, sector_id: sectorA.id }));
  });

  it("admin/trade/list rows carry the documents' Trade fields", async () => {
    // trading-dashboard.md §3: "Trade: id (also tradeId), userId, user.username, symbolId, symbol or symbolmst.symbol_code, tradeType,
    // quantity, buyPrice, sellPrice, targetPrice, slPrice, description, reasonToTrade, tradeDateTime, createdDateTimeStamp, exitDateTime,
    // updatedDatetimeStamp, status (...), currentPrice, isVerified, username, role."
    const trade = await createTrade(t.context.db, ids[3], { symbolId: symB.id, tradeType: "SELL", quantity: 2, buyPrice: 0, sellPrice: 50, targetPrice: 40, slPrice: 55, description: "why", reasonToTrade: "breakdown" });
    const res = await send(3, "GET", `/api/admin/trade/list/${ids[3]}?active=all`);
    const row = res.body.data.rows.find((r: { id: number }) => r.id === trade.id);
    const [owner] = await t.context.db.select({ username: users.username }).from(users).where(eq(users.id, ids[3]));
    expect(row).toMatchObject({
      id: trade.id,
      tradeId: trade.id,
      userId: ids[3],
      username: owner.username,
      user: { username: owner.username },
      role: 3,
      symbolId: symB.id,
      symbolmst: { symbol_code: symB.symbolCode },
      tradeType: "SELL",
      quantity: 2,
      sellPrice: 50,
      description: "why",
      reasonToTrade: "breakdown",
      status: true,
      isVerified: false,
    });
    expect(row.createdDateTimeStamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(row.updatedDatetimeStamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("admin/alert/list rows carry createdBy", async () => {
    // trading-dashboard.md §3: "Alert: id, name, symbolId, price, condition, viewType, description, note, alertType,
    // isMasterAlert (0/1), isChaviAlert (0/1), createdBy." §7: "createdBy 'Admin'".
    const created = await send(1, "POST", "/api/admin/alert/create", {
      name: "Spec alert", symbolId: symA.id, price: 100, condition: "Greater than", viewType: ["Notify in App"], description: "d", note: "", isMasterAlert: 0, isChaviAlert: 0, createdBy: "Admin",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const list = await send(1, "GET", "/api/admin/alert/list");
    expect(list.body.data.find((a: { id: number }) => a.id === created.body.data.id)).toMatchObject({ name: "Spec alert", isMasterAlert: 0, isChaviAlert: 0, createdBy: "Admin" });
  });
});

describe("the OpenAPI document says the same", () => {
  const doc = buildOpenApiDocument(API_CALLS) as unknown as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>> };
  const text = (value: unknown) => JSON.stringify(value);

  it("publishes symbol_id items as ids or {symbol_id, sector_id} pairs and sector_id as a list or null", () => {
    for (const path of ["/api/admin/user/create", "/api/admin/user/update"]) {
      const schema = doc.paths[path].post.requestBody!.content["application/json"].schema as { properties: Record<string, unknown> };
      expect(text(schema.properties.symbol_id)).toContain('"symbol_id"');
      expect(text(schema.properties.symbol_id)).toContain('"sector_id"');
      expect(text(schema.properties.sector_id)).toContain('"null"');
    }
  });

  it("publishes the answers' documented names and types", () => {
    const ok = (path: string, method = "get") => text(doc.paths[path][method].responses["200"]?.content?.["application/json"].schema ?? doc.paths[path][method].responses["201"].content?.["application/json"].schema);
    expect(ok("/api/admin/chavi/list")).toContain('"userId"');
    expect(ok("/api/admin/chavi/list")).toContain('"created_at"');
    expect(ok("/api/admin/calender/list")).toMatch(/"isHoliday":\{"anyOf":\[\{"type":"number","const":0\},\{"type":"number","const":1\}\]\}/);
    expect(ok("/api/users/setting/list")).toContain('"id"');
    expect(ok("/api/messages/broadcast/all")).toContain('"created_at"');
    expect(ok("/api/messages/send/all", "post")).toContain('"user"');
    expect(ok("/api/messages/add", "post")).toContain('"role_id"');
    expect(ok("/api/admin/referencePoint/all")).toContain('"isActive"');
    const tradeList = doc.paths["/api/admin/trade/list/{userId}"].get as unknown as { parameters: { name: string; schema: unknown }[] };
    expect(text(tradeList.parameters.find((p) => p.name === "active")?.schema)).toContain('"all"');
  });
});
