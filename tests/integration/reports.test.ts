// The reports (issue 8) on a fixture of known trades, with every figure worked out by hand:
// summary cards, the inclusive end date, the active and role filters, per-user and per-sector
// figures, and that only role 1 reaches a report or an export.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { symbols, tradeExits, trades } from "~/db/schema";
import { decimalText2 } from "~/domain/decimal";
import { computeTradePnl, sumExits, totalPnl } from "~/domain/pnl";
import { exitTotals } from "~/models/trade-exit.server";
import { istWallTimeToEpochMs } from "~/domain/dates";
import { livePricesOf, tradePnlSql, summariseTrades, listTradeReportPage, listTradesOfUsers, streamTradeReportRows } from "~/models/report.server";
import { loader as tradeReportLoader } from "~/routes/_reports+/reports.trade";
import { loader as tradeExportLoader } from "~/routes/_reports+/reports.trade.export";
import { loader as pnlReportLoader } from "~/routes/_reports+/reports.pnl";
import { loader as minMaxLoader } from "~/routes/_reports+/reports.min-max";
import { loader as pnlExportLoader } from "~/routes/_reports+/reports.pnl.export";
import { loader as minMaxExportLoader } from "~/routes/_reports+/reports.min-max.export";
import { loader as analysisLoader } from "~/routes/_reports+/reports.trade-analysis";
import { loader as userReportLoader } from "~/routes/_reports+/reports.user";
import { loader as userExportLoader } from "~/routes/_reports+/reports.user.export";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";
import { createUser, insertReportTrade, TEST_PASSWORD } from "../support/factories";
import { action as loginAction } from "~/routes/_auth+/login";
import { createSectorRow, createSymbolRow } from "../support/admin";
import type { Quote } from "~/domain/quotes";

let t: TestContext;
let admin: string;
const cookies: Record<2 | 3 | 4, string> = { 2: "", 3: "", 4: "" };
const ids = { asha: 0, bala: 0, chetan: 0, aaa: 0, bbb: 0, ccc: 0 };
const codes = { aaa: "", bbb: "", ccc: "" };

const ist = (y: number, m: number, d: number, h = 10, min = 0) => new Date(istWallTimeToEpochMs(y, m, d, h, min));

function quote(symbolCode: string, last: number): Quote {
  return { symbolCode, last, open: last, high: last, low: last, prevClose: last, change: 0, changePercent: 0, ask: last, bid: last, ltq: 1, volume: 1, time: Date.now() };
}

