// The UDF datafeed against TradingView's own rules (docs/decisions/122): `from` inclusive and
// `to` exclusive on bar times, countback of any size ending before `to` (from ignored), ranges
// answered whole, every intraday resolution aligned to the 09:15 IST session, daily and longer
// bars at 00:00 UTC of their first trading day, no_data with nextTime only over a gap, unknown
// symbols as 200 { s: "error" }, search honouring exchange and type and ranking prefixes first.
// The history is 240 made-up sessions of 1-minute bars (90,000 rows) whose every bar is known,
// so each answer is compared bar for bar with an aggregation written here, independently.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { loader as history } from "~/routes/_api+/udf.history";
import { loader as symbols } from "~/routes/_api+/udf.symbols";
import { loader as symbolInfo } from "~/routes/_api+/udf.symbol_info";
import { loader as search } from "~/routes/_api+/udf.search";
import { loader as timescaleMarks } from "~/routes/_api+/udf.timescale_marks";
import { loader as config } from "~/routes/_api+/udf.config";
import { loadUdfHistory } from "~/services/udf.server";
import { createTestContext, type TestContext } from "../support/context";
import { createUser } from "../support/factories";
import { createSymbol } from "../support/market";
import { call, getRequest, sessionCookieFor } from "../support/requests";

interface Bar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}
type Answer =
  | { s: "ok"; t: number[]; o: number[]; h: number[]; l: number[]; c: number[]; v: number[] }
  | { s: "no_data"; nextTime?: number }
  | { s: "error"; errmsg: string };

const DAY = 86_400;
const SESSION_MINUTES = 375;
const SESSIONS = 240;
/** Holidays (no session) on weekdays: a whole week, a Thursday and a Monday. */
const HOLIDAYS = new Set(["2025-03-10", "2025-03-11", "2025-03-12", "2025-03-13", "2025-03-14", "2025-05-01", "2025-04-14"]);
/** The last two sessions are left as minutes only (not rolled up into day_ohlc yet). */
const UNROLLED_SESSIONS = 2;
const FAR_FUTURE = Date.UTC(2030, 0, 1) / 1000;
const YEAR_1830 = Date.UTC(1830, 0, 1) / 1000;

let t: TestContext;
let cookie = "";
let symbolId = 0;
const sessions: string[] = [];
const minutes: Bar[] = [];

const r2 = (x: number) => Math.round(x * 100) / 100;
const ymdOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const utcMidnight = (ymd: string) => Date.parse(`${ymd}T00:00:00Z`) / 1000;
/** 09:15 IST of a session day, in UTC seconds. */
const sessionOpen = (ymd: string) => Date.parse(`${ymd}T03:45:00Z`) / 1000;

/** The k-th minute of the whole history, by a formula the SQL seed repeats. */
function minuteBar(time: number, k: number): Bar {
  // A small ramp within the day on a 40-day triangle and a day-to-day zigzag, so daily bars swing too.
  const d = Math.floor(k / SESSION_MINUTES);
  const open = 1000 + (k % 40) * 0.25 + Math.abs((d % 40) - 20) * 15 + ((d * 7) % 23) * 20;
  return { t: time, o: open, h: r2(open + 1 + (k % 7) * 0.05), l: r2(open - 1 - (k % 5) * 0.05), c: open + ((k % 3) - 1) * 0.5, v: 100 + (k % 50) };
}

function merge(group: Bar[], t: number): Bar {
  return {
    t,
    o: group[0].o,
    h: Math.max(...group.map((b) => b.h)),
    l: Math.min(...group.map((b) => b.l)),
    c: group[group.length - 1].c,
    v: group.reduce((s, b) => s + b.v, 0),
  };
}

/** Intraday bars as a session-aligned chart draws them: N-minute bars counted from each day's 09:15. */
function expectedIntraday(size: number): Bar[] {
  const out: Bar[] = [];
  for (let d = 0; d < sessions.length; d++) {
    const day = minutes.slice(d * SESSION_MINUTES, (d + 1) * SESSION_MINUTES);
    for (let i = 0; i < day.length; i += size) out.push(merge(day.slice(i, i + size), sessionOpen(sessions[d]) + i * 60));
  }
  return out;
}

