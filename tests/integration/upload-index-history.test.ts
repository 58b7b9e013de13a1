// Issue 19: daily index history files on the Upload page (docs/decisions/142 "Other files on the
// Upload page"). They go through the same batch as bhav copies: previewed (nothing written),
// committed in one transaction with the values they replace kept, undone exactly; hostile files
// make no batch. Through the real loader and action.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { dayOhlc, uploadBatches } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import { NOT_AN_INDEX_HISTORY } from "~/market/index-history.server";
import { INDEX_SYMBOL_MISSING } from "~/schemas/upload";
import type { UploadBatchView, UploadFileResult } from "~/services/uploads.server";
import { action, loader } from "~/routes/_admin+/upload";
import { createTestContext, type TestContext } from "../support/context";
import { createUser } from "../support/factories";
import { createSymbol, failWhen, fixture, multipartRequest, SHARED_DATA } from "../support/market";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";

let t: TestContext;
const cookies = {} as Record<RoleId, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  for (const role of [1, 2] as RoleId[]) {
    const user = await createUser(t.context.db, { roleId: role });
    cookies[role] = await sessionCookieFor(t.context, user.id);
  }
  for (const code of ["NIFTY", "SENSEX"]) ids[code] = (await createSymbol(t.context.db, code)).id;
});
afterAll(async () => {
  await t?.close();
});

// NIFTY holds 2010-12-31 with other values (so the sample replaces it) and none of the other days.
const HELD = { open: 1, high: 2, low: 0.5, close: 1.5, settlePrice: 1.4, volume: 9 };
beforeEach(async () => {
  await t.context.db.delete(uploadBatches);
  await t.context.db.delete(dayOhlc);
  await t.context.db.insert(dayOhlc).values({ symbolId: ids.NIFTY, tradingDate: "2010-12-31", ...HELD });
});

const SAMPLE = () => fixture("index/NIFTY_50_daily_sample.csv");

async function preview(files: { name: string; content: string }[], symbol: string | null = "nifty", role: RoleId = 1) {
  const fields: Record<string, string> = { tab: "index" };
  if (symbol !== null) fields.symbol = symbol;
  const res = await call(action, multipartRequest("/upload?tab=index", { fields, files: files.map((f) => ({ name: f.name, content: [f.content] })) }, cookies[role]), t.context);
  const match = /^\/upload\?tab=index&batch=(\d+)$/.exec(res.headers.get("Location") ?? "");
  const body = res.headers.get("Content-Type")?.includes("json") ? ((await res.json()) as { formError: string | null; results: UploadFileResult[] }) : null;
  return { res, batchId: match ? Number(match[1]) : null, body };
}

async function post(intent: string, batchId: number, tab = "index", extra: Record<string, string> = {}) {
  const res = await call(action, formRequest(`/upload?tab=${tab}`, { intent, batchId: String(batchId), ...extra }, { cookie: cookies[1] }), t.context);
  const body = res.headers.get("Content-Type")?.includes("json") ? ((await res.json()) as { batchProblem: string | null }) : null;
  return { status: res.status, location: res.headers.get("Location"), problem: body?.batchProblem ?? null };
}

async function page(query: string, tab = "index") {
  const res = await call(loader, getRequest(`/upload?tab=${tab}${query}`, { cookie: cookies[1] }), t.context);
  expect(res.status).toBe(200);
  return (await res.json()) as { batch: UploadBatchView | null; missingBatch: boolean; history: { batches: UploadBatchView[] } };
}

const dayTable = () => t.context.db.select().from(dayOhlc).orderBy(dayOhlc.symbolId, dayOhlc.tradingDate);
async function bar(date: string, code = "NIFTY") {
  const [row] = await t.context.db.select().from(dayOhlc).where(and(eq(dayOhlc.symbolId, ids[code]), eq(dayOhlc.tradingDate, date)));
  return row ?? null;
}

