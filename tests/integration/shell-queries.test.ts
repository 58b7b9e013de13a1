// What a signed-in page costs the database before its own data: the root's shell (theme, trend
// badge, the bell's unread count) and the route's guard share ONE statement per request
// (docs/decisions/160). Counted from every statement drizzle sends, and checked against the
// values the separate queries give, after each kind of change, so nothing is served stale.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { AppContext } from "~/config/context";
import { authSessions, notifications, symbolSuggestions, userSymbols } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import { writePreferences, DEFAULT_PREFERENCES } from "~/auth/preferences.server";
import { createAuthSession } from "~/models/auth-session.server";
import { createNotifications } from "~/models/notification.server";
import { getLatestTrend } from "~/models/symbol-suggestion.server";
import { readShellValues } from "~/models/shell.server";
import { rememberTheme } from "~/services/account-preferences.server";
import { countUnreadRecentNotifications } from "~/services/notifications.server";
import { dispatchApi } from "~/api/dispatch.server";
import { appLoadContext } from "~/server/http-pipeline.server";
import { loader as rootLoader } from "~/root";
import { action as readAction, loader as notificationsLoader } from "~/routes/_alerts+/notifications";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, ORIGIN } from "../support/requests";
import { createUser } from "../support/factories";
import { createSymbol, uniqueCode } from "../support/market";

const DAY = 24 * 60 * 60 * 1000;

let t: TestContext;
const statements: string[] = [];
let nifty: { id: number; symbolCode: string };
let subscribed: { id: number; symbolCode: string };
let unsubscribed: { id: number; symbolCode: string };

beforeAll(async () => {
  t = await createTestContext({ onQuery: (sql) => statements.push(sql) });
  nifty = await createSymbol(t.context.db, "NIFTY-I");
  subscribed = await createSymbol(t.context.db, uniqueCode("SUB"));
  unsubscribed = await createSymbol(t.context.db, uniqueCode("UNS"));
});
afterAll(async () => {
  await t?.close();
});

async function signedIn(roleId: RoleId) {
  const user = await createUser(t.context.db, { roleId });
  const session = await createAuthSession(t.context.db, user.id);
  const cookie = (await t.context.cookies.session.serialize(session.id)).split(";")[0];
  return { user: { id: user.id, roleId }, sessionId: session.id, cookie };
}

interface ShellData {
  theme: string;
  shell: { niftyTrend: string | null; unreadNotifications: number } | null;
}

/** One browser request for /notifications: Remix runs the root's and the page's loaders together, sharing the request's scope. */
async function openNotificationsPage(cookie: string) {
  const scoped: AppContext = { ...t.context, requestScope: new Map() };
  const request = () => getRequest("/notifications", { cookie });
  statements.length = 0;
  const [root, page] = await Promise.all([call(rootLoader, request(), scoped), call(notificationsLoader, request(), scoped)]);
  const sent = [...statements];
  expect(page.status).toBe(200);
  const data = (await root.json()) as ShellData;
  return { theme: data.theme, trend: data.shell?.niftyTrend, unread: data.shell?.unreadNotifications, statements: sent };
}

const reads = (sent: string[]) => sent.filter((s) => /^\s*select\b/i.test(s));
/** The page's own list of notifications: the one statement that is not the shell's or the guard's. */
const isNotificationList = (s: string) => /from "notifications" left join "symbols"/i.test(s);

/** What the separate queries say, to compare the shell with. */
async function expected(user: { id: number; roleId: RoleId }) {
  return { trend: await getLatestTrend(t.context.db, "NIFTY-I"), unread: await countUnreadRecentNotifications(t.context, user) };
}

