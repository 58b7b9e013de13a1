// Issue 19: vendor 1-minute bar files on the Upload page (docs/decisions/142 "Other files on the
// Upload page"): previewed (nothing written), committed in one transaction through the import's
// own writer (intraday_ohlc and the hourly rollup together), never undone; hostile files make no
// batch. Through the real loader and action.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { rowsOf } from "~/db/rows";
import { hourlyOhlc, intradayOhlc, uploadBatches } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import { NOT_MINUTE_BARS } from "~/market/import.server";
import { upsertMinuteCandles } from "~/models/candle.server";
import { MINUTE_UPLOAD_NO_UNDO, type UploadBatchView, type UploadFileResult } from "~/services/uploads.server";
import { action, loader } from "~/routes/_admin+/upload";
import { createTestContext, type TestContext } from "../support/context";
import { createUser } from "../support/factories";
import { createSymbol, failWhen, fixture, multipartRequest, SHARED_DATA } from "../support/market";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";

let t: TestContext;
const cookies = {} as Record<RoleId, string>;
let niftyId = 0;

beforeAll(async () => {
  t = await createTestContext();
  for (const role of [1, 2] as RoleId[]) {
    const user = await createUser(t.context.db, { roleId: role });
    cookies[role] = await sessionCookieFor(t.context, user.id);
  }
  niftyId = (await createSymbol(t.context.db, "NIFTY-I")).id;
});
afterAll(async () => {
  await t?.close();
});

// 2023-11-15 09:16 IST (end stamp) is the minute starting 03:45 UTC.
const FIRST_MINUTE = Date.UTC(2023, 10, 15, 3, 45);
const HELD = { symbolId: 0, time: FIRST_MINUTE, open: 1, high: 99999, low: 0.5, close: 2, volume: 5 };
beforeEach(async () => {
  await t.context.db.delete(uploadBatches);
  await t.context.db.delete(intradayOhlc);
  await t.context.db.delete(hourlyOhlc);
  // The fixture's first minute is held already (so it replaces one), with its hour rolled up.
  await upsertMinuteCandles(t.context.db, [{ ...HELD, symbolId: niftyId }]);
});

const SAMPLE = () => fixture("minute/NIFTY_sample.csv");

async function preview(files: { name: string; content: string }[], role: RoleId = 1) {
  const res = await call(action, multipartRequest("/upload?tab=minute", { fields: { tab: "minute" }, files: files.map((f) => ({ name: f.name, content: [f.content] })) }, cookies[role]), t.context);
  const match = /^\/upload\?tab=minute&batch=(\d+)$/.exec(res.headers.get("Location") ?? "");
  const body = res.headers.get("Content-Type")?.includes("json") ? ((await res.json()) as { results: UploadFileResult[] }) : null;
  return { res, batchId: match ? Number(match[1]) : null, body };
}

async function post(intent: string, batchId: number, extra: Record<string, string> = { confirmFarDates: "on" }) {
  const res = await call(action, formRequest("/upload?tab=minute", { intent, batchId: String(batchId), ...extra }, { cookie: cookies[1] }), t.context);
  const body = res.headers.get("Content-Type")?.includes("json") ? ((await res.json()) as { batchProblem: string | null }) : null;
  return { status: res.status, location: res.headers.get("Location"), problem: body?.batchProblem ?? null };
}

async function page(query: string) {
  const res = await call(loader, getRequest(`/upload?tab=minute${query}`, { cookie: cookies[1] }), t.context);
  expect(res.status).toBe(200);
  return (await res.json()) as { batch: UploadBatchView | null; history: { batches: UploadBatchView[] } };
}

const minutes = () => t.context.db.select().from(intradayOhlc).orderBy(asc(intradayOhlc.ts));
const hours = () => t.context.db.select().from(hourlyOhlc).orderBy(asc(hourlyOhlc.bucket));

/** The hourly rollup as it would be rebuilt from the minutes stored (what every writer must keep it equal to). */
async function hoursFromMinutes() {
  // Session hours start at 09:15 IST, 03:45 UTC.
  return rowsOf<{ high: number; low: number; volume: string }>(
    await t.context.db.execute(sql`
      select max(high)::float as high, min(low)::float as low, sum(volume)::bigint as volume
      from intraday_ohlc group by symbol_id, date_trunc('hour', ts - interval '45 minutes') order by symbol_id, date_trunc('hour', ts - interval '45 minutes')`),
  );
}

