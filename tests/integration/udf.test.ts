// Contract tests of the UDF datafeed: each endpoint's answer is checked against the
// protocol's shape (written here as Zod schemas), on the seeded demo history.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { seedDemoData } from "~/seed/seed.server";
import { seedDemoHistory } from "~/seed/demo-history.server";
import { loader as config } from "~/routes/_api+/udf.config";
import { loader as symbols } from "~/routes/_api+/udf.symbols";
import { loader as symbolInfo } from "~/routes/_api+/udf.symbol_info";
import { loader as search } from "~/routes/_api+/udf.search";
import { loader as history } from "~/routes/_api+/udf.history";
import { loader as quotes } from "~/routes/_api+/udf.quotes";
import { loader as marks } from "~/routes/_api+/udf.marks";
import { loader as timescaleMarks } from "~/routes/_api+/udf.timescale_marks";
import { loader as time } from "~/routes/_api+/udf.time";
import { createTestContext, TEST_SECRET, type TestContext } from "../support/context";
import { call, getRequest, sessionCookieFor } from "../support/requests";

const NOW = new Date("2026-11-20T12:00:00Z");
const TO = Math.floor(NOW.getTime() / 1000);
let t: TestContext;
const cookie: Record<string, string> = {};

const ok = z.object({
  s: z.literal("ok"),
  t: z.array(z.number().int()),
  o: z.array(z.number()),
  h: z.array(z.number()),
  l: z.array(z.number()),
  c: z.array(z.number()),
  v: z.array(z.number()),
});
const noData = z.object({ s: z.literal("no_data"), nextTime: z.number().int().optional() }).strict();
const error = z.object({ s: z.literal("error"), errmsg: z.string() }).strict();
const symbolInfoShape = z.object({
  name: z.string(),
  ticker: z.string(),
  description: z.string(),
  type: z.string(),
  session: z.literal("0915-1530"),
  exchange: z.string(),
  listed_exchange: z.string(),
  timezone: z.literal("Asia/Kolkata"),
  minmov: z.number(),
  pricescale: z.number(),
  has_intraday: z.boolean(),
  intraday_multipliers: z.array(z.string()),
  supported_resolutions: z.array(z.string()),
});

