// The journal's calendar, review, risk and tags (docs/decisions/170) through the real loaders and
// actions on a real database: the calendar's day, week and month sums are the listed trades'
// PNL for the same filters; the review figures are the domain tally of those trades; the SQL
// risk and R are the domain's; tags are saved, validated and filtered; hostile parameters are
// named or ignored and never reach another customer's trades.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { symbols, trades, userSymbols } from "~/db/schema";
import { loader as listLoader } from "~/routes/_journal+/trades";
import { loader as calendarLoader } from "~/routes/_journal+/trades_.calendar";
import { action as editAction } from "~/routes/_journal+/trades.$id.edit";
import { istDateString, istWallTimeToEpochMs } from "~/domain/dates";
import { BAD_MONTH } from "~/domain/pnl-calendar";
import { decimalUnits, unitsToText } from "~/domain/decimal";
import { tradeRisk } from "~/domain/risk";
import { createReviewTally, reviewFigures, type ReviewFigures } from "~/domain/trade-review";
import { computeTradePnl } from "~/domain/pnl";
import type { RoleId } from "~/domain/access";
import { rFromSql, summariseTradeRisk, tradeRiskSql } from "~/models/trade-review.server";
import { tradePnlSql } from "~/models/report.server";
import { exitTotals } from "~/models/trade-exit.server";
import { TOO_MANY_TAGS, tagBadCharacters } from "~/schemas/trade-journal";
import { dispatchApi } from "~/api/dispatch.server";
import { createAuthSession } from "~/models/auth-session.server";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, ORIGIN, sessionCookieFor } from "../support/requests";
import { createUser, journalMember } from "../support/factories";
import { createSymbol, uniqueCode } from "../support/market";

let t: TestContext;
let symbol: { id: number; symbolCode: string };
let admin: Member;
let trader: Member;
let customer: Member;
let otherCustomer: Member;

interface Member {
  id: number;
  cookie: string;
}

async function member(roleId: RoleId): Promise<Member> {
  const { user, cookie } = await journalMember(t.context, roleId, [symbol.id]);
  return { id: user.id, cookie };
}

const ist = (y: number, m: number, d: number, h = 10, min = 0) => new Date(istWallTimeToEpochMs(y, m, d, h, min));

async function closedTrade(userId: number, values: { entry: Date; exit: Date; buy: number; sell: number; qty: number; sl?: number; type?: "BUY" | "SELL"; tags?: string[] }) {
  const [row] = await t.context.db
    .insert(trades)
    .values({
      userId,
      symbolId: symbol.id,
      tradeType: values.type ?? "BUY",
      quantity: values.qty,
      buyPrice: values.buy,
      sellPrice: values.sell,
      slPrice: values.sl ?? 0,
      tradeDateTime: values.entry,
      exitDateTime: values.exit,
      status: false,
      tags: values.tags ?? [],
    })
    .returning({ id: trades.id });
  return row.id;
}

type ListRow = { id: number; pnl: string; status: boolean; tags: string[]; r: string | null; risk: string | null };
type CalendarData = {
  monthError: string | null;
  dateError: string | null;
  calendar: { month: string; monthPnl: string; monthTrades: number; weeks: { pnl: string; trades: number; days: { ymd: string; pnl: string | null; trades: number; inMonth: boolean }[] }[] };
  openTrades: { trades: number; pnl: string };
  review: ReviewFigures;
};

async function listAll(who: Member, search: string): Promise<ListRow[]> {
  const res = await call(listLoader, getRequest(`/trades${search}`, { cookie: who.cookie }), t.context);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { rows: ListRow[]; nextCursor: string | null };
  expect(body.nextCursor).toBeNull(); // one page holds the examples
  return body.rows;
}

async function calendarOf(who: Member, search: string): Promise<CalendarData> {
  const res = await call(calendarLoader, getRequest(`/trades/calendar${search}`, { cookie: who.cookie }), t.context);
  expect(res.status).toBe(200);
  return (await res.json()) as CalendarData;
}