describe("1-minute bars: preview and commit", () => {
  it("previews without writing; commit writes exactly the previewed minutes and keeps the hourly rollup in step", async () => {
    const beforeMinutes = await minutes();
    const beforeHours = await hours();
    const { res, batchId } = await preview([{ name: "NIFTY_sample.csv", content: SAMPLE() }]);
    expect(res.status).toBe(302);
    expect(await minutes()).toEqual(beforeMinutes);
    expect(await hours()).toEqual(beforeHours);

    const { batch, history } = await page(`&batch=${batchId}`);
    expect(batch!.summary).toMatchObject({
      dates: [
        { date: "2023-11-15", rows: 32 },
        { date: "2023-11-16", rows: 1 },
      ],
      symbols: ["NIFTY-I"],
      rows: 33,
      newRows: 32,
      replacingRows: 1,
      skipped: { notListed: 0, bad: 0 },
    });
    expect(batch!.summary.files[0].report).toMatchObject({ kind: "minute", storedCount: 33, stored: [{ symbolCode: "NIFTY-I", detail: "33 1-minute candles, 2023-11-15 to 2023-11-16" }] });
    expect(history.batches.map((b) => [b.id, b.state])).toEqual([[batchId, "previewed"]]);

    expect(await post("commit", batchId!, {})).toMatchObject({ status: 400 }); // far dates need the box
    expect(await post("commit", batchId!)).toMatchObject({ status: 302, location: `/upload?tab=minute&batch=${batchId}` });
    const stored = await minutes();
    expect(stored).toHaveLength(33);
    const lines = SAMPLE().trim().split("\n");
    // Every minute as the file gives it (the held one merged by the import's rule: high/low widened).
    expect(stored.slice(1).map((m) => [Number(m.open), Number(m.high), Number(m.low), Number(m.close), Number(m.volume)])).toEqual(
      lines.slice(1).map((l) => l.split(",").slice(3).map(Number)),
    );
    expect(Number(stored[0].close)).toBe(Number(lines[0].split(",")[6]));
    expect(Number(stored[0].high)).toBe(99999);
    // The hourly rollup matches the minutes, hour by hour.
    const rollup = await hours();
    expect(rollup.reduce((n, h) => n + Number(h.volume), 0)).toBe(stored.reduce((n, m) => n + Number(m.volume), 0));
    expect(rollup.map((h) => [Number(h.high), Number(h.low), Number(h.volume)])).toEqual((await hoursFromMinutes()).map((h) => [h.high, h.low, Number(h.volume)]));
    expect((await page(`&batch=${batchId}`)).batch!.state).toBe("committed");

    // Never undone; committed once.
    expect(await post("undo", batchId!)).toMatchObject({ status: 409, problem: MINUTE_UPLOAD_NO_UNDO });
    expect(await post("commit", batchId!)).toMatchObject({ status: 409 });
    expect(await minutes()).toHaveLength(33);
  });

  it("a commit that fails part-way leaves no minute and no hour written, and the preview as it was", async () => {
    const beforeMinutes = await minutes();
    const beforeHours = await hours();
    const { batchId } = await preview([{ name: "n.csv", content: SAMPLE() }]);
    // The minutes are written, then the hourly rollup is refused: all of it must roll back.
    const remove = await failWhen(t.context.db, "hourly_ohlc", "true");
    try {
      const failed = await post("commit", batchId!);
      expect(failed.status).toBe(500);
      expect(failed.problem).toMatch(/^Nothing was stored/);
    } finally {
      await remove();
    }
    expect(await minutes()).toEqual(beforeMinutes);
    expect(await hours()).toEqual(beforeHours);
    expect((await page(`&batch=${batchId}`)).batch!.state).toBe("previewed");
  });

  it("a minute given again by a second file is that file's bad row; unlisted tickers are counted", async () => {
    const other = "BANKNIFTY_F1,20231115,09:16,44000,44010,43990,44005,10\n";
    const { batchId } = await preview([
      { name: "a.csv", content: SAMPLE() },
      { name: "b.csv", content: `${other}${SAMPLE().split("\n")[0]}\n` },
    ]);
    const { batch } = await page(`&batch=${batchId}`);
    expect(batch!.summary).toMatchObject({ rows: 33, skipped: { notListed: 1, bad: 1 } });
    expect(batch!.summary.files[1].report.errors[0]).toMatchObject({ line: 2 });
    expect(batch!.summary.files[1].report.errors[0].message).toMatch(/^Duplicate row: NIFTY-I at .* is already given in a\.csv$/);
  });

  it("a minute batch of the same symbol and day does not block undoing an earlier bhav copy (it wrote no daily bar)", async () => {
    const bhav = await call(action, multipartRequest("/upload?tab=bhav", { fields: { tab: "bhav" }, files: [{ name: "fo.csv", content: [fixture("bhav/fo-legacy-sample.csv")] }] }, cookies[1]), t.context);
    const bhavId = Number(/batch=(\d+)/.exec(bhav.headers.get("Location") ?? "")?.[1]);
    const bhavCommit = await call(action, formRequest("/upload?tab=bhav", { intent: "commit", batchId: String(bhavId), confirmFarDates: "on" }, { cookie: cookies[1] }), t.context);
    expect(bhavCommit.status).toBe(302);
    const { batchId } = await preview([{ name: "same-day.csv", content: SAMPLE().replace(/20231115/g, "20200206") }]);
    expect((await post("commit", batchId!)).status).toBe(302);
    const undo = await call(action, formRequest("/upload?tab=bhav", { intent: "undo", batchId: String(bhavId) }, { cookie: cookies[1] }), t.context);
    expect(undo.status).toBe(302);
  });

  it("discard drops the preview and writes nothing", async () => {
    const { batchId } = await preview([{ name: "n.csv", content: SAMPLE() }]);
    expect((await post("discard", batchId!)).status).toBe(302);
    expect(await t.context.db.select().from(uploadBatches).where(eq(uploadBatches.id, batchId!))).toEqual([]);
    expect(await minutes()).toHaveLength(1);
  });
});

