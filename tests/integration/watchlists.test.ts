// /watch-list: create (name required), add and remove symbols, reorder (drag order and the
// no-JS up/down buttons), delete; the panel's view from the URL; another user's watchlist
// answers 404 and changes nothing; role 4 adds only symbols of its subscription.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { userSymbols, watchlists, watchlistSymbols } from "~/db/schema";
import { action, loader } from "~/routes/_market+/watch-list";
import { loadWatchlistPanel } from "~/services/watchlists.server";
import { filterAndSortRows } from "~/domain/watchlist";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest } from "../support/requests";
import { signedInUser } from "../support/factories";
import { createSectorRow, createSymbolRow, toastMessage } from "../support/admin";

let t: TestContext;
let owner: { id: number; cookie: string };
let other: { id: number; cookie: string };
let customer: { id: number; cookie: string };
let sym: { id: number; symbolCode: string }[];

const post = (cookie: string, fields: Record<string, string | string[]>) => call(action, formRequest("/watch-list", fields, { cookie }), t.context);
const listsOf = (userId: number) => t.context.db.select().from(watchlists).where(eq(watchlists.userId, userId)).orderBy(watchlists.position);

beforeAll(async () => {
  t = await createTestContext();
  owner = await signedInUser(t.context, 3);
  other = await signedInUser(t.context, 3);
  customer = await signedInUser(t.context, 4);
  const banks = await createSectorRow(t.context.db, "Banks WL");
  const metals = await createSectorRow(t.context.db, "Metals WL");
  sym = [
    await createSymbolRow(t.context.db, banks.id, "WLBANKA"),
    await createSymbolRow(t.context.db, banks.id, "WLBANKB"),
    await createSymbolRow(t.context.db, metals.id, "WLSTEEL"),
  ];
  // The customer's subscription covers only the first symbol.
  await t.context.db.insert(userSymbols).values({ userId: customer.id, symbolId: sym[0].id, sectorId: banks.id });
  const q = (code: string, last: number, changePercent: number) =>
    t.context.liveBook.set({ symbolCode: code, last, open: last, high: last, low: last, prevClose: last, change: changePercent, changePercent, ask: last, bid: last, ltq: 0, volume: 0, time: Date.now() });
  q("WLBANKA", 100, 1.5);
  q("WLBANKB", 300, -2);
  q("WLSTEEL", 200, 0.5);
});
afterAll(async () => {
  await t?.close();
});