/** Daily and longer bars: each at 00:00 UTC of the first trading day of its day, week, month or half-year. */
function expectedCalendar(kind: "D" | "W" | "M" | "6M"): Bar[] {
  const key = (ymd: string) => {
    if (kind === "D") return ymd;
    if (kind === "M") return ymd.slice(0, 7);
    if (kind === "6M") return `${ymd.slice(0, 4)}-${Number(ymd.slice(5, 7)) <= 6 ? 1 : 2}`;
    const date = new Date(`${ymd}T00:00:00Z`);
    return ymdOf(date.getTime() / 1000 - ((date.getUTCDay() + 6) % 7) * DAY);
  };
  const groups = new Map<string, { first: string; bars: Bar[] }>();
  sessions.forEach((ymd, d) => {
    const g = groups.get(key(ymd)) ?? { first: ymd, bars: [] };
    g.bars.push(...minutes.slice(d * SESSION_MINUTES, (d + 1) * SESSION_MINUTES));
    groups.set(key(ymd), g);
  });
  return [...groups.values()].map((g) => merge(g.bars, utcMidnight(g.first)));
}

function barsOf(answer: Answer): Bar[] {
  if (answer.s !== "ok") throw new Error(`expected ok, got ${JSON.stringify(answer)}`);
  return answer.t.map((time, i) => ({ t: time, o: answer.o[i], h: answer.h[i], l: answer.l[i], c: answer.c[i], v: answer.v[i] }));
}

async function get(loader: Parameters<typeof call>[0], path: string): Promise<{ status: number; body: any }> {
  const res = await call(loader, getRequest(path, { cookie }), t.context);
  return { status: res.status, body: await res.json() };
}

async function hist(params: { symbol?: string; resolution: string; from: number; to: number; countback?: number }): Promise<Answer> {
  const q = new URLSearchParams({ symbol: params.symbol ?? "UDFX", resolution: params.resolution, from: String(params.from), to: String(params.to) });
  if (params.countback !== undefined) q.set("countback", String(params.countback));
  const { status, body } = await get(history, `/udf/history?${q}`);
  expect(status).toBe(200);
  return body as Answer;
}

