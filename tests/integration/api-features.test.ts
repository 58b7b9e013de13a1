// The second round of API calls beyond their generated contract: alerts (owner scope, the
// customer's subscription, role-1 switches, the engine told of every write), watchlists
// (another user's rows answer 404 and change nothing, the customer's subscription), the
// reports' figures (the same as the report models give the pages), and trades (the pages'
// notifications, owner scope, role-1 verification, the list's window and count) and suggestions.
import { and, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dispatchApi } from "~/api/dispatch.server";
import { alerts, calendarEntries, dayOhlc, notifications, referencePoints, symbols, symbolSuggestions, trades, users, userSymbols, watchlists, watchlistSymbols } from "~/db/schema";
import { createCalendarEntry } from "~/models/calendar.server";
import { NOT_A_REFERENCE_FILE } from "~/market/import-report";
import { NO_FILES_CHOSEN } from "~/schemas/upload";
import { upsertDailyBars } from "~/models/day-ohlc.server";
import { saveReferencePoints } from "~/models/reference-point.server";
import { istDateString } from "~/domain/dates";
import { loader as userReportLoader } from "~/routes/_reports+/reports.user";
import { loader as tradeExportLoader } from "~/routes/_reports+/reports.trade.export";
import { loader as userExportLoader } from "~/routes/_reports+/reports.user.export";
import ExcelJS from "exceljs";
import { extractText } from "unpdf";
import type { RoleId } from "~/domain/access";
import { onAlertChanges } from "~/market/engines/alert-changes.server";
import { createAuthSession } from "~/models/auth-session.server";
import { createSectorRow, createSymbolRow } from "../support/admin";
import { createTestContext, type TestContext } from "../support/context";
import { createUser, insertReportTrade, TEST_PASSWORD } from "../support/factories";
import { rowCounts } from "../support/db-snapshot";
import { failWhen } from "../support/market";
import { call, getRequest, ORIGIN, sessionCookieFor } from "../support/requests";

let t: TestContext;
const ids = {} as Record<RoleId, number>;
let otherCustomer: number;
let subscribed: { id: number; code: string };
let unsubscribed: { id: number; code: string };
let sectorId: number;
// One session per user, made before the tests, so a row count taken between calls sees only their writes.
const tokens = new Map<number, string>();

