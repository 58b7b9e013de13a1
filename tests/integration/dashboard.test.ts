// The dashboard, overview and sector-analysis loaders on the seeded demo data, through real
// Requests: what each role gets, the chosen symbol and timeframe, the live book's gauges and
// movers, the stored sector gauge points, and the 404s.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { chaviEvents, sectors, symbols, trades, users } from "~/db/schema";
import { seedDemoData } from "~/seed/seed.server";
import { seedDemoHistory } from "~/seed/demo-history.server";
import { saveMarque } from "~/models/settings.server";
import { insertSectorGaugePoints } from "~/models/market-events.server";
import { loader as dashboardLoader } from "~/routes/_market+/dashboard";
import { loader as adminDashboardLoader } from "~/routes/_admin+/admin.dashboard";
import { loader as overviewLoader } from "~/routes/_market+/overview";
import { loader as sectorAnalysisLoader } from "~/routes/_market+/sector-analysis";
import { loader as sectorChartLoader } from "~/routes/_market+/sector-analysis-chart.$sector";
import { seedDemoSectorGauges } from "~/seed/demo-sector-gauges.server";
import { changeFromPrevClose } from "~/domain/quotes";
import { istDateString, istMidnight } from "~/domain/dates";
import { TEST_SECRET, createTestContext, type TestContext } from "../support/context";
import { createUser } from "../support/factories";
import { createSectorRow, createSymbolRow } from "../support/admin";
import { call, getRequest, sessionCookieFor } from "../support/requests";

let t: TestContext;
const who: Record<"admin" | "subadmin" | "employee" | "customer", { id: number; cookie: string }> = {} as never;

