// What /dashboard costs the database (docs/decisions/164): the root's shell and the page's loader
// of one document request send fewer than 8 statements together, counted from every statement
// drizzle sends, for each role; and the page shows what the separate reads give on the seeded
// day (cards counted in SQL, the banner, the symbols, the chart's lines, points, key events with
// their count, and the footer's previous keys), with more key events today than a page holds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { AppContext } from "~/config/context";
import { alerts, chaviEvents, symbols, trades, users } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import { istDateString, istMidnight, shiftYmd } from "~/domain/dates";
import { subscriptionNotice, subscriptionNoticeText } from "~/domain/user-admin";
import { findSubscriptionEnd } from "~/models/user-admin.server";
import { KEY_EVENTS_SHOWN } from "~/domain/keys";
import { seedDemoData } from "~/seed/seed.server";
import { seedDemoHistory } from "~/seed/demo-history.server";
import { getChartCandles } from "~/models/candle.server";
import { getLatestMarque, saveMarque } from "~/models/settings.server";
import { findChartSymbol, listVisibleSymbols } from "~/models/symbol.server";
import { CHART_COUNTBACK, listTodaysKeyEventsCounted, loadChartLines, previousKeyLabelsToday } from "~/services/charts.server";
import { loadWatchlistPanel } from "~/services/watchlists.server";
import type { SessionUser } from "~/auth/session.server";
import { loader as rootLoader } from "~/root";
import { loader as dashboardLoader } from "~/routes/_market+/dashboard";
import { TEST_SECRET, createTestContext, type TestContext } from "../support/context";
import { call, getRequest, sessionCookieFor } from "../support/requests";

let t: TestContext;
const statements: string[] = [];
const who = {} as Record<"admin" | "subadmin" | "employee" | "customer", { user: SessionUser; cookie: string }>;
let niftyId: number;

