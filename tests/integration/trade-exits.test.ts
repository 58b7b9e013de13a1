// Partial exits through the real loaders and actions on a real database (docs/decisions/167,
// 171): part of a trade closed at a price, the rest open; the last units close the trade; an
// over-exit and bad input refused with nothing stored; the edit form's close path records the
// open remainder as a final exit and re-opening removes it; the list, the trade report's cards
// and the exports agree to the paisa; only who may change the trade may exit it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { asc, eq } from "drizzle-orm";
import { tradeExits, trades, userSymbols } from "~/db/schema";
import { loader as listLoader } from "~/routes/_journal+/trades";
import { loader as editLoader, action as editAction } from "~/routes/_journal+/trades.$id.edit";
import { loader as exitLoader, action as exitAction } from "~/routes/_journal+/trades.$id.exit";
import { loader as tradeReportLoader } from "~/routes/_reports+/reports.trade";
import { loader as tradeExportLoader } from "~/routes/_reports+/reports.trade.export";
import { totalPnl } from "~/domain/pnl";
import type { RoleId } from "~/domain/access";
import type { PublicUser } from "~/models/user.server";
import {
  ENTER_EXIT_PRICE,
  ENTER_EXIT_QUANTITY,
  EXIT_BEFORE_ENTRY,
  EXIT_CLOSED_TRADE,
  EXIT_RECORDED,
  exitTooManyMessage,
  quantityBelowExitsMessage,
  WHOLE_EXIT_QUANTITY,
} from "~/schemas/trade-exit";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";
import { createUser, journalMember } from "../support/factories";
import { createSymbol, uniqueCode } from "../support/market";
import { toastMessage } from "../support/admin";

let t: TestContext;
let symbol: { id: number; symbolCode: string };

interface Member {
  user: PublicUser;
  cookie: string;
}

beforeAll(async () => {
  t = await createTestContext();
  symbol = await createSymbol(t.context.db, uniqueCode("PEX"));
});
afterAll(async () => {
  await t?.close();
});

function member(roleId: RoleId): Promise<Member> {
  return journalMember(t.context, roleId, [symbol.id]);
}

function setLive(last: number, prevClose = 100) {
  t.context.liveBook.set({ symbolCode: symbol.symbolCode, last, open: prevClose, high: last, low: last, prevClose, change: 0, changePercent: 0, ask: last, bid: last, ltq: 1, volume: 1, time: Date.now() });
}

async function insertTrade(userId: number, overrides: Partial<typeof trades.$inferInsert> = {}) {
  const [row] = await t.context.db
    .insert(trades)
    .values({ userId, symbolId: symbol.id, tradeType: "BUY", quantity: 10, buyPrice: 100, tradeDateTime: new Date(Date.now() - 60_000), ...overrides })
    .returning();
  return row;
}

const storedTrade = async (id: number) => (await t.context.db.select().from(trades).where(eq(trades.id, id)))[0];
const storedExits = (id: number) =>
  t.context.db.select({ quantity: tradeExits.quantity, price: tradeExits.price, exitedAt: tradeExits.exitedAt }).from(tradeExits).where(eq(tradeExits.tradeId, id)).orderBy(asc(tradeExits.exitedAt), asc(tradeExits.id));

function exit(who: Member, id: number, fields: Record<string, string>, path = `/trades/${id}/exit`) {
  const action = path.endsWith("/edit") ? editAction : exitAction;
  return call(action, formRequest(path, { intent: "exit", ...fields }, { cookie: who.cookie }), t.context, { id: String(id) });
}

async function errorsOf(res: Response): Promise<Record<string, string[]>> {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error?: Record<string, string[]>; exit?: { error?: Record<string, string[]> } };
  return body.exit?.error ?? body.error ?? {};
}

type ListRow = { id: number; pnl: string; realisedPnl: string; unrealisedPnl: string; todayMtm: string; exitedUnits: number; status: boolean };
async function listRows(who: Member, search = "") {
  const res = await call(listLoader, getRequest(`/trades${search}`, { cookie: who.cookie }), t.context);
  expect(res.status).toBe(200);
  return ((await res.json()) as { rows: ListRow[] }).rows;
}