beforeAll(async () => {
  t = await createTestContext();
  const now = new Date("2026-11-20T12:00:00Z");
  // The server's secret seals the demo admin's two-factor key, as a real start does (decision 121).
  await seedDemoData(t.context.db, { now, appSecret: TEST_SECRET, log: () => {} });
  await seedDemoHistory(t.context.db, { now, minuteDays: 1, dailyDays: 20, minuteSymbols: ["NIFTY-I"], log: () => {} });
  for (const name of ["admin", "subadmin", "employee", "customer"] as const) {
    const [u] = await t.context.db.select({ id: users.id }).from(users).where(eq(users.email, `${name}@example.com`));
    who[name] = { id: u.id, cookie: await sessionCookieFor(t.context, u.id) };
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function get(loader: Parameters<typeof call>[0], path: string, as: keyof typeof who, params: Record<string, string> = {}) {
  const res = await call(loader, getRequest(path, { cookie: who[as].cookie }), t.context, params);
  const body = res.headers.get("Content-Type")?.includes("json") ? await res.json() : null;
  return { status: res.status, location: res.headers.get("Location"), body };
}

function quote(code: string, last: number, prevClose: number) {
  return { symbolCode: code, last, open: prevClose, high: last, low: last, prevClose, ...changeFromPrevClose(last, prevClose), ask: last + 0.5, bid: last - 0.5, ltq: 1, volume: 1, time: Date.now() };
}

async function rows<T>(query: string): Promise<T[]> {
  const result = (await t.context.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type Card = { kind: string; value: number };
const card = (cards: Card[], kind: string) => cards.find((c) => c.kind === kind)?.value;

describe("/dashboard", () => {
  it("gives role 1 users by role, symbols, open trades and today's alerts, counted from the database", async () => {
    const before = (await get(dashboardLoader, "/dashboard", "admin")).body.cards as Card[];
    await createUser(t.context.db, { roleId: 3 });
    const symbol = await createSymbolRow(t.context.db, null);
    const [nifty] = await t.context.db.select({ id: symbols.id }).from(symbols).where(eq(symbols.symbolCode, "NIFTY-I"));
    await t.context.db.insert(trades).values({ userId: who.employee.id, symbolId: nifty.id, tradeType: "BUY", quantity: 1, buyPrice: 100, status: true });
    const after = (await get(dashboardLoader, "/dashboard", "admin")).body.cards as Card[];
    expect(after.map((c) => c.kind)).toEqual(["admins", "subAdmins", "employees", "customers", "activeSymbols", "openTrades", "todaysAlerts"]);
    expect(card(after, "employees")).toBe(card(before, "employees")! + 1);
    expect(card(after, "customers")).toBe(card(before, "customers"));
    expect(card(after, "activeSymbols")).toBe(card(before, "activeSymbols")! + 1);
    expect(card(after, "openTrades")).toBe(card(before, "openTrades")! + 1);
    expect(symbol.id).toBeGreaterThan(0);
  });

  it("shows NIFTY-I by default with candles, its target points as chips and the first one in the footer", async () => {
    const { status, body } = await get(dashboardLoader, "/dashboard", "employee");
    expect(status).toBe(200);
    const view = body.chart.view;
    expect(view.symbol.code).toBe("NIFTY-I");
    expect(view.timeframe).toBe("D1");
    expect(view.candles.length).toBeGreaterThan(5);
    expect(view.points.map((p: { name: string }) => p.name)).toContain("Mandi Visamo Target");
    expect(body.chart.footer.firstTarget).toEqual({ name: view.points[0].name, pointName: view.points[0].pointName, price: view.points[0].price });
    expect(body.chart.canTrade).toBe(true);
    expect(body.chart.symbols).toContain("TCS");
  });

  it("takes the symbol and timeframe from the URL, and ignores an unknown timeframe", async () => {
    const h1 = (await get(dashboardLoader, "/dashboard?symbol=nifty-i&tf=H1", "employee")).body.chart.view;
    expect(h1.symbol.code).toBe("NIFTY-I");
    expect(h1.timeframe).toBe("H1");
    // Hours counted from the 09:15 IST session open (09:15 = 03:45 UTC), docs/decisions/127.
    expect(new Date(h1.candles[0].time).getUTCMinutes()).toBe(45);
    expect((await get(dashboardLoader, "/dashboard?tf=H3", "employee")).body.chart.view.timeframe).toBe("D1");
  });

  it("answers 404 for a symbol outside a customer's subscription or unknown, and disables trading for role 4", async () => {
    expect((await get(dashboardLoader, "/dashboard?symbol=WIPRO", "customer")).status).toBe(404);
    expect((await get(dashboardLoader, "/dashboard?symbol=NO-SUCH", "admin")).status).toBe(404);
    const own = await get(dashboardLoader, "/dashboard?symbol=TCS", "customer");
    expect(own.body.chart.view.symbol.code).toBe("TCS");
    expect(own.body.chart.canTrade).toBe(false);
    expect(own.body.cards.map((c: Card) => c.kind)).toEqual(["myOpenTrades", "myActiveAlerts", "mySymbols"]);
    const [{ n }] = await rows<{ n: number }>(
      `select count(*)::int as n from user_symbols us join symbols s on s.id = us.symbol_id where us.user_id = ${who.customer.id} and s.status`,
    );
    expect(card(own.body.cards, "mySymbols")).toBe(n);
  });

  it("tells a newly registered customer (no symbol subscribed) what to do instead of an empty page", async () => {
    const fresh = await createUser(t.context.db, { roleId: 4 });
    const res = await call(dashboardLoader, getRequest("/dashboard", { cookie: await sessionCookieFor(t.context, fresh.id) }), t.context);
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.chart).toBeNull();
    expect(body.noSubscription).toBe(true);
    // The demo customer, who has a subscription, gets its chart and no such notice.
    const own = await get(dashboardLoader, "/dashboard", "customer");
    expect(own.body.noSubscription).toBe(false);
    expect(own.body.chart).not.toBeNull();
  });

  it("gives role 2 the banner and its account counts, and no chart", async () => {
    await saveMarque(t.context.db, { title: "Market holiday notice", date: "2026-11-24", subText: "Closed for Guru Nanak Jayanti" });
    const { status, body } = await get(dashboardLoader, "/dashboard", "subadmin");
    expect(status).toBe(200);
    expect(body.chart).toBeNull();
    expect(body.marque).toEqual({ title: "Market holiday notice", date: "2026-11-24", subText: "Closed for Guru Nanak Jayanti" });
    expect(body.cards.map((c: Card) => c.kind)).toEqual(["employees", "customers"]);
  });

  it("puts the previous plus and minus key labels of today in the footer", async () => {
    const [nifty] = await t.context.db.select({ id: symbols.id }).from(symbols).where(eq(symbols.symbolCode, "NIFTY-I"));
    const [{ chaviId }] = await rows<{ chaviId: number }>(`select chavi_id as "chaviId" from chavi_users where user_id = ${who.employee.id} limit 1`);
    const base = Date.now() - 3000;
    const tradingDate = istDateString(new Date());
    await t.context.db.insert(chaviEvents).values([
      { chaviId, symbolId: nifty.id, label: "Test Key BUY", price: 100, tradingDate, eventTime: new Date(base) },
      { chaviId, symbolId: nifty.id, label: "Test Key SELL", price: 99, tradingDate, eventTime: new Date(base + 1000) },
      { chaviId, symbolId: nifty.id, label: "Later Key BUY", price: 101, tradingDate, eventTime: new Date(base + 2000) },
    ]);
    const footer = (await get(dashboardLoader, "/dashboard", "employee")).body.chart.footer;
    expect(footer.previousPlusKey).toBe("Later Key BUY");
    expect(footer.previousMinusKey).toBe("Test Key SELL");
  });
});

describe("/admin/dashboard", () => {
  it("is role 1's, with the chart; other roles are sent away", async () => {
    const admin = await get(adminDashboardLoader, "/admin/dashboard", "admin");
    expect(admin.status).toBe(200);
    expect(admin.body.chart.view.symbol.code).toBe("NIFTY-I");
    expect(await get(adminDashboardLoader, "/admin/dashboard", "employee")).toMatchObject({ status: 302, location: "/login" });
    expect(await get(adminDashboardLoader, "/admin/dashboard", "subadmin")).toMatchObject({ status: 302, location: "/dashboard" });
  });
});

describe("/overview", () => {
  it("computes the gauges from the live book and lists 5 gainers and losers until expanded", async () => {
    const active = await t.context.db.select({ code: symbols.symbolCode }).from(symbols).where(eq(symbols.status, true));
    const codes = active.map((a) => a.code).sort();
    // 7 up (1 % .. 7 %), 6 down (-1 % .. -6 %), the rest without a quote.
    codes.slice(0, 7).forEach((code, i) => t.context.liveBook.set(quote(code, 100 + (i + 1), 100)));
    codes.slice(7, 13).forEach((code, i) => t.context.liveBook.set(quote(code, 100 - (i + 1), 100)));
    const { status, body } = await get(overviewLoader, "/overview", "admin");
    expect(status).toBe(200);
    expect(body.advances).toBe(7);
    expect(body.declines).toBe(6);
    expect(body.gauge).toBe(Math.round((100 * 28 * 100) / (28 + 21)) / 100); // weights 1+..+7 vs 1+..+6
    expect(body.gainers).toHaveLength(5);
    expect(body.gainers[0]).toMatchObject({ symbolCode: codes[6], changePercent: 7 });
    expect(body.losers).toHaveLength(5);
    expect(body.losers[0]).toMatchObject({ symbolCode: codes[12], changePercent: -6 });
    const expanded = (await get(overviewLoader, "/overview?expand=gainers", "admin")).body;
    expect(expanded.expanded).toBe("gainers");
    expect(expanded.gainers).toHaveLength(7);
    expect(expanded.losers).toHaveLength(5);
  });

  it("lists only a customer's subscribed symbols among the movers, and refuses role 2", async () => {
    const body = (await get(overviewLoader, "/overview?expand=gainers", "customer")).body;
    const [{ n }] = await rows<{ n: number }>(`select count(*)::int as n from user_symbols where user_id = ${who.customer.id}`);
    expect(body.codes).toHaveLength(n);
    for (const row of [...body.gainers, ...body.losers]) expect(body.codes).toContain(row.symbolCode);
    expect(await get(overviewLoader, "/overview", "subadmin")).toMatchObject({ status: 302, location: "/dashboard" });
  });
});

describe("demo sector gauges", () => {
  it("derives the last minute session's gauges every 5 minutes from the demo minute candles", async () => {
    const written = await seedDemoSectorGauges(t.context.db);
    expect(written).toBeGreaterThan(50); // one minute session of NIFTY-I: 75 five-minute buckets
    const [nifty] = await t.context.db.select({ sectorId: symbols.sectorId }).from(symbols).where(eq(symbols.symbolCode, "NIFTY-I"));
    const stored = await rows<{ ts: string; percentage: string }>(`select ts::text, percentage::text from sector_analysis_points where sector_id = ${nifty.sectorId}`);
    expect(stored.length).toBeGreaterThan(50);
    // NIFTY-I is the only demo symbol of its sector with minutes: it is up (100), down (0) or flat (50).
    for (const p of stored) expect([0, 50, 100]).toContain(Number(p.percentage));
    for (const p of stored) expect(new Date(p.ts).getUTCMinutes() % 5).toBe(0);
  });
});

describe("/sector-analysis and /sector-analysis-chart/{sector}", () => {
  it("gives every active sector a gauge card from the live book", async () => {
    const sector = await createSectorRow(t.context.db);
    const up = await createSymbolRow(t.context.db, sector.id);
    const down = await createSymbolRow(t.context.db, sector.id);
    const up2 = await createSymbolRow(t.context.db, sector.id);
    t.context.liveBook.set(quote(up.symbolCode, 105, 100));
    t.context.liveBook.set(quote(up2.symbolCode, 101, 100));
    t.context.liveBook.set(quote(down.symbolCode, 90, 100));
    const { status, body } = await get(sectorAnalysisLoader, "/sector-analysis", "admin");
    expect(status).toBe(200);
    const card = body.sectors.find((s: { id: number }) => s.id === sector.id);
    expect(card).toEqual({ id: sector.id, name: sector.sectorName, gauge: 66.67, advances: 2, declines: 1 });
    expect(await get(sectorAnalysisLoader, "/sector-analysis", "employee")).toMatchObject({ status: 302, location: "/login" });
  });

  it("reads the sector's stored gauge points of one IST day, oldest first, the latest day by default", async () => {
    const sector = await createSectorRow(t.context.db);
    const day = istMidnight("2026-11-19").getTime();
    await insertSectorGaugePoints(t.context.db, [
      { sectorId: sector.id, ts: new Date(day + 10 * 3_600_000), percentage: 62.5 },
      { sectorId: sector.id, ts: new Date(day + 9.5 * 3_600_000), percentage: 40 },
      { sectorId: sector.id, ts: new Date(day - 60_000), percentage: 10 }, // 23:59 IST the day before
    ]);
    const path = `/sector-analysis-chart/${sector.id}`;
    const latest = await get(sectorChartLoader, path, "admin", { sector: String(sector.id) });
    expect(latest.status).toBe(200);
    expect(latest.body.date).toBe("2026-11-19");
    expect(latest.body.sector).toEqual({ id: sector.id, name: sector.sectorName });
    expect(latest.body.points).toEqual([
      { time: day + 9.5 * 3_600_000, percentage: 40 },
      { time: day + 10 * 3_600_000, percentage: 62.5 },
    ]);
    const before = await get(sectorChartLoader, `${path}?date=2026-11-18`, "admin", { sector: String(sector.id) });
    expect(before.body.points).toEqual([{ time: day - 60_000, percentage: 10 }]);
    // The selector's GET form naming another sector moves to that sector's path.
    expect(await get(sectorChartLoader, `${path}?sector=${sector.id + 1000}&date=2026-11-18`, "admin", { sector: String(sector.id) })).toMatchObject({
      status: 302,
      location: `/sector-analysis-chart/${sector.id + 1000}?date=2026-11-18`,
    });
  });

  it("answers 404 for an unknown, inactive or malformed sector, and refuses other roles", async () => {
    expect((await get(sectorChartLoader, "/sector-analysis-chart/999999", "admin", { sector: "999999" })).status).toBe(404);
    expect((await get(sectorChartLoader, "/sector-analysis-chart/abc", "admin", { sector: "abc" })).status).toBe(404);
    const inactive = await createSectorRow(t.context.db);
    await t.context.db.update(sectors).set({ status: false }).where(eq(sectors.id, inactive.id));
    expect((await get(sectorChartLoader, `/sector-analysis-chart/${inactive.id}`, "admin", { sector: String(inactive.id) })).status).toBe(404);
    expect(await get(sectorChartLoader, `/sector-analysis-chart/${inactive.id}`, "customer", { sector: String(inactive.id) })).toMatchObject({ status: 302, location: "/login" });
  });
});
