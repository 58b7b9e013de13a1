// Issue 22, item 5: a broker tradebook imported into one's journal (docs/decisions/169), through
// the real loaders and actions: upload → preview (nothing written) → confirm (trades, exits and
// broker trade ids in one transaction), re-import skips duplicates, unknown symbols listed,
// a failure half way leaves nothing, hostile files and content types, permission per role.
import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, eq, inArray } from "drizzle-orm";
import { importedBrokerTrades, symbols, tradebookImports, tradeExits, trades, userSymbols } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import { MAX_TRADEBOOK_BYTES, NOT_A_TRADEBOOK } from "~/domain/tradebook";
import { NOT_CSV_OR_XLSX, NOT_TEXT } from "~/market/tradebook.server";
import { UNREADABLE_UPLOAD } from "~/services/uploads.server";
import {
  NO_TRADEBOOK_CHOSEN,
  ONE_TRADEBOOK_AT_A_TIME,
  TRADEBOOK_ALREADY_IMPORTED,
  TRADEBOOK_TOO_LARGE,
  type TradebookImportView,
} from "~/services/tradebook-import.server";
import { action as uploadAction, loader as uploadLoader } from "~/routes/_journal+/trades_.import";
import { action as previewAction, loader as previewLoader } from "~/routes/_journal+/trades_.import_.$id";
import { createTestContext, type TestContext } from "../support/context";
import { createUser } from "../support/factories";
import { createSymbol, failWhen, multipartRequest } from "../support/market";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";

const FIXTURE = readFileSync("tests/fixtures/tradebook/zerodha-tradebook.csv", "utf8");
const TRADABLE = ["INFY", "TCS", "SBIN", "RELIANCE"];

let t: TestContext;
const users = {} as Record<RoleId, { id: number; cookie: string }>;

beforeAll(async () => {
  t = await createTestContext();
  for (const role of [1, 2, 3, 4] as RoleId[]) {
    const user = await createUser(t.context.db, { roleId: role });
    users[role] = { id: user.id, cookie: await sessionCookieFor(t.context, user.id) };
  }
});
afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  const db = t.context.db;
  await db.delete(tradebookImports);
  await db.delete(trades);
  await db.delete(userSymbols);
  await db.delete(symbols);
  for (const code of TRADABLE) await createSymbol(db, code);
  // The fixture's NIFTY26NOVFUT row is read as NIFTY-I, listed but switched off: not tradable,
  // so its row is "unknown" too (the next test lists it).
  await createSymbol(db, "NIFTY-I", { status: false });
});

async function upload(role: RoleId, files: { name: string; content: BlobPart[]; type?: string }[], fieldName = "tradebook") {
  const request = multipartRequest("/trades/import", { files: files.map((f) => ({ name: f.name, fieldName, content: f.type ? new Blob(f.content, { type: f.type }) : f.content })) }, users[role].cookie);
  const res = await call(uploadAction, request, t.context);
  const id = /^\/trades\/import\/(\d+)$/.exec(res.headers.get("Location") ?? "")?.[1];
  const body = res.headers.get("Content-Type")?.includes("json") ? ((await res.json()) as { formError: string }) : null;
  return { res, id: id ? Number(id) : null, formError: body?.formError ?? null };
}