beforeAll(async () => {
  t = await createTestContext();
  const db = t.context.db;
  admin = await sessionCookieFor(t.context, (await createUser(db, { roleId: 1 })).id);
  for (const role of [2, 3, 4] as const) cookies[role] = await sessionCookieFor(t.context, (await createUser(db, { roleId: role })).id);
  ids.asha = (await createUser(db, { roleId: 4, name: "Asha Rao", username: "asha_r" })).id;
  ids.bala = (await createUser(db, { roleId: 4, name: "Bala Iyer", username: "bala_i" })).id;
  ids.chetan = (await createUser(db, { roleId: 3, name: "Chetan Das", username: "chetan_d" })).id;
  const metals = await createSectorRow(db, "Metals R");
  const banks = await createSectorRow(db, "Banks R");
  const aaa = await createSymbolRow(db, metals.id, "RPTAAA");
  const bbb = await createSymbolRow(db, banks.id, "RPTBBB");
  const ccc = await createSymbolRow(db, null, "RPTCCC");
  Object.assign(ids, { aaa: aaa.id, bbb: bbb.id, ccc: ccc.id });
  Object.assign(codes, { aaa: aaa.symbolCode, bbb: bbb.symbolCode, ccc: ccc.symbolCode });
  // Live closes: AAA 105.50, BBB 48; CCC has none (counts as 0, docs/product-rules.md R-D9).
  t.context.liveBook.set(quote(aaa.symbolCode, 105.5));
  t.context.liveBook.set(quote(bbb.symbolCode, 48));

  const add = (v: Parameters<typeof insertReportTrade>[1]) => insertReportTrade(db, v);
  // 1. closed BUY 10 x (110 - 100) = 100.00
  await add({ userId: ids.asha, symbolId: aaa.id, tradeType: "BUY", quantity: 10, buyPrice: 100, sellPrice: 110, open: false, tradeDateTime: ist(2026, 3, 10) });
  // 2. closed SELL 7 x (50.10 - 51.25) = -8.05
  await add({ userId: ids.asha, symbolId: bbb.id, tradeType: "SELL", quantity: 7, buyPrice: 51.25, sellPrice: 50.1, open: false, tradeDateTime: ist(2026, 3, 12) });
  // 3. open BUY 3 x (105.50 - 100.25) = 15.75, at 23:59 IST on the last day of the range
  await add({ userId: ids.bala, symbolId: aaa.id, tradeType: "BUY", quantity: 3, buyPrice: 100.25, sellPrice: 0, open: true, tradeDateTime: ist(2026, 3, 31, 23, 59) });
  // 4. open SELL 5 x (50 - 48) = 10.00
  await add({ userId: ids.bala, symbolId: bbb.id, tradeType: "SELL", quantity: 5, buyPrice: 0, sellPrice: 50, open: true, tradeDateTime: ist(2026, 3, 15) });
  // 5. closed SELL by an employee: 2 x (100 - 120) = -40.00
  await add({ userId: ids.chetan, symbolId: aaa.id, tradeType: "SELL", quantity: 2, buyPrice: 120, sellPrice: 100, open: false, tradeDateTime: ist(2026, 3, 20) });
  // 6. closed at cost: 0 (neither profitable nor loss)
  await add({ userId: ids.asha, symbolId: aaa.id, tradeType: "BUY", quantity: 1, buyPrice: 100, sellPrice: 100, open: false, tradeDateTime: ist(2026, 3, 5) });
  // 7. 00:00 IST on 1 April: outside a range ending 31 March. closed 1 x (200 - 100) = 100.00
  await add({ userId: ids.asha, symbolId: aaa.id, tradeType: "BUY", quantity: 1, buyPrice: 100, sellPrice: 200, open: false, tradeDateTime: ist(2026, 4, 1, 0, 0) });
  // 8. open BUY without a live price: 2 x (0 - 10) = -20.00
  await add({ userId: ids.bala, symbolId: ccc.id, tradeType: "BUY", quantity: 2, buyPrice: 10, sellPrice: 0, open: true, tradeDateTime: ist(2026, 3, 2) });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const MARCH = "startDate=2026-03-01&endDate=2026-03-31";

async function loaderJson(loader: Parameters<typeof call>[0], path: string, cookie = admin) {
  const res = await call(loader, getRequest(path, { cookie }), t.context);
  expect(res.status).toBe(200);
  return res.json();
}

describe("/reports/trade", () => {
  it("sums the cards from the rounded per-trade PNLs, end date inclusive", async () => {
    const data = await loaderJson(tradeReportLoader, `/reports/trade?active=all&${MARCH}`);
    expect(data.summary).toMatchObject({ totalTrades: 7, totalPnl: "57.70", profitableTrades: 3, lossTrades: 3, totalProfit: "125.75", totalLoss: "-68.05" });
    expect(data.total).toBe(7);
    expect(data.rows).toHaveLength(7);
    // Newest first: the 23:59 IST trade of 31 March is in, the 00:00 IST trade of 1 April is not.
    expect(data.rows[0]).toMatchObject({ symbolCode: codes.aaa, userName: "Bala Iyer", pnl: "15.75", currentPrice: "105.50", status: "Active" });
    // The card equals the sum of the listed rows.
    expect(totalPnl(data.rows.map((r: { pnl: string }) => r.pnl))).toBe(data.summary.totalPnl);
  });

  it("defaults to De-Active (closed) trades; Active lists the open ones at the live price", async () => {
    const closed = await loaderJson(tradeReportLoader, `/reports/trade?${MARCH}`);
    expect(closed.input.active).toBe("0");
    expect(closed.summary).toMatchObject({ totalTrades: 4, totalPnl: "51.95", profitableTrades: 1, lossTrades: 2 });
    const open = await loaderJson(tradeReportLoader, `/reports/trade?active=1&${MARCH}`);
    expect(open.summary).toMatchObject({ totalTrades: 3, totalPnl: "5.75", profitableTrades: 2, lossTrades: 1 });
    const everything = await loaderJson(tradeReportLoader, `/reports/trade?active=all`);
    expect(everything.summary.totalTrades).toBe(8);
    expect(everything.summary.totalPnl).toBe("157.70");
  });

  it("filters by symbol and user, and drops a half-filled or reversed range with a message", async () => {
    const bySymbol = await loaderJson(tradeReportLoader, `/reports/trade?active=all&symbolId=${ids.bbb}&${MARCH}`);
    expect(bySymbol.summary).toMatchObject({ totalTrades: 2, totalPnl: "1.95" });
    const byUser = await loaderJson(tradeReportLoader, `/reports/trade?active=all&userId=${ids.asha}&${MARCH}`);
    expect(byUser.summary).toMatchObject({ totalTrades: 3, totalPnl: "91.95" });
    const half = await loaderJson(tradeReportLoader, `/reports/trade?active=all&startDate=2026-03-01`);
    expect(half.summary.totalTrades).toBe(8);
    expect(half.input.rangeError).toBe("Please choose both a start and an end date");
    const reversed = await loaderJson(tradeReportLoader, `/reports/trade?active=all&startDate=2026-03-31&endDate=2026-03-01`);
    expect(reversed.input.rangeError).toBe("The end date cannot precede the start date");
  });

  it("a one-day range holds that IST day only", async () => {
    const lastDay = await loaderJson(tradeReportLoader, `/reports/trade?active=all&startDate=2026-03-31&endDate=2026-03-31`);
    expect(lastDay.summary.totalTrades).toBe(1);
    const april = await loaderJson(tradeReportLoader, `/reports/trade?active=all&startDate=2026-04-01&endDate=2026-04-01`);
    expect(april.summary).toMatchObject({ totalTrades: 1, totalPnl: "100.00" });
  });

  it("pages 20 at a time and the export stream yields every filtered row across batches", async () => {
    const live = livePricesOf(t.context.liveBook);
    const filter = { active: "all" as const };
    const page = await listTradeReportPage(t.context.db, live, filter, { page: 1, pageSize: 3 });
    expect(page.rows).toHaveLength(3);
    const streamed = [];
    for await (const row of streamTradeReportRows(t.context.db, live, filter, 3)) streamed.push(row);
    expect(streamed.map((r) => r.id)).toHaveLength(8);
    expect(new Set(streamed.map((r) => r.id)).size).toBe(8);
    expect(streamed.slice(0, 3).map((r) => r.id)).toEqual(page.rows.map((r) => r.id));
  });
});

describe("the SQL aggregate rule equals computeTradePnl", () => {
  it("for any trade, open or closed, with or without a live price", async () => {
    const db = t.context.db;
    const owner = await createUser(db, { roleId: 4, name: "Property Owner" });
    const money = fc.integer({ min: 0, max: 5_000_000 }).map((p) => p / 100);
    const tradeArb = fc.record({
      tradeType: fc.constantFrom("BUY" as const, "SELL" as const),
      quantity: fc.integer({ min: 0, max: 5000 }),
      buyPrice: money,
      sellPrice: money,
      open: fc.boolean(),
      symbol: fc.constantFrom("aaa" as const, "bbb" as const, "ccc" as const),
      // Partial exits (docs/decisions/171): up to two, units cut to what the trade holds below.
      exits: fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 2000 }), price: money }), { maxLength: 2 }),
    });
    const sample = fc.sample(fc.array(tradeArb, { minLength: 150, maxLength: 150 }), { numRuns: 1, seed: 20260308 })[0];
    // Live prices with more than 2 decimals, as a feed may quote them.
    t.context.liveBook.set(quote(codes.aaa, 105.555));
    try {
      const live = livePricesOf(t.context.liveBook);
      const at = ist(2030, 1, 1);
      const inserted = await db
        .insert(trades)
        .values(
          sample.map((s) => ({ userId: owner.id, symbolId: ids[s.symbol], tradeType: s.tradeType, quantity: s.quantity, buyPrice: s.buyPrice, sellPrice: s.sellPrice, status: s.open, tradeDateTime: at })),
        )
        .returning({ id: trades.id });
      const exitsOf = new Map<number, { quantity: number; price: number }[]>();
      sample.forEach((s, i) => {
        let left = s.quantity;
        const kept = s.exits.map((e) => ({ ...e, quantity: Math.min(e.quantity, left) })).filter((e) => {
          left -= e.quantity;
          return e.quantity > 0;
        });
        if (kept.length) exitsOf.set(inserted[i].id, kept);
      });
      const exitRows = [...exitsOf].flatMap(([tradeId, list]) => list.map((e) => ({ tradeId, quantity: e.quantity, price: e.price, exitedAt: at })));
      expect(exitRows.length).toBeGreaterThan(30);
      await db.insert(tradeExits).values(exitRows);
      const rows = (
        await db
          .select({ id: trades.id, code: symbols.symbolCode, tradeType: trades.tradeType, quantity: trades.quantity, buyPrice: trades.buyPrice, sellPrice: trades.sellPrice, open: trades.status, sqlPnl: tradePnlSql(live) })
          .from(trades)
          .innerJoin(symbols, eq(symbols.id, trades.symbolId))
          .leftJoin(exitTotals, eq(exitTotals.tradeId, trades.id))
          .where(eq(trades.userId, owner.id))
      ).map((r) => ({ ...r, exits: sumExits(exitsOf.get(r.id) ?? []) }));
      expect(rows).toHaveLength(150);
      for (const r of rows) {
        const { pnl } = computeTradePnl(r, r.open ? live[r.code.toUpperCase()] ?? null : null);
        expect({ id: r.id, pnl: decimalText2(r.sqlPnl) }).toEqual({ id: r.id, pnl });
      }
      const summary = await summariseTrades(db, live, { userId: owner.id });
      const expected = totalPnl(rows.map((r) => computeTradePnl(r, r.open ? live[r.code.toUpperCase()] ?? null : null).pnl));
      expect(summary.totalPnl).toBe(expected);
      // The report's rows (computeTradePnl over the joined totals) are the same figures.
      const listed = await listTradeReportPage(db, live, { userId: owner.id }, { page: 1, pageSize: 200 });
      expect(totalPnl(listed.rows.map((r) => r.pnl))).toBe(expected);
    } finally {
      t.context.liveBook.set(quote(codes.aaa, 105.5));
      await db.delete(trades).where(eq(trades.userId, owner.id));
      await db.execute(sql`select 1`);
    }
  });
});

