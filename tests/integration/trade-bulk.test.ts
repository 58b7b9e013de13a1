// The trade list's bulk actions and export through their real loaders and actions on a real
// database (docs/decisions/172): verify/close/delete per role, all or nothing (one forbidden
// id, one missing live price or a failure mid-way leaves every trade as it was), the same
// notifications per trade as the single actions, the confirmation naming the count, hostile
// ids and bodies; and the CSV/Excel export equal to the filtered list, page after page.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import { and, eq, inArray } from "drizzle-orm";
import { notifications, trades, userSymbols } from "~/db/schema";
import { loader as listLoader } from "~/routes/_journal+/trades";
import { loader as bulkLoader, action as bulkAction } from "~/routes/_journal+/trades.bulk";
import { loader as exportLoader } from "~/routes/_journal+/trades.export";
import type { RoleId } from "~/domain/access";
import { MAX_BULK_TRADES } from "~/domain/trade-bulk";
import { BULK_NOT_ALLOWED, bulkNoLivePrice, bulkNotChangeable, notATradeNumber, SELECT_SOME_TRADES, TOO_MANY_TRADES } from "~/schemas/trade-bulk";
import { FORM_CONTENT_TYPE } from "~/schemas/request-input.server";
import type { PublicUser } from "~/models/user.server";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, ORIGIN, sessionCookieFor } from "../support/requests";
import { createUser, journalMember } from "../support/factories";
import { createSymbol, failWhen, uniqueCode } from "../support/market";
import { toastMessage } from "../support/admin";

let t: TestContext;
let priced: { id: number; symbolCode: string };
let unpriced: { id: number; symbolCode: string };
const LIVE = 123.45;

interface Member {
  user: PublicUser;
  cookie: string;
}

beforeAll(async () => {
  t = await createTestContext();
  priced = await createSymbol(t.context.db, uniqueCode("BLK"));
  unpriced = await createSymbol(t.context.db, uniqueCode("NOP"));
  t.context.liveBook.set({ symbolCode: priced.symbolCode, last: LIVE, open: LIVE, high: LIVE, low: LIVE, prevClose: LIVE, change: 0, changePercent: 0, ask: LIVE, bid: LIVE, ltq: 1, volume: 1, time: Date.now() });
});
afterAll(async () => {
  await t?.close();
});

function member(roleId: RoleId, name?: string): Promise<Member> {
  return journalMember(t.context, roleId, [priced.id, unpriced.id], name ? { name } : {});
}

async function insertTrade(userId: number, overrides: Partial<typeof trades.$inferInsert> = {}) {
  const [row] = await t.context.db
    .insert(trades)
    .values({ userId, symbolId: priced.id, tradeType: "BUY", quantity: 10, buyPrice: 100, tradeDateTime: new Date(), ...overrides })
    .returning();
  return row;
}

async function stored(ids: number[]) {
  return t.context.db.select().from(trades).where(inArray(trades.id, ids)).orderBy(trades.id);
}

async function noticesAbout(ids: number[]) {
  const rows = await t.context.db.select({ message: notifications.message, userId: notifications.userId }).from(notifications).where(eq(notifications.kind, "trade"));
  return rows.filter((n) => ids.some((id) => n.message.startsWith(`Trade #${id} `)));
}

/** The list's POST (no confirm): checks the form and redirects to the confirmation page. */
function pick(who: Member, intent: string, ids: (number | string)[], search = "") {
  return call(bulkAction, formRequest(`/trades/bulk${search}`, { intent, ids: ids.map(String) }, { cookie: who.cookie }), t.context);
}

/** The confirmation's POST. */
function confirm(who: Member, intent: string, ids: (number | string)[], search = "") {
  return call(bulkAction, formRequest(`/trades/bulk${search}`, { intent, ids: ids.map(String), confirm: "1" }, { cookie: who.cookie }), t.context);
}

async function confirmation(who: Member, search: string) {
  const res = await call(bulkLoader, getRequest(`/trades/bulk${search}`, { cookie: who.cookie }), t.context);
  return { status: res.status, body: (await res.json()) as { problem: string | null; backTo: string; confirm: { action: string; ids: number[]; question: string } | null } };
}

async function problemOf(res: Response) {
  return ((await res.json()) as { problem: string }).problem;
}

