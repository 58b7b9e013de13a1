// Issue 19: NSE's symbol list (NIFTY 500 CSV) on the Upload page (docs/decisions/142 "Other files
// on the Upload page"): previewed as symbols new / already listed / bad rows (nothing created),
// committed in one transaction; hostile files make no batch. Through the real loader and action.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, inArray } from "drizzle-orm";
import { sectors, symbols, uploadBatches } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import { NOT_A_SYMBOL_LIST } from "~/market/import.server";
import { SYMBOL_LIST_NO_UNDO, type UploadBatchView, type UploadFileResult } from "~/services/uploads.server";
import { action, loader } from "~/routes/_admin+/upload";
import { createTestContext, type TestContext } from "../support/context";
import { createUser } from "../support/factories";
import { createSymbol, failWhen, fixture, multipartRequest, SHARED_DATA } from "../support/market";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";

let t: TestContext;
const cookies = {} as Record<RoleId, string>;

beforeAll(async () => {
  t = await createTestContext();
  for (const role of [1, 2] as RoleId[]) {
    const user = await createUser(t.context.db, { roleId: role });
    cookies[role] = await sessionCookieFor(t.context, user.id);
  }
});
afterAll(async () => {
  await t?.close();
});

// INFY is listed already; ACC, BAJFINANCE and sbin (upper-cased) are not.
beforeEach(async () => {
  await t.context.db.delete(uploadBatches);
  await t.context.db.delete(symbols);
  await t.context.db.delete(sectors);
  await createSymbol(t.context.db, "INFY");
});

const SAMPLE = () => fixture("symbols/nifty500-sample.csv");
const listed = async () => (await t.context.db.select({ code: symbols.symbolCode, status: symbols.status }).from(symbols).orderBy(asc(symbols.symbolCode))).map((r) => `${r.code}:${r.status}`);

async function preview(files: { name: string; content: string }[], role: RoleId = 1) {
  const res = await call(action, multipartRequest("/upload?tab=symbols", { fields: { tab: "symbols" }, files: files.map((f) => ({ name: f.name, content: [f.content] })) }, cookies[role]), t.context);
  const match = /^\/upload\?tab=symbols&batch=(\d+)$/.exec(res.headers.get("Location") ?? "");
  const body = res.headers.get("Content-Type")?.includes("json") ? ((await res.json()) as { results: UploadFileResult[] }) : null;
  return { res, batchId: match ? Number(match[1]) : null, body };
}

async function post(intent: string, batchId: number) {
  const res = await call(action, formRequest("/upload?tab=symbols", { intent, batchId: String(batchId) }, { cookie: cookies[1] }), t.context);
  const body = res.headers.get("Content-Type")?.includes("json") ? ((await res.json()) as { batchProblem: string | null }) : null;
  return { status: res.status, location: res.headers.get("Location"), problem: body?.batchProblem ?? null };
}

async function page(query: string) {
  const res = await call(loader, getRequest(`/upload?tab=symbols${query}`, { cookie: cookies[1] }), t.context);
  expect(res.status).toBe(200);
  return (await res.json()) as { batch: UploadBatchView | null; history: { batches: UploadBatchView[] } };
}