beforeAll(async () => {
  t = await createTestContext();
  for (const role of [1, 2, 3, 4] as RoleId[]) ids[role] = (await createUser(t.context.db, { roleId: role })).id;
  // The employee signs in once through the API: the sign-in history the LoginUser rows list (docs/decisions/141).
  const employee = await t.context.db.select({ email: users.email }).from(users).where(eq(users.id, ids[3]));
  const signIn = await dispatchApi(
    new Request(`${ORIGIN}/api/admin/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: employee[0].email, password: TEST_PASSWORD }) }),
    t.context,
  );
  if (signIn.status !== 200) throw new Error(`the employee's sign-in answered ${signIn.status}`);
  otherCustomer = (await createUser(t.context.db, { roleId: 4 })).id;
  const sector = await createSectorRow(t.context.db, "API features sector");
  sectorId = sector.id;
  const a = await createSymbolRow(t.context.db, sector.id, "APIFEATSUB");
  const b = await createSymbolRow(t.context.db, sector.id, "APIFEATOTHER");
  subscribed = { id: a.id, code: a.symbolCode };
  unsubscribed = { id: b.id, code: b.symbolCode };
  for (const userId of [ids[4], otherCustomer]) await t.context.db.insert(userSymbols).values({ userId, symbolId: a.id, sectorId: sector.id });
  for (const userId of [...Object.values(ids), otherCustomer]) tokens.set(userId, (await createAuthSession(t.context.db, userId)).id);
});
afterAll(async () => {
  await t?.close();
});

async function send(userId: number, method: string, path: string, json?: unknown) {
  const token = tokens.get(userId);
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (json !== undefined) headers["Content-Type"] = "application/json";
  const res = await dispatchApi(new Request(ORIGIN + path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) }), t.context);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const alertBody = (symbolId: number, extra: Record<string, unknown> = {}) => ({
  name: "Breakout",
  symbolId,
  price: 250.5,
  condition: "Greater than",
  viewType: ["Play sound"],
  description: "above the range",
  note: "",
  isMasterAlert: 1,
  isChaviAlert: 1,
  createdBy: "Admin",
  ...extra,
});

describe("alerts", () => {
  it("creates with the documents' body, keeps the master and key switches for role 1 only, and tells the engine", async () => {
    const heard: number[][] = [];
    const stop = onAlertChanges(t.context.hub, (symbolIds) => heard.push(symbolIds));
    try {
      const admin = await send(ids[1], "POST", "/api/admin/alert/create", alertBody(subscribed.id));
      expect(admin.status).toBe(201);
      expect(admin.body.message).toBe("Alert created successfully");
      const employee = await send(ids[3], "POST", "/api/admin/alert/create", alertBody(subscribed.id));
      expect(employee.status).toBe(201);
      const [a] = await t.context.db.select().from(alerts).where(eq(alerts.id, admin.body.data.id));
      const [e] = await t.context.db.select().from(alerts).where(eq(alerts.id, employee.body.data.id));
      expect([a.isMasterAlert, a.isChaviAlert, a.createdBy]).toEqual([true, true, "Admin"]);
      expect([e.isMasterAlert, e.isChaviAlert, e.createdBy]).toEqual([false, false, "User"]);
      expect(heard).toEqual([[subscribed.id], [subscribed.id]]);
      const list = await send(ids[1], "GET", "/api/admin/alert/list");
      expect(list.body.data.find((r: { id: number }) => r.id === admin.body.data.id)).toMatchObject({ symbol_code: subscribed.code, isMasterAlert: 1, isChaviAlert: 1, price: 250.5 });
    } finally {
      stop();
    }
  });

  it("lets a customer pick only a subscribed symbol (400 'Please select a symbol', nothing stored)", async () => {
    const before = await rowCounts(t.context.db);
    const refused = await send(ids[4], "POST", "/api/admin/alert/create", alertBody(unsubscribed.id));
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toEqual({ msg: "Please select a symbol", path: "symbolId" });
    expect(await rowCounts(t.context.db)).toEqual(before);
    expect((await send(ids[4], "POST", "/api/admin/alert/create", alertBody(subscribed.id))).status).toBe(201);
  });

  it("answers another user's alert with 404 on update and delete and changes nothing", async () => {
    const mine = await send(ids[4], "POST", "/api/admin/alert/create", alertBody(subscribed.id, { name: "Mine" }));
    const id = mine.body.data.id as number;
    const update = await send(otherCustomer, "POST", "/api/admin/alert/update", { id, ...alertBody(subscribed.id, { name: "Stolen" }) });
    expect(update.status).toBe(404);
    expect((await send(otherCustomer, "DELETE", `/api/admin/alert/delete/${id}?symbol=${subscribed.code}`)).status).toBe(404);
    const [row] = await t.context.db.select().from(alerts).where(eq(alerts.id, id));
    expect(row.name).toBe("Mine");
    expect((await send(ids[4], "DELETE", `/api/admin/alert/delete/${id}?symbol=${subscribed.code}`)).body.message).toBe("Alert deleted successfully");
    expect(await t.context.db.select().from(alerts).where(eq(alerts.id, id))).toEqual([]);
  });
});

describe("watchlists", () => {
  it("creates, lists in order, reorders, adds and removes symbols for the owner", async () => {
    const first = (await send(ids[3], "POST", "/api/admin/watchlist/create", { watchlist_name: "Banks" })).body.data.id as number;
    const second = (await send(ids[3], "POST", "/api/admin/watchlist/create", { watchlist_name: "Metals" })).body.data.id as number;
    const names = async () => (await send(ids[3], "GET", "/api/admin/watchlist/list")).body.data.map((w: { watchlist_name: string }) => w.watchlist_name);
    expect(await names()).toEqual(["Banks", "Metals"]);
    expect((await send(ids[3], "POST", "/api/admin/watchlist/sequence", { watchlists: [second, first] })).status).toBe(200);
    expect(await names()).toEqual(["Metals", "Banks"]);
    const added = await send(ids[3], "POST", "/api/admin/watchlistsymbol/create", { watchlist_id: first, symbol_id: unsubscribed.id, sector_id: 999 });
    expect(added.status).toBe(201);
    expect((await send(ids[3], "POST", "/api/admin/watchlistsymbol/create", { watchlist_id: first, symbol_id: unsubscribed.id })).body.message).toBe(
      "This symbol is already in the watchlist",
    );
    const listed = await send(ids[3], "GET", `/api/admin/watchlistsymbol/list/${first}`);
    // The symbol's own sector is stored, not the one sent.
    expect(listed.body.data).toEqual([{ watchlist_id: first, symbol_id: unsubscribed.id, sector_id: sectorId, symbolmst: { symbol_code: unsubscribed.code } }]);
    expect((await send(ids[3], "DELETE", `/api/admin/watchlistsymbol/${first}/${unsubscribed.id}`)).status).toBe(200);
    expect((await send(ids[3], "GET", `/api/admin/watchlistsymbol/list/${first}`)).body.data).toEqual([]);
    expect((await send(ids[3], "DELETE", `/api/admin/watchlist/${second}`)).status).toBe(200);
    expect(await names()).toEqual(["Banks"]);
  });

  it("answers another user's watchlist with 404 everywhere and changes nothing", async () => {
    const theirs = (await send(otherCustomer, "POST", "/api/admin/watchlist/create", { watchlist_name: "Private" })).body.data.id as number;
    await send(otherCustomer, "POST", "/api/admin/watchlistsymbol/create", { watchlist_id: theirs, symbol_id: subscribed.id });
    const before = await rowCounts(t.context.db);
    expect((await send(ids[4], "GET", `/api/admin/watchlistsymbol/list/${theirs}`)).status).toBe(404);
    expect((await send(ids[4], "POST", "/api/admin/watchlistsymbol/create", { watchlist_id: theirs, symbol_id: subscribed.id })).status).toBe(404);
    expect((await send(ids[4], "DELETE", `/api/admin/watchlistsymbol/${theirs}/${subscribed.id}`)).status).toBe(404);
    expect((await send(ids[4], "POST", "/api/admin/watchlist/sequence", { watchlists: [theirs] })).status).toBe(404);
    expect((await send(ids[4], "DELETE", `/api/admin/watchlist/${theirs}`)).status).toBe(404);
    expect(await rowCounts(t.context.db)).toEqual(before);
    expect(await t.context.db.select().from(watchlists).where(eq(watchlists.id, theirs))).toHaveLength(1);
    expect(await t.context.db.select().from(watchlistSymbols).where(eq(watchlistSymbols.watchlistId, theirs))).toHaveLength(1);
  });

  it("gives a customer only its subscription: adding another symbol is refused, an old entry is not listed", async () => {
    const list = (await send(ids[4], "POST", "/api/admin/watchlist/create", { watchlist_name: "Mine" })).body.data.id as number;
    const refused = await send(ids[4], "POST", "/api/admin/watchlistsymbol/create", { watchlist_id: list, symbol_id: unsubscribed.id });
    expect(refused).toMatchObject({ status: 400, body: { errors: [{ msg: `${unsubscribed.code} is not in your subscription` }] } });
    // An entry from before the subscription changed stays stored but is not shown.
    await t.context.db.insert(watchlistSymbols).values({ watchlistId: list, symbolId: unsubscribed.id, sectorId });
    await send(ids[4], "POST", "/api/admin/watchlistsymbol/create", { watchlist_id: list, symbol_id: subscribed.id });
    const listed = await send(ids[4], "GET", `/api/admin/watchlistsymbol/list/${list}`);
    expect(listed.body.data.map((r: { symbol_id: number }) => r.symbol_id)).toEqual([subscribed.id]);
  });
});

describe("reports", () => {
  beforeAll(async () => {
    const day = new Date("2025-03-10T05:00:00Z");
    const trade = (userId: number, buyPrice: number, sellPrice: number, tradeDateTime = day) =>
      insertReportTrade(t.context.db, { userId, symbolId: subscribed.id, tradeType: "BUY", quantity: 10, buyPrice, sellPrice, open: false, tradeDateTime });
    await trade(ids[4], 100, 112.5); // +125
    await trade(ids[4], 100, 97); // -30
    await trade(otherCustomer, 50, 60); // +100
    await trade(otherCustomer, 50, 60, new Date("2025-05-01T05:00:00Z")); // outside March
  });
  const march = "startDate=2025-03-01&endDate=2025-03-31";

  it("sums the trade summary as the report does (closed trades, date range inclusive)", async () => {
    const summary = await send(ids[1], "GET", `/api/admin/reports/trade/summary?${march}&active=0`);
    expect(summary.body).toEqual({ status: 200, totalPNL: { totalProfit: 195 }, totalTrades: 3, totalProfitableTrade: 2, totalLossTrade: 1, totalProfit: 225, totalLoss: -30 });
    const one = await send(ids[1], "GET", `/api/admin/reports/trade/summary?${march}&userId=${ids[4]}`);
    expect(one.body).toMatchObject({ totalPNL: { totalProfit: 95 }, totalTrades: 2 });
  });

  it("lists PNL per user with tradeData, and the sector and monthly figures", async () => {
    const pnl = await send(ids[1], "GET", `/api/admin/reports/trade/pnl?${march}&userId=${ids[4]}`);
    expect(pnl.body.count).toBe(1);
    expect(pnl.body.trades[0]).toMatchObject({ user: { id: ids[4] }, tradeCount: 2, tradesCount: 1, profitTrade: 1, lossTrade: 1, totalProfit: 125, totalLoss: -30, totalPNL: 95 });
    expect(pnl.body.trades[0].tradeData.map((d: { profit: number }) => d.profit).sort()).toEqual([-30, 125]);
    const sector = await send(ids[1], "GET", `/api/admin/reports/trade/sector?${march}`);
    expect(sector.body.trades).toContainEqual({ sector_name: "API features sector", profitabletrades: 2, losstrades: 1 });
    const months = await send(ids[1], "GET", "/api/admin/reports/profits?from_date=2025-01-01&to_date=2025-12-31&role_id=4");
    expect(months.body.data).toEqual([
      { month: "2025-03", totalProfit: 195 },
      { month: "2025-05", totalProfit: 100 },
    ]);
    const perUserMonth = await send(ids[1], "GET", "/api/admin/reports/monthUserProfits?from_date=2025-05-01&to_date=2025-05-31");
    expect(perUserMonth.body.data).toHaveLength(1);
    expect(perUserMonth.body.data[0]).toMatchObject({ month: "2025-05", totalProfit: 100 });
  });

  it("answers half a date range or an end before the start with 400 and the report's message", async () => {
    const half = await send(ids[1], "GET", "/api/admin/reports/trade/summary?startDate=2025-03-01");
    expect(half).toMatchObject({ status: 400, body: { errors: [{ msg: "Please choose both a start and an end date" }] } });
    const reversed = await send(ids[1], "GET", "/api/admin/reports/users?from_date=2025-03-31&to_date=2025-03-01");
    expect(reversed).toMatchObject({ status: 400, body: { errors: [{ msg: "The end date cannot precede the start date" }] } });
  });
});

describe("trades", () => {
  const tradeBody = (symbolCode: string, extra: Record<string, unknown> = {}) => ({
    symbol_code: symbolCode,
    tradeType: "BUY",
    buyPrice: 200,
    quantity: 3,
    targetPrice: 220,
    slPrice: 190,
    description: "api",
    reasonToTrade: "test",
    ...extra,
  });

  it("creates a customer's trade on a subscribed symbol and publishes the pages' trade notifications", async () => {
    const toAudience = vi.spyOn(t.context.hub, "emitToAudience");
    try {
      const created = await send(ids[4], "POST", "/api/admin/trade/create", tradeBody(subscribed.code));
      expect(created).toMatchObject({ status: 201, body: { message: "Trade submitted successfully" } });
      const id = created.body.data.id as number;
      const [row] = await t.context.db.select().from(trades).where(eq(trades.id, id));
      expect(row).toMatchObject({ userId: ids[4], symbolId: subscribed.id, status: true, buyPrice: 200, quantity: 3 });
      expect(toAudience).toHaveBeenCalledWith({ event: "trade-notification-user", roles: [], userIds: [ids[4]] }, "trade-notification-user", expect.objectContaining({ change: "created", tradeId: id }));
      expect(toAudience).toHaveBeenCalledWith(expect.objectContaining({ roles: [1, 3], userIds: [] }), "trade-notification-admin-employee", expect.objectContaining({ change: "created", tradeId: id }));
      const stored = await t.context.db.select().from(notifications).where(eq(notifications.userId, ids[4]));
      expect(stored.some((n) => n.kind === "trade" && n.message.includes(`#${id}`))).toBe(true);
    } finally {
      toAudience.mockRestore();
    }
  });

  it("refuses a customer's unsubscribed symbol with the page's message and stores nothing", async () => {
    const before = await rowCounts(t.context.db);
    const refused = await send(ids[4], "POST", "/api/admin/trade/create", tradeBody(unsubscribed.code));
    expect(refused).toMatchObject({ status: 400, body: { errors: [{ msg: "You are not subscribed to this symbol", path: "symbol_code" }] } });
    expect(await rowCounts(t.context.db)).toEqual(before);
  });

  it("answers another customer's trade with 404 on update, status and delete, and changes nothing", async () => {
    const id = (await send(ids[4], "POST", "/api/admin/trade/create", tradeBody(subscribed.code))).body.data.id as number;
    const [before] = await t.context.db.select().from(trades).where(eq(trades.id, id));
    expect((await send(otherCustomer, "POST", "/api/admin/trade/update", { id, ...tradeBody(subscribed.code, { quantity: 99 }) })).status).toBe(404);
    expect((await send(otherCustomer, "POST", "/api/admin/trade/status", { id, status: 0 })).status).toBe(404);
    expect((await send(otherCustomer, "DELETE", `/api/admin/trade/${id}`)).status).toBe(404);
    // user_id naming someone else than the owner names no trade either.
    expect((await send(ids[1], "POST", "/api/admin/trade/status", { id, status: 0, user_id: otherCustomer })).status).toBe(404);
    const [after] = await t.context.db.select().from(trades).where(eq(trades.id, id));
    expect(after).toEqual(before);
  });

  it("lets only role 1 verify, keeps status when an edit omits it, and closes with trade/status", async () => {
    const id = (await send(ids[3], "POST", "/api/admin/trade/create", tradeBody(subscribed.code))).body.data.id as number;
    expect((await send(ids[3], "POST", "/api/admin/trade/update", { id, isVerified: 1, verification: true })).status).toBe(403);
    const toAudience = vi.spyOn(t.context.hub, "emitToAudience");
    try {
      const verified = await send(ids[1], "POST", "/api/admin/trade/update", { id, isVerified: 1, verification: true, symbol_code: subscribed.code });
      expect(verified.body).toMatchObject({ message: "Trade verified", data: { message: "Trade verified" } });
      expect(toAudience).toHaveBeenCalledWith(expect.objectContaining({ roles: [1], userIds: [] }), "trade-notification-admin", expect.objectContaining({ change: "verified", tradeId: id }));
    } finally {
      toAudience.mockRestore();
    }
    const edited = await send(ids[3], "POST", "/api/admin/trade/update", { id, ...tradeBody(subscribed.code, { quantity: 7 }) });
    expect(edited.status).toBe(200);
    let [row] = await t.context.db.select().from(trades).where(eq(trades.id, id));
    expect([row.quantity, row.status, row.isVerified]).toEqual([7, true, true]);
    expect((await send(ids[3], "POST", "/api/admin/trade/status", { id, status: 0, user_id: ids[3] })).status).toBe(200);
    [row] = await t.context.db.select().from(trades).where(eq(trades.id, id));
    expect(row.status).toBe(false);
    expect(row.exitDateTime).not.toBeNull();
  });

  it("lists as the page does: own id in the path, a customer's own trades, count, filters and the date rule", async () => {
    expect((await send(ids[4], "GET", `/api/admin/trade/list/${otherCustomer}`)).status).toBe(404);
    const theirs = (await send(otherCustomer, "POST", "/api/admin/trade/create", tradeBody(subscribed.code))).body.data.id as number;
    const mine = await send(ids[4], "GET", `/api/admin/trade/list/${ids[4]}?currentPage=1&pageSize=2`);
    expect(mine.status).toBe(200);
    // The customer's window is the last 7 days through tomorrow: its March 2025 report trades are outside it.
    const ownCount = (await t.context.db.select().from(trades).where(and(eq(trades.userId, ids[4]), gte(trades.tradeDateTime, new Date(Date.now() - 86_400_000))))).length;
    expect(ownCount).toBeGreaterThan(1);
    expect(mine.body.data.count).toBe(ownCount);
    expect(mine.body.data.rows.length).toBe(Math.min(2, ownCount));
    expect(mine.body.data.rows.every((r: { userId: number }) => r.userId === ids[4])).toBe(true);
    const admin = await send(ids[1], "GET", `/api/admin/trade/list/${ids[1]}?userId=${otherCustomer}&symbolId=${subscribed.id}`);
    expect(admin.body.data.rows.map((r: { id: number }) => r.id)).toContain(theirs);
    expect(admin.body.data.rows.every((r: { userId: number; symbol_code: string }) => r.userId === otherCustomer && r.symbol_code === subscribed.code)).toBe(true);
    const none = await send(ids[1], "GET", `/api/admin/trade/list/${ids[1]}?userId=${otherCustomer}&symbolId=${unsubscribed.id}`);
    expect(none.body.data).toEqual({ rows: [], count: 0 });
    const half = await send(ids[1], "GET", `/api/admin/trade/list/${ids[1]}?startDate=2026-01-01`);
    expect(half).toMatchObject({ status: 400, body: { errors: [{ msg: "Please pick an end date" }] } });
    // A range far in the past holds none of today's trades.
    const old = await send(ids[1], "GET", `/api/admin/trade/list/${ids[1]}?startDate=2001-01-01&endDate=2001-01-31`);
    expect(old.body.data.count).toBe(0);
  });
});

describe("symbol suggestions", () => {
  it("creates from the documents' {payload}, updates and deletes, recorded as the caller's", async () => {
    const created = await send(ids[1], "POST", "/api/admin/symbolsuggestionflow/create", { payload: { trends: "Buy", symbol_id: subscribed.id, user_id: ids[4] } });
    expect(created).toMatchObject({ status: 201, body: { message: "Suggestion added successfully" } });
    const id = created.body.data.id as number;
    let [row] = await t.context.db.select().from(symbolSuggestions).where(eq(symbolSuggestions.id, id));
    expect([row.trends, row.symbolId, row.userId]).toEqual(["Buy", subscribed.id, ids[1]]);
    expect((await send(ids[1], "PUT", `/api/admin/symbolsuggestionflow/update/${id}`, { payload: { trends: "Sell", symbol_id: subscribed.id } })).status).toBe(200);
    [row] = await t.context.db.select().from(symbolSuggestions).where(eq(symbolSuggestions.id, id));
    expect(row.trends).toBe("Sell");
    const all = await send(ids[1], "GET", "/api/admin/symbolsuggestionflow/all");
    expect(all.body.suggestions).toContainEqual({ id, trends: "Sell", symbol_id: subscribed.id, symbol: { symbol_code: subscribed.code } });
    const badSymbol = await send(ids[1], "POST", "/api/admin/symbolsuggestionflow/create", { payload: { trends: "Buy", symbol_id: 999999 } });
    expect(badSymbol).toMatchObject({ status: 400, body: { errors: [{ msg: "Please select a script." }] } });
    expect((await send(ids[1], "DELETE", `/api/admin/symbolsuggestionflow/delete/${id}`)).body.message).toBe("Suggestion deleted successfully");
    expect((await send(ids[1], "DELETE", `/api/admin/symbolsuggestionflow/delete/${id}`)).status).toBe(404);
  });
});

// ------------------------------------------------------------------ third round

describe("admin/user/list with the User Report's parameters", () => {
  let oldEmployee: number;
  beforeAll(async () => {
    oldEmployee = (await createUser(t.context.db, { roleId: 3, name: "Zz Old Employee" })).id;
    await t.context.db.update(users).set({ createdAt: new Date("2020-01-15T06:00:00Z") }).where(eq(users.id, oldEmployee));
  });
  const today = () => istDateString(new Date());

  /** The /reports/user page's own rows for the same filter (usernames, in its order). */
  async function reportPageUsernames(query: string): Promise<string[]> {
    const cookie = await sessionCookieFor(t.context, ids[1]);
    const res = await call(userReportLoader, getRequest(`/reports/user?${query}`, { cookie }), t.context);
    return ((await res.json()) as { rows: { username: string }[] }).rows.map((r) => r.username);
  }

  it("answers the report's rows: accounts created in the range, as the page lists them", async () => {
    const api = await send(ids[1], "GET", `/api/admin/user/list?role_id=3&from_date=${today()}&to_date=${today()}&pageSize=10`);
    expect(api.status).toBe(200);
    const ids3 = api.body.data.map((r: { id: number }) => r.id);
    expect(ids3).toContain(ids[3]);
    expect(ids3).not.toContain(oldEmployee);
    expect(api.body.data.map((r: { username: string }) => r.username)).toEqual(await reportPageUsernames(`role_id=3&startDate=${today()}&endDate=${today()}`));
    expect(api.body.data[0]).toMatchObject({ role_id: 3, status: true });
    expect(api.body.data[0]).not.toHaveProperty("loginTime");
    const past = await send(ids[1], "GET", "/api/admin/user/list?role_id=3&from_date=2020-01-01&to_date=2020-01-31");
    expect(past.body).toMatchObject({ totalCount: 1, data: [{ id: oldEmployee, name: "Zz Old Employee" }] });
  });

  it("with login=1 lists the role's sign-ins in the range, with their time", async () => {
    const api = await send(ids[1], "GET", `/api/admin/user/list?role_id=3&from_date=${today()}&to_date=${today()}&login=1`);
    expect(api.status).toBe(200);
    const mine = api.body.data.filter((r: { id: number }) => r.id === ids[3]);
    expect(mine.length).toBeGreaterThan(0);
    expect(Date.parse(mine[0].loginTime)).toBeGreaterThan(Date.now() - 3_600_000);
    // The old employee never signed in.
    expect(api.body.data.map((r: { id: number }) => r.id)).not.toContain(oldEmployee);
    expect(api.body.data.map((r: { username: string }) => r.username)).toEqual(await reportPageUsernames(`mode=login&role_id=3&startDate=${today()}&endDate=${today()}`));
    const none = await send(ids[1], "GET", "/api/admin/user/list?role_id=3&from_date=2020-01-01&to_date=2020-01-31&login=1");
    expect(none.body).toEqual({ status: 200, data: [], totalCount: 0 });
  });

  it("with noquery ignores the other filters and lists every user of the role", async () => {
    const api = await send(ids[1], "GET", "/api/admin/user/list?role_id=3&from_date=2020-01-01&to_date=2020-01-31&login=1&noquery=1&pageSize=100");
    const listed = api.body.data.map((r: { id: number }) => r.id);
    expect(listed).toEqual(expect.arrayContaining([ids[3], oldEmployee]));
    expect(api.body.totalCount).toBe((await t.context.db.select().from(users).where(eq(users.roleId, 3))).length);
    expect(api.body.data[0]).not.toHaveProperty("loginTime");
  });

  it("keeps the plain listing, gives the report to role 1 only, and answers a bad range with 400", async () => {
    const plain = await send(ids[2], "GET", "/api/admin/user/list?role_id=3");
    expect(plain.status).toBe(200);
    expect(plain.body.data[0]).not.toHaveProperty("loginTime");
    expect((await send(ids[2], "GET", `/api/admin/user/list?role_id=3&from_date=${today()}&to_date=${today()}`)).status).toBe(403);
    expect((await send(ids[2], "GET", "/api/admin/user/list?noquery=1")).status).toBe(403);
    expect(await send(ids[1], "GET", `/api/admin/user/list?from_date=${today()}`)).toMatchObject({ status: 400, body: { errors: [{ msg: "Please choose both a start and an end date", path: "from_date" }] } });
    expect(await send(ids[1], "GET", "/api/admin/user/list?from_date=2026-02-30&to_date=2026-03-01")).toMatchObject({ status: 400, body: { errors: [{ msg: "Please enter a date as YYYY-MM-DD", path: "from_date" }] } });
    expect(await send(ids[1], "GET", "/api/admin/user/list?login=maybe")).toMatchObject({ status: 400, body: { errors: [{ msg: "Please send login 1 or 0" }] } });
  });
});

describe("downloadPdf", () => {
  async function download(userId: number, query: string) {
    return dispatchApi(new Request(`${ORIGIN}/api/downloadPdf?${query}`, { headers: { Authorization: `Bearer ${tokens.get(userId)}` } }), t.context);
  }
  /** Every cell of the first sheet, row by row. */
  async function sheetValues(body: ArrayBuffer): Promise<unknown[][]> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }
  const cookie = () => sessionCookieFor(t.context, ids[1]);
  beforeAll(async () => {
    // July 2024 holds only these: two closed trades of the customer, one of the other customer.
    for (const [userId, sellPrice] of [[ids[4], 110], [ids[4], 95], [otherCustomer, 120]]) {
      await insertReportTrade(t.context.db, { userId, symbolId: subscribed.id, tradeType: "BUY", quantity: 4, buyPrice: 100, sellPrice, open: false, tradeDateTime: new Date("2024-07-10T05:00:00Z") });
    }
  });

  it("streams the Trade Report's file: a PDF naming the dates, and the same xlsx as the page's Excel link", async () => {
    const july = "from_date=2024-07-01&to_date=2024-07-31";
    const pdf = await download(ids[1], `${july}&fileType=pdf&reportType=trades&active=0`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe('attachment; filename="trade-report_2024-07-01_to_2024-07-31.pdf"');
    const pdfBytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(pdfBytes.slice(0, 5))).toBe("%PDF-");
    const { text } = await extractText(pdfBytes, { mergePages: true });
    expect(text).toContain("Trade Report");
    expect(text).toContain(subscribed.code);

    const xlsx = await download(ids[1], `${july}&fileType=xlsx&reportType=trades&active=0&userId=${ids[4]}`);
    expect(xlsx.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const bytes = await xlsx.arrayBuffer();
    expect([...new Uint8Array(bytes).slice(0, 2)]).toEqual([0x50, 0x4b]);
    const page = await call(tradeExportLoader, getRequest(`/reports/trade/export?format=xlsx&startDate=2024-07-01&endDate=2024-07-31&active=0&userId=${ids[4]}`, { cookie: await cookie() }), t.context);
    const apiRows = await sheetValues(bytes);
    expect(apiRows).toEqual(await sheetValues(await page.arrayBuffer()));
    // The header, the customer's two closed July trades and (decision 143) the totals row.
    expect(apiRows).toHaveLength(4);
    expect(apiRows[3][0]).toBe("Total: 2 trades, 1 profitable, 1 loss");
  });

  it("streams the User Report's Users List, AllUser or LoginUser, as the page's export does", async () => {
    const today = istDateString(new Date());
    for (const login of ["0", "1"]) {
      const res = await download(ids[1], `from_date=${today}&to_date=${today}&fileType=xlsx&reportType=users&role_id=3&login=${login}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="${login === "1" ? "login-user-report" : "user-report"}_${today}_to_${today}.xlsx"`);
      const mode = login === "1" ? "&mode=login" : "";
      const page = await call(userExportLoader, getRequest(`/reports/user/export?format=xlsx&startDate=${today}&endDate=${today}&role_id=3${mode}`, { cookie: await cookie() }), t.context);
      const apiRows = await sheetValues(await res.arrayBuffer());
      expect(apiRows).toEqual(await sheetValues(await page.arrayBuffer()));
      expect(apiRows.length).toBeGreaterThan(1);
    }
    const pdf = await download(ids[1], "fileType=pdf&reportType=users");
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });

  it("answers bad parameters with 400 and a message, and other roles with 403", async () => {
    const bad = async (query: string) => {
      const res = await download(ids[1], query);
      return { status: res.status, msg: ((await res.json()) as { errors: { msg: string }[] }).errors[0].msg };
    };
    expect(await bad("fileType=csv&reportType=trades")).toEqual({ status: 400, msg: "Choose xlsx or pdf" });
    expect(await bad("fileType=pdf&reportType=everything")).toEqual({ status: 400, msg: "Choose users or trades" });
    expect(await bad("fileType=pdf")).toEqual({ status: 400, msg: "Choose users or trades" });
    expect(await bad("fileType=pdf&reportType=trades&from_date=2025-03-01")).toEqual({ status: 400, msg: "Please choose both a start and an end date" });
    expect(await bad("fileType=pdf&reportType=users&from_date=2025-03-31&to_date=2025-03-01")).toEqual({ status: 400, msg: "The end date cannot precede the start date" });
    expect(await bad("fileType=pdf&reportType=users&from_date=31-03-2025&to_date=2025-04-01")).toEqual({ status: 400, msg: "Please enter a date as YYYY-MM-DD" });
    for (const role of [2, 3, 4] as RoleId[]) expect((await download(ids[role], "fileType=pdf&reportType=trades")).status).toBe(403);
  });
});

describe("admin/all-w-hero", () => {
  // A fixed week: Monday 2031-03-10 to Sunday 2031-03-16; "now" is Wednesday 11:30 IST.
  const WEDNESDAY = new Date("2031-03-12T06:00:00Z");
  const heroes = {} as Record<"a" | "b" | "c", { id: number; code: string }>;
  beforeAll(async () => {
    const db = t.context.db;
    for (const key of ["a", "b", "c"] as const) {
      const row = await createSymbolRow(db, sectorId, `HERO${key.toUpperCase()}`);
      heroes[key] = { id: row.id, code: row.symbolCode };
    }
    await db.update(symbols).set({ status: false }).where(eq(symbols.id, heroes.c.id));
    await db.insert(userSymbols).values({ userId: ids[4], symbolId: heroes.a.id, sectorId });
    const bar = (key: "a" | "b" | "c", tradingDate: string, open: number) => ({ symbolId: heroes[key].id, tradingDate, open, high: open + 5, low: open - 5, close: open + 1, volume: 10 });
    await upsertDailyBars(db, [
      bar("a", "2031-03-07", 99), // last week's Friday
      bar("a", "2031-03-10", 101),
      bar("b", "2031-03-10", 201),
      bar("c", "2031-03-10", 301),
      bar("a", "2031-03-11", 102),
      bar("b", "2031-03-11", 202),
      bar("a", "2031-03-13", 104), // after today
    ]);
  });

  /** The call as a user makes it at a given time (only Date is faked; the session is made then too). */
  async function heroesAt(userId: number, now = WEDNESDAY) {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    try {
      const token = (await createAuthSession(t.context.db, userId)).id;
      const res = await dispatchApi(new Request(`${ORIGIN}/api/admin/all-w-hero`, { headers: { Authorization: `Bearer ${token}` } }), t.context);
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { data: { date: string; open: number; symbol_code: string; symbol_id: number }[] }).data.filter((h) => h.symbol_code.startsWith("HERO"));
    } finally {
      vi.useRealTimers();
    }
  }
  const mark = (date: string, flags: { isHoliday?: boolean; isWeekFirstDay?: boolean }, segment: "NSE" | "USA" = "NSE") =>
    createCalendarEntry(t.context.db, { segment, note: "hero test", date, isHoliday: false, isWeekFirstDay: false, isWeekLastDay: false, isMonthFirstDay: false, isMonthLastDay: false, ...flags });
  const unmark = (id: number) => t.context.db.delete(calendarEntries).where(eq(calendarEntries.id, id));

  it("gives each active symbol's open on the week's first trading day, a customer only its subscription", async () => {
    expect(await heroesAt(ids[1])).toEqual([
      { date: "2031-03-10", open: 101, symbol_code: heroes.a.code, symbol_id: heroes.a.id },
      { date: "2031-03-10", open: 201, symbol_code: heroes.b.code, symbol_id: heroes.b.id },
    ]);
    expect(await heroesAt(ids[4])).toEqual([{ date: "2031-03-10", open: 101, symbol_code: heroes.a.code, symbol_id: heroes.a.id }]);
    // On Sunday the week is the same; the next Monday starts a week without bars.
    expect((await heroesAt(ids[3], new Date("2031-03-16T12:00:00Z"))).map((h) => h.date)).toEqual(["2031-03-10", "2031-03-10"]);
    expect(await heroesAt(ids[3], new Date("2031-03-17T04:00:00Z"))).toEqual([]);
  });

  it("skips a market holiday, and follows the calendar's isWeekFirstDay when it is set", async () => {
    const holiday = await mark("2031-03-10", { isHoliday: true });
    try {
      expect((await heroesAt(ids[1])).map((h) => [h.date, h.open])).toEqual([["2031-03-11", 102], ["2031-03-11", 202]]);
    } finally {
      await unmark(holiday);
    }
    const first = await mark("2031-03-11", { isWeekFirstDay: true });
    const usa = await mark("2031-03-10", { isWeekFirstDay: true }, "USA");
    try {
      expect((await heroesAt(ids[1])).map((h) => [h.date, h.open])).toEqual([["2031-03-11", 102], ["2031-03-11", 202]]);
      // On Monday the marked first day has not come yet.
      expect(await heroesAt(ids[1], new Date("2031-03-10T06:00:00Z"))).toEqual([]);
    } finally {
      await unmark(first);
      await unmark(usa);
    }
  });
});

