// The settings page: panels by role, each panel's save (and its refusals), the theme cookie,
// the Marque Data banner, and "Save Symbol's Open Data" posting back to /setting.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marquee } from "~/db/schema";
import { action as settingAction, loader as settingLoader } from "~/routes/_admin+/setting";
import { action as marqueAction, loader as marqueLoader } from "~/routes/_admin+/setting.marque";
import { action as openDataAction } from "~/routes/_market+/dayohlc.open";
import { getLatestMarque } from "~/models/settings.server";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";
import { toastMessage } from "../support/admin";

let t: TestContext;
const cookies: Record<number, string> = {};
const ids: Record<number, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  for (const role of [1, 2, 3, 4] as const) {
    const u = await createUser(t.context.db, { roleId: role });
    ids[role] = u.id;
    cookies[role] = await sessionCookieFor(t.context, u.id);
  }
});
afterAll(async () => {
  await t?.close();
});

const settingsOf = async (role: number) => (await (await call(settingLoader, getRequest("/setting", { cookie: cookies[role] }), t.context)).json()).settings;

describe("/setting", () => {
  it("every role opens it with its own panels", async () => {
    for (const role of [1, 2, 3, 4]) {
      const res = await call(settingLoader, getRequest("/setting", { cookie: cookies[role] }), t.context);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.panels.admin).toBe(role === 1);
      expect(body.panels.chartCount).toBe(role === 1 || role === 3);
      expect(body.settings.tradeSeconds).toBe("30");
    }
  });

  it("saves the view setting and switches the theme cookie at once", async () => {
    const res = await call(settingAction, formRequest("/setting", { intent: "view", theme: "dark", viewChart: "advance", chart: "4" }, { cookie: cookies[3] }), t.context);
    expect(res.status).toBe(302);
    expect(await toastMessage(t.context.cookies, res)).toBe("Setting saved successfully");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("prefs="))).toBe(true);
    expect(await settingsOf(3)).toMatchObject({ Theme: "dark", viewChart: "advance", chart: "4" });
  });

  it("refuses the chart count for role 4 and the indicator panel for non-admins (403, nothing stored)", async () => {
    const chart = await call(settingAction, formRequest("/setting", { intent: "view", theme: "light", chart: "2" }, { cookie: cookies[4] }), t.context);
    expect(chart.status).toBe(403);
    expect((await settingsOf(4)).chart).toBe("1");
    const ind = await call(settingAction, formRequest("/setting", { intent: "indicator", MA: "on" }, { cookie: cookies[3] }), t.context);
    expect(ind.status).toBe(403);
    expect((await settingsOf(3)).MA).toBe("false");
  });

  it("tradeSeconds is a required number", async () => {
    const empty = await call(settingAction, formRequest("/setting", { intent: "trade", tradeSeconds: "" }, { cookie: cookies[4] }), t.context);
    expect(empty.status).toBe(400);
    expect((await empty.json()).result.error.tradeSeconds).toEqual(["Please enter the trade refresh time in seconds"]);
    const text = await call(settingAction, formRequest("/setting", { intent: "trade", tradeSeconds: "soon" }, { cookie: cookies[4] }), t.context);
    expect((await text.json()).result.error.tradeSeconds).toEqual(["Please enter the trade refresh time in seconds"]);
    const ok = await call(settingAction, formRequest("/setting", { intent: "trade", tradeSeconds: "45" }, { cookie: cookies[4] }), t.context);
    expect(ok.status).toBe(302);
    expect((await settingsOf(4)).tradeSeconds).toBe("45");
  });

  it("role 1 saves the indicator setting with studies", async () => {
    const res = await call(
      settingAction,
      formRequest("/setting", { intent: "indicator", MA: "on", Daglu: "on", ShowTargets: "on", studies: ["RSI", "MACD"] }, { cookie: cookies[1] }),
      t.context,
    );
    expect(res.status).toBe(302);
    const s = await settingsOf(1);
    expect(s).toMatchObject({ MA: "true", Daglu: "true", "Show Targets": "true", Swing: "false", WA: "false", studies: '["RSI","MACD"]' });
  });

  it("Marque Data: role 1 saves the banner (one at a time); others cannot", async () => {
    const bad = await call(marqueAction, formRequest("/setting/marque", { intent: "marque", title: "", date: "" }, { cookie: cookies[1] }), t.context);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ title: ["Please enter a title"], date: ["Please enter a date"] });
    for (const title of ["First", "Budget day"]) {
      const res = await call(marqueAction, formRequest("/setting/marque", { intent: "marque", title, date: "2026-02-01", subText: "Markets open at 11:00" }, { cookie: cookies[1] }), t.context);
      expect(res.status).toBe(302);
      expect(await toastMessage(t.context.cookies, res)).toBe("Marque data saved successfully");
    }
    expect(await getLatestMarque(t.context.db)).toEqual({ title: "Budget day", date: "2026-02-01", subText: "Markets open at 11:00" });
    expect(await t.context.db.select().from(marquee)).toHaveLength(1);
    const loaded = await (await call(marqueLoader, getRequest("/setting/marque", { cookie: cookies[1] }), t.context)).json();
    expect(loaded.title).toBe("Budget day");
    const denied = await call(marqueAction, formRequest("/setting/marque", { intent: "marque", title: "x", date: "2026-02-01" }, { cookie: cookies[3] }), t.context);
    // /setting/marque lies under /setting (every role), so the role check answers 403.
    expect(denied.status).toBe(403);
    expect((await getLatestMarque(t.context.db))?.title).toBe("Budget day");
  });

  it("Save Symbol's Open Data posts to /dayohlc/open and comes back to /setting", async () => {
    const res = await call(openDataAction, formRequest("/dayohlc/open", { redirectTo: "/setting" }, { cookie: cookies[1] }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/setting");
    expect(await toastMessage(t.context.cookies, res)).toMatch(/^Open data saved for /);
  });
});