const paise = (text: string) => decimalUnits(text, 2) ?? 0n;
const sum = (texts: string[]) => unitsToText(texts.reduce((a, b) => a + paise(b), 0n), 2);

/** The exit day (IST) of each listed trade, read from the database. */
async function exitDays(ids: number[]): Promise<Map<number, { day: string; exit: Date }>> {
  const rows = await t.context.db.select({ id: trades.id, exit: trades.exitDateTime }).from(trades).where(sql`${trades.id} in ${ids}`);
  return new Map(rows.map((r) => [r.id, { day: istDateString(r.exit as Date), exit: r.exit as Date }]));
}

beforeAll(async () => {
  t = await createTestContext();
  symbol = await createSymbol(t.context.db, uniqueCode("REV"));
  admin = await member(1);
  trader = await member(3);
  customer = await member(4);
  otherCustomer = await member(4);
  // March 2026: 1 March is a Sunday, so the grid runs Monday 23 Feb to Sunday 5 April.
  const entry = ist(2026, 2, 20);
  const u = customer.id;
  await closedTrade(u, { entry, exit: ist(2026, 2, 27, 15), buy: 100, sell: 90, qty: 10, sl: 95, tags: ["breakout"] }); // -100.00, Feb, week 1
  await closedTrade(u, { entry, exit: ist(2026, 3, 1, 0, 10), buy: 100, sell: 112.5, qty: 10, sl: 95, tags: ["breakout", "gap up"] }); // +125.00 on 1 Mar just after IST midnight (28 Feb UTC)
  await closedTrade(u, { entry, exit: ist(2026, 3, 1, 23, 50), buy: 200, sell: 150, qty: 3, type: "SELL", sl: 210 }); // SELL: 3 x (150 - 200) = -150.00
  await closedTrade(u, { entry, exit: ist(2026, 3, 16, 11), buy: 50.05, sell: 50.1, qty: 7, sl: 49.95, tags: ["scalp"] }); // +0.35
  await closedTrade(u, { entry, exit: ist(2026, 3, 16, 14), buy: 10, sell: 9.99, qty: 1, tags: ["scalp"] }); // -0.01
  await closedTrade(u, { entry, exit: ist(2026, 3, 31, 15, 29), buy: 100, sell: 130, qty: 20, sl: 90, tags: ["breakout"] }); // +600.00
  await closedTrade(u, { entry, exit: ist(2026, 4, 2, 10), buy: 100, sell: 101, qty: 1, tags: ["breakout"] }); // +1.00, April, last week
  // An open trade of the same filters: not in the calendar.
  await t.context.db.insert(trades).values({ userId: u, symbolId: symbol.id, tradeType: "BUY", quantity: 5, buyPrice: 10, tradeDateTime: entry, status: true });
  // Another customer's trade on the same day: never in the first customer's sums.
  await closedTrade(otherCustomer.id, { entry, exit: ist(2026, 3, 16, 12), buy: 1, sell: 1001, qty: 1000, tags: ["breakout"] });
});
afterAll(async () => {
  await t?.close();
});

const adminFilter = (extra = "") => `?f=1&startDate=2026-02-01&endDate=2026-02-28&userRole=4&userId=${customer.id}${extra}`;

