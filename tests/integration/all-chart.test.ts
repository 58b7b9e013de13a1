import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { seedDemoData } from "~/seed/seed.server";
import { setUserSetting } from "~/models/user.server";
import { loader } from "~/routes/_market+/allChart";
import { createTestContext, type TestContext } from "../support/context";
import { call, getRequest, sessionCookieFor } from "../support/requests";

let t: TestContext;
let employee: { id: number; cookie: string };

beforeAll(async () => {
  t = await createTestContext();
  await seedDemoData(t.context.db, { log: () => {} });
  const [u] = await t.context.db.select({ id: users.id }).from(users).where(eq(users.email, "employee@example.com"));
  employee = { id: u.id, cookie: await sessionCookieFor(t.context, u.id) };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function load(path = "/allChart") {
  const res = await call(loader, getRequest(path, { cookie: employee.cookie }), t.context);
  return (await res.json()) as { count: number; views: { symbol: { code: string } }[]; chosen: string[] };
}

describe("/allChart", () => {
  it("shows as many charts as the user's chart setting: 1, 2 or 4", async () => {
    for (const [setting, expected] of [["1", 1], ["2", 2], ["4", 4]] as const) {
      await setUserSetting(t.context.db, employee.id, "chart", setting);
      const data = await load();
      expect(data.count).toBe(expected);
      expect(data.views).toHaveLength(expected);
    }
  });

  it("fills the charts with the indices first, and a slot's symbol comes from the URL", async () => {
    await setUserSetting(t.context.db, employee.id, "chart", "4");
    expect((await load()).chosen).toEqual(["NIFTY-I", "BANKNIFTY-I", "SENSEX", expect.any(String)]);
    const data = await load("/allChart?s1=TCS&s2=NOT-A-CODE");
    expect(data.views.map((v) => v.symbol.code)).toEqual(["NIFTY-I", "TCS", "SENSEX", data.chosen[3]]);
  });
});