describe("index history: preview, commit, undo", () => {
  it("previews without writing, commits exactly the previewed bars, and undo puts the table back", async () => {
    const before = await dayTable();
    const { res, batchId } = await preview([{ name: "NIFTY_50.csv", content: SAMPLE() }]);
    expect(res.status).toBe(302);
    expect(await dayTable()).toEqual(before);

    const { batch, history } = await page(`&batch=${batchId}`);
    expect(batch).toMatchObject({ state: "previewed", fileName: "NIFTY_50.csv" });
    expect(batch!.summary).toMatchObject({
      dates: ["2010-12-27", "2010-12-28", "2010-12-29", "2010-12-30", "2010-12-31"].map((date) => ({ date, rows: 1 })),
      symbols: ["NIFTY"],
      rows: 5,
      newRows: 4,
      replacingRows: 1,
      skipped: { notListed: 0, bad: 0 },
    });
    expect(batch!.summary.farDates).toHaveLength(5);
    expect(batch!.summary.files[0].report).toMatchObject({ kind: "index-history", storedCount: 5 });
    expect(history.batches.map((b) => b.id)).toEqual([batchId]);
    // The bhav tab neither lists nor opens it, nor commits it.
    expect((await page("", "bhav")).history.batches).toEqual([]);
    expect((await page(`&batch=${batchId}`, "bhav")).missingBatch).toBe(true);
    expect((await post("commit", batchId!, "bhav", { confirmFarDates: "on" })).status).toBe(404);

    // Far dates (history is old by nature) still need the box.
    expect((await post("commit", batchId!)).status).toBe(400);
    expect(await dayTable()).toEqual(before);
    const done = await post("commit", batchId!, "index", { confirmFarDates: "on" });
    expect(done).toMatchObject({ status: 302, location: `/upload?tab=index&batch=${batchId}` });
    const after = await dayTable();
    expect(after.map((r) => [r.tradingDate, Number(r.open), Number(r.high), Number(r.low), Number(r.close), Number(r.volume)])).toEqual([
      ["2010-12-27", 6011.7, 6044.3, 5997.05, 6011.6, 115466474],
      ["2010-12-28", 6019.6, 6030.15, 5988.3, 5996.9, 117843215],
      ["2010-12-29", 6006.85, 6071.45, 6004.05, 6060.35, 124541236],
      ["2010-12-30", 6065.8, 6129.45, 6059.8, 6101.85, 133124612],
      ["2010-12-31", 6105.65, 6147.2, 6102, 6134.5, 100364437],
    ]);
    // The held day's settlement price is kept (the file has none), as a bhav commit does.
    expect(Number((await bar("2010-12-31"))!.settlePrice)).toBe(1.4);

    expect((await post("undo", batchId!)).status).toBe(302);
    const undone = await dayTable();
    expect(undone.map((r) => [r.tradingDate, Number(r.open), Number(r.close), Number(r.volume)])).toEqual([["2010-12-31", 1, 1.5, 9]]);
    expect((await page(`&batch=${batchId}`)).batch!.state).toBe("undone");
  });

  it("a commit that fails part-way leaves nothing written and the preview as it was", async () => {
    const before = await dayTable();
    const { batchId } = await preview([{ name: "n.csv", content: SAMPLE() }]);
    // The last bar is refused by the database after the others were written.
    const remove = await failWhen(t.context.db, "day_ohlc", "new.trading_date = '2010-12-30'");
    try {
      const failed = await post("commit", batchId!, "index", { confirmFarDates: "on" });
      expect(failed.status).toBe(500);
      expect(failed.problem).toMatch(/^Nothing was stored/);
    } finally {
      await remove();
    }
    expect(await dayTable()).toEqual(before);
    expect((await page(`&batch=${batchId}`)).batch!.state).toBe("previewed");
  });

  it("close-only rows are flat bars; DD/MM/YYYY dates newest first are read; bad and repeated rows are listed by line", async () => {
    const content = ["Date,Open,High,Low,Close", "31/12/2003,5812.38,5876.55,5801.52,5838.96", "04/10/1995,,,,3531.49", "31/02/2003,1,1,1,1", "30/12/2003,abc,1,1,1", "31/12/2003,1,2,1,1.5", "29/12/2003,10,5,9,9"].join("\n");
    const { batchId } = await preview([{ name: "SENSEX.csv", content }], "SENSEX");
    const { batch } = await page(`&batch=${batchId}`);
    expect(batch!.summary).toMatchObject({ rows: 2, newRows: 2, skipped: { bad: 4 } });
    expect(batch!.summary.files[0].report.errors.map((e) => e.line)).toEqual([4, 5, 6, 7]);
    expect(batch!.summary.files[0].report.errors[2].message).toMatch(/^Duplicate row: 2003-12-31 is already given on line 2/);
    expect(batch!.summary.files[0].report.errors[3].message).toMatch(/HIGH .* is below LOW/);
    await post("commit", batchId!, "index", { confirmFarDates: "on" });
    expect(await bar("1995-10-04", "SENSEX")).toMatchObject({ open: 3531.49, high: 3531.49, low: 3531.49, close: 3531.49, volume: 0 });
  });
});