describe("the P&L calendar shows the sums of the listed trades (docs/decisions/170)", () => {
  it("each day, each week and the month equal the listed closed trades' PNL by IST exit day", async () => {
    const listed = await listAll(admin, adminFilter());
    expect(listed).toHaveLength(8);
    const data = await calendarOf(admin, `${adminFilter()}&month=2026-03`);
    const closed = listed.filter((r) => !r.status);
    const days = await exitDays(closed.map((r) => r.id));
    const byDay = new Map<string, string[]>();
    for (const row of closed) byDay.set(days.get(row.id)!.day, [...(byDay.get(days.get(row.id)!.day) ?? []), row.pnl]);
    const shown = data.calendar.weeks.flatMap((w) => w.days);
    expect(shown[0].ymd).toBe("2026-02-23");
    expect(shown[shown.length - 1].ymd).toBe("2026-04-05");
    for (const day of shown) {
      const expected = byDay.get(day.ymd);
      expect(day.pnl, day.ymd).toBe(expected ? sum(expected) : null);
      expect(day.trades, day.ymd).toBe(expected?.length ?? 0);
    }
    for (const week of data.calendar.weeks) {
      expect(week.pnl).toBe(sum(week.days.flatMap((d) => byDay.get(d.ymd) ?? [])));
    }
    // The IST day, not the UTC one: 00:10 IST on 1 March is 28 Feb in UTC.
    expect(shown.find((d) => d.ymd === "2026-03-01")).toMatchObject({ pnl: "-25.00", trades: 2 });
    expect(shown.find((d) => d.ymd === "2026-02-27")).toMatchObject({ pnl: "-100.00", inMonth: false });
    expect(data.calendar.weeks[0].pnl).toBe("-125.00"); // -100 (27 Feb) + 125 - 150 (1 Mar)
    expect(data.calendar.weeks[5].pnl).toBe("601.00"); // 600 (31 Mar) + 1 (2 Apr)
    const march = closed.filter((r) => days.get(r.id)!.day.startsWith("2026-03"));
    expect(data.calendar.monthPnl).toBe(sum(march.map((r) => r.pnl)));
    expect(data.calendar.monthPnl).toBe("575.34");
    expect(data.calendar.monthTrades).toBe(5);
    expect(data.openTrades.trades).toBe(1);
  });

  it("the review figures are the domain tally of the month's closed trades in exit order", async () => {
    const listed = await listAll(admin, adminFilter());
    const closed = listed.filter((r) => !r.status);
    const days = await exitDays(closed.map((r) => r.id));
    const march = closed
      .filter((r) => days.get(r.id)!.day.startsWith("2026-03"))
      .sort((a, b) => days.get(a.id)!.exit.getTime() - days.get(b.id)!.exit.getTime() || a.id - b.id);
    const tally = createReviewTally();
    for (const row of march) tally.addTrade(row.pnl, row.r);
    const data = await calendarOf(admin, `${adminFilter()}&month=2026-03`);
    expect(data.review).toEqual(reviewFigures(tally.stats()));
    // By hand: +125, -150, +0.35, -0.01, +600 -> cumulative 125, -25, -24.65, -24.66, 575.34: the deepest is -25, 150.00 below the peak of 125
    expect(data.review).toMatchObject({ trades: 5, wins: 3, losses: 2, maxDrawdown: "150.00", largestWin: "600.00", largestLoss: "-150.00", winRate: 60 });
    // R: 125/50 = 2.50; the SELL enters at its sell price: -150 / (|150 - 210| x 3 = 180) = -0.83;
    // 0.35/0.70 = 0.50; (no SL); 600/200 = 3.00 -> sum 5.17, average 1.2925 -> 1.29 over 4
    expect(data.review.averageR).toBe("1.29");
    expect(data.review.rTrades).toBe(4);
  });

  it("with ?review=all the review covers every closed trade of the filters, whatever month it closed in", async () => {
    const listed = await listAll(admin, adminFilter());
    const closed = listed.filter((r) => !r.status);
    const days = await exitDays(closed.map((r) => r.id));
    expect(new Set(closed.map((r) => days.get(r.id)!.day.slice(0, 7))).size).toBeGreaterThan(1);
    const inExitOrder = [...closed].sort((a, b) => days.get(a.id)!.exit.getTime() - days.get(b.id)!.exit.getTime() || a.id - b.id);
    const tally = createReviewTally();
    for (const row of inExitOrder) tally.addTrade(row.pnl, row.r);
    const all = (await calendarOf(admin, `${adminFilter()}&month=2026-03&review=all`)) as CalendarData & { reviewScope: string };
    expect(all.reviewScope).toBe("all");
    expect(all.review).toEqual(reviewFigures(tally.stats()));
    expect(all.review.trades).toBe(closed.length);
    // The grid stays the month's; only the review widens.
    expect(all.calendar.monthTrades).toBe(5);
    // Any other value is the month.
    for (const value of ["ALL", "1", "<script>", ""]) {
      const month = (await calendarOf(admin, `${adminFilter()}&month=2026-03&review=${encodeURIComponent(value)}`)) as CalendarData & { reviewScope: string };
      expect(month.reviewScope, value).toBe("month");
      expect(month.review.trades, value).toBe(5);
    }
  });

  it("filters by tag: the list and the calendar hold the same tagged trades", async () => {
    const listed = await listAll(admin, adminFilter("&tag=Breakout"));
    expect(listed.map((r) => r.tags.includes("breakout"))).toEqual(listed.map(() => true));
    expect(listed).toHaveLength(4);
    const data = await calendarOf(admin, `${adminFilter("&tag=Breakout")}&month=2026-03`);
    expect(data.calendar.monthPnl).toBe("725.00"); // 125 + 600
    expect(data.calendar.weeks[0].pnl).toBe("25.00"); // -100 + 125
    expect(data.openTrades.trades).toBe(0);
  });
});