describe("a partial exit", () => {
  it("closes part at a price, the rest stays open, and the list splits the PNL", async () => {
    const trader = await member(3);
    const trade = await insertTrade(trader.user.id);
    setLive(104.37);
    const res = await exit(trader, trade.id, { quantity: "3", price: "110.50" });
    expect(res.status).toBe(302);
    expect(await toastMessage(t.context.cookies, res)).toBe(EXIT_RECORDED);
    expect((await storedTrade(trade.id)).status).toBe(true);
    expect(await storedExits(trade.id)).toMatchObject([{ quantity: 3, price: 110.5 }]);
    // Realised 3 x 10.50 = 31.50; unrealised 7 x 4.37 = 30.59.
    const row = (await listRows(trader)).find((r) => r.id === trade.id);
    expect(row).toMatchObject({ status: true, exitedUnits: 3, realisedPnl: "31.50", unrealisedPnl: "30.59", pnl: "62.09" });
    // The edit page shows the exits' history and the split.
    const page = await call(editLoader, getRequest(`/trades/${trade.id}/edit`, { cookie: trader.cookie }), t.context, { id: String(trade.id) });
    const data = (await page.json()) as { exitView: { exits: { quantity: number; price: number; pnl: string; exitedAt: string }[]; realised: string; unrealised: string; openQuantity: number } };
    expect(data.exitView).toMatchObject({ realised: "31.50", unrealised: "30.59", openQuantity: 7 });
    expect(data.exitView.exits).toMatchObject([{ quantity: 3, price: 110.5, pnl: "31.50" }]);
    expect(data.exitView.exits[0].exitedAt).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);
  });

  it("the last units close the trade at the last exit's time (from the edit page, with an IST time)", async () => {
    const trader = await member(3);
    const trade = await insertTrade(trader.user.id, { tradeType: "SELL", sellPrice: 250, buyPrice: 0, quantity: 8, tradeDateTime: new Date("2026-01-05T04:00:00Z") });
    expect((await exit(trader, trade.id, { quantity: "5", price: "240.10", exitedAt: "2026-01-05T10:15" })).status).toBe(302);
    const last = await exit(trader, trade.id, { quantity: "3", price: "255", exitedAt: "2026-01-05T11:30" }, `/trades/${trade.id}/edit`);
    expect(last.status).toBe(302);
    expect(await toastMessage(t.context.cookies, last)).toBe(EXIT_CLOSED_TRADE);
    const stored = await storedTrade(trade.id);
    expect(stored.status).toBe(false);
    // 11:30 IST = 06:00 UTC.
    expect(stored.exitDateTime?.toISOString()).toBe("2026-01-05T06:00:00.000Z");
    // Realised 5 x 9.90 - 3 x 5 = 34.50, whatever the live price does.
    setLive(1);
    const row = (await listRows(await member(1), `?f=1&startDate=2026-01-05&endDate=2026-01-05&userRole=3&userId=${trader.user.id}`)).find((r) => r.id === trade.id);
    expect(row).toMatchObject({ status: false, realisedPnl: "34.50", unrealisedPnl: "0.00", pnl: "34.50" });
    // A closed trade takes no more exits.
    const again = await exit(trader, trade.id, { quantity: "1", price: "200" });
    expect(again.status).toBe(409);
  });

  it("refuses more than the open quantity, bad units, a price of 0 and a time before the entry, storing nothing", async () => {
    const trader = await member(3);
    const trade = await insertTrade(trader.user.id, { quantity: 5 });
    expect((await exit(trader, trade.id, { quantity: "2", price: "101" })).status).toBe(302);
    expect(await errorsOf(await exit(trader, trade.id, { quantity: "4", price: "101" }))).toEqual({ quantity: [exitTooManyMessage(3)] });
    expect(await errorsOf(await exit(trader, trade.id, { quantity: "0", price: "101" }))).toEqual({ quantity: [ENTER_EXIT_QUANTITY] });
    expect(await errorsOf(await exit(trader, trade.id, { quantity: "1.5", price: "101" }))).toEqual({ quantity: [WHOLE_EXIT_QUANTITY] });
    expect(await errorsOf(await exit(trader, trade.id, { quantity: "1", price: "0" }))).toEqual({ price: [ENTER_EXIT_PRICE] });
    expect(await errorsOf(await exit(trader, trade.id, { quantity: "1", price: "101", exitedAt: "2001-01-01T09:15" }))).toEqual({ exitedAt: [EXIT_BEFORE_ENTRY] });
    // The edit page answers its exit form's errors apart from the trade form's.
    expect(await errorsOf(await exit(trader, trade.id, { quantity: "9", price: "101" }, `/trades/${trade.id}/edit`))).toEqual({ quantity: [exitTooManyMessage(3)] });
    expect(await storedExits(trade.id)).toHaveLength(1);
    expect((await storedTrade(trade.id)).status).toBe(true);
  });
});