describe("the confirmation names the count", () => {
  it("the list's post redirects to the confirmation page with the ids and the list's filters; it asks 'Delete 3 trades?'", async () => {
    const employee = await member(3);
    const ids = [(await insertTrade(employee.user.id)).id, (await insertTrade(employee.user.id)).id, (await insertTrade(employee.user.id)).id];
    const res = await pick(employee, "delete", ids, "?sector=&active=1");
    expect(res.status).toBe(302);
    const location = res.headers.get("Location")!;
    expect(location).toBe(`/trades/bulk?intent=delete&ids=${ids.join("&ids=")}&sector=&active=1`);
    const { status, body } = await confirmation(employee, location.slice("/trades/bulk".length));
    expect(status).toBe(200);
    expect(body.confirm).toEqual({ action: "delete", ids, question: "Delete 3 trades?" });
    expect(body.backTo).toBe("/trades?sector=&active=1");
    // Nothing is deleted by asking.
    expect(await stored(ids)).toHaveLength(3);
  });

  it("a repeated id is one trade", async () => {
    const employee = await member(3);
    const id = (await insertTrade(employee.user.id)).id;
    const { body } = await confirmation(employee, `?intent=close&ids=${id}&ids=${id}&ids=${id}`);
    expect(body.confirm?.question).toBe("Close 1 trade at the live price?");
  });

  it("nothing ticked: back to the list with the message", async () => {
    const employee = await member(3);
    const res = await pick(employee, "close", [], "?active=1");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/trades?active=1");
    expect(await toastMessage(t.context.cookies, res)).toBe(SELECT_SOME_TRADES);
  });

  it("hostile ids and parameters are named, and nothing is asked", async () => {
    const employee = await member(3);
    const own = (await insertTrade(employee.user.id)).id;
    expect(await confirmation(employee, `?intent=delete&ids=${own}&ids=abc`)).toMatchObject({ status: 400, body: { problem: notATradeNumber("abc"), confirm: null } });
    expect(await confirmation(employee, `?intent=delete&ids=${own}&ids=-1`)).toMatchObject({ status: 400, body: { problem: notATradeNumber("-1") } });
    expect(await confirmation(employee, `?intent=delete&ids=99999999999`)).toMatchObject({ status: 400, body: { problem: notATradeNumber("99999999999") } });
    expect(await confirmation(employee, `?intent=delete`)).toMatchObject({ status: 400, body: { problem: SELECT_SOME_TRADES } });
    const thousands = Array.from({ length: 3000 }, (_, i) => `ids=${i + 1}`).join("&");
    expect(await confirmation(employee, `?intent=delete&${thousands}`)).toMatchObject({ status: 400, body: { problem: TOO_MANY_TRADES } });
    expect((await confirmation(employee, `?intent=shred&ids=${own}`)).status).toBe(400);
    // A verify by a role that may not verify.
    expect(await confirmation(employee, `?intent=verify&ids=${own}`)).toMatchObject({ status: 403, body: { problem: BULK_NOT_ALLOWED } });
  });

  it("a customer asking about another's trade is told which, and that nothing will change", async () => {
    const customer = await member(4);
    const stranger = await member(4);
    const own = (await insertTrade(customer.user.id)).id;
    const theirs = (await insertTrade(stranger.user.id)).id;
    expect(await confirmation(customer, `?intent=delete&ids=${own}&ids=${theirs}&ids=${theirs + 100000}`)).toMatchObject({
      status: 403,
      body: { problem: bulkNotChangeable(`#${theirs} and #${theirs + 100000}`), confirm: null },
    });
  });
});