describe("/reports/pnl", () => {
  it("shows the six cards and one row per user with that user's trades", async () => {
    const data = await loaderJson(pnlReportLoader, `/reports/pnl?${MARCH}`);
    expect(data.summary).toMatchObject({ totalPnl: "57.70", totalTrades: 7, profitableTrades: 3, lossTrades: 3, totalProfit: "125.75", totalLoss: "-68.05", pnlRatio: 42.86 });
    const byName = Object.fromEntries(data.users.map((u: { name: string }) => [u.name, u]));
    expect(byName["Asha Rao"]).toMatchObject({ totalTrades: 3, profitableTrades: 1, lossTrades: 1, totalPnl: "91.95", totalProfit: "100.00", totalLoss: "-8.05", pnlRatio: 33.33 });
    expect(byName["Bala Iyer"]).toMatchObject({ totalTrades: 3, totalPnl: "5.75", totalProfit: "25.75", totalLoss: "-20.00" });
    expect(byName["Chetan Das"]).toMatchObject({ totalTrades: 1, totalPnl: "-40.00", pnlRatio: 0 });
    expect(byName["Bala Iyer"].trades.map((r: { pnl: string }) => r.pnl).sort()).toEqual(["-20.00", "10.00", "15.75"].sort());
    // The users' totals add up to the card.
    expect(totalPnl(data.users.map((u: { totalPnl: string }) => u.totalPnl))).toBe(data.summary.totalPnl);
  });
});