describe("a signed-in page's shell and guard", () => {
  it("cost one SELECT together, beside the page's own list, and show the right values", async () => {
    const { user, cookie } = await signedIn(3);
    const other = await signedIn(3);
    await rememberTheme(t.context, user.id, "dark");
    const now = Date.now();
    await t.context.db.insert(notifications).values([
      { userId: user.id, symbolId: nifty.id, message: "unread 1" },
      { userId: user.id, symbolId: null, message: "unread 2" },
      { userId: user.id, symbolId: nifty.id, message: "read", readAt: new Date() },
      { userId: user.id, symbolId: nifty.id, message: "two days old", createdAt: new Date(now - 3 * DAY) },
      { userId: other.user.id, symbolId: nifty.id, message: "someone else's" },
    ]);
    await t.context.db.insert(symbolSuggestions).values([
      { symbolId: nifty.id, trends: "Buy", updatedAt: new Date(now - 60_000) },
      { symbolId: nifty.id, trends: "Sell", updatedAt: new Date(now - 1_000) },
      // Another symbol's newer suggestion leaves the badge alone.
      { symbolId: subscribed.id, trends: "Neutral", updatedAt: new Date(now) },
    ]);

    const page = await openNotificationsPage(cookie);
    expect(page).toMatchObject({ theme: "dark", trend: "Sell", unread: 2 });
    expect(await expected(user)).toEqual({ trend: "Sell", unread: 2 });
    // The same values read by the user alone (the root's read when its request's lookup came without them).
    expect(await readShellValues(t.context.db, user.id)).toEqual({ theme: "dark", niftyTrend: "Sell", unreadNotifications: 2 });
    // The session was used a moment ago, so no last-seen write: only reads.
    expect(reads(page.statements)).toHaveLength(page.statements.length);
    expect(page.statements.filter(isNotificationList)).toHaveLength(1);
    expect(page.statements.filter((s) => !isNotificationList(s))).toHaveLength(1);
  });

  it("is never stale: marking read, a new notification, a new trend and a theme change show on the next page", async () => {
    const { user, cookie } = await signedIn(3);
    await rememberTheme(t.context, user.id, "dark");
    await createNotifications(t.context.db, { userIds: [user.id], kind: "alert", message: "first", symbolId: nifty.id });
    const first = await openNotificationsPage(cookie);
    expect(first.unread).toBe(1);
    expect(first.theme).toBe("dark");

    // Marking read is an action (its own request, whose guard reads the session alone); the next page shows the bell at zero.
    statements.length = 0;
    expect((await call(readAction, formRequest("/notifications", { from: "modal" }, { cookie }), t.context)).status).toBe(200);
    expect(statements.filter((s) => /"auth_sessions"/.test(s))).toHaveLength(1);
    expect(statements.join("\n")).not.toMatch(/user_settings|symbol_suggestions/);
    const afterRead = await openNotificationsPage(cookie);
    expect(afterRead.unread).toBe(0);
    expect(afterRead.statements).toHaveLength(2);

    await createNotifications(t.context.db, { userIds: [user.id], kind: "alert", message: "second", symbolId: nifty.id });
    const afterNew = await openNotificationsPage(cookie);
    expect(afterNew.unread).toBe(1);

    await t.context.db.insert(symbolSuggestions).values({ symbolId: nifty.id, trends: "Neutral", updatedAt: new Date(Date.now() + 60_000) });
    const afterTrend = await openNotificationsPage(cookie);
    expect(afterTrend.trend).toBe("Neutral");

    await rememberTheme(t.context, user.id, "light");
    const afterTheme = await openNotificationsPage(cookie);
    expect(afterTheme.theme).toBe("light");
    expect(await expected(user)).toEqual({ trend: afterTheme.trend, unread: afterTheme.unread });
    for (const page of [afterNew, afterTrend, afterTheme]) expect(page.statements).toHaveLength(2);
  });

  it("keeps the browser's theme cookie over the stored setting", async () => {
    const { user, cookie } = await signedIn(4);
    await rememberTheme(t.context, user.id, "light");
    const prefs = (await writePreferences(t.context.cookies, { ...DEFAULT_PREFERENCES, theme: "dark" })).split(";")[0];
    const page = await openNotificationsPage(`${cookie}; ${prefs}`);
    expect(page.theme).toBe("dark");
    expect(page.statements).toHaveLength(2);
  });

  it("counts for a customer only the unread notifications of its subscribed symbols, as the list shows", async () => {
    const { user, cookie } = await signedIn(4);
    await t.context.db.insert(userSymbols).values({ userId: user.id, symbolId: subscribed.id });
    await t.context.db.insert(notifications).values([
      { userId: user.id, symbolId: subscribed.id, message: "subscribed" },
      { userId: user.id, symbolId: unsubscribed.id, message: "not subscribed" },
      { userId: user.id, symbolId: null, message: "no symbol" },
    ]);
    const page = await openNotificationsPage(cookie);
    expect(page.unread).toBe(1);
    expect(page.theme).toBe("light");
    expect(await expected(user)).toMatchObject({ unread: 1 });
    expect(page.statements).toHaveLength(2);
  });

  it("writes last_seen_at once a minute at most, beside the one read", async () => {
    const { cookie, sessionId } = await signedIn(3);
    await t.context.db.update(authSessions).set({ lastSeenAt: new Date(Date.now() - 5 * 60_000) }).where(eq(authSessions.id, sessionId));
    const page = await openNotificationsPage(cookie);
    expect(page.statements.filter((s) => !isNotificationList(s)).map((s) => s.trim().split(/\s+/)[0].toLowerCase())).toEqual(["select", "update"]);
  });

  it("the root alone (no shared scope) also pays one statement", async () => {
    const { cookie } = await signedIn(2);
    statements.length = 0;
    const root = await call(rootLoader, getRequest("/dashboard", { cookie }), t.context);
    expect(((await root.json()) as ShellData).shell).not.toBeNull();
    expect(statements).toHaveLength(1);
  });

  it("a route's own data request and an API call read the session alone, without the shell's values", async () => {
    const { user, cookie, sessionId } = await signedIn(3);
    await createNotifications(t.context.db, { userIds: [user.id], kind: "alert", message: "unread", symbolId: nifty.id });
    // A client-side navigation asks one route's loader for its data (?_data=, which Remix strips from the Request).
    const navigation: AppContext = { ...t.context, requestScope: new Map(), dataRouteId: "routes/_alerts+/notifications" };
    statements.length = 0;
    expect((await call(notificationsLoader, getRequest("/notifications", { cookie }), navigation)).status).toBe(200);
    const api = await dispatchApi(new Request(`${ORIGIN}/api/users/setting/list`, { headers: { Authorization: `Bearer ${sessionId}` } }), t.context);
    expect(api.status).toBe(200);
    const sessionReads = statements.filter((s) => /"auth_sessions"/.test(s));
    expect(sessionReads).toHaveLength(2);
    for (const s of sessionReads) expect(s).not.toMatch(/symbol_suggestions|user_settings/);
    // Were the root to run there too, it would read its values by the user: right, at one statement more.
    statements.length = 0;
    const root = (await (await call(rootLoader, getRequest("/notifications", { cookie }), navigation)).json()) as ShellData;
    expect(root.shell?.unreadNotifications).toBe(1);
    expect(statements).toHaveLength(1);
  });

  it("Remix's data request for the root reads everything in one statement too", async () => {
    const { cookie } = await signedIn(3);
    statements.length = 0;
    const root = await call(rootLoader, getRequest("/notifications", { cookie }), { ...t.context, requestScope: new Map(), dataRouteId: "root" });
    expect(((await root.json()) as ShellData).shell?.unreadNotifications).toBe(0);
    expect(statements).toHaveLength(1);
  });
});

describe("the server's load context", () => {
  it("names the route a Remix data request asks for, and nothing for a page", () => {
    const contextFor = appLoadContext(t.context, () => t.context.cookies);
    const res = { locals: { cspNonce: "n" } } as never;
    const of = (query: Record<string, unknown>) => contextFor({ secure: false, ip: "127.0.0.1", query } as never, res).dataRouteId;
    expect(of({ _data: "routes/_alerts+/notifications" })).toBe("routes/_alerts+/notifications");
    expect(of({ _data: "root" })).toBe("root");
    expect(of({})).toBeUndefined();
    // A repeated or nested parameter (qs) is no route id.
    expect(of({ _data: ["root", "x"] })).toBeUndefined();
  });
});
