// MA, WA, MD and WD have values (docs/product-rules.md R-D18, docs/decisions/129): the demo history, the bhav
// import and the day rollup fill them, and the chart loader draws them as lines when the user's
// settings turn them on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, isNull, or } from "drizzle-orm";
import { dayOhlc, symbols, users } from "~/db/schema";
import { seedDemoData } from "~/seed/seed.server";
import { seedDemoHistory } from "~/seed/demo-history.server";
import { istWallTimeToEpochMs } from "~/domain/dates";
import { importBhavCopy } from "~/market/bhav-import.server";
import { startDailyJobs } from "~/market/daily-jobs.server";
import { upsertMinuteCandles } from "~/models/candle.server";
import { saveTodaysOpen } from "~/models/open-data.server";
import { saveUserSettings } from "~/models/settings.server";
import { loader as chartLoader } from "~/routes/_market+/chart";
import { createTestContext, type TestContext } from "../support/context";
import { call, getRequest, sessionCookieFor } from "../support/requests";

// Wednesday 11 March 2026, 14:30 IST; the previous session is Tuesday 10 March.
const NOW = new Date("2026-03-11T09:00:00Z");
const PREVIOUS_SESSION = "2026-03-10";
const TODAY = "2026-03-11";

let t: TestContext;
const db = () => t.context.db;

async function symbolId(code: string): Promise<number> {
  const [row] = await db().select({ id: symbols.id }).from(symbols).where(eq(symbols.symbolCode, code));
  return row.id;
}

const dailyOf = async (id: number) => db().select().from(dayOhlc).where(eq(dayOhlc.symbolId, id)).orderBy(asc(dayOhlc.tradingDate));

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const paise = (n: number) => Math.round(n * 100) / 100;
/** The levels of the last bar of `bars` (ascending), computed here without the library. */
function expectedLevels(bars: readonly { high: number; low: number; close: number }[]) {
  const month = bars.slice(-20);
  const week = bars.slice(-5);
  const mid = (xs: typeof bars) => (Math.max(...xs.map((b) => b.high)) + Math.min(...xs.map((b) => b.low))) / 2;
  return {
    ma: month.length === 20 ? paise(mean(month.map((b) => b.close))) : null,
    wa: week.length === 5 ? paise(mean(week.map((b) => b.close))) : null,
    md: month.length === 20 ? paise(mid(month)) : null,
    wd: week.length === 5 ? paise(mid(week)) : null,
  };
}