describe("admin/chavi/bhavcopy", () => {
  let future: { id: number; code: string };
  let share: { id: number; code: string };
  beforeAll(async () => {
    const f = await createSymbolRow(t.context.db, sectorId, "BHAVAPI-I");
    const s = await createSymbolRow(t.context.db, sectorId, "BHAVSHARE");
    future = { id: f.id, code: f.symbolCode };
    share = { id: s.id, code: s.symbolCode };
  });
  /** A legacy F&O bhav copy row (foDDMMMYYYYbhav.csv's columns). */
  const fo = (fields: Record<string, string | number | null>) => ({
    INSTRUMENT: "FUTIDX",
    EXPIRY_DT: "27-Feb-2020",
    STRIKE_PR: 0,
    OPTION_TYP: "XX",
    OPEN: 1000,
    HIGH: 1010,
    LOW: 990,
    CLOSE: 1005,
    SETTLE_PR: 1004.5,
    CONTRACTS: 1200,
    VAL_INLAKH: 0,
    OPEN_INT: 0,
    CHG_IN_OI: 0,
    TIMESTAMP: "04-FEB-2020",
    ...fields,
  });
  const barOf = async (symbolId: number, tradingDate: string) =>
    (await t.context.db.select().from(dayOhlc).where(and(eq(dayOhlc.symbolId, symbolId), eq(dayOhlc.tradingDate, tradingDate))))[0] ?? null;

  it("answers each row's outcome and stores the good rows: ':NSEFO' cut, the near-month future under SYMBOL-I", async () => {
    const posted = [
      fo({ SYMBOL: "BHAVAPI:NSEFO" }),
      fo({ SYMBOL: "BHAVAPI", EXPIRY_DT: "26-Mar-2020", OPEN: 1, HIGH: 1, LOW: 1, CLOSE: 1, SETTLE_PR: 1 }),
      fo({ SYMBOL: "BHAVAPI", INSTRUMENT: "OPTIDX", STRIKE_PR: 1000, OPTION_TYP: "CE" }),
      fo({}),
      fo({ SYMBOL: "NOTLISTED" }),
      fo({ SYMBOL: "BHAVAPI", TIMESTAMP: "05-FEB-2020", HIGH: 900 }),
    ];
    const res = await send(ids[1], "POST", "/api/admin/chavi/bhavcopy", posted);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ stored: 1, rejected: 2, skipped: 1, ignored: 2, tradingDates: ["2020-02-04"] });
    expect(res.body.data.rows.map((r: { row: number; outcome: string; symbol_code: string | null }) => [r.row, r.outcome, r.symbol_code])).toEqual([
      [0, "stored", future.code],
      [1, "ignored", future.code],
      [2, "ignored", "BHAVAPI"],
      [3, "rejected", null],
      [4, "skipped", "NOTLISTED-I"],
      [5, "rejected", future.code],
    ]);
    expect(res.body.data.rows[0].message).toMatch(/^Data posted successfully: 2020-02-04: open 1,000/);
    expect(res.body.data.rows[3].message).toBe("SYMBOL property is missing in data entry");
    expect(res.body.data.rows[5].message).toBe("BHAVAPI-I: HIGH (900) is below LOW (990)");
    expect(await barOf(future.id, "2020-02-04")).toMatchObject({ open: 1000, high: 1010, low: 990, close: 1005, settlePrice: 1004.5, volume: 1200 });
    expect(await barOf(future.id, "2020-02-05")).toBeNull();
  });

  it("answers 400 with one error per rejected row when no row is stored, and stores nothing", async () => {
    const before = await rowCounts(t.context.db);
    const res = await send(ids[1], "POST", "/api/admin/chavi/bhavcopy", [fo({ SYMBOL: "" }), fo({ SYMBOL: "BHAVAPI", CLOSE: "n/a" })]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { msg: "SYMBOL property is missing in data entry", path: "0" },
      { msg: 'Invalid CLOSE value "n/a"', path: "1" },
    ]);
    expect(res.body.data.rows.map((r: { outcome: string }) => r.outcome)).toEqual(["rejected", "rejected"]);
    // A null SYMBOL, and rows without a single value, have no SYMBOL either.
    const empty = await send(ids[1], "POST", "/api/admin/chavi/bhavcopy", [fo({ SYMBOL: null }), {}]);
    expect(empty.body.errors).toEqual([
      { msg: "SYMBOL property is missing in data entry", path: "0" },
      { msg: "SYMBOL property is missing in data entry", path: "1" },
    ]);
    expect((await send(ids[1], "POST", "/api/admin/chavi/bhavcopy", [{}])).body.errors).toEqual([{ msg: "SYMBOL property is missing in data entry", path: "0" }]);
    // Columns that are no bhav copy's at all: the page's message.
    const foreign = await send(ids[1], "POST", "/api/admin/chavi/bhavcopy", [{ SYMBOL: "BHAVAPI-I", DATE: "04-FEB-2020", PRICE: 1 }]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0].msg).toMatch(/^This file is not a recognised bhav copy\./);
    for (const body of [{}, [], [1], [[]]]) expect((await send(ids[1], "POST", "/api/admin/chavi/bhavcopy", body)).status).toBe(400);
    expect(await rowCounts(t.context.db)).toEqual(before);
  });

  it("stores the documents' short row (SYMBOL, TIMESTAMP, OPEN, HIGH, LOW, SETTLE_PR, VOLUME): the code before ':NSEFO', the settlement as the close", async () => {
    const res = await send(ids[1], "POST", "/api/admin/chavi/bhavcopy", [
      { SYMBOL: `${future.code}:NSEFO`, TIMESTAMP: "10-FEB-2020", OPEN: 1001, HIGH: 1011, LOW: 991, SETTLE_PR: 1004.25, VOLUME: 4321 },
      { TIMESTAMP: "10-FEB-2020", OPEN: 1, HIGH: 1, LOW: 1, SETTLE_PR: 1, VOLUME: 1 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.rows.map((r: { outcome: string }) => r.outcome)).toEqual(["stored", "rejected"]);
    expect(res.body.data.rows[1].message).toBe("SYMBOL property is missing in data entry");
    expect(await barOf(future.id, "2020-02-10")).toMatchObject({ open: 1001, high: 1011, low: 991, close: 1004.25, settlePrice: 1004.25, volume: 4321 });
  });

  it("writes nothing when the database refuses one row: one transaction, every row then rejected with the reason", async () => {
    const equity = (symbol: string, close: number) => ({ SYMBOL: symbol, SERIES: "EQ", OPEN: close, HIGH: close + 1, LOW: close - 1, CLOSE: close, LAST: close, PREVCLOSE: close, TOTTRDQTY: 77, TOTTRDVAL: 0, TIMESTAMP: "06-FEB-2020", TOTALTRADES: 1, ISIN: "X" });
    const removeTrigger = await failWhen(t.context.db, "day_ohlc", "new.close = 777");
    try {
      const res = await send(ids[1], "POST", "/api/admin/chavi/bhavcopy", [equity(share.code, 500), equity("BHAVAPI-I", 777)]);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].msg).toMatch(/^Nothing was stored: the database refused the data \(.*forced test failure/);
      expect(res.body.data.rows.map((r: { outcome: string }) => r.outcome)).toEqual(["rejected", "rejected"]);
    } finally {
      await removeTrigger();
    }
    expect(await barOf(share.id, "2020-02-06")).toBeNull();
    const again = await send(ids[1], "POST", "/api/admin/chavi/bhavcopy", [equity(share.code, 500)]);
    expect(again.body.data.rows[0]).toMatchObject({ outcome: "stored", symbol_code: share.code });
    expect(await barOf(share.id, "2020-02-06")).toMatchObject({ close: 500, settlePrice: 500, volume: 77 });
  });
});