beforeAll(async () => {
  t = await createTestContext();
  const admin = await createUser(t.context.db, { roleId: 1 });
  cookie = await sessionCookieFor(t.context, admin.id);
  symbolId = (await createSymbol(t.context.db, "UDFX")).id;
  await createSymbol(t.context.db, "BANKNIFTY-I");
  await createSymbol(t.context.db, "NIFTY-I");
  await createSymbol(t.context.db, "NIFTYBEES");
  await createSymbol(t.context.db, "INFY");
  await createSymbol(t.context.db, "SENSEX", { segment: "BSE" });

  for (let day = utcMidnight("2025-01-06"); sessions.length < SESSIONS; day += DAY) {
    const ymd = ymdOf(day);
    const weekday = new Date(day * 1000).getUTCDay();
    if (weekday === 0 || weekday === 6 || HOLIDAYS.has(ymd)) continue;
    sessions.push(ymd);
  }
  sessions.forEach((ymd, d) => {
    for (let m = 0; m < SESSION_MINUTES; m++) minutes.push(minuteBar(sessionOpen(ymd) + m * 60, d * SESSION_MINUTES + m));
  });
  // The same formula in SQL: one statement instead of 90,000 inserts.
  const opens = sessions.map((ymd) => new Date(sessionOpen(ymd) * 1000).toISOString()).join(",");
  await t.context.db.execute(sql`
    insert into intraday_ohlc (symbol_id, ts, open, high, low, close, volume)
    select ${symbolId}, s.open_at + m * interval '1 minute', p.open, p.open + 1 + (k % 7) * 0.05,
           p.open - 1 - (k % 5) * 0.05, p.open + ((k % 3) - 1) * 0.5, 100 + (k % 50)
    from unnest(string_to_array(${opens}, ',')::timestamptz[]) with ordinality as s(open_at, n)
    cross join generate_series(0, ${SESSION_MINUTES - 1}) as m
    cross join lateral (select (s.n - 1) * ${SESSION_MINUTES} + m as k) idx
    cross join lateral (select k / ${SESSION_MINUTES} as d) day
    cross join lateral (select 1000 + (k % 40) * 0.25 + abs((d % 40) - 20) * 15 + (d * 7 % 23) * 20 as open) p`);
  const lastRolled = sessions[sessions.length - 1 - UNROLLED_SESSIONS];
  await t.context.db.execute(sql`
    insert into day_ohlc (symbol_id, trading_date, open, high, low, close, volume)
    select symbol_id, ((ts at time zone 'UTC') + interval '330 minutes')::date,
           (array_agg(open order by ts))[1], max(high), min(low), (array_agg(close order by ts desc))[1], sum(volume)
    from intraday_ohlc where symbol_id = ${symbolId}
    group by 1, 2 having ((ts at time zone 'UTC') + interval '330 minutes')::date <= ${lastRolled}::date`);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("history: countback", () => {
  it("answers a countback of 15,793 five-minute bars whole (the 4h chart built from 5-minute bars)", async () => {
    const bars = barsOf(await hist({ resolution: "5", from: FAR_FUTURE - 3600, to: FAR_FUTURE, countback: 15_793 }));
    expect(bars).toHaveLength(15_793);
    expect(bars).toEqual(expectedIntraday(5).slice(-15_793));
  });

  it("scrolls back on 1-minute bars past 5,611 bars: the bars just before `to`, never the bar at `to`", async () => {
    const first = barsOf(await hist({ resolution: "1", from: FAR_FUTURE - 3600, to: FAR_FUTURE, countback: 300 }));
    const back = barsOf(await hist({ resolution: "1", from: first[0].t - 3600, to: first[0].t, countback: 5_611 }));
    const all = expectedIntraday(1);
    expect([...back, ...first]).toEqual(all.slice(-(5_611 + 300)));
  });

  it("keeps `to` exclusive with countback on daily bars, and ignores `from`", async () => {
    const days = expectedCalendar("D");
    const at = days[100].t;
    const bars = barsOf(await hist({ resolution: "1D", from: at - 1, to: at, countback: 3 }));
    expect(bars).toEqual(days.slice(97, 100));
  });

  it("answers fewer bars than countback at the beginning of history, and no_data before it", async () => {
    const days = expectedCalendar("D");
    expect(barsOf(await hist({ resolution: "D", from: 0, to: days[5].t, countback: 300 }))).toEqual(days.slice(0, 5));
    expect(await hist({ resolution: "D", from: 0, to: days[0].t, countback: 300 })).toEqual({ s: "no_data" });
  });
});

describe("history: ranges", () => {
  it("accepts a negative and an ancient `from` (6M built from 1M asks from 1830)", async () => {
    expect(barsOf(await hist({ resolution: "1M", from: YEAR_1830, to: FAR_FUTURE }))).toEqual(expectedCalendar("M"));
    expect(barsOf(await hist({ resolution: "6M", from: -8_640_000_000_000, to: FAR_FUTURE }))).toEqual(expectedCalendar("6M"));
    expect(barsOf(await hist({ resolution: "1D", from: -1, to: FAR_FUTURE }))).toEqual(expectedCalendar("D"));
  });

  it("answers a range holding far more than 5,000 bars whole: every 1-minute bar of the history", async () => {
    const bars = barsOf(await hist({ resolution: "1", from: YEAR_1830, to: FAR_FUTURE }));
    expect(bars).toHaveLength(SESSIONS * SESSION_MINUTES);
    expect(bars).toEqual(expectedIntraday(1));
  });

  it("past the per-answer ceiling answers the newest bars, so a client asks again before the oldest", async () => {
    const all = expectedIntraday(1).slice(-5_000);
    const symbol = { id: symbolId, symbolCode: "UDFX" };
    const query = { resolution: "1", from: all[0].t, to: FAR_FUTURE };
    const first = barsOf((await loadUdfHistory(t.context.db, symbol, query, { maxBars: 3_000 })) as Answer);
    expect(first).toEqual(all.slice(-3_000));
    const rest = barsOf((await loadUdfHistory(t.context.db, symbol, { ...query, to: first[0].t }, { maxBars: 3_000 })) as Answer);
    expect([...rest, ...first]).toEqual(all);
  });

  it("aligns every intraday resolution to the 09:15 session: 2-minute bars open at 09:15, 240 at 09:15 and 13:15", async () => {
    const day = sessions[150];
    for (const size of [1, 2, 3, 4, 5, 10, 15, 30, 60, 120, 240]) {
      const bars = barsOf(await hist({ resolution: String(size), from: utcMidnight(day), to: utcMidnight(day) + DAY }));
      expect(bars, `resolution ${size}`).toEqual(expectedIntraday(size).filter((b) => ymdOf(b.t) === day));
      expect(bars[0].t, `resolution ${size}`).toBe(sessionOpen(day));
    }
    const h4 = barsOf(await hist({ resolution: "240", from: utcMidnight(day), to: utcMidnight(day) + DAY }));
    expect(h4.map((b) => new Date(b.t * 1000).toISOString().slice(11, 16))).toEqual(["03:45", "07:45"]);
  });

  it("keeps intraday `from` inclusive and `to` exclusive on bar times", async () => {
    const bars = expectedIntraday(15);
    const bars2 = barsOf(await hist({ resolution: "15", from: bars[40].t, to: bars[45].t }));
    expect(bars2).toEqual(bars.slice(40, 45));
  });

  it("answers a one-day daily range with that day's bar, stamped 00:00 UTC of the day", async () => {
    const day = sessions[120];
    const bars = barsOf(await hist({ resolution: "1D", from: utcMidnight(day), to: utcMidnight(day) + DAY }));
    expect(bars).toEqual(expectedCalendar("D").filter((b) => b.t === utcMidnight(day)));
    expect(bars).toHaveLength(1);
  });

  it("answers a weekend range with no_data and nextTime = Friday's bar", async () => {
    const friday = sessions.find((ymd) => new Date(`${ymd}T00:00:00Z`).getUTCDay() === 5 && sessions.indexOf(ymd) > 50)!;
    const saturday = utcMidnight(friday) + DAY;
    expect(await hist({ resolution: "D", from: saturday, to: saturday + 2 * DAY })).toEqual({ s: "no_data", nextTime: utcMidnight(friday) });
  });

  it("keeps the last bar before a gap: a week of holidays answers no_data pointing at it, and a range from it holds it", async () => {
    const lastBefore = utcMidnight("2025-03-07");
    expect(await hist({ resolution: "D", from: utcMidnight("2025-03-08"), to: utcMidnight("2025-03-17") })).toEqual({ s: "no_data", nextTime: lastBefore });
    const bars = barsOf(await hist({ resolution: "D", from: lastBefore, to: utcMidnight("2025-03-17") }));
    expect(bars.map((b) => b.t)).toEqual([lastBefore]);
    const weeks = barsOf(await hist({ resolution: "W", from: utcMidnight("2025-03-03"), to: utcMidnight("2025-03-24") }));
    expect(weeks.map((b) => ymdOf(b.t))).toEqual(["2025-03-03", "2025-03-17"]);
  });

  it("stamps weekly and monthly bars at their first trading day, and counts the unrolled sessions in", async () => {
    const weeks = expectedCalendar("W");
    const holidayWeek = barsOf(await hist({ resolution: "1W", from: utcMidnight("2025-04-14"), to: utcMidnight("2025-04-21") }));
    expect(holidayWeek.map((b) => ymdOf(b.t))).toEqual(["2025-04-15"]);
    expect(holidayWeek).toEqual(weeks.filter((b) => ymdOf(b.t) === "2025-04-15"));
    const months = barsOf(await hist({ resolution: "1M", from: utcMidnight("2025-06-01"), to: utcMidnight("2025-07-01") }));
    expect(months.map((b) => ymdOf(b.t))).toEqual(["2025-06-02"]);
    const last = barsOf(await hist({ resolution: "1D", from: 0, to: FAR_FUTURE, countback: UNROLLED_SESSIONS + 1 }));
    expect(last.map((b) => ymdOf(b.t))).toEqual(sessions.slice(-(UNROLLED_SESSIONS + 1)));
    expect(last).toEqual(expectedCalendar("D").slice(-(UNROLLED_SESSIONS + 1)));
  });
});

describe("history: errors", () => {
  it("answers an unknown symbol with 200 and s: error, on /symbols and /history", async () => {
    const res = await get(symbols, "/udf/symbols?symbol=NSE:NOPE");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ s: "error", errmsg: "unknown_symbol" });
    expect(await hist({ symbol: "NOPE", resolution: "D", from: 0, to: FAR_FUTURE })).toEqual({ s: "error", errmsg: "unknown_symbol" });
  });

  it("names the parameter that is wrong instead of a blanket message", async () => {
    const { body } = await get(history, `/udf/history?symbol=UDFX&resolution=1&from=0&to=${FAR_FUTURE}&countback=abc`);
    expect(body.s).toBe("error");
    expect(body.errmsg).toMatch(/countback/);
    const missing = await get(history, `/udf/history?symbol=UDFX&resolution=1&from=0`);
    expect(missing.body.errmsg).toMatch(/\bto\b/);
    expect(missing.body.errmsg).not.toMatch(/symbol/);
  });
});