async function view(role: RoleId, id: number): Promise<TradebookImportView | null> {
  const res = await call(previewLoader, getRequest(`/trades/import/${id}`, { cookie: users[role].cookie }), t.context, { id: String(id) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { view: TradebookImportView | null }).view;
}

async function post(role: RoleId, id: number, intent: string) {
  const res = await call(previewAction, formRequest(`/trades/import/${id}`, { intent }, { cookie: users[role].cookie }), t.context, { id: String(id) });
  const body = res.headers.get("Content-Type")?.includes("json") ? ((await res.json()) as { problem: string }) : null;
  return { status: res.status, location: res.headers.get("Location"), problem: body?.problem ?? null };
}

async function journal(userId: number) {
  const rows = await t.context.db
    .select({ id: trades.id, symbol: symbols.symbolCode, type: trades.tradeType, qty: trades.quantity, buy: trades.buyPrice, sell: trades.sellPrice, open: trades.status, at: trades.tradeDateTime, exit: trades.exitDateTime })
    .from(trades)
    .innerJoin(symbols, eq(symbols.id, trades.symbolId))
    .where(eq(trades.userId, userId))
    .orderBy(asc(trades.id));
  const exits = rows.length
    ? await t.context.db.select().from(tradeExits).where(inArray(tradeExits.tradeId, rows.map((r) => r.id))).orderBy(asc(tradeExits.id))
    : [];
  return rows.map((r) => ({ ...r, exits: exits.filter((e) => e.tradeId === r.id).map((e) => `${e.quantity}@${e.price}`) }));
}

const csv = (content = FIXTURE, name = "tradebook-XY1234-EQ.csv") => [{ name, content: [content] }];

describe("upload → preview → confirm", () => {
  it("previews the round trips without writing, then confirm creates the trades and exits in one go", async () => {
    const { res, id } = await upload(3, csv());
    expect(res.status).toBe(302);
    expect(await journal(users[3].id)).toEqual([]);

    const preview = (await view(3, id!))!;
    expect(preview.state).toBe("previewed");
    expect(preview.counts).toEqual({ rows: 15, trades: 7, openTrades: 2, continued: 0, duplicates: 0, unknown: 1, errors: 0 });
    expect(preview.unknownSymbols).toEqual([{ symbol: "NIFTY-I (NIFTY26NOVFUT)", rows: 1 }]);
    expect(preview.realisedPnl).toBe("351.45"); // 25 + 70 + 2.85 + 3.60 + 200 + 50
    expect(preview.rows.find((r) => r.line === 13)).toMatchObject({ kind: "unknown-symbol", outcome: "Skipped: NIFTY-I (NIFTY26NOVFUT) is not a symbol you can trade here" });

    expect(await post(3, id!, "confirm")).toMatchObject({ status: 302, location: `/trades/import/${id}` });
    const stored = await journal(users[3].id);
    expect(stored.map((r) => [r.symbol, r.type, r.qty, r.buy, r.sell, r.open, r.exits.join(" ")])).toEqual([
      ["INFY", "BUY", 20, 1500.05, 1501.3, false, "8@1510 12@1495.5"],
      ["TCS", "SELL", 5, 3386, 3400, false, "3@3390 2@3380"],
      ["TCS", "BUY", 4, 3380, 0, true, ""],
      ["SBIN", "BUY", 3, 600.05, 601, false, "3@601"],
      ["SBIN", "BUY", 4, 600.1, 601, false, "4@601"],
      ["RELIANCE", "BUY", 10, 2500, 2520, false, "10@2520"],
      ["RELIANCE", "BUY", 10, 2510, 0, true, "5@2520"],
    ]);
    // Times are the file's IST execution times; a closed trade's exit time is its last exit's.
    expect(stored[0].at.toISOString()).toBe("2026-11-23T03:50:11.000Z");
    expect(stored[0].exit?.toISOString()).toBe("2026-11-23T08:30:00.000Z");
    expect(stored[2].exit).toBeNull();
    const ids = await t.context.db.select().from(importedBrokerTrades).where(eq(importedBrokerTrades.userId, users[3].id));
    expect(ids).toHaveLength(14);

    const report = (await view(3, id!))!;
    expect(report.state).toBe("committed");
    expect(report.trades.map((tr) => tr.tradeId)).toEqual(stored.map((r) => r.id));
    expect(report.rows.find((r) => r.line === 2)?.outcome).toBe(`Imported into trade #${stored[0].id}`);
    // Confirmed once only.
    expect(await post(3, id!, "confirm")).toMatchObject({ status: 409, problem: TRADEBOOK_ALREADY_IMPORTED });
    expect(await journal(users[3].id)).toHaveLength(7);
  });

  it("imports a futures contract into its continuous series: NIFTY26NOVFUT traded on its expiry day is NIFTY-I", async () => {
    await t.context.db.update(symbols).set({ status: true }).where(eq(symbols.symbolCode, "NIFTY-I"));
    const { id } = await upload(3, csv());
    const preview = (await view(3, id!))!;
    expect(preview.counts).toMatchObject({ trades: 8, openTrades: 3, unknown: 0 });
    expect(await post(3, id!, "confirm")).toMatchObject({ status: 302 });
    const nifty = (await journal(users[3].id)).filter((r) => r.symbol === "NIFTY-I");
    expect(nifty.map((r) => [r.type, r.qty, r.buy, r.open])).toEqual([["BUY", 75, 24100, true]]);
    expect(nifty[0].at.toISOString()).toBe("2026-11-24T04:00:00.000Z"); // 09:30 IST
  });

  it("reads the same tradebook from Excel", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Equity");
    for (const line of FIXTURE.trim().split("\n")) sheet.addRow(line.split(","));
    const bytes = await workbook.xlsx.writeBuffer();
    const { id } = await upload(1, [{ name: "tradebook.xlsx", content: [bytes as ArrayBuffer] }]);
    expect((await view(1, id!))!.counts).toMatchObject({ rows: 15, trades: 7 });
    expect((await view(1, id!))!.format).toBe("Excel");
  });

  it("skips every row on a re-import, and only the new rows of a longer file", async () => {
    const first = await upload(4, csv());
    // Role 4 trades only what it is subscribed to: TCS is not, so its rows are unknown.
    const db = t.context.db;
    const subscribed = await db.select({ id: symbols.id }).from(symbols).where(inArray(symbols.symbolCode, ["INFY", "SBIN", "RELIANCE"]));
    await db.insert(userSymbols).values(subscribed.map((s) => ({ userId: users[4].id, symbolId: s.id })));
    const preview = (await view(4, first.id!))!;
    expect(preview.unknownSymbols).toEqual([
      { symbol: "NIFTY-I (NIFTY26NOVFUT)", rows: 1 },
      { symbol: "TCS", rows: 3 },
    ]);
    await post(4, first.id!, "confirm");
    expect(await journal(users[4].id)).toHaveLength(5);

    const again = await upload(4, csv());
    const second = (await view(4, again.id!))!;
    expect(second.counts).toMatchObject({ trades: 0, duplicates: 11, unknown: 4 });
    expect(second.rows.filter((r) => r.kind === "duplicate").every((r) => r.outcome === "Skipped: already imported")).toBe(true);
    expect(await post(4, again.id!, "confirm")).toMatchObject({ status: 302 });
    expect(await journal(users[4].id)).toHaveLength(5);

    // A later tradebook with one new day: only its rows go in.
    const more = `${FIXTURE}INFY,INE009A01021,2026-11-26,NSE,EQ,EQ,sell,false,2.000000,1520.000000,31000015,1100000000000012,2026-11-26T09:30:00\n`;
    const third = await upload(4, csv(more));
    expect((await view(4, third.id!))!.counts).toMatchObject({ trades: 1, duplicates: 11 });
  });

  it("a later tradebook's sells exit what an earlier import left open, and the rest opens a new trade", async () => {
    const { id: firstId } = await upload(3, csv());
    await post(3, firstId!, "confirm");
    const imported = await journal(users[3].id);
    const reliance = imported.find((r) => r.symbol === "RELIANCE" && r.open)!; // BUY 10 @ 2510, 5 exited @ 2520
    const tcs = imported.find((r) => r.symbol === "TCS" && r.open)!; // BUY 4 @ 3380, opened by the rest of a lot that closed a short
    // An older open TCS trade entered by hand: FIFO would exit it first, were it imported.
    const [tcsSymbol] = await t.context.db.select().from(symbols).where(eq(symbols.symbolCode, "TCS"));
    const [{ id: handEntered }] = await t.context.db
      .insert(trades)
      .values({ userId: users[3].id, symbolId: tcsSymbol.id, tradeType: "BUY", quantity: 9, buyPrice: 3300, tradeDateTime: new Date("2026-11-20T04:00:00Z") })
      .returning({ id: trades.id });
    const before = await journal(users[3].id);

    const next = [
      FIXTURE.split("\n")[0],
      "RELIANCE,INE002A01018,2026-11-26,NSE,EQ,EQ,sell,false,5.000000,2530.000000,31000101,1100000000000101,2026-11-26T09:30:00",
      "TCS,INE467B01029,2026-11-26,NSE,EQ,EQ,sell,false,6.000000,3390.000000,31000102,1100000000000102,2026-11-26T10:00:00",
    ].join("\n");
    const { id } = await upload(3, csv(next, "tradebook-next.csv"));
    const preview = (await view(3, id!))!;
    expect(preview.counts).toMatchObject({ trades: 1, openTrades: 1, continued: 2, duplicates: 0 });
    expect(preview.continued.map((c) => [c.tradeId, c.symbol, c.openBefore, c.exits.map((e) => `${e.quantity}@${e.price}`).join(" "), c.openQuantity, c.realisedPnl])).toEqual([
      [tcs.id, "TCS", 4, "4@3390.00", 0, "40.00"],
      [reliance.id, "RELIANCE", 5, "5@2530.00", 0, "100.00"],
    ]);
    expect(preview.trades.map((tr) => [tr.symbol, tr.tradeType, tr.quantity, tr.entryPrice])).toEqual([["TCS", "SELL", 2, "3390.00"]]);
    expect(preview.realisedPnl).toBe("140.00");
    expect(preview.rows.map((r) => r.outcome)).toEqual([`Exit of open trade #${reliance.id} (BUY RELIANCE)`, `Exit of open trade #${tcs.id} (BUY TCS); also round trip 1 (SELL TCS)`]);
    expect(await journal(users[3].id)).toEqual(before); // a preview writes nothing

    expect(await post(3, id!, "confirm")).toMatchObject({ status: 302 });
    const after = await journal(users[3].id);
    expect(after.find((r) => r.id === reliance.id)).toMatchObject({ open: false, buy: 2510, sell: 2525, exits: ["5@2520", "5@2530"] });
    expect(after.find((r) => r.id === reliance.id)!.exit?.toISOString()).toBe("2026-11-26T04:00:00.000Z");
    expect(after.find((r) => r.id === tcs.id)).toMatchObject({ open: false, buy: 3380, sell: 3390, exits: ["4@3390"] });
    // The trade entered by hand is never exited by an import.
    expect(after.find((r) => r.id === handEntered)).toMatchObject({ open: true, exits: [] });
    expect(after.filter((r) => !before.some((b) => b.id === r.id) && r.id !== handEntered).map((r) => [r.symbol, r.type, r.qty, r.sell, r.open])).toEqual([["TCS", "SELL", 2, 3390, true]]);
    const brokerIds = await t.context.db.select().from(importedBrokerTrades).where(eq(importedBrokerTrades.importId, id!));
    expect(brokerIds.map((b) => [b.brokerTradeId, b.tradeId]).sort()).toEqual([
      ["31000101", reliance.id],
      ["31000102", tcs.id],
    ]);
    const report = (await view(3, id!))!;
    const newTcs = after.find((r) => r.symbol === "TCS" && r.type === "SELL" && r.open)!;
    expect(report.rows.map((r) => r.outcome)).toEqual([`Added to trade #${reliance.id} as an exit`, `Added to trade #${tcs.id} as an exit; also trade #${newTcs.id}`]);

    // Uploaded again: every row is a duplicate, nothing moves.
    const again = await upload(3, csv(next, "tradebook-next.csv"));
    expect((await view(3, again.id!))!.counts).toMatchObject({ trades: 0, continued: 0, duplicates: 2 });
  });

  it("leaves nothing when the database refuses a row half way, and the preview can be confirmed again", async () => {
    const { id } = await upload(3, csv());
    const restore = await failWhen(t.context.db, "trade_exits", "NEW.quantity = 12");
    try {
      const refused = await post(3, id!, "confirm");
      expect(refused.status).toBe(500);
      expect(refused.problem).toMatch(/^Nothing was imported: the database refused the data \(.*forced test failure/);
      expect(await journal(users[3].id)).toEqual([]);
      expect(await t.context.db.select().from(importedBrokerTrades).where(eq(importedBrokerTrades.userId, users[3].id))).toEqual([]);
      expect((await view(3, id!))!.state).toBe("previewed");
    } finally {
      await restore();
    }
    expect(await post(3, id!, "confirm")).toMatchObject({ status: 302 });
    expect(await journal(users[3].id)).toHaveLength(7);
  });

  it("discards a preview, writing nothing", async () => {
    const { id } = await upload(3, csv());
    expect(await post(3, id!, "discard")).toMatchObject({ status: 302, location: "/trades/import" });
    expect(await view(3, id!)).toBeNull();
    expect(await journal(users[3].id)).toEqual([]);
    expect(await post(3, id!, "confirm")).toMatchObject({ status: 404 });
  });
});

describe("hostile files and requests change nothing", () => {
  const header = FIXTURE.split("\n")[0];
  it.each([
    ["no file", [], NO_TRADEBOOK_CHOSEN, 400],
    ["two files", [...csv(), ...csv()], ONE_TRADEBOOK_AT_A_TIME, 400],
    ["a PDF", [{ name: "tradebook.pdf", content: ["%PDF-1.4"] }], NOT_CSV_OR_XLSX, 400],
    ["a PNG named .csv", [{ name: "tradebook.csv", content: [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])] }], NOT_TEXT, 400],
    ["a huge file", [{ name: "tradebook.csv", content: [header, "\n", "x".repeat(MAX_TRADEBOOK_BYTES)] }], TRADEBOOK_TOO_LARGE, 413],
  ] as const)("%s", async (_, files, message, status) => {
    const { res, formError } = await upload(3, files.map((f) => ({ ...f, content: [...f.content] as BlobPart[] })));
    expect(res.status).toBe(status);
    expect(formError).toBe(message);
    expect(await t.context.db.select().from(tradebookImports)).toEqual([]);
  });

  it("wrong columns, bad numbers and dates, formulas: a clear message and nothing kept", async () => {
    const wrong = await upload(3, csv("Symbol,Qty,Price\nINFY,1,10\n"));
    expect(wrong.res.status).toBe(400);
    expect(wrong.formError).toContain(NOT_A_TRADEBOOK);
    const bad = await upload(3, csv(`${header}\nINFY,INE009A01021,2026-13-01,NSE,EQ,EQ,buy,false,=1+1,abc,1,1,yesterday\n`));
    expect(bad.res.status).toBe(400);
    expect(bad.formError).toMatch(/^None of the 1 rows could be read.*Line 2: trade_date "2026-13-01" is not a date.*quantity "=1\+1"/);
    expect(await t.context.db.select().from(tradebookImports)).toEqual([]);
    expect(await journal(users[3].id)).toEqual([]);
  });

  it("a file with some bad rows is previewed with them listed, and they are never imported", async () => {
    const lines = FIXTURE.trim().split("\n");
    lines[1] = lines[1].replace("1500.000000", "1500.0001");
    const { id } = await upload(3, csv(`${lines.join("\n")}\n`));
    const preview = (await view(3, id!))!;
    expect(preview.counts.errors).toBe(1);
    expect(preview.rows[0]).toMatchObject({ line: 2, kind: "error", outcome: 'Error: price "1500.0001" is not a price above 0 with at most 2 decimals' });
  });

  it("a body that is not a multipart form: no file, or refused", async () => {
    const form = await call(uploadAction, formRequest("/trades/import", { tradebook: "x" }, { cookie: users[3].cookie }), t.context);
    expect(form.status).toBe(400);
    expect(((await form.json()) as { formError: string }).formError).toBe(NO_TRADEBOOK_CHOSEN);
    const broken = await call(
      uploadAction,
      new Request("http://localhost:3000/trades/import", { method: "POST", body: "--x\r\nnonsense", headers: { Cookie: users[3].cookie, "Content-Type": "multipart/form-data; boundary=x" } }),
      t.context,
    );
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { formError: string }).formError).toBe(UNREADABLE_UPLOAD);
    const jsonBody = await call(
      uploadAction,
      new Request("http://localhost:3000/trades/import", { method: "POST", body: "{}", headers: { Cookie: users[3].cookie, "Content-Type": "application/json" } }),
      t.context,
    );
    expect(jsonBody.status).toBe(415);
    expect(await t.context.db.select().from(tradebookImports)).toEqual([]);
  });

  it("an unknown intent is refused", async () => {
    const { id } = await upload(3, csv());
    expect(await post(3, id!, "delete-everything")).toMatchObject({ status: 400 });
    expect((await view(3, id!))!.state).toBe("previewed");
  });
});