beforeAll(async () => {
  t = await createTestContext({ onQuery: (sql) => statements.push(sql) });
  const now = new Date("2026-11-20T12:00:00Z");
  await seedDemoData(t.context.db, { now, appSecret: TEST_SECRET, log: () => {} });
  await seedDemoHistory(t.context.db, { now, minuteDays: 1, dailyDays: 20, minuteSymbols: ["NIFTY-I"], log: () => {} });
  for (const name of ["admin", "subadmin", "employee", "customer"] as const) {
    const [u] = await t.context.db.select().from(users).where(eq(users.email, `${name}@example.com`));
    who[name] = { user: { id: u.id, name: u.name, username: u.username, email: u.email, roleId: u.roleId as RoleId } as SessionUser, cookie: await sessionCookieFor(t.context, u.id) };
  }
  [{ id: niftyId }] = await t.context.db.select({ id: symbols.id }).from(symbols).where(eq(symbols.symbolCode, "NIFTY-I"));
  await saveMarque(t.context.db, { title: "Settlement holiday", date: "2026-11-24", subText: "No settlement today" });
  // Today's key events of the employee's key on NIFTY-I: more than a page, so the day's count is read.
  const [{ chaviId }] = rowsOf<{ chaviId: number }>(await t.context.db.execute(`select chavi_id as "chaviId" from chavi_users where user_id = ${who.employee.user.id} limit 1`));
  const base = Date.now() - 120_000;
  const tradingDate = istDateString(new Date());
  await t.context.db.insert(chaviEvents).values(
    Array.from({ length: KEY_EVENTS_SHOWN + 5 }, (_, i) => ({
      chaviId,
      symbolId: niftyId,
      label: i % 2 ? "Queries Key SELL" : "Queries Key BUY",
      price: 100 + i,
      tradingDate,
      eventTime: new Date(base + i * 1000),
    })),
  );
  await t.context.db.insert(trades).values({ userId: who.employee.user.id, symbolId: niftyId, tradeType: "BUY", quantity: 1, buyPrice: 100, status: true });
  await t.context.db.insert(alerts).values({ userId: who.employee.user.id, symbolId: niftyId, name: "Queries alert", price: 100, condition: "Greater than", viewType: ["app"], description: "today" });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function count(query: string): Promise<number> {
  const [{ n }] = rowsOf<{ n: number }>(await t.context.db.execute(query));
  return Number(n);
}

type Card = { kind: string; value: number };

/** One browser request for the page: Remix runs the root's and the route's loaders together, sharing the request's scope. */
async function openDashboard(as: keyof typeof who, path = "/dashboard") {
  const scoped: AppContext = { ...t.context, requestScope: new Map() };
  const request = () => getRequest(path, { cookie: who[as].cookie });
  statements.length = 0;
  const [root, page] = await Promise.all([call(rootLoader, request(), scoped), call(dashboardLoader, request(), scoped)]);
  const sent = [...statements];
  expect(root.status).toBe(200);
  expect(page.status).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { data: (await page.json()) as any, statements: sent };
}

/** The chart as the separate reads give it, in the page's JSON shape. */
async function expectedChart(as: keyof typeof who, code: string) {
  const { user } = who[as];
  const symbol = (await findChartSymbol(t.context.db, code))!;
  const [candles, lines, keys, previousKeys] = await Promise.all([
    getChartCandles(t.context.db, symbol.id, "D1", { countback: CHART_COUNTBACK }),
    loadChartLines(t.context, user, symbol),
    listTodaysKeyEventsCounted(t.context, user, code),
    previousKeyLabelsToday(t.context, user, code),
  ]);
  return JSON.parse(
    JSON.stringify({
      candles,
      lines: lines.lines,
      settings: lines.settings,
      points: lines.points.map((p) => ({ name: p.displayName || p.pointName, pointName: p.pointName, price: p.price })),
      keys: keys.rows.map((k) => ({ label: k.label, price: k.price, at: k.eventTime.getTime() })),
      keyCount: keys.total,
      previousKeys,
    }),
  );
}

describe("/dashboard as one document request", () => {
  for (const as of ["admin", "employee", "customer", "subadmin"] as const) {
    it(`sends fewer than 8 statements for ${as}, the root's shell included`, async () => {
      const { statements: sent } = await openDashboard(as);
      expect(sent.length).toBeLessThan(8);
      // The shell's values ride on the session's read (docs/decisions/160): read once.
      expect(sent.filter((s) => /"auth_sessions"/.test(s))).toHaveLength(1);
    });
  }

  it("stays under 8 with the once-a-minute last-seen write of a session", async () => {
    await t.context.db.execute(`update auth_sessions set last_seen_at = now() - interval '5 minutes' where user_id = ${who.admin.user.id}`);
    const { statements: sent } = await openDashboard("admin");
    expect(sent.filter((s) => /^\s*update "auth_sessions"/i.test(s))).toHaveLength(1);
    expect(sent.length).toBeLessThan(8);
  });

  it("gives role 1 the cards, banner and symbols the separate counts give", async () => {
    const { data } = await openDashboard("admin");
    const todayStart = istMidnight(istDateString(new Date())).toISOString();
    const byRole = (role: number) => count(`select count(*) as n from users where role_id = ${role}`);
    expect(data.cards.map((c: Card) => [c.kind, c.value])).toEqual([
      ["admins", await byRole(1)],
      ["subAdmins", await byRole(2)],
      ["employees", await byRole(3)],
      ["customers", await byRole(4)],
      ["activeSymbols", await count(`select count(*) as n from symbols where status`)],
      ["openTrades", await count(`select count(*) as n from trades where status`)],
      ["todaysAlerts", await count(`select count(*) as n from alerts where created_at >= '${todayStart}' or fired_at >= '${todayStart}'`)],
    ]);
    expect(data.cards.find((c: Card) => c.kind === "todaysAlerts").value).toBeGreaterThan(0);
    expect(data.marque).toEqual(await getLatestMarque(t.context.db));
    expect(data.marque.title).toBe("Settlement holiday");
    expect(data.subscription).toBeNull();
    expect(data.chart.symbols).toEqual((await listVisibleSymbols(t.context.db, who.admin.user)).map((s) => s.symbolCode));
  });

  for (const as of ["admin", "employee"] as const) {
    it(`shows ${as} the chart, key events (a page and the day's count) and footer the separate reads give`, async () => {
      const { data } = await openDashboard(as);
      const view = data.chart.view;
      const expected = await expectedChart(as, "NIFTY-I");
      expect(view.symbol.code).toBe("NIFTY-I");
      expect(view.candles).toEqual(expected.candles);
      expect(view.lines).toEqual(expected.lines);
      expect(view.settings).toEqual(expected.settings);
      expect(view.points).toEqual(expected.points);
      expect(view.points.length).toBeGreaterThan(0);
      expect(view.keys.map((k: { label: string; price: number; at: number }) => ({ label: k.label, price: k.price, at: k.at }))).toEqual(expected.keys);
      expect(view.keys).toHaveLength(KEY_EVENTS_SHOWN);
      expect(view.keyCount).toBe(expected.keyCount);
      expect(view.keyCount).toBeGreaterThanOrEqual(KEY_EVENTS_SHOWN + 5);
      expect(data.chart.footer.previousPlusKey).toBe(expected.previousKeys.plus);
      expect(data.chart.footer.previousMinusKey).toBe(expected.previousKeys.minus);
      expect(data.chart.footer.previousMinusKey).toBe("Queries Key SELL");
      expect(data.chart.watchlist).toEqual(JSON.parse(JSON.stringify(await loadWatchlistPanel(t.context, who[as].user, new URL("http://localhost/dashboard")))));
    });
  }

  it("gives a customer its own cards, symbols, subscription notice and a subscribed symbol's chart; another symbol is a 404", async () => {
    // The latest subscription ends in three days: the page tells (docs/decisions/140).
    await t.context.db.execute(
      `update subscriptions set date_expired = '${shiftYmd(istDateString(new Date()), 3)}' where id = (select max(id) from subscriptions where user_id = ${who.customer.user.id})`,
    );
    const { data } = await openDashboard("customer", "/dashboard?symbol=TCS");
    const { id } = who.customer.user;
    expect(data.cards.map((c: Card) => [c.kind, c.value])).toEqual([
      ["myOpenTrades", await count(`select count(*) as n from trades where status and user_id = ${id}`)],
      ["myActiveAlerts", await count(`select count(*) as n from alerts where active and user_id = ${id}`)],
      ["mySymbols", await count(`select count(*) as n from user_symbols us join symbols s on s.id = us.symbol_id where us.user_id = ${id} and s.status`)],
    ]);
    const visible = (await listVisibleSymbols(t.context.db, who.customer.user)).map((s) => s.symbolCode);
    expect(data.chart.symbols).toEqual(visible);
    expect(visible).not.toContain("WIPRO");
    expect(data.chart.view.symbol.code).toBe("TCS");
    const expected = await expectedChart("customer", "TCS");
    expect(data.chart.view.lines).toEqual(expected.lines);
    expect(data.chart.view.keyCount).toBe(expected.keyCount);
    expect(data.chart.watchlist).toEqual(JSON.parse(JSON.stringify(await loadWatchlistPanel(t.context, who.customer.user, new URL("http://localhost/dashboard?symbol=TCS")))));
    const notice = subscriptionNotice(await findSubscriptionEnd(t.context.db, id), istDateString(new Date()));
    expect(notice).not.toBeNull();
    expect(data.subscription).toEqual({ ...notice, text: subscriptionNoticeText(notice!) });
    const refused = await call(dashboardLoader, getRequest("/dashboard?symbol=WIPRO", { cookie: who.customer.cookie }), { ...t.context, requestScope: new Map() });
    expect(refused.status).toBe(404);
  });

  it("gives role 2 the banner and its account counts in one statement beside the shell's", async () => {
    const { data, statements: sent } = await openDashboard("subadmin");
    expect(data.chart).toBeNull();
    expect(data.cards.map((c: Card) => [c.kind, c.value])).toEqual([
      ["employees", await count(`select count(*) as n from users where role_id = 3`)],
      ["customers", await count(`select count(*) as n from users where role_id = 4`)],
    ]);
    expect(sent).toHaveLength(2);
  });
});