describe("the PNL report's expanded rows", () => {
  it("list a user's newest trades, at most the limit", async () => {
    const live = livePricesOf(t.context.liveBook);
    const lists = await listTradesOfUsers(t.context.db, live, { active: "all" }, [ids.asha, ids.chetan], 2);
    expect(lists.get(ids.asha)!.map((r) => r.pnl)).toEqual(["100.00", "-8.05"]); // 1 April, then 12 March
    expect(lists.get(ids.chetan)!.map((r) => r.pnl)).toEqual(["-40.00"]);
  });
});

describe("/reports/min-max", () => {
  it("sorts by PNL from the URL, both ways, across open and closed trades", async () => {
    const desc = await loaderJson(minMaxLoader, `/reports/min-max?${MARCH}`);
    expect(desc.rows.map((r: { pnl: string }) => r.pnl)).toEqual(["100.00", "15.75", "10.00", "0.00", "-8.05", "-20.00", "-40.00"]);
    const asc = await loaderJson(minMaxLoader, `/reports/min-max?sort=pnl-asc&${MARCH}`);
    expect(asc.rows.map((r: { pnl: string }) => r.pnl)).toEqual(["-40.00", "-20.00", "-8.05", "0.00", "10.00", "15.75", "100.00"]);
  });
});

describe("/reports/trade-analysis", () => {
  it("counts trades per user and sector, PNL per user, and profitable/loss trades per sector", async () => {
    const q = `tuStartDate=2026-03-01&tuEndDate=2026-03-31&stStartDate=2026-03-01&stEndDate=2026-03-31&puStartDate=2026-03-01&puEndDate=2026-03-31`;
    const data = await loaderJson(analysisLoader, `/reports/trade-analysis?${q}`);
    expect(data.tradeUser).toEqual([
      { label: "Asha Rao", value: 3 },
      { label: "Bala Iyer", value: 3 },
      { label: "Chetan Das", value: 1 },
    ]);
    expect(data.sectorTrade).toEqual([
      { label: "Metals R", value: 4 },
      { label: "Banks R", value: 2 },
      { label: "Other", value: 1 },
    ]);
    expect(data.profitUser).toEqual([
      { label: "Asha Rao", value: "91.95" },
      { label: "Bala Iyer", value: "5.75" },
      { label: "Chetan Das", value: "-40.00" },
    ]);
    expect(data.sectors).toEqual([
      { sectorName: "Banks R", profitableTrades: 1, lossTrades: 1 },
      { sectorName: "Metals R", profitableTrades: 2, lossTrades: 1 },
      { sectorName: "Other", profitableTrades: 0, lossTrades: 1 },
    ]);
    // Each chart has its own range: April only for Trade User.
    const april = await loaderJson(analysisLoader, `/reports/trade-analysis?tuStartDate=2026-04-01&tuEndDate=2026-04-30`);
    expect(april.tradeUser).toEqual([{ label: "Asha Rao", value: 1 }]);
  });
});