describe("permissions", () => {
  it("roles 1, 3 and 4 import into their own journal; role 2 is sent away", async () => {
    for (const role of [1, 3, 4] as RoleId[]) {
      const res = await call(uploadLoader, getRequest("/trades/import", { cookie: users[role].cookie }), t.context);
      expect(res.status).toBe(200);
    }
    const sub = await call(uploadLoader, getRequest("/trades/import", { cookie: users[2].cookie }), t.context);
    expect(sub.status).toBe(302);
    expect(sub.headers.get("Location")).toBe("/dashboard");
    const posted = await call(uploadAction, multipartRequest("/trades/import", { files: [{ name: "t.csv", fieldName: "tradebook", content: [FIXTURE] }] }, users[2].cookie), t.context);
    expect(posted.status).toBe(302);
    expect(await t.context.db.select().from(tradebookImports)).toEqual([]);
    const anonymous = await call(uploadLoader, getRequest("/trades/import"), t.context);
    expect(anonymous.headers.get("Location")).toBe("/login");
  });

  it("another user's preview is not found and cannot be confirmed, not even by role 1", async () => {
    const { id } = await upload(4, csv());
    expect(await view(3, id!)).toBeNull();
    expect(await view(1, id!)).toBeNull();
    expect(await post(1, id!, "confirm")).toMatchObject({ status: 404 });
    expect(await post(3, id!, "discard")).toMatchObject({ status: 404 });
    expect(await journal(users[1].id)).toEqual([]);
    expect((await view(4, id!))!.state).toBe("previewed");
  });
});