describe("hostile parameters on the calendar", () => {
  it("names a month it cannot read and shows the default one: the picked end date's, else this month", async () => {
    const now = istDateString(new Date()).slice(0, 7);
    for (const month of ["2026-13", "<script>", "99999-01", "2026-1", "1999-12", "2026-03' or '1'='1"]) {
      const data = await calendarOf(admin, `${adminFilter()}&month=${encodeURIComponent(month)}`);
      expect(data.monthError, month).toBe(BAD_MONTH);
      expect(data.calendar.month).toBe("2026-02");
      const bare = await calendarOf(customer, `?month=${encodeURIComponent(month)}`);
      expect(bare.monthError, month).toBe(BAD_MONTH);
      expect(bare.calendar.month).toBe(now);
    }
  });

  it("names bad dates and still answers", async () => {
    const data = await calendarOf(admin, `?f=1&startDate=2026-02-30&endDate=2026-02-01&month=2026-03`);
    expect(data.dateError).toBeTruthy();
    expect(data.calendar.month).toBe("2026-03");
  });

  it("a customer's calendar is its own, whatever user id it sends", async () => {
    const now = new Date();
    const exit = new Date(now.getTime() - 60 * 60 * 1000);
    const month = istDateString(exit).slice(0, 7);
    await closedTrade(otherCustomer.id, { entry: exit, exit, buy: 1, sell: 2, qty: 100 });
    await closedTrade(customer.id, { entry: exit, exit, buy: 1, sell: 1.5, qty: 10 });
    for (const search of [`?month=${month}`, `?month=${month}&userId=${otherCustomer.id}`, `?month=${month}&userId=${otherCustomer.id}&f=1&today=0&startDate=2026-01-01&endDate=2099-01-01`]) {
      const data = await calendarOf(customer, search);
      expect(data.calendar.monthPnl, search).toBe("5.00");
      const list = await listAll(customer, search);
      expect(list.map((r) => r.pnl)).toEqual(["5.00"]);
    }
    // A tag that is not a tag filters nothing (and breaks nothing).
    const data = await calendarOf(customer, `?month=${month}&tag=${encodeURIComponent("x'); drop table trades; --")}`);
    expect(data.calendar.monthPnl).toBe("5.00");
  });

  it("roles that do not list trades cannot open it", async () => {
    const subAdmin = await member(2);
    const res = await call(calendarLoader, getRequest("/trades/calendar", { cookie: subAdmin.cookie }), t.context);
    expect(res.status).toBe(302);
    const anonymous = await call(calendarLoader, getRequest("/trades/calendar"), t.context);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
  });
});

