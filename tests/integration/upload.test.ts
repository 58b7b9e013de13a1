// The upload page through its real loader and action: multipart requests built with FormData
// and Blob, the bhav copy formats, the per-row report, the limits, the guard, and that a
// database failure part-way leaves nothing written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { dayOhlc, referencePoints, symbols } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import { SYMBOL_MISSING_MESSAGE } from "~/market/bhav.server";
import {
  FILE_EMPTY,
  FILE_TOO_LARGE,
  MAX_UPLOAD_BYTES,
  NOT_A_BHAV_COPY,
  NOT_A_REFERENCE_FILE,
  ZIP_NOT_ACCEPTED,
} from "~/market/import-report";
import { UNREADABLE_UPLOAD, type UploadFileResult } from "~/services/uploads.server";
import { action, loader } from "~/routes/_admin+/upload";
import { NO_FILES_CHOSEN } from "~/schemas/upload";
import { createTestContext, type TestContext } from "../support/context";
import { createUser } from "../support/factories";
import { createSymbol, failWhen, fixture, multipartRequest } from "../support/market";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";

let t: TestContext;
const cookies = {} as Record<RoleId, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  for (const role of [1, 2, 3, 4] as RoleId[]) {
    const user = await createUser(t.context.db, { roleId: role });
    cookies[role] = await sessionCookieFor(t.context, user.id);
  }
  // Listed: the two index futures, some shares, and ITC's future. Not listed: ACC, TCS, RELIANCE-I, INFY-I.
  for (const code of ["NIFTY-I", "BANKNIFTY-I", "RELIANCE", "SBIN", "INFY", "ITC-I"]) {
    ids[code] = (await createSymbol(t.context.db, code)).id;
  }
});
afterAll(async () => {
  await t?.close();
});

interface UploadAnswer {
  tab: string;
  formError: string | null;
  results: UploadFileResult[];
}

/**
 * Uploads files on a tab. A bhav copy is previewed first (docs/decisions/142): the preview is then
 * committed (far dates confirmed, as a user ticks the box) and `body` is the committed upload's
 * report, `status` 200; `res` is the upload's own answer.
 */
async function upload(tab: "bhav" | "reference", files: { name: string; content: BlobPart[] | Blob }[], role: RoleId = 1) {
  const res = await call(action, multipartRequest(`/upload?tab=${tab}`, { fields: { tab }, files }, cookies[role]), t.context);
  const batch = /[?&]batch=(\d+)/.exec(res.headers.get("Location") ?? "");
  if (!batch) {
    const body = res.headers.get("Content-Type")?.includes("json") ? ((await res.json()) as UploadAnswer) : null;
    return { res, status: res.status, body };
  }
  const committed = await call(action, formRequest("/upload?tab=bhav", { intent: "commit", batchId: batch[1], confirmFarDates: "on" }, { cookie: cookies[1] }), t.context);
  expect(committed.status).toBe(302);
  const page = (await (await call(loader, getRequest(`/upload?tab=bhav&batch=${batch[1]}`, { cookie: cookies[1] }), t.context)).json()) as {
    batch: { state: string; summary: { files: UploadFileResult[] } };
  };
  expect(page.batch.state).toBe("committed");
  return { res, status: 200, body: { tab, formError: null, results: page.batch.summary.files } as UploadAnswer };
}

async function bar(code: string, date: string) {
  const [row] = await t.context.db
    .select()
    .from(dayOhlc)
    .where(and(eq(dayOhlc.symbolId, ids[code]), eq(dayOhlc.tradingDate, date)));
  return row ?? null;
}

async function barsOn(date: string) {
  return t.context.db.select().from(dayOhlc).where(eq(dayOhlc.tradingDate, date));
}

describe("the page", () => {
  it("opens on the Reference Point tab, and on Bhav Copy with ?tab=bhav", async () => {
    const first = await call(loader, getRequest("/upload", { cookie: cookies[1] }), t.context);
    expect(await first.json()).toMatchObject({ tab: "reference", batch: null, history: null });
    const bhav = await call(loader, getRequest("/upload?tab=bhav", { cookie: cookies[1] }), t.context);
    expect(await bhav.json()).toMatchObject({ tab: "bhav", batch: null, history: { batches: [] } });
  });

  it("is role 1's only: role 2 goes to /dashboard, roles 3 and 4 and visitors to /login", async () => {
    for (const [cookie, to] of [
      [cookies[2], "/dashboard"],
      [cookies[3], "/login"],
      [cookies[4], "/login"],
      [undefined, "/login"],
    ] as const) {
      const res = await call(loader, getRequest("/upload?tab=bhav", { cookie }), t.context);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(to);
    }
  });

  it("stores nothing for a role 3 or 4 upload, and answers with the guard", async () => {
    for (const role of [2, 3, 4] as RoleId[]) {
      const { res } = await upload("bhav", [{ name: "fo.csv", content: [fixture("bhav/fo-legacy-sample.csv")] }], role);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(role === 2 ? "/dashboard" : "/login");
    }
    expect(await barsOn("2020-02-06")).toEqual([]);
  });
});