describe("index history: hostile uploads make no batch", () => {
  const noBatch = async () => expect(await t.context.db.select().from(uploadBatches)).toEqual([]);

  it("a bhav copy (wrong kind) is refused, naming what it looks like", async () => {
    const { res, batchId, body } = await preview([{ name: "fo.csv", content: fixture("bhav/fo-legacy-sample.csv") }]);
    expect(batchId).toBeNull();
    expect(res.status).toBe(400);
    expect(body!.results[0].report.fatal).toBe(`${NOT_AN_INDEX_HISTORY} It looks like a bhav copy: upload it on its own tab.`);
    await noBatch();
  });

  it("an empty file, a header alone, garbage and a huge line", async () => {
    for (const content of ["\n\n", "Date,Open,High,Low,Close\n", "\u0000\u0001garbage\u00ff,,,\n", `Date,Open,High,Low,Close\n${"9".repeat(2_000_000)},1,1,1,1\n`]) {
      const { res, batchId, body } = await preview([{ name: "x.csv", content }]);
      expect(batchId).toBeNull();
      expect(res.status).toBe(400);
      const report = body!.results[0].report;
      expect(report.fatal !== null || report.errorCount > 0).toBe(true);
    }
    await noBatch();
  });

  it("a symbol that is not listed, or none, stores nothing", async () => {
    const unknown = await preview([{ name: "n.csv", content: SAMPLE() }], "NOPE");
    expect(unknown.batchId).toBeNull();
    expect(unknown.body!.results[0].report).toMatchObject({ skipped: { count: 5, codes: ["NOPE"] } });
    const none = await preview([{ name: "n.csv", content: SAMPLE() }], null);
    expect(none.res.status).toBe(400);
    expect(none.body!.formError).toBe(INDEX_SYMBOL_MISSING);
    await noBatch();
  });

  it("only role 1 may upload", async () => {
    const { res, batchId } = await preview([{ name: "n.csv", content: SAMPLE() }], "NIFTY", 2);
    expect(batchId).toBeNull();
    expect(res.headers.get("Location")).toBe("/dashboard");
    await noBatch();
  });
});

describe("index history: the real NIFTY 50 file", () => {
  const file = path.join(SHARED_DATA, "daily_index/NIFTY_50_daily_2000-2010.csv");
  it.skipIf(!existsSync(file))("previews all 2,748 days", async () => {
    const { batchId } = await preview([{ name: "NIFTY_50_daily_2000-2010.csv", content: readFileSync(file, "utf8") }]);
    const { batch } = await page(`&batch=${batchId}`);
    expect(batch!.summary).toMatchObject({ rows: 2748, skipped: { bad: 0 } });
  });
  if (!existsSync(file)) it.skip(`the real file is absent (${file})`, () => {});
});