describe("risk and R in SQL are the domain's (docs/decisions/170)", () => {
  it("per trade, over trades of both types with and without an SL, open and closed", async () => {
    const owner = await member(3);
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const price = () => Math.round(random() * 100000) / 100;
    for (let i = 0; i < 60; i += 1) {
      const type = random() < 0.5 ? "BUY" : "SELL";
      const open = random() < 0.3;
      await t.context.db.insert(trades).values({
        userId: owner.id,
        symbolId: symbol.id,
        tradeType: type,
        quantity: Math.floor(random() * 5000) + (i === 0 ? 0 : 1),
        buyPrice: type === "SELL" && open ? 0 : price(),
        sellPrice: type === "BUY" && open ? 0 : price(),
        slPrice: random() < 0.25 ? 0 : price(),
        status: open,
        exitDateTime: open ? null : new Date(),
      });
    }
    const live = { [symbol.symbolCode.toUpperCase()]: 123.45 };
    const pnl = tradePnlSql(live);
    const rows = await t.context.db
      .select({ tradeType: trades.tradeType, quantity: trades.quantity, buyPrice: trades.buyPrice, sellPrice: trades.sellPrice, slPrice: trades.slPrice, open: trades.status, pnl, risk: tradeRiskSql(), r: rFromSql(pnl, tradeRiskSql()) })
      .from(trades)
      .innerJoin(symbols, eq(symbols.id, trades.symbolId))
      // The PNL rule reads each trade's exits (docs/decisions/171); these trades have none.
      .leftJoin(exitTotals, eq(exitTotals.tradeId, trades.id))
      .where(eq(trades.userId, owner.id));
    expect(rows).toHaveLength(60);
    let withR = 0;
    for (const row of rows) {
      const expectedPnl = computeTradePnl(row, row.open ? 123.45 : null).pnl;
      const expected = tradeRisk(row, expectedPnl);
      const text = (v: string | null) => (v === null ? null : unitsToText(decimalUnits(String(v), 2)!, 2));
      expect({ risk: text(row.risk), r: text(row.r) }).toEqual(expected);
      if (expected.r !== null) withR += 1;
    }
    expect(withR).toBeGreaterThan(20);
    const summary = await summariseTradeRisk(t.context.db, live, { userId: owner.id });
    const each = rows.map((row) => tradeRisk(row, computeTradePnl(row, row.open ? 123.45 : null).pnl));
    expect(summary).toEqual({
      rTrades: each.filter((e) => e.risk !== null).length,
      totalRisk: sum(each.flatMap((e) => (e.risk ? [e.risk] : []))),
      rTotal: sum(each.flatMap((e) => (e.r ? [e.r] : []))),
    });
  });
});