beforeAll(async () => {
  t = await createTestContext();
  // With the secret, as the server seeds: the demo admin has its two-factor sign-in set up.
  await seedDemoData(t.context.db, { now: NOW, log: () => {}, appSecret: TEST_SECRET });
  await seedDemoHistory(t.context.db, { now: NOW, minuteDays: 2, dailyDays: 40, log: () => {} });
  for (const email of ["admin@example.com", "customer@example.com", "subadmin@example.com"]) {
    const [u] = await t.context.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    cookie[email] = await sessionCookieFor(t.context, u.id);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function get(loader: Parameters<typeof call>[0], path: string, who = "admin@example.com") {
  const res = await call(loader, getRequest(path, { cookie: cookie[who] }), t.context);
  return { status: res.status, body: res.headers.get("Content-Type")?.includes("json") ? await res.json() : await res.text() };
}

describe("UDF datafeed contract", () => {
  it("config lists the documents' resolutions and capabilities", async () => {
    const { body } = await get(config, "/udf/config");
    expect(body.supported_resolutions).toEqual(["1", "2", "5", "15", "240", "1D", "1W", "1M", "6M"]);
    expect(body).toMatchObject({ supports_search: true, supports_marks: true, supports_timescale_marks: true, supports_time: true });
  });

  it("symbols answers the symbol info shape for NSE:NIFTY-I", async () => {
    const { status, body } = await get(symbols, "/udf/symbols?symbol=NSE:NIFTY-I");
    expect(status).toBe(200);
    expect(symbolInfoShape.parse(body)).toMatchObject({ name: "NIFTY-I", type: "index", exchange: "NSE" });
  });

  it("symbol_info answers parallel arrays of the same length", async () => {
    const { body } = await get(symbolInfo, "/udf/symbol_info?group=NSE");
    expect(body.symbol.length).toBeGreaterThan(40);
    for (const key of Object.keys(body)) expect(body[key]).toHaveLength(body.symbol.length);
  });

  it("search is limited to 30 results and finds by code or name", async () => {
    const { body } = await get(search, "/udf/search?query=&limit=100");
    expect(body).toHaveLength(30);
    const bank = (await get(search, "/udf/search?query=bank&limit=30")).body as { symbol: string }[];
    expect(bank.map((r) => r.symbol)).toContain("BANKNIFTY-I");
    for (const r of bank) expect(Object.keys(r).sort()).toEqual(["description", "exchange", "full_name", "symbol", "ticker", "type"]);
  });

  it("history answers ok bars with countback", async () => {
    const { body } = await get(history, `/udf/history?symbol=NIFTY-I&resolution=1D&from=0&to=${TO}&countback=15`);
    const bars = ok.parse(body);
    expect(bars.t).toHaveLength(15);
    expect([...bars.t].sort((a, b) => a - b)).toEqual(bars.t);
    for (let i = 0; i < bars.t.length; i++) expect(bars.h[i]).toBeGreaterThanOrEqual(Math.max(bars.o[i], bars.c[i]));
  });

  it("history answers intraday bars at 1 and 5 minutes, and H4 for 240", async () => {
    for (const resolution of ["1", "5", "240"]) {
      const { body } = await get(history, `/udf/history?symbol=NIFTY-I&resolution=${resolution}&from=${TO - 3 * 86400}&to=${TO}`);
      expect(ok.parse(body).t.length).toBeGreaterThan(0);
    }
  });

  it("history answers no_data with nextTime before the data starts", async () => {
    const { body } = await get(history, `/udf/history?symbol=NIFTY-I&resolution=1D&from=${TO - 86400 * 3650}&to=${TO - 86400 * 3000}`);
    expect(noData.parse(body)).toEqual({ s: "no_data" });
    const gap = await get(history, `/udf/history?symbol=NIFTY-I&resolution=1&from=${TO + 86400}&to=${TO + 2 * 86400}`);
    const parsed = noData.parse(gap.body);
    expect(parsed.nextTime).toBeLessThanOrEqual(TO + 86400);
  });

  it("history answers error for an unknown symbol or resolution", async () => {
    expect(error.parse((await get(history, `/udf/history?symbol=NOPE&resolution=1D&from=0&to=${TO}`)).body).errmsg).toBe("unknown_symbol");
    expect(error.parse((await get(history, `/udf/history?symbol=NIFTY-I&resolution=7&from=0&to=${TO}`)).body).errmsg).toMatch(/Unsupported/);
  });

  it("quotes answers the live book's figures", async () => {
    t.context.liveBook.set({
      symbolCode: "NIFTY-I", last: 24_000.5, open: 23_900, high: 24_010, low: 23_890, prevClose: 23_950,
      change: 50.5, changePercent: 0.21, ask: 24_001, bid: 24_000, ltq: 75, volume: 900, time: NOW.getTime(),
    });
    const { body } = await get(quotes, "/udf/quotes?symbols=NIFTY-I,NOPE");
    expect(body.s).toBe("ok");
    expect(body.d[0]).toMatchObject({ s: "ok", n: "NIFTY-I", v: { lp: 24_000.5, ch: 50.5, chp: 0.21, ask: 24_001, bid: 24_000 } });
    expect(body.d[1]).toMatchObject({ s: "error", n: "NOPE" });
  });

  it("marks and timescale_marks answer their shapes", async () => {
    const m = (await get(marks, `/udf/marks?symbol=NIFTY-I&from=0&to=${TO}&resolution=1D`)).body;
    expect(Object.keys(m).sort()).toEqual(["color", "id", "label", "labelFontColor", "minSize", "text", "time"]);
    const ts = (await get(timescaleMarks, `/udf/timescale_marks?symbol=NIFTY-I&from=${TO - 86400 * 60}&to=${TO}&resolution=1D`)).body;
    expect(Array.isArray(ts)).toBe(true);
    for (const mark of ts) expect(Object.keys(mark).sort()).toEqual(["color", "id", "label", "time", "tooltip"]);
  });

  it("time answers whole seconds as text", async () => {
    const { body } = await get(time, "/udf/time");
    expect(String(body)).toMatch(/^\d{10}$/);
  });

  it("keeps role 4 to its subscription and role 2 out", async () => {
    // Outside the subscription reads as unknown: the protocol's 200 with s: "error" (docs/decisions/122).
    expect(await get(symbols, "/udf/symbols?symbol=WIPRO", "customer@example.com")).toEqual({ status: 200, body: { s: "error", errmsg: "unknown_symbol" } });
    expect((await get(symbols, "/udf/symbols?symbol=RELIANCE", "customer@example.com")).status).toBe(200);
    const res = await call(config, getRequest("/udf/config", { cookie: cookie["subadmin@example.com"] }), t.context);
    expect(res.headers.get("Location")).toBe("/dashboard");
  });
});
