// Issue 19, defect 6 (docs/decisions/142): a bhav copy uploaded on the page is previewed (staged,
// the daily table untouched), committed in one transaction with the values it replaces kept, and
// undone exactly; an undo is refused while a later commit wrote the same bars. Through the real
// loader and action, and the JSON API's call.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { dispatchApi } from "~/api/dispatch.server";
import { auditLog, dayOhlc, uploadBatchBars, uploadBatches } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import { istDateString, shiftYmd } from "~/domain/dates";
import { createAuthSession } from "~/models/auth-session.server";
import {
  FAR_DATES_NOT_CONFIRMED,
  UPLOAD_ALREADY_COMMITTED,
  UPLOAD_ALREADY_UNDONE,
  UPLOAD_NOT_COMMITTED,
  UPLOAD_ONLY_PREVIEW_DISCARDED,
  UPLOAD_PREVIEW_EXPIRED,
  type UploadBatchView,
} from "~/services/uploads.server";
import { action, loader } from "~/routes/_admin+/upload";
import { createTestContext, type TestContext } from "../support/context";
import { createUser } from "../support/factories";
import { createSymbol, failWhen, fixture, multipartRequest } from "../support/market";
import { call, formRequest, getRequest, ORIGIN, sessionCookieFor } from "../support/requests";

let t: TestContext;
const cookies = {} as Record<RoleId, string>;
let adminId = 0;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  for (const role of [1, 2, 3, 4] as RoleId[]) {
    const user = await createUser(t.context.db, { roleId: role });
    if (role === 1) adminId = user.id;
    cookies[role] = await sessionCookieFor(t.context, user.id);
  }
  for (const code of ["NIFTY-I", "BANKNIFTY-I", "ITC-I", "INFY", "SBIN"]) ids[code] = (await createSymbol(t.context.db, code)).id;
});
afterAll(async () => {
  await t?.close();
});

// Each test starts from the same daily table: NIFTY-I holds 2020-02-06 (so the F&O sample replaces
// it), BANKNIFTY-I does not (so the sample adds it).
const HELD = { open: 12000, high: 12100, low: 11900, close: 12050, settlePrice: 12049.5, volume: 777, ma: 11111.11, md: 10000, wa: 12222.22, wd: 10500 };
beforeEach(async () => {
  await t.context.db.delete(uploadBatches);
  await t.context.db.delete(dayOhlc);
  await t.context.db.insert(dayOhlc).values({ symbolId: ids["NIFTY-I"], tradingDate: "2020-02-06", ...HELD });
});

const FO_SAMPLE = () => fixture("bhav/fo-legacy-sample.csv");

async function preview(files: { name: string; content: string }[]) {
  const res = await call(action, multipartRequest("/upload?tab=bhav", { fields: { tab: "bhav" }, files: files.map((f) => ({ name: f.name, content: [f.content] })) }, cookies[1]), t.context);
  const location = res.headers.get("Location") ?? "";
  const match = /^\/upload\?tab=bhav&batch=(\d+)$/.exec(location);
  return { res, batchId: match ? Number(match[1]) : null };
}

async function post(intent: string, batchId: string | number, extra: Record<string, string> = {}, role: RoleId = 1) {
  const res = await call(action, formRequest("/upload?tab=bhav", { intent, batchId: String(batchId), ...extra }, { cookie: cookies[role] }), t.context);
  const body = res.headers.get("Content-Type")?.includes("json") ? ((await res.json()) as { batchProblem: string | null }) : null;
  return { status: res.status, location: res.headers.get("Location"), problem: body?.batchProblem ?? null };
}

const commit = (batchId: number, confirm = true) => post("commit", batchId, confirm ? { confirmFarDates: "on" } : {});

async function page(query: string) {
  const res = await call(loader, getRequest(`/upload?tab=bhav${query}`, { cookie: cookies[1] }), t.context);
  expect(res.status).toBe(200);
  return (await res.json()) as { batch: UploadBatchView | null; missingBatch: boolean; history: { batches: UploadBatchView[]; olderThan: number | null } };
}