beforeAll(async () => {
  t = await createTestContext();
  await seedDemoData(db(), { now: NOW, log: () => {} });
  await seedDemoHistory(db(), { now: NOW, dailyDays: 30, minuteDays: 1, minuteSymbols: ["NIFTY-I"], log: () => {} });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe("the demo history fills MA, WA, MD, WD", () => {
  it("every day from the 5th (WA, WD) and the 20th (MA, MD) session on, with the window's values", async () => {
    const nifty = await dailyOf(await symbolId("NIFTY-I"));
    expect(nifty).toHaveLength(30);
    nifty.forEach((row, i) => {
      const expected = expectedLevels(nifty.slice(0, i + 1));
      expect({ ma: row.ma, wa: row.wa, md: row.md, wd: row.wd }, `${row.tradingDate}`).toEqual(expected);
    });
    expect(nifty[3].wa).toBeNull();
    expect(nifty[4].wa).not.toBeNull();
    expect(nifty[18].ma).toBeNull();
    expect(nifty[19].ma).not.toBeNull();
  });

  it("the seed's previous session of every symbol has all four", async () => {
    const missing = await db()
      .select({ symbolId: dayOhlc.symbolId })
      .from(dayOhlc)
      .where(and(eq(dayOhlc.tradingDate, PREVIOUS_SESSION), or(isNull(dayOhlc.ma), isNull(dayOhlc.wa), isNull(dayOhlc.md), isNull(dayOhlc.wd))));
    expect(missing).toEqual([]);
  });
});

describe("the bhav import fills MA, WA, MD, WD of the days it stores", () => {
  it("from the stored sessions before the day and the day's own bar", async () => {
    const id = await symbolId("RELIANCE");
    const before = await dailyOf(id);
    const csv = ["SYMBOL,TIMESTAMP,OPEN,HIGH,LOW,SETTLE_PR,VOLUME", `RELIANCE,${TODAY},1500,1620.5,1490,1610.25,123456`].join("\n");
    const report = await importBhavCopy(db(), csv);
    expect(report.storedCount).toBe(1);
    const [row] = await db().select().from(dayOhlc).where(and(eq(dayOhlc.symbolId, id), eq(dayOhlc.tradingDate, TODAY)));
    const expected = expectedLevels([...before, { high: 1620.5, low: 1490, close: 1610.25 }]);
    expect(expected.ma).not.toBeNull();
    expect({ ma: row.ma, wa: row.wa, md: row.md, wd: row.wd }).toEqual(expected);
  });
});

describe("the day rollup fills MA, WA, MD, WD", () => {
  it("writes the day's bar from its minutes and its levels", async () => {
    const id = await symbolId("NIFTY-I");
    const before = (await dailyOf(id)).filter((r) => r.tradingDate < TODAY);
    const start = istWallTimeToEpochMs(2026, 3, 11, 9, 15, 0);
    const minutes = Array.from({ length: 375 }, (_, i) => {
      const price = 23000 + (i % 50) - 25;
      return { symbolId: id, time: start + i * 60_000, open: price, high: price + 3, low: price - 3, close: price + 1, volume: 100 };
    });
    await upsertMinuteCandles(db(), minutes);
    const logged: string[] = [];
    let stop = () => {};
    const done = new Promise<void>((resolve) => {
      stop = startDailyJobs({
        db: db(),
        isTradingDay: () => true,
        retentionDays: 3650,
        now: () => istWallTimeToEpochMs(2026, 3, 11, 16, 0, 0),
        everyMs: 3_600_000,
        log: (line) => {
          logged.push(line);
          resolve();
        },
      });
    });
    await done;
    stop();
    expect(logged[0]).toContain(`[daily] ${TODAY}: `);
    const [row] = await db().select().from(dayOhlc).where(and(eq(dayOhlc.symbolId, id), eq(dayOhlc.tradingDate, TODAY)));
    expect(row.close).toBe(minutes[minutes.length - 1].close);
    expect({ ma: row.ma, wa: row.wa, md: row.md, wd: row.wd }).toEqual(expectedLevels([...before, row]));
  });
});

describe("the chart draws MA, WA, MD, WD when the settings turn them on", () => {
  async function chartLines(email: string, code: string) {
    const [u] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    const cookie = await sessionCookieFor(t.context, u.id);
    const res = await call(chartLoader, getRequest(`/chart?symbol=${code}&tf=D1`, { cookie }), t.context);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { view: { lines: { label: string; price: number }[] } };
    return { userId: u.id, lines: body.view.lines };
  }

  it("lines at the latest stored levels, one per setting turned on", async () => {
    const { userId, lines: off } = await chartLines("employee@example.com", "TCS");
    expect(off.map((l) => l.label)).not.toContain("MA");
    await saveUserSettings(db(), userId, { MA: "true", WA: "true", MD: "true", WD: "false" });
    const { lines } = await chartLines("employee@example.com", "TCS");
    const rows = await dailyOf(await symbolId("TCS"));
    const last = rows[rows.length - 1];
    expect(last.ma).not.toBeNull();
    const byLabel = Object.fromEntries(lines.map((l) => [l.label, l.price]));
    expect(byLabel.MA).toBe(last.ma);
    expect(byLabel.WA).toBe(last.wa);
    expect(byLabel.MD).toBe(last.md);
    expect(byLabel).not.toHaveProperty("WD");
  });

  it("keeps the previous session's levels when today's row has none yet (Save Symbol's Open Data)", async () => {
    // Today's row of TCS is made by "Save Symbol's Open Data" from a minute of today: no levels.
    const tcs = await symbolId("TCS");
    await upsertMinuteCandles(db(), [{ symbolId: tcs, time: Date.now(), open: 4000, high: 4001, low: 3999, close: 4000, volume: 1 }]);
    await saveTodaysOpen(db(), new Date());
    const rows = await dailyOf(tcs);
    const today = rows[rows.length - 1];
    expect(today.ma).toBeNull();
    const previous = rows[rows.length - 2];
    const { lines } = await chartLines("employee@example.com", "TCS");
    expect(previous.ma).not.toBeNull();
    expect(lines.find((l) => l.label === "MA")?.price).toBe(previous.ma);
  });
});