describe("1-minute bars: hostile uploads make no batch", () => {
  const noBatch = async () => expect(await t.context.db.select().from(uploadBatches)).toEqual([]);

  it("a bhav copy (wrong kind) is refused, naming what it looks like", async () => {
    const { res, batchId, body } = await preview([{ name: "fo.csv", content: fixture("bhav/fo-legacy-sample.csv") }]);
    expect(batchId).toBeNull();
    expect(res.status).toBe(400);
    expect(body!.results[0].report.fatal).toBe(`${NOT_MINUTE_BARS} It looks like a bhav copy: upload it on its own tab.`);
    await noBatch();
  });

  it("an empty file, garbage and a huge line", async () => {
    for (const content of ["\n \n", "\u0000\u0001garbage\u00ff,,,\nmore garbage\n", `NIFTY_F1,20231115,09:16,${"9".repeat(2_000_000)},1,1,1,1\n`]) {
      const { res, batchId, body } = await preview([{ name: "x.csv", content }]);
      expect(batchId).toBeNull();
      expect(res.status).toBe(400);
      const report = body!.results[0].report;
      expect(report.fatal !== null || report.errorCount > 0).toBe(true);
    }
    await noBatch();
    expect(await minutes()).toHaveLength(1);
  });

  it("a huge line beside good ones is a bad row whose message is cut, not stored whole", async () => {
    const { batchId } = await preview([{ name: "x.csv", content: `${SAMPLE()}\nNIFTY_F1,20231116,09:20,${"9".repeat(2_000_000)},1,1,1,1\n` }]);
    const { batch } = await page(`&batch=${batchId}`);
    expect(batch!.summary).toMatchObject({ rows: 33, skipped: { bad: 1 } });
    const [error] = batch!.summary.files[0].report.errors;
    expect(error.line).toBe(34);
    expect(error.message.length).toBeLessThanOrEqual(300);
    expect(error.message).toMatch(/^Invalid Open value "9+…$/);
  });

  it("only role 1 may upload", async () => {
    const { res, batchId } = await preview([{ name: "n.csv", content: SAMPLE() }], 2);
    expect(batchId).toBeNull();
    expect(res.headers.get("Location")).toBe("/dashboard");
    await noBatch();
  });
});

describe("1-minute bars: a real vendor month", () => {
  const file = path.join(SHARED_DATA, "intraday_1min/NIFTY_F1_1min_201710.csv");
  it.skipIf(!existsSync(file))("previews and commits its 7,539 rows", async () => {
    const { batchId } = await preview([{ name: "NIFTY_F1_1min_201710.csv", content: readFileSync(file, "utf8") }]);
    const { batch } = await page(`&batch=${batchId}`);
    expect(batch!.summary).toMatchObject({ symbolCount: 1, skipped: { notListed: 0 } });
    expect(batch!.summary.rows + batch!.summary.skipped.bad + batch!.summary.skipped.notUsed).toBe(7539);
    expect(batch!.summary.dates).toHaveLength(19);
    expect((await post("commit", batchId!)).status).toBe(302);
    expect((await minutes()).length).toBe(batch!.summary.rows + 1);
  });
  if (!existsSync(file)) it.skip(`the real file is absent (${file})`, () => {});
});