describe("/reports/user", () => {
  it("lists the chosen role (default Customer) and charts that role's profit", async () => {
    const data = await loaderJson(userReportLoader, `/reports/user?${MARCH}&startDate=`);
    expect(data.input.role_id).toBe(4);
    const customers = await loaderJson(userReportLoader, `/reports/user`);
    const names = customers.rows.map((r: { name: string }) => r.name);
    expect(names).toContain("Asha Rao");
    expect(names).not.toContain("Chetan Das");
    const employees = await loaderJson(userReportLoader, `/reports/user?role_id=3&${MARCH}`);
    expect(employees.profitByUser).toEqual([{ label: "Chetan Das", value: "-40.00" }]);
    const march = await loaderJson(userReportLoader, `/reports/user?role_id=4&${MARCH}`);
    expect(march.profitByUser).toEqual([
      { label: "Asha Rao", value: "91.95" },
      { label: "Bala Iyer", value: "5.75" },
    ]);
    expect(march.profitByMonth).toEqual([{ label: "2026-03", value: "97.70" }]);
    expect(march.profitByUserMonth).toEqual([
      { userName: "Asha Rao", month: "2026-03", totalProfit: "91.95" },
      { userName: "Bala Iyer", month: "2026-03", totalProfit: "5.75" },
    ]);
  });

  it("Login mode lists sign-ins of the role with their time", async () => {
    // A sign-in through the form: the history, not a session row, is what Login mode lists (docs/decisions/141).
    const employee = await createUser(t.context.db, { roleId: 3 });
    expect((await call(loginAction, formRequest("/login", { email: employee.email, password: TEST_PASSWORD }), t.context)).status).toBe(302);
    const data = await loaderJson(userReportLoader, `/reports/user?mode=login&role_id=3`);
    expect(data.input.mode).toBe("login");
    expect(data.rows.length).toBeGreaterThanOrEqual(1);
    expect(data.rows[0].loginTime).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} [AP]M$/);
  });
});