describe("symbols and search", () => {
  it("lists SENSEX under BSE without volume, and index futures under NSE with volume", async () => {
    const sensex = (await get(symbols, "/udf/symbols?symbol=SENSEX")).body;
    expect(sensex).toMatchObject({ name: "SENSEX", exchange: "BSE", listed_exchange: "BSE", type: "index", has_no_volume: true, visible_plots_set: "ohlc" });
    const nifty = (await get(symbols, "/udf/symbols?symbol=NIFTY-I")).body;
    expect(nifty).toMatchObject({ exchange: "NSE", has_no_volume: false, visible_plots_set: "ohlcv" });
    const bse = (await get(symbolInfo, "/udf/symbol_info?group=BSE")).body;
    expect(bse.symbol).toEqual(["SENSEX"]);
    expect(bse["exchange-listed"]).toEqual(["BSE"]);
    const nse = (await get(symbolInfo, "/udf/symbol_info?group=NSE")).body;
    expect(nse.symbol).not.toContain("SENSEX");
    expect(nse.symbol).toContain("NIFTY-I");
    const exchanges = (await get(config, "/udf/config")).body.exchanges.map((e: { value: string }) => e.value);
    expect(exchanges).toEqual(expect.arrayContaining(["NSE", "BSE"]));
  });

  it("ranks the exact code, then codes starting with the query, before codes merely containing it", async () => {
    const nif = (await get(search, "/udf/search?query=NIF&limit=30")).body.map((r: { symbol: string }) => r.symbol);
    expect(nif.indexOf("NIFTY-I")).toBeGreaterThanOrEqual(0);
    expect(nif.indexOf("NIFTY-I")).toBeLessThan(nif.indexOf("BANKNIFTY-I"));
    expect(nif.indexOf("NIFTYBEES")).toBeLessThan(nif.indexOf("BANKNIFTY-I"));
    const exact = (await get(search, "/udf/search?query=nifty-i&limit=30")).body.map((r: { symbol: string }) => r.symbol);
    expect(exact[0]).toBe("NIFTY-I");
  });

  it("honours the exchange and type filters", async () => {
    const bse = (await get(search, "/udf/search?query=&exchange=BSE&limit=30")).body;
    expect(bse.map((r: { symbol: string }) => r.symbol)).toEqual(["SENSEX"]);
    expect(bse[0]).toMatchObject({ exchange: "BSE", full_name: "BSE:SENSEX" });
    const nse = (await get(search, "/udf/search?query=&exchange=NSE&limit=30")).body.map((r: { symbol: string }) => r.symbol);
    expect(nse).not.toContain("SENSEX");
    expect(nse).toContain("INFY");
    const indices = (await get(search, "/udf/search?query=&type=index&limit=30")).body.map((r: { symbol: string }) => r.symbol);
    expect(indices.sort()).toEqual(["BANKNIFTY-I", "NIFTY-I", "SENSEX"]);
    const stocks = (await get(search, "/udf/search?query=&type=stock&exchange=NSE&limit=30")).body.map((r: { symbol: string }) => r.symbol);
    expect(stocks.sort()).toEqual(["INFY", "NIFTYBEES", "UDFX"]);
  });
});