describe("admin/referencePoint/add", () => {
  const HEADER = "symbol_code,point_name,price,display_name,date,slPrice";
  async function upload(userId: number | null, files: { name: string; content: string; field?: string }[]) {
    const form = new FormData();
    for (const f of files) form.append(f.field ?? "pointFile", new Blob([f.content], { type: "text/csv" }), f.name);
    const headers: Record<string, string> = userId === null ? {} : { Authorization: `Bearer ${tokens.get(userId)}` };
    const res = await dispatchApi(new Request(`${ORIGIN}/api/admin/referencePoint/add`, { method: "POST", body: form, headers }), t.context);
    return { status: res.status, body: await res.json() };
  }
  const pointsOf = (symbolId: number) => t.context.db.select().from(referencePoints).where(eq(referencePoints.symbolId, symbolId)).orderBy(referencePoints.pointName);

  it("stores each file's valid rows as the upload page does, listing the bad ones by line", async () => {
    const good = [HEADER, `${subscribed.code},TEJI_VISAMO_TARGET,250.5,Teji,2026-01-05,240`, `${subscribed.code}:NSEFO,MANDI_VISAMO_TARGET,180,,2026-01-05,`, "NOSUCHCODE,X,1,,,"].join("\n");
    const second = [HEADER, `${unsubscribed.code},PRAVAH,99,Pravah,,`].join("\n");
    const res = await upload(ids[1], [
      { name: "points.csv", content: good },
      { name: "more.csv", content: second },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("3 reference points stored from 2 files");
    expect(res.body.data[0]).toMatchObject({ fileName: "points.csv", fatal: null, storedCount: 2, errorCount: 1, errors: [{ line: 4, message: expect.stringContaining("Unknown symbol") }] });
    expect(res.body.data[0].stored.map((s: { line: number; symbol_code: string }) => [s.line, s.symbol_code])).toEqual([
      [2, subscribed.code],
      [3, subscribed.code],
    ]);
    expect((await pointsOf(subscribed.id)).map((p) => [p.pointName, p.displayName, p.price, p.slPrice, p.date])).toEqual([
      ["MANDI_VISAMO_TARGET", "MANDI_VISAMO_TARGET", 180, null, "2026-01-05"],
      ["TEJI_VISAMO_TARGET", "Teji", 250.5, 240, "2026-01-05"],
    ]);
    expect((await pointsOf(unsubscribed.id)).map((p) => p.pointName)).toEqual(["PRAVAH"]);
  });

  it("refuses a file that is not a reference-point CSV with the page's message, storing nothing", async () => {
    const before = await rowCounts(t.context.db);
    const res = await upload(ids[1], [{ name: "notes.csv", content: `symbol,price\n${subscribed.code},1\n` }]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ msg: NOT_A_REFERENCE_FILE, path: "notes.csv" }]);
    expect(res.body.data[0]).toMatchObject({ fatal: NOT_A_REFERENCE_FILE, storedCount: 0 });
    const empty = await upload(ids[1], [{ name: "empty.csv", content: "" }]);
    expect(empty).toMatchObject({ status: 400, body: { errors: [{ msg: "The file is empty.", path: "empty.csv" }] } });
    expect(await rowCounts(t.context.db)).toEqual(before);
  });

  it("judges files on their own: a bad file beside a good one is named, the good one stored", async () => {
    const res = await upload(ids[1], [
      { name: "bad.csv", content: "nothing,here\n" },
      { name: "good.csv", content: [HEADER, `${subscribed.code},SECOND_FILE_POINT,300,,,`].join("\n") },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("1 reference point stored from 1 file; 1 file refused");
    expect(res.body.data.map((f: { fatal: string | null }) => f.fatal)).toEqual([NOT_A_REFERENCE_FILE, null]);
  });

  it("needs pointFile files, the Bearer token the documents' client did not send, and role 1", async () => {
    const csv = [HEADER, `${subscribed.code},NEVER,1,,,`].join("\n");
    const before = await rowCounts(t.context.db);
    expect(await upload(ids[1], [{ name: "p.csv", content: csv, field: "files" }])).toMatchObject({ status: 400, body: { errors: [{ msg: NO_FILES_CHOSEN }] } });
    expect(await upload(null, [{ name: "p.csv", content: csv }])).toEqual({ status: 401, body: { error: "Invalid token" } });
    expect((await upload(ids[2], [{ name: "p.csv", content: csv }])).status).toBe(403);
    expect((await upload(ids[3], [{ name: "p.csv", content: csv }])).status).toBe(403);
    expect(await rowCounts(t.context.db)).toEqual(before);
  });
});

describe("getReferencePoint/{symbol}", () => {
  it("gives one symbol's active points in getReferencePoint's shape, the newest of a name winning; 404 outside a customer's subscription", async () => {
    const symbol = await createSymbolRow(t.context.db, sectorId, "REFPTAPI");
    await t.context.db.insert(userSymbols).values({ userId: ids[4], symbolId: symbol.id, sectorId });
    await saveReferencePoints(t.context.db, [
      { symbolId: symbol.id, pointName: "TEJI_PRAVAH_POINT", displayName: "Old", price: 90, slPrice: null, date: "2026-01-02" },
      { symbolId: symbol.id, pointName: "TEJI_PRAVAH_POINT", displayName: "New", price: 80, slPrice: null, date: "2026-01-09" },
      { symbolId: symbol.id, pointName: "MANDI_PRAVAH_POINT", displayName: "Mandi", price: 70, slPrice: null, date: null },
    ]);
    const one = await send(ids[4], "GET", "/api/getReferencePoint/refptapi");
    expect(one).toEqual({
      status: 200,
      body: { status: 200, data: { MANDI_PRAVAH_POINT: { REFPTAPI: { price: 70, display_name: "Mandi" } }, TEJI_PRAVAH_POINT: { REFPTAPI: { price: 80, display_name: "New" } } } },
    });
    const all = await send(ids[4], "GET", "/api/getReferencePoint");
    for (const name of ["MANDI_PRAVAH_POINT", "TEJI_PRAVAH_POINT"]) expect(all.body.data[name].REFPTAPI).toEqual(one.body.data[name].REFPTAPI);
    expect((await send(ids[4], "GET", `/api/getReferencePoint/${unsubscribed.code}`)).status).toBe(404);
    expect((await send(ids[4], "GET", "/api/getReferencePoint/NO-SUCH-CODE")).status).toBe(404);
    expect((await send(ids[2], "GET", "/api/getReferencePoint/REFPTAPI")).status).toBe(403);
  });
});