describe("access: only role 1 reaches a report or an export", () => {
  const paths: [Parameters<typeof call>[0], string][] = [
    [tradeReportLoader, "/reports/trade"],
    [tradeExportLoader, "/reports/trade/export?format=xlsx&active=all"],
    [pnlReportLoader, "/reports/pnl"],
    [minMaxLoader, "/reports/min-max"],
    [pnlExportLoader, "/reports/pnl/export?format=xlsx"],
    [minMaxExportLoader, "/reports/min-max/export?format=pdf&sort=pnl-asc"],
    [analysisLoader, "/reports/trade-analysis"],
    [userReportLoader, "/reports/user"],
    [userExportLoader, "/reports/user/export?format=pdf"],
  ];
  it.each(paths)("%#: roles 2, 3, 4 and visitors are sent away with nothing in the body", async (loader, path) => {
    const expectations: [string, string][] = [
      [cookies[2], "/dashboard"],
      [cookies[3], "/login"],
      [cookies[4], "/login"],
      ["", "/login"],
    ];
    for (const [cookie, location] of expectations) {
      const res = await call(loader, getRequest(path, { cookie }), t.context);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(location);
      expect(await res.text()).not.toMatch(/Asha|RPTAAA/);
    }
    const ok = await call(loader, getRequest(path, { cookie: admin }), t.context);
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
  });

  it("an export without a known format answers 400", async () => {
    const res = await call(tradeExportLoader, getRequest("/reports/trade/export?format=csv", { cookie: admin }), t.context);
    expect(res.status).toBe(400);
    for (const [loader, path] of [[pnlExportLoader, "/reports/pnl/export"], [minMaxExportLoader, "/reports/min-max/export?format=doc"]] as const) {
      expect((await call(loader, getRequest(path, { cookie: admin }), t.context)).status).toBe(400);
    }
  });
});
