// Pure parts of the JSON API: how a path finds its row, and the rules its handlers ask.
import { describe, expect, it } from "vitest";
import { matchCalls } from "~/api/dispatch.server";
import { mayCall } from "~/api/roles";
import { statusBody } from "~/api/shapes";
import { mayWriteSetting, panelOfSetting } from "~/domain/user-settings";
import { dailyBarSchema } from "~/schemas/open-data";
import { settingWriteSchema } from "~/schemas/settings";

describe("matchCalls", () => {
  it("prefers a literal segment over a {param} and matches case-insensitively", () => {
    const [first] = matchCalls("/api/admin/referencePoint/all");
    expect(first.call.id).toBe("admin/referencePoint/all");
    const bySymbol = matchCalls("/api/admin/REFERENCEPOINT/NIFTY-I").filter((m) => m.call.method === "GET");
    expect(bySymbol[0].call.id).toBe("admin/referencePoint/{symbol}");
    expect(bySymbol[0].params).toEqual({ symbol: "NIFTY-I" });
  });
  it("tells getReferencePoint from getReferencePoint/{symbol} by the number of segments", () => {
    expect(matchCalls("/api/getReferencePoint").map((m) => m.call.id)).toEqual(["getReferencePoint"]);
    const [m] = matchCalls("/api/getReferencePoint/NIFTY-I");
    expect([m.call.id, m.params]).toEqual(["getReferencePoint/{symbol}", { symbol: "NIFTY-I" }]);
  });
    it("decodes path params and ignores a trailing slash", () => {
    const [m] = matchCalls("/api/getPreviousChavi/M%26M/");
    expect(m.params).toEqual({ symbol: "M&M" });
  });
  it("matches nothing for an unknown or longer path", () => {
    expect(matchCalls("/api/admin/symbol/list/extra")).toHaveLength(0);
    expect(matchCalls("/api/nothing")).toHaveLength(0);
  });
});

describe("mayCall", () => {
  it("is the page's access rule narrowed by the call's roles", () => {
    expect(mayCall(2, { page: "/users" })).toBe(true);
    expect(mayCall(3, { page: "/users" })).toBe(false);
    expect(mayCall(1, { page: "/setting", roles: [1] })).toBe(true);
    expect(mayCall(4, { page: "/setting", roles: [1] })).toBe(false);
    expect(mayCall(1, { page: "/no-such-page" })).toBe(false);
  });
});

describe("settings written one at a time", () => {
  it("knows each setting's panel, and who may write it", () => {
    expect(panelOfSetting("Theme")).toBe("theme");
    expect(panelOfSetting("Show Targets")).toBe("admin");
    expect(panelOfSetting("password")).toBeNull();
    expect(mayWriteSetting(2, "Theme")).toBe(true);
    expect(mayWriteSetting(2, "tradeSeconds")).toBe(false);
    expect(mayWriteSetting(4, "chart")).toBe(false);
    expect(mayWriteSetting(3, "chart")).toBe(true);
    expect(mayWriteSetting(3, "MA")).toBe(false);
    expect(mayWriteSetting(1, "studies")).toBe(true);
  });
  it("checks the value with the settings form's rule and stores it as text", () => {
    expect(settingWriteSchema.parse({ name: "tradeSeconds", value: "45" })).toEqual({ name: "tradeSeconds", value: "45" });
    expect(settingWriteSchema.parse({ name: "MA", value: true })).toEqual({ name: "MA", value: "true" });
    expect(settingWriteSchema.parse({ name: "studies", value: ["RSI"] })).toEqual({ name: "studies", value: '["RSI"]' });
    expect(settingWriteSchema.safeParse({ name: "Theme", value: "purple" }).error?.issues[0].message).toBe("Please select a theme");
    expect(settingWriteSchema.safeParse({ name: "tradeSeconds", value: "0" }).error?.issues[0].message).toBe("Please enter at least 1 second");
    expect(settingWriteSchema.safeParse({ name: "Password", value: "x" }).error?.issues[0].message).toBe("Unknown setting");
  });
});

describe("statusBody", () => {
  it("reads the documents' 1/0 flag, and true/false", () => {
    expect(statusBody.parse({ id: 3, status: 1 }).status).toBe(true);
    expect(statusBody.parse({ id: "3", status: "0" }).status).toBe(false);
    expect(statusBody.parse({ id: 3, status: false }).status).toBe(false);
    expect(statusBody.safeParse({ id: 3, status: 2 }).error?.issues[0].message).toBe("Please send status 1 or 0");
  });
});

describe("dailyBarSchema", () => {
  const bar = { symbol_code: "NIFTY-I", date: "2026-11-20", open: 100, high: 110, low: 95, close: 105 };
  it("accepts a consistent day and defaults the volume", () => {
    expect(dailyBarSchema.parse(bar).volume).toBe(0);
  });
  it("refuses a high below the open or close, and a bad date", () => {
    expect(dailyBarSchema.safeParse({ ...bar, high: 101 }).error?.issues[0].message).toBe("High must be the highest and Low the lowest price of the day");
    expect(dailyBarSchema.safeParse({ ...bar, date: "2026-02-30" }).error?.issues[0].message).toBe("Please enter a date");
  });
});