describe("bulk verify (role 1 only)", () => {
  it("verifies the unverified ones in one go, one notification and one event per changed trade", async () => {
    const admin = await member(1);
    const owner = await member(3);
    const a = await insertTrade(owner.user.id);
    const b = await insertTrade(owner.user.id);
    const already = await insertTrade(owner.user.id, { isVerified: true });
    const emits = vi.spyOn(t.context.hub, "emitToAudience");
    try {
      const res = await confirm(admin, "verify", [a.id, b.id, already.id], "?f=1");
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/trades?f=1");
      expect(await toastMessage(t.context.cookies, res)).toBe("2 trades verified; 1 was already verified");
      expect((await stored([a.id, b.id, already.id])).map((r) => r.isVerified)).toEqual([true, true, true]);
      const notes = await noticesAbout([a.id, b.id, already.id]);
      // The owner and every active staff member (roles 1 and 3) read each changed trade's row; the already verified one is not told again.
      expect(new Set(notes.map((n) => n.message))).toEqual(new Set([`Trade #${a.id} BUY ${priced.symbolCode} verified`, `Trade #${b.id} BUY ${priced.symbolCode} verified`]));
      expect(notes.filter((n) => n.userId === owner.user.id)).toHaveLength(2);
      expect(notes.filter((n) => n.userId === admin.user.id)).toHaveLength(2);
      const told = emits.mock.calls.map(([, , payload]) => payload as { tradeId: number; change: string });
      expect(new Set(told.map((p) => `${p.tradeId}:${p.change}`))).toEqual(new Set([`${a.id}:verified`, `${b.id}:verified`]));
    } finally {
      emits.mockRestore();
    }
  });

  it("an employee or a customer may not verify: 403, nothing verified", async () => {
    for (const role of [3, 4] as const) {
      const who = await member(role);
      const trade = await insertTrade(who.user.id);
      const res = await confirm(who, "verify", [trade.id]);
      expect(res.status).toBe(403);
      expect(await problemOf(res)).toBe(BULK_NOT_ALLOWED);
      expect((await stored([trade.id]))[0].isVerified).toBe(false);
    }
  });
});

describe("bulk close at the live price", () => {
  it("closes every open ticked trade through the close path: exit price = live, exit time set, one notification each", async () => {
    const employee = await member(3);
    const buy = await insertTrade(employee.user.id);
    const sell = await insertTrade(employee.user.id, { tradeType: "SELL", buyPrice: 0, sellPrice: 130 });
    const closed = await insertTrade(employee.user.id, { status: false, sellPrice: 105, exitDateTime: new Date("2026-01-01T00:00:00Z") });
    const res = await confirm(employee, "close", [buy.id, sell.id, closed.id]);
    expect(res.status).toBe(302);
    expect(await toastMessage(t.context.cookies, res)).toBe("2 trades closed; 1 was already closed");
    const [b, s, c] = await stored([buy.id, sell.id, closed.id]);
    expect(b).toMatchObject({ status: false, buyPrice: 100, sellPrice: LIVE });
    expect(s).toMatchObject({ status: false, buyPrice: LIVE, sellPrice: 130 });
    expect(b.exitDateTime).not.toBeNull();
    expect(c).toMatchObject({ status: false, sellPrice: 105, exitDateTime: new Date("2026-01-01T00:00:00Z") });
    const owners = (await noticesAbout([buy.id, sell.id, closed.id])).filter((n) => n.userId === employee.user.id).map((n) => n.message);
    expect(owners.sort()).toEqual([`Trade #${buy.id} BUY ${priced.symbolCode} closed`, `Trade #${sell.id} SELL ${priced.symbolCode} closed`].sort());
  });

  it("one trade without a live price: nothing is closed, and the message names it", async () => {
    const employee = await member(3);
    const ok = await insertTrade(employee.user.id);
    const dark = await insertTrade(employee.user.id, { symbolId: unpriced.id });
    const res = await confirm(employee, "close", [ok.id, dark.id]);
    expect(res.status).toBe(409);
    expect(await problemOf(res)).toBe(bulkNoLivePrice(`#${dark.id}`));
    expect((await stored([ok.id, dark.id])).map((r) => r.status)).toEqual([true, true]);
    expect(await noticesAbout([ok.id, dark.id])).toEqual([]);
  });
});