async function bar(code: string, date: string) {
  const [row] = await t.context.db
    .select()
    .from(dayOhlc)
    .where(and(eq(dayOhlc.symbolId, ids[code]), eq(dayOhlc.tradingDate, date)));
  return row ?? null;
}

const PRICES = ["open", "high", "low", "close", "settlePrice", "volume"] as const;
const pricesOf = (row: Record<string, unknown> | null) => (row ? Object.fromEntries(PRICES.map((k) => [k, row[k]])) : null);

async function dayTable() {
  return t.context.db.select().from(dayOhlc).orderBy(dayOhlc.symbolId, dayOhlc.tradingDate);
}

describe("preview", () => {
  it("stages the upload without touching the daily table, and shows dates, symbols, counts and the far-date warning", async () => {
    const before = await dayTable();
    const { res, batchId } = await preview([{ name: "fo06FEB2020bhav.csv", content: FO_SAMPLE() }]);
    expect(res.status).toBe(302);
    expect(batchId).not.toBeNull();
    expect(await dayTable()).toEqual(before);

    const { batch } = await page(`&batch=${batchId}`);
    expect(batch).toMatchObject({ id: batchId, state: "previewed", fileName: "fo06FEB2020bhav.csv" });
    expect(batch!.summary).toMatchObject({
      dates: [{ date: "2020-02-06", rows: 2 }],
      symbols: ["BANKNIFTY-I", "NIFTY-I"],
      rows: 2,
      newRows: 1,
      replacingRows: 1,
      skipped: { notListed: 1, bad: 0, notUsed: 7 },
      farDates: ["2020-02-06"],
      latestHeld: "2020-02-06",
    });
    // The per-row report is kept: why rows were skipped, which are to be stored.
    expect(batch!.summary.files[0].report).toMatchObject({ storedCount: 2, skipped: { count: 1, codes: ["RELIANCE-I"] } });
  });

  it("a date within a week before today is not far; a future date is", async () => {
    const recent = shiftYmd(istDateString(new Date()), -2);
    const [y, m, d] = recent.split("-");
    const nseDate = `${d}-${["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"][Number(m) - 1]}-${y}`;
    const { batchId } = await preview([{ name: "cm.csv", content: fixture("bhav/cm-legacy-sample.csv").replace(/15-NOV-2017/g, nseDate) }]);
    expect((await page(`&batch=${batchId}`)).batch!.summary).toMatchObject({ dates: [{ date: recent, rows: 2 }], farDates: [] });
    const future = fixture("bhav/cm-legacy-sample.csv").replace(/15-NOV-2017/g, "06-FEB-2099");
    const later = await preview([{ name: "future.csv", content: future }]);
    expect((await page(`&batch=${later.batchId}`)).batch!.summary.farDates).toEqual(["2099-02-06"]);
  });

  it("a file with nothing to store makes no batch and answers its report as before", async () => {
    const { res, batchId } = await preview([{ name: "notes.csv", content: "Date,Open\n2020-01-01,1\n" }]);
    expect(batchId).toBeNull();
    expect(res.status).toBe(400);
    expect(await t.context.db.select().from(uploadBatches)).toEqual([]);
  });

  it("a bar given again by a second file of the same upload is that file's bad row", async () => {
    const { batchId } = await preview([
      { name: "a.csv", content: FO_SAMPLE() },
      { name: "b.csv", content: FO_SAMPLE() },
    ]);
    const { batch } = await page(`&batch=${batchId}`);
    expect(batch!.summary.rows).toBe(2);
    expect(batch!.summary.files[1].report.storedCount).toBe(0);
    expect(batch!.summary.files[1].report.errors[0].message).toBe("Duplicate row: NIFTY-I on 2020-02-06 is already given in a.csv");
  });

  it("Discard deletes the preview; nothing was written", async () => {
    const before = await dayTable();
    const { batchId } = await preview([{ name: "fo.csv", content: FO_SAMPLE() }]);
    const discarded = await post("discard", batchId!);
    expect(discarded).toMatchObject({ status: 302, location: "/upload?tab=bhav" });
    expect(await t.context.db.select().from(uploadBatches)).toEqual([]);
    expect(await dayTable()).toEqual(before);
    // Its link now says it is gone instead of failing.
    expect(await page(`&batch=${batchId}`)).toMatchObject({ batch: null, missingBatch: true });
  });

  it("a preview older than a day is discarded: Commit is refused and the history drops it", async () => {
    const { batchId } = await preview([{ name: "fo.csv", content: FO_SAMPLE() }]);
    await t.context.db.update(uploadBatches).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(uploadBatches.id, batchId!));
    expect(await commit(batchId!)).toMatchObject({ status: 409, problem: UPLOAD_PREVIEW_EXPIRED });
    expect(await bar("BANKNIFTY-I", "2020-02-06")).toBeNull();
    const again = await preview([{ name: "fo.csv", content: FO_SAMPLE() }]);
    await t.context.db.update(uploadBatches).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(uploadBatches.id, again.batchId!));
    expect((await page("")).history.batches).toEqual([]);
  });
});