describe("bhav copies", () => {
  it("legacy F&O: stores the near-month futures of listed -I symbols with their settlement, reports per row", async () => {
    const { status, body } = await upload("bhav", [{ name: "fo06FEB2020bhav.csv", content: [fixture("bhav/fo-legacy-sample.csv")] }]);
    expect(status).toBe(200);
    const [result] = body!.results;
    expect(result.fileName).toBe("fo06FEB2020bhav.csv");
    const report = result.report;
    expect(report.fatal).toBeNull();
    expect(report.formatLabel).toBe("NSE F&O bhav copy (old format)");
    expect(report.storedCount).toBe(2);
    expect(report.stored.map((s) => [s.line, s.symbolCode])).toEqual([
      [2, "NIFTY-I"],
      [5, "BANKNIFTY-I"],
    ]);
    expect(report.errors).toEqual([]);
    expect(report.skipped).toEqual({ count: 1, codes: ["RELIANCE-I"], symbolCount: 1 });
    expect(report.ignored.count).toBe(7);

    expect(await bar("NIFTY-I", "2020-02-06")).toMatchObject({ open: 12110.5, high: 12180, low: 12090.25, close: 12160.4, settlePrice: 12160.4, volume: 61234 });
    expect(await bar("BANKNIFTY-I", "2020-02-06")).toMatchObject({ close: 31180.45, settlePrice: 31180.45 });
    // RELIANCE (the share) is listed, but its future is never stored under the cash code.
    expect(await bar("RELIANCE", "2020-02-06")).toBeNull();
  });

  it("legacy equity: stores series EQ rows of listed symbols, the close as settlement", async () => {
    const { body } = await upload("bhav", [{ name: "cm15NOV2017bhav.csv", content: [fixture("bhav/cm-legacy-sample.csv")] }]);
    const report = body!.results[0].report;
    expect(report.stored.map((s) => s.symbolCode)).toEqual(["INFY", "SBIN"]);
    expect(report.skipped).toMatchObject({ count: 1, codes: ["ACC"] });
    expect(report.ignored).toEqual({ count: 2, reason: "series other than EQ" });
    expect(await bar("SBIN", "2017-11-15")).toMatchObject({ open: 330.4, close: 333.9, settlePrice: 333.9, volume: 15234567 });
  });

  it("UDiFF F&O and CM: the same rules by instrument type", async () => {
    const { body } = await upload("bhav", [
      { name: "BhavCopy_NSE_FO_20240708.csv", content: [fixture("bhav/udiff-fo-sample.csv")] },
      { name: "BhavCopy_NSE_CM_20240708.csv", content: [fixture("bhav/udiff-cm-sample.csv")] },
    ]);
    const [fo, cm] = body!.results.map((r) => r.report);
    expect(fo.formatLabel).toBe("NSE UDiFF bhav copy");
    expect(fo.stored.map((s) => s.symbolCode)).toEqual(["NIFTY-I"]);
    expect(fo.skipped.codes).toEqual(["RELIANCE-I"]);
    expect(cm.stored.map((s) => s.symbolCode)).toEqual(["RELIANCE", "SBIN"]);
    expect(await bar("NIFTY-I", "2024-07-08")).toMatchObject({ open: 24420, close: 24430.55, settlePrice: 24430.55, volume: 6789125 });
    expect(await bar("RELIANCE", "2024-07-08")).toMatchObject({ close: 3176.85, settlePrice: 3176.85 });
    // SttlmPric is empty for SBIN: the close stands in.
    expect(await bar("SBIN", "2024-07-08")).toMatchObject({ close: 848.25, settlePrice: 848.25 });
  });

  it("stores the good rows and lists the bad ones with their line and reason", async () => {
    const { status, body } = await upload("bhav", [{ name: "bad-rows.csv", content: [fixture("bhav/fo-legacy-bad-rows.csv")] }]);
    expect(status).toBe(200);
    const report = body!.results[0].report;
    expect(report.fatal).toBeNull();
    expect(report.stored.map((s) => [s.line, s.symbolCode])).toEqual([
      [2, "NIFTY-I"],
      [8, "ITC-I"],
    ]);
    expect(report.errors).toContainEqual({ line: 3, message: SYMBOL_MISSING_MESSAGE });
    expect(report.errors.map((e) => e.line)).toEqual(expect.arrayContaining([3, 4, 6, 7]));
    expect(report.errors.find((e) => e.line === 4)?.message).toMatch(/OPEN/);
    expect(report.errors.find((e) => e.line === 6)?.message).toMatch(/31-FEB-2020/);
    expect(report.errorCount).toBe(report.errors.length);
    expect(await bar("ITC-I", "2020-02-06")).toMatchObject({ close: 237.8 });
  });

  it("a row without SYMBOL is reported with docs/product-rules.md R-D21's message", async () => {
    const csv = "SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,\n,EQ,1,2,0.5,1.5,1.5,1,10,15,01-MAR-2021,1,X,\n";
    const { status, body } = await upload("bhav", [{ name: "cm.csv", content: [csv] }]);
    expect(status).toBe(200);
    expect(body!.results[0].report.errors).toEqual([{ line: 2, message: SYMBOL_MISSING_MESSAGE }]);
    expect(body!.results[0].report.storedCount).toBe(0);
    expect(await barsOn("2021-03-01")).toEqual([]);
  });

  it("says which formats are accepted when the file is not a bhav copy, and stores nothing", async () => {
    const { status, body } = await upload("bhav", [
      { name: "points.csv", content: [fixture("reference/reference-points.csv")] },
      { name: "bhav.zip", content: [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])] },
    ]);
    expect(status).toBe(400);
    expect(body!.results.map((r) => r.report.fatal)).toEqual([NOT_A_BHAV_COPY, ZIP_NOT_ACCEPTED]);
    expect(NOT_A_BHAV_COPY).toMatch(/F&O bhav copy.*equity bhav copy.*UDiFF/);
    expect(await t.context.db.select().from(referencePoints)).toEqual([]);
  });

  it("a binary file (random bytes, NULs) on either tab answers a message and stores nothing", async () => {
    const bytes = new Uint8Array(4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + 13) % 256;
    const before = [(await t.context.db.select().from(referencePoints)).length, (await t.context.db.select().from(dayOhlc)).length];
    for (const tab of ["bhav", "reference"] as const) {
      const { res, body } = await upload(tab, [{ name: "data.csv", content: [bytes] }]);
      expect(res.status).toBe(400);
      expect(body!.results[0].report.fatal).toMatch(/[A-Za-z]{3,}/);
    }
    expect([(await t.context.db.select().from(referencePoints)).length, (await t.context.db.select().from(dayOhlc)).length]).toEqual(before);
  });

  it("an empty file is 'The file is empty.'", async () => {
    const { status, body } = await upload("bhav", [
      { name: "empty.csv", content: [] },
      { name: "blank.csv", content: ["\n\n  \n"] },
    ]);
    expect(status).toBe(400);
    expect(body!.results.map((r) => [r.fileName, r.size, r.report.fatal])).toEqual([
      ["empty.csv", 0, FILE_EMPTY],
      ["blank.csv", 5, FILE_EMPTY],
    ]);
  });

  it("refuses a file over 50 MB with a clear message and stores nothing of it; the other files go in", async () => {
    // A real bhav copy padded past the limit: if the limit were ignored, NIFTY-I would be stored for 2019-03-01.
    const head = "INSTRUMENT,SYMBOL,EXPIRY_DT,STRIKE_PR,OPTION_TYP,OPEN,HIGH,LOW,CLOSE,SETTLE_PR,CONTRACTS,VAL_INLAKH,OPEN_INT,CHG_IN_OI,TIMESTAMP,\nFUTIDX,NIFTY,28-Mar-2019,0,XX,10800,10900,10700,10850,10851,1000,1,1,1,01-MAR-2019,\n";
    const padding = new Uint8Array(MAX_UPLOAD_BYTES + 1 - head.length).fill(0x0a);
    const big = new Blob([head, padding], { type: "text/csv" });
    expect(big.size).toBe(MAX_UPLOAD_BYTES + 1);
    const { status, body } = await upload("bhav", [
      { name: "huge.csv", content: big },
      { name: "cm.csv", content: [fixture("bhav/cm-legacy-sample.csv").replace(/15-NOV-2017/g, "16-NOV-2017")] },
    ]);
    expect(status).toBe(200);
    const [huge, cm] = body!.results;
    expect(huge).toMatchObject({ fileName: "huge.csv", size: MAX_UPLOAD_BYTES + 1, report: { fatal: FILE_TOO_LARGE, storedCount: 0 } });
    expect(FILE_TOO_LARGE).toBe("File is too large: the limit is 50 MB.");
    expect(cm.report.storedCount).toBe(2);
    expect(await barsOn("2019-03-01")).toEqual([]);

    // Alone, it answers 413.
    const alone = await upload("bhav", [{ name: "huge.csv", content: big }]);
    expect(alone.status).toBe(413);
    expect(alone.body!.results[0].report.fatal).toBe(FILE_TOO_LARGE);
  });

  it("a file of exactly 50 MB is accepted", async () => {
    const head = "SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,\nINFY,EQ,1000,1010,990,1005,1005,1000,10,10,02-MAR-2021,1,X,\n";
    const exact = new Blob([head, new Uint8Array(MAX_UPLOAD_BYTES - head.length).fill(0x0a)]);
    const { status, body } = await upload("bhav", [{ name: "exact.csv", content: exact }]);
    expect(status).toBe(200);
    expect(body!.results[0].report).toMatchObject({ fatal: null, storedCount: 1 });
  });

  it("asks for a file when none was chosen (an empty file input, or no multipart at all)", async () => {
    const none = await call(
      action,
      multipartRequest("/upload?tab=bhav", { fields: { tab: "bhav" }, files: [{ name: "", content: [] }] }, cookies[1]),
      t.context,
    );
    expect(none.status).toBe(400);
    expect(((await none.json()) as UploadAnswer).formError).toBe(NO_FILES_CHOSEN);
    const plain = await call(action, formRequest("/upload?tab=bhav", { tab: "bhav" }, { cookie: cookies[1] }), t.context);
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as UploadAnswer).formError).toBe(NO_FILES_CHOSEN);
  });

  it("answers a malformed multipart body (a part without a field name) with 400 and a message, not a server error", async () => {
    const form = new FormData();
    form.append("", "x");
    form.append("files", new Blob(["a,b\n"], { type: "text/csv" }), "a.csv");
    const res = await call(action, new Request("http://localhost:3000/upload?tab=reference", { method: "POST", body: form, headers: { Cookie: cookies[1] } }), t.context);
    expect(res.status).toBe(400);
    expect(((await res.json()) as UploadAnswer).formError).toBe(UNREADABLE_UPLOAD);
  });

  it("a database failure in the middle of a file leaves nothing of it written", async () => {
    // 600 listed symbols: the daily bars go in two INSERTs of 500; the database refuses a row of the second.
    const codes = Array.from({ length: 600 }, (_, i) => `BULK${String(i).padStart(3, "0")}`);
    const inserted = await t.context.db
      .insert(symbols)
      .values(codes.map((symbolCode) => ({ symbolCode })))
      .returning({ id: symbols.id });
    const header = "SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,";
    const csv = (date: string, close: (i: number) => number) =>
      [header, ...codes.map((c, i) => `${c},EQ,100,200,50,${close(i)},1,1,${1000 + i},1,${date},1,X,`)].join("\n");
    // A day already stored must keep its values.
    await upload("bhav", [{ name: "before.csv", content: [csv("03-MAR-2021", () => 150)] }]);
    expect(await t.context.db.select().from(dayOhlc).where(eq(dayOhlc.tradingDate, "2021-03-03"))).toHaveLength(600);

    const removeTrigger = await failWhen(t.context.db, "day_ohlc", "new.volume = 1550");
    try {
      // The preview writes nothing to day_ohlc, so it goes through; the commit meets the failure (docs/decisions/142).
      const staged = await call(action, multipartRequest("/upload?tab=bhav", { fields: { tab: "bhav" }, files: [{ name: "again.csv", content: [csv("03-MAR-2021", () => 175)] }] }, cookies[1]), t.context);
      const batchId = /[?&]batch=(\d+)/.exec(staged.headers.get("Location") ?? "")![1];
      const commit = await call(action, formRequest("/upload?tab=bhav", { intent: "commit", batchId, confirmFarDates: "on" }, { cookie: cookies[1] }), t.context);
      expect(commit.status).toBe(500);
      const answer = (await commit.json()) as { batchProblem: string };
      expect(answer.batchProblem).toMatch(/^Nothing was stored: the database refused the data \(.*forced test failure/);
      const page = (await (await call(loader, getRequest(`/upload?tab=bhav&batch=${batchId}`, { cookie: cookies[1] }), t.context)).json()) as { batch: { state: string } };
      expect(page.batch.state).toBe("previewed");
      const rows = await t.context.db
        .select({ close: dayOhlc.close })
        .from(dayOhlc)
        .where(and(eq(dayOhlc.tradingDate, "2021-03-03"), inArray(dayOhlc.symbolId, inserted.map((r) => r.id))));
      expect(rows).toHaveLength(600);
      expect(new Set(rows.map((r) => r.close))).toEqual(new Set([150]));
    } finally {
      await removeTrigger();
    }
  });
});