describe("timescale marks", () => {
  it("puts daily marks on the day's own bar (00:00 UTC of the day), not 18:30 UTC the day before", async () => {
    const days = expectedCalendar("D");
    const { body } = await get(timescaleMarks, `/udf/timescale_marks?symbol=UDFX&from=${days[0].t}&to=${days[days.length - 1].t}&resolution=1D`);
    expect(body.length).toBeGreaterThan(0);
    const times = new Set(days.map((d) => d.t));
    for (const mark of body) expect(times.has(mark.time), `mark at ${mark.time}`).toBe(true);
  });
});

/**
 * A client that loads bars the way TradingView's charting library does: a first request with
 * countBack ending at `to`, then scroll-back requests with `to` = the earliest bar it holds,
 * until the datafeed answers no_data; an older library (v17) asks fixed windows [from, to)
 * without countBack instead and follows nextTime over gaps.
 */
async function libraryLoad(resolution: string, mode: { countBack: number } | { window: number }): Promise<Bar[]> {
  const held: Bar[] = [];
  let to = FAR_FUTURE;
  for (let request = 0; request < 2_000; request++) {
    const answer =
      "countBack" in mode
        ? await hist({ resolution, from: to - mode.countBack * 60, to, countback: mode.countBack })
        : await hist({ resolution, from: to - mode.window, to });
    if (answer.s === "error") throw new Error(answer.errmsg);
    if (answer.s === "no_data") {
      if (answer.nextTime === undefined) return held;
      expect(answer.nextTime).toBeLessThan(to);
      to = answer.nextTime + 1;
      continue;
    }
    const bars = barsOf(answer);
    for (let i = 1; i < bars.length; i++) expect(bars[i].t).toBeGreaterThan(bars[i - 1].t);
    expect(bars[bars.length - 1].t).toBeLessThan(to);
    if (held.length > 0) expect(bars[bars.length - 1].t).toBeLessThan(held[0].t);
    held.unshift(...bars);
    to = bars[0].t;
  }
  throw new Error("the client never reached the beginning of history");
}