describe("commit", () => {
  it("writes the bars in one go and records the values each replaced (null for a new day)", async () => {
    const { batchId } = await preview([{ name: "fo.csv", content: FO_SAMPLE() }]);
    const done = await commit(batchId!);
    expect(done).toMatchObject({ status: 302, location: `/upload?tab=bhav&batch=${batchId}` });
    expect(pricesOf(await bar("NIFTY-I", "2020-02-06"))).toEqual({ open: 12110.5, high: 12180, low: 12090.25, close: 12160.4, settlePrice: 12160.4, volume: 61234 });
    expect(await bar("BANKNIFTY-I", "2020-02-06")).toMatchObject({ close: 31180.45 });
    const staged = await t.context.db.select().from(uploadBatchBars).where(eq(uploadBatchBars.batchId, batchId!));
    const previousOf = (code: string) => staged.find((b) => b.symbolId === ids[code])?.previous;
    expect(previousOf("NIFTY-I")).toEqual({ open: 12000, high: 12100, low: 11900, close: 12050, settle_price: 12049.5, volume: 777, ma: 11111.11, md: 10000, wa: 12222.22, wd: 10500 });
    expect(previousOf("BANKNIFTY-I")).toBeNull();
    const { batch, history } = await page(`&batch=${batchId}`);
    expect(batch).toMatchObject({ state: "committed", summary: { rows: 2, newRows: 1, replacingRows: 1 } });
    expect(batch!.committedAt).not.toBeNull();
    expect(history.batches.map((b) => [b.id, b.state, b.fileName])).toEqual([[batchId, "committed", "fo.csv"]]);
    expect(history.batches[0].uploadedBy).not.toBeNull();
  });

  it("far dates must be confirmed: without the box, nothing is written", async () => {
    const before = await dayTable();
    const { batchId } = await preview([{ name: "fo.csv", content: FO_SAMPLE() }]);
    expect(await commit(batchId!, false)).toMatchObject({ status: 400, problem: FAR_DATES_NOT_CONFIRMED });
    expect(await dayTable()).toEqual(before);
    expect((await page(`&batch=${batchId}`)).batch!.state).toBe("previewed");
  });

  it("a commit that fails part-way leaves nothing written and the preview as it was", async () => {
    const before = await dayTable();
    const { batchId } = await preview([{ name: "fo.csv", content: FO_SAMPLE() }]);
    // The bars are written, then marking the batch committed fails: all of it must roll back.
    const removeTrigger = await failWhen(t.context.db, "upload_batches", "new.state = 'committed'");
    try {
      const failed = await commit(batchId!);
      expect(failed.status).toBe(500);
      expect(failed.problem).toMatch(/^Nothing was stored: the database refused the data \(.*forced test failure/);
    } finally {
      await removeTrigger();
    }
    expect(await dayTable()).toEqual(before);
    const staged = await t.context.db.select({ previous: uploadBatchBars.previous }).from(uploadBatchBars).where(eq(uploadBatchBars.batchId, batchId!));
    expect(staged.map((s) => s.previous)).toEqual([null, null]);
    expect((await page(`&batch=${batchId}`)).batch!.state).toBe("previewed");
    // And it can still be committed.
    expect((await commit(batchId!)).status).toBe(302);
  });
});

describe("undo", () => {
  it("puts back exactly what the commit replaced and deletes the days it added", async () => {
    const before = await dayTable();
    const { batchId } = await preview([{ name: "fo.csv", content: FO_SAMPLE() }]);
    await commit(batchId!);
    const undone = await post("undo", batchId!);
    expect(undone).toMatchObject({ status: 302, location: "/upload?tab=bhav" });
    const after = await dayTable();
    expect(after.map((r) => ({ ...r, updatedAt: null }))).toEqual(before.map((r) => ({ ...r, updatedAt: null })));
    expect(await bar("BANKNIFTY-I", "2020-02-06")).toBeNull();
    const { history } = await page("");
    expect(history.batches[0]).toMatchObject({ id: batchId, state: "undone" });
    expect(history.batches[0].undoneAt).not.toBeNull();
    // Both steps are in the audit log, by who did them.
    const audit = await t.context.db.select().from(auditLog).where(and(eq(auditLog.entity, "upload"), eq(auditLog.entityId, String(batchId))));
    expect(audit.map((r) => r.action).sort()).toEqual(["undo", "upload"]);
    expect(audit.find((r) => r.action === "upload")?.after).toMatchObject({ fileName: "fo.csv" });
  });

  it("is refused while a later commit wrote the same bars; once that is undone, it goes through", async () => {
    const { batchId: first } = await preview([{ name: "first.csv", content: FO_SAMPLE() }]);
    await commit(first!);
    const { batchId: second } = await preview([{ name: "second.csv", content: FO_SAMPLE().replace("12160.4,12160.4", "12170.4,12170.4") }]);
    await commit(second!);
    expect(await bar("NIFTY-I", "2020-02-06")).toMatchObject({ close: 12170.4 });

    const refused = await post("undo", first!);
    expect(refused.status).toBe(409);
    expect(refused.problem).toBe(`Undo refused: upload ${second} (second.csv) was committed later and wrote some of the same bars. Undo that one first.`);
    expect(await bar("NIFTY-I", "2020-02-06")).toMatchObject({ close: 12170.4 });

    expect((await post("undo", second!)).status).toBe(302);
    expect(await bar("NIFTY-I", "2020-02-06")).toMatchObject({ close: 12160.4 });
    expect((await post("undo", first!)).status).toBe(302);
    expect(pricesOf(await bar("NIFTY-I", "2020-02-06"))).toEqual(pricesOf({ ...HELD }));
    expect(await bar("BANKNIFTY-I", "2020-02-06")).toBeNull();
  });

  it("a later commit of other bars does not block it", async () => {
    const { batchId: first } = await preview([{ name: "fo.csv", content: FO_SAMPLE() }]);
    await commit(first!);
    const { batchId: other } = await preview([{ name: "cm.csv", content: fixture("bhav/cm-legacy-sample.csv") }]);
    await commit(other!);
    expect((await post("undo", first!)).status).toBe(302);
    expect(await bar("SBIN", "2017-11-15")).toMatchObject({ close: 333.9 });
  });
});

describe("hostile requests", () => {
  it("a batch of another kind, a missing one, or an id that is not a number is not found", async () => {
    const before = await dayTable();
    const [other] = await t.context.db.insert(uploadBatches).values({ kind: "reference", fileName: "points.csv", uploadedBy: adminId, summary: {} }).returning({ id: uploadBatches.id });
    for (const intent of ["commit", "undo", "discard"]) {
      for (const id of [String(other.id), "999999", "abc", "1e3", "-1", "", "1.5", "99999999999"]) {
        expect(await post(intent, id, { confirmFarDates: "on" })).toMatchObject({ status: 404, problem: "Not found" });
      }
    }
    expect((await post("explode", other.id)).status).toBe(404);
    expect(await t.context.db.select({ state: uploadBatches.state }).from(uploadBatches).where(eq(uploadBatches.id, other.id))).toEqual([{ state: "previewed" }]);
    expect(await dayTable()).toEqual(before);
    // The page's link to it, or to a non-number, says it is not there.
    expect(await page(`&batch=${other.id}`)).toMatchObject({ batch: null, missingBatch: true });
    expect(await page("&batch=abc")).toMatchObject({ batch: null, missingBatch: true });
  });

  it("each step only once, in order: commit twice, discard a committed upload, undo a preview, undo twice", async () => {
    const { batchId } = await preview([{ name: "fo.csv", content: FO_SAMPLE() }]);
    expect(await post("undo", batchId!)).toMatchObject({ status: 409, problem: UPLOAD_NOT_COMMITTED });
    await commit(batchId!);
    const committed = await dayTable();
    expect(await commit(batchId!)).toMatchObject({ status: 409, problem: UPLOAD_ALREADY_COMMITTED });
    expect(await post("discard", batchId!)).toMatchObject({ status: 409, problem: UPLOAD_ONLY_PREVIEW_DISCARDED });
    expect(await dayTable()).toEqual(committed);
    await post("undo", batchId!);
    expect(await post("undo", batchId!)).toMatchObject({ status: 409, problem: UPLOAD_ALREADY_UNDONE });
    expect(await commit(batchId!)).toMatchObject({ status: 409, problem: UPLOAD_ALREADY_UNDONE });
  });

  it("only role 1 may commit or undo", async () => {
    const { batchId } = await preview([{ name: "fo.csv", content: FO_SAMPLE() }]);
    for (const role of [2, 3, 4] as RoleId[]) {
      const res = await post("commit", batchId!, { confirmFarDates: "on" }, role);
      expect(res.status).toBe(302);
      expect(res.location).toBe(role === 2 ? "/dashboard" : "/login");
    }
    expect((await page(`&batch=${batchId}`)).batch!.state).toBe("previewed");
  });
});

describe("the JSON API (admin/chavi/bhavcopy)", () => {
  const row = { SYMBOL: "NIFTY", INSTRUMENT: "FUTIDX", EXPIRY_DT: "27-Feb-2020", STRIKE_PR: 0, OPTION_TYP: "XX", OPEN: 1000, HIGH: 1010, LOW: 990, CLOSE: 1005, SETTLE_PR: 1004.5, CONTRACTS: 1200, VAL_INLAKH: 0, OPEN_INT: 0, CHG_IN_OI: 0, TIMESTAMP: "06-FEB-2020" };

  it("still stores at once, as documented, but as a committed upload the page can undo", async () => {
    const token = (await createAuthSession(t.context.db, adminId)).id;
    const res = await dispatchApi(
      new Request(`${ORIGIN}/api/admin/chavi/bhavcopy`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify([row]) }),
      t.context,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { stored: number; uploadBatchId: number } };
    expect(body.data.stored).toBe(1);
    expect(await bar("NIFTY-I", "2020-02-06")).toMatchObject({ close: 1005 });
    const { history } = await page("");
    expect(history.batches[0]).toMatchObject({ id: body.data.uploadBatchId, state: "committed", fileName: "admin/chavi/bhavcopy (1 row)", summary: { replacingRows: 1 } });
    expect((await post("undo", body.data.uploadBatchId)).status).toBe(302);
    expect(pricesOf(await bar("NIFTY-I", "2020-02-06"))).toEqual(pricesOf({ ...HELD }));
  });
});

it("a discarded or expired preview leaves no staged bars behind", async () => {
  const stagedBars = async () => (await t.context.db.select({ n: sql<number>`count(*)::int` }).from(uploadBatchBars))[0].n;
  const { batchId } = await preview([{ name: "fo.csv", content: FO_SAMPLE() }]);
  expect(await stagedBars()).toBe(2);
  await post("discard", batchId!);
  expect(await stagedBars()).toBe(0);
  const again = await preview([{ name: "fo.csv", content: FO_SAMPLE() }]);
  expect(await stagedBars()).toBe(2);
  await t.context.db.update(uploadBatches).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(uploadBatches.id, again.batchId!));
  await page("");
  expect(await stagedBars()).toBe(0);
});