describe("bulk delete", () => {
  it("a customer deletes its own trades; one other's id among them and nothing is deleted", async () => {
    const customer = await member(4);
    const stranger = await member(4);
    const mine = [(await insertTrade(customer.user.id)).id, (await insertTrade(customer.user.id)).id];
    const theirs = (await insertTrade(stranger.user.id)).id;
    const emits = vi.spyOn(t.context.hub, "emitToAudience");
    try {
      const refused = await confirm(customer, "delete", [...mine, theirs]);
      expect(refused.status).toBe(403);
      expect(await problemOf(refused)).toBe(bulkNotChangeable(`#${theirs}`));
      expect(await stored([...mine, theirs])).toHaveLength(3);
      expect(await noticesAbout([...mine, theirs])).toEqual([]);
      expect(emits).not.toHaveBeenCalled();

      const res = await confirm(customer, "delete", mine);
      expect(res.status).toBe(302);
      expect(await toastMessage(t.context.cookies, res)).toBe("2 trades deleted");
      expect(await stored([...mine, theirs])).toHaveLength(1);
      expect((await noticesAbout(mine)).filter((n) => n.userId === customer.user.id)).toHaveLength(2);
      expect(emits.mock.calls.length).toBeGreaterThanOrEqual(2);
    } finally {
      emits.mockRestore();
    }
  });

  it("an employee may delete any trade (staff scope); a missing id refuses the whole batch", async () => {
    const employee = await member(3);
    const customer = await member(4);
    const theirs = (await insertTrade(customer.user.id)).id;
    const refused = await confirm(employee, "delete", [theirs, theirs + 500000]);
    expect(refused.status).toBe(403);
    expect(await problemOf(refused)).toBe(bulkNotChangeable(`#${theirs + 500000}`));
    expect(await stored([theirs])).toHaveLength(1);
    expect((await confirm(employee, "delete", [theirs])).status).toBe(302);
    expect(await stored([theirs])).toHaveLength(0);
  });

  it("is one transaction: a failure on the third trade's notification leaves all three trades and no notification", async () => {
    const employee = await member(3);
    const ids = [(await insertTrade(employee.user.id)).id, (await insertTrade(employee.user.id)).id, (await insertTrade(employee.user.id)).id];
    const restore = await failWhen(t.context.db, "notifications", `NEW.message like 'Trade #${ids[2]} %'`);
    try {
      await expect(confirm(employee, "delete", ids)).rejects.toThrow();
    } finally {
      await restore();
    }
    expect(await stored(ids)).toHaveLength(3);
    expect(await noticesAbout(ids)).toEqual([]);
  });

  it("caps the ids, refuses non-numbers and wrong content types, changing nothing", async () => {
    const employee = await member(3);
    const own = (await insertTrade(employee.user.id)).id;
    const many = [own, ...Array.from({ length: MAX_BULK_TRADES }, (_, i) => own + i + 1)];
    const tooMany = await confirm(employee, "delete", many);
    expect(tooMany.status).toBe(400);
    expect(await problemOf(tooMany)).toBe(TOO_MANY_TRADES);
    const word = await confirm(employee, "delete", [own, "1;drop table trades"]);
    expect(await problemOf(word)).toBe(notATradeNumber("1;drop table trades"));
    const asJson = await call(
      bulkAction,
      new Request(`${ORIGIN}/trades/bulk`, { method: "POST", body: JSON.stringify({ intent: "delete", ids: [own], confirm: "1" }), headers: { "Content-Type": "application/json", Cookie: employee.cookie } }),
      t.context,
    );
    expect(asJson.status).toBe(415);
    expect(await asJson.text()).toContain(FORM_CONTENT_TYPE);
    expect(await stored([own])).toHaveLength(1);
  });

  it("a signed-out request is sent to sign in; a sub-admin (no trade list) gets nothing", async () => {
    const customer = await member(4);
    const own = (await insertTrade(customer.user.id)).id;
    const anonymous = await call(bulkAction, formRequest("/trades/bulk", { intent: "delete", ids: [String(own)], confirm: "1" }), t.context);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/login");
    const subAdmin = await member(2);
    const refused = await confirm(subAdmin, "delete", [own]);
    expect(refused.status).toBe(302);
    expect(await stored([own])).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- export

type ListData = { rows: { id: number; pnlPercent: string | null }[]; nextCursor: string | null };

/** Every row the list shows for a search, following its Next links. */
async function everyListedId(who: Member, search: string): Promise<number[]> {
  const ids: number[] = [];
  let page = search;
  for (let n = 1; n < 50; n++) {
    const res = await call(listLoader, getRequest(`/trades${page}`, { cookie: who.cookie }), t.context);
    const data = (await res.json()) as ListData;
    ids.push(...data.rows.map((r) => r.id));
    if (!data.nextCursor) return ids;
    page = `${search}&page=${n + 1}&cursor=${encodeURIComponent(data.nextCursor)}`;
  }
  throw new Error("too many pages");
}

async function download(who: Member, search: string) {
  return call(exportLoader, getRequest(`/trades/export${search}`, { cookie: who.cookie }), t.context);
}

async function csvRecords(who: Member, search: string): Promise<Record<string, string>[]> {
  const res = await download(who, `${search}&format=csv`);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toContain("text/csv");
  expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="trades_\d{4}-\d{2}-\d{2}\.csv"$/);
  return parse((await res.text()).replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
}

async function xlsxRows(who: Member, search: string): Promise<unknown[][]> {
  const res = await download(who, `${search}&format=xlsx`);
  expect(res.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row, n) => {
    if (n > 1) rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe("export of the filtered list", () => {
  let admin: Member;
  let trader: Member;
  let search: string;
  let listed: number[];

  beforeAll(async () => {
    admin = await member(1);
    trader = await member(3, "=HYPERLINK(\"http://evil\")");
    // 25 closed trades (more than a page of 20), 2 open ones the Status filter leaves out.
    for (let i = 0; i < 25; i++) {
      await insertTrade(trader.user.id, { status: false, sellPrice: 90 + i, exitDateTime: new Date(), tradeDateTime: new Date(Date.now() - i * 60_000) });
    }
    await insertTrade(trader.user.id);
    await insertTrade(trader.user.id);
    // A legacy trade of 0 units: no PNL % anywhere.
    await insertTrade(trader.user.id, { status: false, quantity: 0, buyPrice: 2.7, sellPrice: 646.7, exitDateTime: new Date() });
    search = `?f=1&userRole=3&userId=${trader.user.id}&active=0`;
    listed = await everyListedId(admin, search);
  });

  it("CSV: exactly the listed trades, every page, in order; losses as numbers, text made inert, no PNL % for 0 units", async () => {
    expect(listed).toHaveLength(26);
    const records = await csvRecords(admin, search);
    expect(records.map((r) => Number(r["Trade Id"]))).toEqual(listed);
    const first = records.find((r) => r["Quantity"] === "10" && r["Sell Price"] === "90")!;
    expect(first).toMatchObject({ "Trade Type": "BUY", "Buy Price": "100", PNL: "-100.00", "PNL %": "-10.00", Status: "De-Active" });
    expect(first["User Name"]).toBe("'=HYPERLINK(\"http://evil\")");
    const legacy = records.find((r) => r["Quantity"] === "0")!;
    expect(legacy).toMatchObject({ PNL: "0.00", "PNL %": "" });
  });

  it("Excel: the same rows, figures as numbers", async () => {
    const rows = await xlsxRows(admin, search);
    expect(rows.map((r) => Number(r[0]))).toEqual(listed);
    const loss = rows.find((r) => r[5] === 90)!;
    expect(loss[10]).toBe(-100);
    expect(loss[3]).toBe("'=HYPERLINK(\"http://evil\")");
  });

  it("a customer's export holds only its own trades, as its list does", async () => {
    const customer = await member(4);
    const own = [(await insertTrade(customer.user.id)).id, (await insertTrade(customer.user.id)).id];
    const ids = (await csvRecords(customer, "?active=")).map((r) => Number(r["Trade Id"]));
    expect(ids.sort()).toEqual(own.sort());
    expect(await everyListedId(customer, "?active=")).toEqual(expect.arrayContaining(own));
  });

  it("a bad format is a 400; a hostile filter reads as the list reads it; a sub-admin gets no file", async () => {
    expect((await download(admin, `${search}&format=exe`)).status).toBe(400);
    expect((await download(admin, `${search}`)).status).toBe(400);
    // The list ignores a sector that is not an id; so does the export.
    const hostile = `${search}&sector=1%27%20or%201%3D1&userId=${trader.user.id}`;
    expect((await csvRecords(admin, hostile)).map((r) => Number(r["Trade Id"]))).toEqual(await everyListedId(admin, hostile));
    const subAdmin = await member(2);
    const refused = await download(subAdmin, `${search}&format=csv`);
    expect(refused.status).not.toBe(200);
    expect(refused.headers.get("Content-Type") ?? "").not.toContain("text/csv");
  });

  it("the list shows — for a trade whose PNL % means nothing", async () => {
    const res = await call(listLoader, getRequest(`/trades${search}`, { cookie: admin.cookie }), t.context);
    const data = (await res.json()) as ListData;
    const zeroUnits = await t.context.db.select({ id: trades.id }).from(trades).where(and(eq(trades.userId, trader.user.id), eq(trades.quantity, 0)));
    expect(data.rows.find((r) => r.id === zeroUnits[0].id)?.pnlPercent).toBeNull();
  });
});