describe("tags and note on the trade form", () => {
  const fields = (overrides: Record<string, string>) => ({ symbol: symbol.symbolCode, tradeType: "BUY", buyPrice: "100", quantity: "10", slPrice: "95", ...overrides });

  it("are saved in their one spelling, listed, and cleared by a blank field", async () => {
    const [row] = await t.context.db.insert(trades).values({ userId: trader.id, symbolId: symbol.id, tradeType: "BUY", quantity: 10, buyPrice: 100, tradeDateTime: new Date() }).returning({ id: trades.id });
    const edit = (f: Record<string, string>) => call(editAction, formRequest(`/trades/${row.id}/edit`, fields(f), { cookie: trader.cookie }), t.context, { id: String(row.id) });
    expect((await edit({ tags: " Breakout,gap   UP, breakout ", note: "  Entered late; respect the plan. " })).status).toBe(302);
    const [stored] = await t.context.db.select({ tags: trades.tags, note: trades.note }).from(trades).where(eq(trades.id, row.id));
    expect(stored).toEqual({ tags: ["breakout", "gap up"], note: "Entered late; respect the plan." });
    const listed = await listAll(trader, "?tag=GAP%20UP");
    expect(listed.map((r) => r.id)).toEqual([row.id]);
    expect(listed[0]).toMatchObject({ tags: ["breakout", "gap up"], risk: "50.00" });
    expect((await edit({ tags: "" })).status).toBe(302);
    const [cleared] = await t.context.db.select({ tags: trades.tags }).from(trades).where(eq(trades.id, row.id));
    expect(cleared.tags).toEqual([]);
  });

  it("refuses bad tags with a clear message and changes nothing", async () => {
    const [row] = await t.context.db.insert(trades).values({ userId: trader.id, symbolId: symbol.id, tradeType: "BUY", quantity: 10, buyPrice: 100, tradeDateTime: new Date(), tags: ["kept"] }).returning({ id: trades.id });
    const edit = (f: Record<string, string>) => call(editAction, formRequest(`/trades/${row.id}/edit`, fields(f), { cookie: trader.cookie }), t.context, { id: String(row.id) });
    const errorsOf = async (res: Response) => {
      expect(res.status).toBe(400);
      return ((await res.json()) as { error: Record<string, string[]> }).error;
    };
    expect((await errorsOf(await edit({ tags: "a,b,c,d,e,f,g,h,i,j,k" }))).tags).toEqual([TOO_MANY_TAGS]);
    expect((await errorsOf(await edit({ tags: "ok, <script>" }))).tags).toEqual([tagBadCharacters("<script>")]);
    expect((await errorsOf(await edit({ tags: "x".repeat(31) }))).tags?.[0]).toMatch(/longer than 30 characters/);
    expect((await errorsOf(await edit({ note: "n".repeat(2001) }))).note?.[0]).toMatch(/longer than 2000 characters/);
    const [stored] = await t.context.db.select({ tags: trades.tags }).from(trades).where(eq(trades.id, row.id));
    expect(stored.tags).toEqual(["kept"]);
  });
});

describe("tags and note through the JSON API", () => {
  async function send(token: string, path: string, json: unknown) {
    const res = await dispatchApi(new Request(ORIGIN + path, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(json) }), t.context);
    return { status: res.status, body: (await res.json()) as { data?: { id: number }; message?: string } };
  }
  const stored = async (id: number) => (await t.context.db.select({ tags: trades.tags, note: trades.note }).from(trades).where(eq(trades.id, id)))[0];

  it("create takes a list or a comma-separated text; update keeps what it does not send and refuses bad tags", async () => {
    const token = (await createAuthSession(t.context.db, trader.id)).id;
    const body = { symbol_code: symbol.symbolCode, tradeType: "BUY", buyPrice: 100, quantity: 5, slPrice: 98 };
    const created = await send(token, "/api/admin/trade/create", { ...body, tags: ["Swing", "NIFTY-50"], note: "From the API" });
    expect(created.status).toBe(201);
    const id = created.body.data!.id;
    expect(await stored(id)).toEqual({ tags: ["swing", "nifty-50"], note: "From the API" });
    expect((await send(token, "/api/admin/trade/update", { ...body, id, quantity: 6 })).status).toBe(200);
    expect(await stored(id)).toEqual({ tags: ["swing", "nifty-50"], note: "From the API" });
    expect((await send(token, "/api/admin/trade/update", { ...body, id, tags: "gap up", note: "" })).status).toBe(200);
    expect(await stored(id)).toEqual({ tags: ["gap up"], note: "" });
    const refused = await send(token, "/api/admin/trade/update", { ...body, id, tags: ["ok", "no;way"] });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(tagBadCharacters("no;way").replace(/"/g, '\\"'));
    expect(await stored(id)).toEqual({ tags: ["gap up"], note: "" });
  });
});