describe("symbol list: preview and commit", () => {
  it("previews new / already listed / bad rows without creating anything; commit creates exactly the new ones, off", async () => {
    const before = await listed();
    const { res, batchId } = await preview([{ name: "ind_nifty500list.csv", content: SAMPLE() }]);
    expect(res.status).toBe(302);
    expect(await listed()).toEqual(before);
    expect(await t.context.db.select().from(sectors)).toEqual([]);

    const { batch, history } = await page(`&batch=${batchId}`);
    expect(batch!.summary).toMatchObject({ symbols: ["ACC", "BAJFINANCE", "SBIN"], symbolCount: 3, rows: 4, newRows: 3, replacingRows: 1, skipped: { bad: 1 } });
    expect(batch!.summary.files[0].report.errors).toEqual([{ line: 5, message: "SYMBOL property is missing in data entry" }]);
    expect(history.batches.map((b) => b.id)).toEqual([batchId]);

    expect(await post("commit", batchId!)).toMatchObject({ status: 302, location: `/upload?tab=symbols&batch=${batchId}` });
    expect(await listed()).toEqual(["ACC:false", "BAJFINANCE:false", "INFY:true", "SBIN:false"]);
    expect((await t.context.db.select({ name: sectors.sectorName }).from(sectors).orderBy(asc(sectors.sectorName))).map((s) => s.name)).toEqual([
      "CEMENT & CEMENT PRODUCTS",
      "FINANCIAL SERVICES",
    ]);
    expect(await post("undo", batchId!)).toMatchObject({ status: 409, problem: SYMBOL_LIST_NO_UNDO });
    expect(await post("commit", batchId!)).toMatchObject({ status: 409 });
  });

  it("a commit that fails part-way creates no sector and no symbol", async () => {
    const { batchId } = await preview([{ name: "l.csv", content: SAMPLE() }]);
    // The sectors are created, then the second symbol is refused: all of it must roll back.
    const remove = await failWhen(t.context.db, "symbols", "new.symbol_code = 'BAJFINANCE'");
    try {
      const failed = await post("commit", batchId!);
      expect(failed.status).toBe(500);
      expect(failed.problem).toMatch(/^Nothing was stored/);
    } finally {
      await remove();
    }
    expect(await listed()).toEqual(["INFY:true"]);
    expect(await t.context.db.select().from(sectors)).toEqual([]);
    expect((await page(`&batch=${batchId}`)).batch!.state).toBe("previewed");
  });

  it("a code given twice, or not a symbol code, is a bad row by line", async () => {
    const content = "Company Name,Industry,Symbol,Series,ISIN Code\nA Ltd.,IT,NEWCO,EQ,X\nB Ltd.,IT,NEWCO,EQ,Y\nC Ltd.,IT,<script>,EQ,Z\n";
    const { batchId } = await preview([{ name: "l.csv", content }]);
    const { batch } = await page(`&batch=${batchId}`);
    expect(batch!.summary).toMatchObject({ symbols: ["NEWCO"], newRows: 1, skipped: { bad: 2 } });
    expect(batch!.summary.files[0].report.errors.map((e) => e.line)).toEqual([3, 4]);
  });
});

describe("symbol list: hostile uploads make no batch", () => {
  const noBatch = async () => expect(await t.context.db.select().from(uploadBatches)).toEqual([]);

  it("a 1-minute file (wrong kind) is refused, naming what it looks like", async () => {
    const { res, batchId, body } = await preview([{ name: "m.csv", content: fixture("minute/NIFTY_sample.csv") }]);
    expect(batchId).toBeNull();
    expect(res.status).toBe(400);
    expect(body!.results[0].report.fatal).toBe(`${NOT_A_SYMBOL_LIST} It looks like vendor 1-minute bars: upload it on its own tab.`);
    await noBatch();
  });

  it("an empty file, a header alone, garbage and a huge line", async () => {
    const header = "Company Name,Industry,Symbol,Series,ISIN Code\n";
    for (const content of ["\n", header, "\u0000garbage\u00ff\n", `${header}${"X".repeat(2_000_000)},IT,${"Y".repeat(100)},EQ,Z\n`]) {
      const { res, batchId } = await preview([{ name: "x.csv", content }]);
      expect(batchId).toBeNull();
      expect(res.status).toBe(400);
    }
    await noBatch();
    expect(await listed()).toEqual(["INFY:true"]);
  });

  it("only role 1 may upload", async () => {
    const { res, batchId } = await preview([{ name: "l.csv", content: SAMPLE() }], 2);
    expect(batchId).toBeNull();
    expect(res.headers.get("Location")).toBe("/dashboard");
    await noBatch();
  });
});

describe("symbol list: the real NIFTY 500 list", () => {
  const file = path.join(SHARED_DATA, "symbols/ind_nifty500list_part1.csv");
  it.skipIf(!existsSync(file))("previews and commits every code once", async () => {
    const text = readFileSync(file, "utf8");
    const { batchId } = await preview([{ name: "ind_nifty500list_part1.csv", content: text }]);
    const { batch } = await page(`&batch=${batchId}`);
    expect(batch!.summary.skipped.bad).toBe(0);
    expect((await post("commit", batchId!)).status).toBe(302);
    const codes = batch!.summary.symbols;
    expect(await t.context.db.select().from(symbols).where(inArray(symbols.symbolCode, codes))).toHaveLength(codes.length);
  });
  if (!existsSync(file)) it.skip(`the real file is absent (${file})`, () => {});
});