describe("reference points", () => {
  it("stores the valid rows, lists each bad one, and replaces a point uploaded again", async () => {
    const { res, body } = await upload("reference", [{ name: "points.csv", content: [fixture("reference/reference-points.csv")] }]);
    expect(res.status).toBe(200);
    const report = body!.results[0].report;
    expect(report.formatLabel).toBe("Reference points (CSV)");
    expect(report.stored.map((s) => [s.line, s.symbolCode])).toEqual([
      [2, "NIFTY-I"],
      [3, "NIFTY-I"],
      [4, "BANKNIFTY-I"],
    ]);
    expect(report.errors).toEqual([
      { line: 5, message: 'Unknown symbol "NOSUCHSYMBOL": add it on the Symbols page first' },
      { line: 6, message: "point_name is missing" },
      { line: 7, message: 'price must be a positive number, got "abc"' },
      { line: 8, message: 'price must be a positive number, got "-10"' },
      { line: 9, message: 'date must be a real date written YYYY-MM-DD, got "2026-13-01"' },
      { line: 10, message: "Duplicate of line 2 (same symbol_code, point_name and date)" },
    ]);
    const stored = await t.context.db.select().from(referencePoints).orderBy(referencePoints.id);
    expect(stored.map((p) => [p.symbolId, p.pointName, p.displayName, p.price, p.slPrice, p.date, p.isActive])).toEqual([
      [ids["NIFTY-I"], "TEJI_VISAMO_TARGET", "Teji target", 24650.5, 24500, "2026-01-05", true],
      [ids["NIFTY-I"], "MANDI_VISAMO_TARGET", "Mandi target", 23410, 23550, "2026-01-05", true],
      [ids["BANKNIFTY-I"], "WEEK_HIGH", "WEEK_HIGH", 52100, null, "2026-01-05", true],
    ]);

    // The same point again (any case) replaces the price; nothing is doubled.
    const again = "symbol_code,point_name,price,display_name,date,slPrice\nnifty-i,teji_visamo_target,24800,Teji,2026-01-05,\n";
    const second = await upload("reference", [{ name: "again.csv", content: [again] }]);
    expect(second.body!.results[0].report.stored[0].detail).toMatch(/replaced the stored point/);
    const after = await t.context.db.select().from(referencePoints).where(eq(referencePoints.symbolId, ids["NIFTY-I"]));
    expect(after).toHaveLength(2);
    expect(after.find((p) => p.pointName === "TEJI_VISAMO_TARGET")).toMatchObject({ price: 24800, displayName: "Teji", slPrice: null });
  });

  it("refuses a file that is not a reference-point file", async () => {
    const { res, body } = await upload("reference", [{ name: "fo.csv", content: [fixture("bhav/fo-legacy-sample.csv")] }]);
    expect(res.status).toBe(400);
    expect(body!.results[0].report.fatal).toBe(NOT_A_REFERENCE_FILE);
  });

  it("a database failure part-way leaves nothing written (the replaced point keeps its price)", async () => {
    const before = await t.context.db.select().from(referencePoints).orderBy(referencePoints.id);
    const removeTrigger = await failWhen(t.context.db, "reference_points", "new.point_name = 'REFUSED'");
    try {
      const csv = [
        "symbol_code,point_name,price,display_name,date,slPrice",
        "NIFTY-I,TEJI_VISAMO_TARGET,99999,Changed,2026-01-05,",
        "NIFTY-I,NEW_POINT,100,,2026-01-06,",
        "NIFTY-I,REFUSED,100,,2026-01-06,",
      ].join("\n");
      const { body } = await upload("reference", [{ name: "fail.csv", content: [csv] }]);
      expect(body!.results[0].report.fatal).toMatch(/^Nothing was stored/);
      expect(body!.results[0].report.storedCount).toBe(0);
    } finally {
      await removeTrigger();
    }
    expect(await t.context.db.select().from(referencePoints).orderBy(referencePoints.id)).toEqual(before);
  });
});
