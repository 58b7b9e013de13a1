// The chart-data resource on the seeded demo history: timeframes aggregated in SQL, bounded
// by countback, guarded by role and subscription.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { seedDemoData } from "~/seed/seed.server";
import { seedDemoHistory } from "~/seed/demo-history.server";
import { loader } from "~/routes/_market+/chart-data";
import type { Candle } from "~/domain/candles";
import { createTestContext, type TestContext } from "../support/context";
import { call, getRequest, sessionCookieFor } from "../support/requests";

let t: TestContext;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  const now = new Date("2026-11-20T12:00:00Z"); // a Friday, 17:30 IST
  await seedDemoData(t.context.db, { now, log: () => {} });
  await seedDemoHistory(t.context.db, { now, minuteDays: 3, dailyDays: 60, log: () => {} });
  for (const email of ["employee@example.com", "customer@example.com", "subadmin@example.com"]) {
    const [u] = await t.context.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    cookie[email] = await sessionCookieFor(t.context, u.id);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function candles(query: string, who = "employee@example.com") {
  const res = await call(loader, getRequest(`/chart-data?${query}`, { cookie: cookie[who] }), t.context);
  return { status: res.status, body: (await res.json()) as { candles: Candle[]; errors?: { msg: string }[]; message?: string } };
}

describe("/chart-data", () => {
  it("serves D1 from the daily table, oldest first, bounded by countback", async () => {
    const { status, body } = await candles("symbol=NIFTY-I&timeframe=D1&countback=20&to=1795219200000");
    expect(status).toBe(200);
    expect(body.candles).toHaveLength(20);
    const times = body.candles.map((c) => c.time);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    for (const c of body.candles) {
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
    }
  });

  it("makes an H1 candle from the hour's minutes: first open, max high, min low, last close", async () => {
    const m1 = (await candles("symbol=NIFTY-I&timeframe=M1&countback=1200&to=1795219200000")).body.candles;
    const h1 = (await candles("symbol=NIFTY-I&timeframe=H1&countback=5&to=1795219200000")).body.candles;
    expect(h1.length).toBeGreaterThan(0);
    const hour = h1[h1.length - 2]; // a full hour
    const inside = m1.filter((c) => c.time >= hour.time && c.time < hour.time + 3_600_000);
    expect(inside.length).toBeGreaterThan(0);
    expect(hour.open).toBe(inside[0].open);
    expect(hour.close).toBe(inside[inside.length - 1].close);
    expect(hour.high).toBe(Math.max(...inside.map((c) => c.high)));
    expect(hour.low).toBe(Math.min(...inside.map((c) => c.low)));
    expect(hour.volume).toBe(inside.reduce((s, c) => s + c.volume, 0));
    // Session hours (docs/decisions/127; they were IST clock hours, xx:30 UTC): xx:15 IST = xx:45 UTC.
    expect(new Date(hour.time).getUTCMinutes()).toBe(45);
  });

  it("refuses a bad timeframe with a message", async () => {
    const { status, body } = await candles("symbol=NIFTY-I&timeframe=H3");
    expect(status).toBe(400);
    expect(body.errors?.[0].msg).toBe("Unknown timeframe");
  });

  it("gives role 4 only its subscription", async () => {
    expect((await candles("symbol=RELIANCE&timeframe=D1", "customer@example.com")).status).toBe(200);
    expect((await candles("symbol=WIPRO&timeframe=D1", "customer@example.com")).status).toBe(404);
    expect((await candles("symbol=NO-SUCH&timeframe=D1")).status).toBe(404);
  });

  it("follows the access table: role 2 has no chart screen", async () => {
    const res = await call(loader, getRequest("/chart-data?symbol=NIFTY-I", { cookie: cookie["subadmin@example.com"] }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
  });
});