describe("the close path with exits", () => {
  const editFields = (overrides: Record<string, string> = {}) => ({ symbol: symbol.symbolCode, tradeType: "BUY", buyPrice: "100", quantity: "10", targetPrice: "0", slPrice: "0", ...overrides });
  const edit = (who: Member, id: number, fields: Record<string, string>) => call(editAction, formRequest(`/trades/${id}/edit`, fields, { cookie: who.cookie }), t.context, { id: String(id) });

  it("closing records the open units as a final exit at the live price; re-opening removes that exit only", async () => {
    const trader = await member(3);
    const trade = await insertTrade(trader.user.id);
    expect((await exit(trader, trade.id, { quantity: "4", price: "110" })).status).toBe(302);
    setLive(95.5);
    // The status switch left off closes the trade.
    expect((await edit(trader, trade.id, editFields())).status).toBe(302);
    expect(await storedExits(trade.id)).toMatchObject([{ quantity: 4, price: 110 }, { quantity: 6, price: 95.5 }]);
    const closed = await storedTrade(trade.id);
    expect(closed.status).toBe(false);
    const exits = await storedExits(trade.id);
    expect(closed.exitDateTime?.getTime()).toBe(exits[1].exitedAt.getTime());
    // Realised 4 x 10 + 6 x (-4.50) = 13.00.
    expect((await listRows(trader)).find((r) => r.id === trade.id)).toMatchObject({ pnl: "13.00", realisedPnl: "13.00", unrealisedPnl: "0.00" });
    // Re-opening (switch on) takes back the final exit; the partial one stands.
    expect((await edit(trader, trade.id, editFields({ status: "on", sellPrice: "95.5" }))).status).toBe(302);
    expect(await storedExits(trade.id)).toMatchObject([{ quantity: 4, price: 110 }]);
    const reopened = await storedTrade(trade.id);
    expect(reopened).toMatchObject({ status: true, exitDateTime: null });
  });

  it("an edit below the units already exited is refused and nothing changes", async () => {
    const trader = await member(3);
    const trade = await insertTrade(trader.user.id);
    expect((await exit(trader, trade.id, { quantity: "6", price: "110" })).status).toBe(302);
    const res = await edit(trader, trade.id, editFields({ quantity: "5", status: "on" }));
    expect(await errorsOf(res)).toEqual({ quantity: [quantityBelowExitsMessage(6)] });
    expect(await storedTrade(trade.id)).toMatchObject({ quantity: 10, status: true });
  });
});

describe("permissions", () => {
  it("a customer exits its own trade; another's trade is not found and nothing is stored", async () => {
    const owner = await member(4);
    const stranger = await member(4);
    const trade = await insertTrade(owner.user.id);
    const refused = await exit(stranger, trade.id, { quantity: "1", price: "101" });
    expect(refused.status).toBe(404);
    expect((await call(exitLoader, getRequest(`/trades/${trade.id}/exit`, { cookie: stranger.cookie }), t.context, { id: String(trade.id) })).status).toBe(404);
    expect(await storedExits(trade.id)).toHaveLength(0);
    expect((await exit(owner, trade.id, { quantity: "1", price: "101" })).status).toBe(302);
    expect(await storedExits(trade.id)).toHaveLength(1);
    // Staff (role 3) change any trade; a visitor is sent to sign in.
    expect((await exit(await member(3), trade.id, { quantity: "1", price: "102" })).status).toBe(302);
    const visitor = await call(exitAction, formRequest(`/trades/${trade.id}/exit`, { quantity: "1", price: "101" }), t.context, { id: String(trade.id) });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login/);
    expect(await storedExits(trade.id)).toHaveLength(2);
  });
});

describe("the list, the trade report and its export agree with exits", () => {
  it("to the paisa, realised + unrealised = total", async () => {
    const admin = await member(1);
    const trader = await member(3);
    setLive(104.375);
    const a = await insertTrade(trader.user.id, { quantity: 7, buyPrice: 100.01 });
    const b = await insertTrade(trader.user.id, { tradeType: "SELL", sellPrice: 250.35, buyPrice: 0, quantity: 9 });
    const c = await insertTrade(trader.user.id, { quantity: 3, buyPrice: 99.99 });
    await exit(trader, a.id, { quantity: "2", price: "101.33" });
    await exit(trader, a.id, { quantity: "1", price: "99.07" });
    await exit(trader, b.id, { quantity: "4", price: "249.99" });
    await exit(trader, c.id, { quantity: "3", price: "100.5" });
    const rows = (await listRows(admin, `?f=1&userRole=3&userId=${trader.user.id}`)).filter((r) => [a.id, b.id, c.id].includes(r.id));
    expect(rows).toHaveLength(3);
    const listTotal = totalPnl(rows.map((r) => r.pnl));
    expect(totalPnl([totalPnl(rows.map((r) => r.realisedPnl)), totalPnl(rows.map((r) => r.unrealisedPnl))])).toBe(listTotal);
    const report = await call(tradeReportLoader, getRequest(`/reports/trade?active=all&userId=${trader.user.id}`, { cookie: admin.cookie }), t.context);
    const summary = ((await report.json()) as { summary: { totalPnl: string; realisedPnl: string; unrealisedPnl: string; todayMtm: string } }).summary;
    expect(summary.totalPnl).toBe(listTotal);
    expect(summary.realisedPnl).toBe(totalPnl(rows.map((r) => r.realisedPnl)));
    expect(summary.unrealisedPnl).toBe(totalPnl(rows.map((r) => r.unrealisedPnl)));
    expect(summary.todayMtm).toBe(totalPnl(rows.map((r) => r.todayMtm)));
    // The Excel export writes each trade's PNL as the list shows it.
    const xlsx = await call(tradeExportLoader, getRequest(`/reports/trade/export?format=xlsx&active=all&userId=${trader.user.id}`, { cookie: admin.cookie }), t.context);
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const figures: string[] = [];
    workbook.worksheets[0].eachRow((row) => row.eachCell((cell) => {
      if (typeof cell.value === "number") figures.push(cell.value.toFixed(2));
    }));
    for (const r of rows) expect(figures).toContain(r.pnl);
    expect(figures).toContain(listTotal);
  });
});