describe("a charting-library client", () => {
  it("loads every resolution back to the beginning of history, contiguous and without duplicates", { timeout: 120_000 }, async () => {
    const cases: [string, Bar[]][] = [
      ["1", expectedIntraday(1)],
      ["2", expectedIntraday(2)],
      ["5", expectedIntraday(5)],
      ["15", expectedIntraday(15)],
      ["240", expectedIntraday(240)],
      ["1D", expectedCalendar("D")],
      ["1W", expectedCalendar("W")],
      ["1M", expectedCalendar("M")],
      ["6M", expectedCalendar("6M")],
    ];
    for (const [resolution, expected] of cases) {
      // v24: countBack pages, scrolling back.
      expect(await libraryLoad(resolution, { countBack: resolution === "1" ? 4_000 : 1_500 }), `v24 ${resolution}`).toEqual(expected);
    }
    // v17: windows without countBack, following nextTime over weekends and holidays.
    expect(await libraryLoad("5", { window: 6 * DAY }), "v17 5").toEqual(expectedIntraday(5));
    expect(await libraryLoad("1D", { window: 90 * DAY }), "v17 1D").toEqual(expectedCalendar("D"));
    expect(await libraryLoad("1M", { window: FAR_FUTURE - YEAR_1830 }), "v17 1M").toEqual(expectedCalendar("M"));
  });
});