describe("/watch-list", () => {
  it("shows 'No Watchlist' data (no tabs) for a user without one", async () => {
    const body = await (await call(loader, getRequest("/watch-list", { cookie: owner.cookie }), t.context)).json();
    expect(body.panel.tabs).toEqual([]);
    expect(body.panel.activeId).toBeNull();
  });

  it("requires a name, then creates watchlists in order", async () => {
    const bad = await post(owner.cookie, { intent: "create", watchlistName: "  ", returnTo: "/watch-list" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.watchlistName).toEqual(["Please enter a watchlist name"]);
    expect(await listsOf(owner.id)).toHaveLength(0);
    const res = await post(owner.cookie, { intent: "create", watchlistName: "Banks", returnTo: "/watch-list?sort=close" });
    expect(res.status).toBe(302);
    const [first] = await listsOf(owner.id);
    expect(res.headers.get("Location")).toBe(`/watch-list?sort=close&wl=${first.id}`);
    expect(await toastMessage(t.context.cookies, res)).toBe("Watchlist created successfully");
    await post(owner.cookie, { intent: "create", watchlistName: "Metals", returnTo: "/watch-list" });
    await post(owner.cookie, { intent: "create", watchlistName: "Misc", returnTo: "/watch-list" });
    expect((await listsOf(owner.id)).map((w) => w.watchlistName)).toEqual(["Banks", "Metals", "Misc"]);
  });

  it("adds symbols (a duplicate is reported, an unknown one refused) and removes one", async () => {
    const [banks] = await listsOf(owner.id);
    for (const code of ["WLBANKA", "wlbankb", "WLSTEEL"]) {
      const res = await post(owner.cookie, { intent: "add-symbol", watchlistId: String(banks.id), symbol: code, returnTo: "/watch-list" });
      expect(res.status).toBe(302);
      expect(await toastMessage(t.context.cookies, res)).toBe("Symbol added to watchlist");
    }
    const dup = await post(owner.cookie, { intent: "add-symbol", watchlistId: String(banks.id), symbol: "WLBANKA", returnTo: "/watch-list" });
    expect(await toastMessage(t.context.cookies, dup)).toBe("This symbol is already in the watchlist");
    const unknown = await post(owner.cookie, { intent: "add-symbol", watchlistId: String(banks.id), symbol: "NOPE", returnTo: "/watch-list" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.symbol).toEqual(["NOPE is not a listed symbol"]);
    const removed = await post(owner.cookie, { intent: "remove-symbol", watchlistId: String(banks.id), symbolId: String(sym[2].id), returnTo: "/watch-list" });
    expect(await toastMessage(t.context.cookies, removed)).toBe("Symbol removed from watchlist");
    const rows = await t.context.db.select().from(watchlistSymbols).where(eq(watchlistSymbols.watchlistId, banks.id));
    expect(rows.map((r) => r.symbolId).sort()).toEqual([sym[0].id, sym[1].id].sort());
  });

  it("serves the panel from the URL: tab, sector, search, sort by Change % both ways, selected symbol", async () => {
    const [banks] = await listsOf(owner.id);
    await post(owner.cookie, { intent: "add-symbol", watchlistId: String(banks.id), symbol: "WLSTEEL", returnTo: "/watch-list" });
    const user = { id: owner.id, roleId: 3 as const };
    const panel = await loadWatchlistPanel(t.context, user, new URL(`http://x/watch-list?wl=${banks.id}&sort=change&dir=desc&symbol=wlsteel`));
    expect(panel.activeId).toBe(banks.id);
    expect(panel.view).toMatchObject({ sort: "change", dir: "desc", selected: "WLSTEEL" });
    expect(filterAndSortRows(panel.rows, panel.view).map((r) => r.symbolCode)).toEqual(["WLBANKA", "WLSTEEL", "WLBANKB"]);
    expect(filterAndSortRows(panel.rows, { ...panel.view, dir: "asc" }).map((r) => r.symbolCode)).toEqual(["WLBANKB", "WLSTEEL", "WLBANKA"]);
    expect(panel.rows.find((r) => r.symbolCode === "WLBANKB")).toMatchObject({ close: 300, changePercent: -2 });
    expect(panel.sectors.map((s) => s.name)).toEqual(["Banks WL", "Metals WL"]);
    const metals = panel.sectors.find((s) => s.name === "Metals WL")!;
    const filtered = await loadWatchlistPanel(t.context, user, new URL(`http://x/watch-list?wl=${banks.id}&sector=${metals.id}`));
    expect(filterAndSortRows(filtered.rows, filtered.view).map((r) => r.symbolCode)).toEqual(["WLSTEEL"]);
    const none = await loadWatchlistPanel(t.context, user, new URL(`http://x/watch-list?wl=${banks.id}&q=zzz`));
    expect(filterAndSortRows(none.rows, none.view)).toEqual([]);
  });

  it("reorders by the drag order and by the up/down buttons", async () => {
    const ids = (await listsOf(owner.id)).map((w) => w.id);
    const res = await post(owner.cookie, { intent: "reorder", ids: [ids[2], ids[0], ids[1]].map(String), returnTo: "/watch-list" });
    expect(res.status).toBe(302);
    expect((await listsOf(owner.id)).map((w) => w.watchlistName)).toEqual(["Misc", "Banks", "Metals"]);
    await post(owner.cookie, { intent: "move", watchlistId: String(ids[1]), direction: "up", returnTo: "/watch-list" });
    expect((await listsOf(owner.id)).map((w) => w.watchlistName)).toEqual(["Misc", "Metals", "Banks"]);
    // A partial or foreign id list changes nothing.
    const partial = await post(owner.cookie, { intent: "reorder", ids: [String(ids[0])], returnTo: "/watch-list" });
    expect(partial.status).toBe(404);
    expect((await listsOf(owner.id)).map((w) => w.watchlistName)).toEqual(["Misc", "Metals", "Banks"]);
  });

  it("answers 404 for another user's watchlist and changes nothing", async () => {
    const [banks] = (await listsOf(owner.id)).filter((w) => w.watchlistName === "Banks");
    const before = await t.context.db.select().from(watchlistSymbols).where(eq(watchlistSymbols.watchlistId, banks.id));
    const attempts: Record<string, string>[] = [
      { intent: "delete", watchlistId: String(banks.id) },
      { intent: "move", watchlistId: String(banks.id), direction: "up" },
      { intent: "add-symbol", watchlistId: String(banks.id), symbol: "WLSTEEL" },
      { intent: "remove-symbol", watchlistId: String(banks.id), symbolId: String(sym[0].id) },
    ];
    for (const fields of attempts) {
      const res = await post(other.cookie, { ...fields, returnTo: "/watch-list" });
      expect(res.status, fields.intent).toBe(404);
    }
    const reorder = await post(other.cookie, { intent: "reorder", ids: [String(banks.id)], returnTo: "/watch-list" });
    expect(reorder.status).toBe(404);
    // The other user's view never shows it, even when asked for by id.
    const body = await (await call(loader, getRequest(`/watch-list?wl=${banks.id}`, { cookie: other.cookie }), t.context)).json();
    expect(body.panel.tabs).toEqual([]);
    expect(body.panel.rows).toEqual([]);
    expect(await t.context.db.select().from(watchlistSymbols).where(eq(watchlistSymbols.watchlistId, banks.id))).toEqual(before);
    expect((await listsOf(owner.id)).map((w) => w.watchlistName)).toEqual(["Misc", "Metals", "Banks"]);
  });

  it("lets role 4 add only symbols of its subscription", async () => {
    await post(customer.cookie, { intent: "create", watchlistName: "Mine", returnTo: "/watch-list" });
    const [mine] = await listsOf(customer.id);
    const refused = await post(customer.cookie, { intent: "add-symbol", watchlistId: String(mine.id), symbol: "WLSTEEL", returnTo: "/watch-list" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.symbol).toEqual(["WLSTEEL is not in your subscription"]);
    const added = await post(customer.cookie, { intent: "add-symbol", watchlistId: String(mine.id), symbol: "WLBANKA", returnTo: "/watch-list" });
    expect(added.status).toBe(302);
    const rows = await t.context.db.select().from(watchlistSymbols).where(eq(watchlistSymbols.watchlistId, mine.id));
    expect(rows.map((r) => r.symbolId)).toEqual([sym[0].id]);
    const body = await (await call(loader, getRequest("/watch-list", { cookie: customer.cookie }), t.context)).json();
    expect(body.panel.choices).toEqual([]);
  });

  it("deletes a watchlist and never redirects off-site", async () => {
    const [misc] = await listsOf(owner.id);
    const res = await post(owner.cookie, { intent: "delete", watchlistId: String(misc.id), returnTo: "//evil.example/x" });
    expect(res.headers.get("Location")).toBe("/watch-list");
    expect(await toastMessage(t.context.cookies, res)).toBe("Watchlist deleted successfully");
    expect((await listsOf(owner.id)).map((w) => w.watchlistName)).toEqual(["Metals", "Banks"]);
  });
});
