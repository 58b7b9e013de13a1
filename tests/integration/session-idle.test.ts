// The idle timeout beside the 7-day lifetime (issue 16, docs/decisions/119): per role, configured
// by SESSION_IDLE_MINUTES_STAFF / _CUSTOMER, for pages, Bearer tokens and socket handshakes.
// Time is moved by writing last_seen_at into the past, as a session left alone would have it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect } from "socket.io-client";
import { eq } from "drizzle-orm";
import type { AppContext } from "~/config/context";
import { authSessions } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import { parseEnv } from "~/config/env.server";
import { dispatchApi } from "~/api/dispatch.server";
import { invalidTokenShape } from "~/api/shapes";
import { createHandshakeAuthenticator, createSessionCheck } from "~/auth/session.server";
import { createAppCookies, handshakeCookieSets } from "~/auth/cookies.server";
import { createAuthSession } from "~/models/auth-session.server";
import { loader as settingLoader } from "~/routes/_admin+/setting";
import { loader as loginLoader } from "~/routes/_auth+/login";
import { loader as rootLoader } from "~/root";
import { createRealtimeHub } from "~/realtime/hub.server";
import { createTestContext, hubOptionsFor, TEST_SECRET, type TestContext } from "../support/context";
import { call, cookiesFrom, getRequest, ORIGIN } from "../support/requests";
import { createUser } from "../support/factories";

const MIN = 60_000;
const STAFF_MESSAGE = "You were signed out after 30 minutes without activity";
const CUSTOMER_MESSAGE = "You were signed out after 24 hours without activity";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

/** A session of a new user of this role, last active `idleMs` ago. */
async function sessionIdleFor(roleId: RoleId, idleMs: number, context: AppContext = t.context) {
  const user = await createUser(context.db, { roleId });
  const session = await createAuthSession(context.db, user.id);
  await context.db.update(authSessions).set({ lastSeenAt: new Date(Date.now() - idleMs) }).where(eq(authSessions.id, session.id));
  const cookie = (await context.cookies.session.serialize(session.id)).split(";")[0];
  return { user, id: session.id, cookie };
}

async function sessionRow(id: string) {
  const [row] = await t.context.db.select().from(authSessions).where(eq(authSessions.id, id));
  return row ?? null;
}

async function toastIn(response: Response): Promise<string | undefined> {
  const session = await t.context.cookies.toast.getSession(cookiesFrom(response));
  return (session.get("toast") as { message: string } | undefined)?.message;
}

describe("pages", () => {
  for (const role of [1, 2, 3] as RoleId[]) {
    it(`role ${role}: a session idle 32 minutes is ended, and /login says why`, async () => {
      const s = await sessionIdleFor(role, 32 * MIN);
      const res = await call(settingLoader, getRequest("/setting", { cookie: s.cookie }), t.context);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/login");
      expect(await toastIn(res)).toBe(STAFF_MESSAGE);
      expect(await sessionRow(s.id)).toBeNull();
      // The sign-in page the browser follows to shows the message (flashed toast, no JS needed).
      const jar = cookiesFrom(res, s.cookie);
      expect(jar).not.toContain(`${t.context.cookies.session.name}=`);
      const page = await call(rootLoader, getRequest("/login", { cookie: jar }), t.context);
      expect(((await page.json()) as { toast: { message: string } | null }).toast?.message).toBe(STAFF_MESSAGE);
    });
  }

  it("a staff session last active 29 minutes ago still opens pages, and the visit counts as activity", async () => {
    const s = await sessionIdleFor(3, 29 * MIN);
    const res = await call(settingLoader, getRequest("/setting", { cookie: s.cookie }), t.context);
    expect(res.status).toBe(200);
    const row = await sessionRow(s.id);
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(10_000);
  });

  it("a customer idle 2 hours is still signed in; idle 24 hours and 2 minutes is signed out", async () => {
    const active = await sessionIdleFor(4, 2 * 60 * MIN);
    expect((await call(settingLoader, getRequest("/setting", { cookie: active.cookie }), t.context)).status).toBe(200);
    const idle = await sessionIdleFor(4, 24 * 60 * MIN + 2 * MIN);
    const res = await call(settingLoader, getRequest("/setting", { cookie: idle.cookie }), t.context);
    expect(res.headers.get("Location")).toBe("/login");
    expect(await toastIn(res)).toBe(CUSTOMER_MESSAGE);
    expect(await sessionRow(idle.id)).toBeNull();
  });

  it("writes last_seen_at at most once a minute (the idle edge is exact to a minute)", async () => {
    const recent = await sessionIdleFor(3, 30_000);
    const before = (await sessionRow(recent.id))!.lastSeenAt.getTime();
    await call(settingLoader, getRequest("/setting", { cookie: recent.cookie }), t.context);
    expect((await sessionRow(recent.id))!.lastSeenAt.getTime()).toBe(before);
    const older = await sessionIdleFor(3, 70_000);
    await call(settingLoader, getRequest("/setting", { cookie: older.cookie }), t.context);
    expect(Date.now() - (await sessionRow(older.id))!.lastSeenAt.getTime()).toBeLessThan(10_000);
  });

  it("follows SESSION_IDLE_MINUTES_STAFF and SESSION_IDLE_MINUTES_CUSTOMER", async () => {
    const env = parseEnv({ NODE_ENV: "test", SESSION_SECRET: TEST_SECRET, SESSION_IDLE_MINUTES_STAFF: "10", SESSION_IDLE_MINUTES_CUSTOMER: "60" });
    const context = { ...t.context, env };
    const staff = await sessionIdleFor(2, 12 * MIN, context);
    const staffRes = await call(settingLoader, getRequest("/setting", { cookie: staff.cookie }), context);
    expect(await toastIn(staffRes)).toBe("You were signed out after 10 minutes without activity");
    const customer = await sessionIdleFor(4, 62 * MIN, context);
    const customerRes = await call(settingLoader, getRequest("/setting", { cookie: customer.cookie }), context);
    expect(await toastIn(customerRes)).toBe("You were signed out after 1 hour without activity");
    // The default 30 minutes would have let this staff session through.
    const recent = await sessionIdleFor(3, 9 * MIN, context);
    expect((await call(settingLoader, getRequest("/setting", { cookie: recent.cookie }), context)).status).toBe(200);
  });

  it("an idle session met first by the /login page itself still shows the message there", async () => {
    // With JavaScript, a refused socket sends the browser straight to /login.
    const s = await sessionIdleFor(3, 40 * MIN);
    const request = () => getRequest("/login", { cookie: s.cookie, headers: { "Sec-Fetch-Dest": "document" } });
    // Remix runs the root's and the page's loaders together; one request shares one lookup.
    const scoped = { ...t.context, requestScope: new Map<string, Promise<unknown>>() };
    const [root, login] = await Promise.all([call(rootLoader, request(), scoped), call(loginLoader, request(), scoped)]);
    expect(((await root.json()) as { toast: { message: string } | null }).toast?.message).toBe(STAFF_MESSAGE);
    expect(login.status).toBe(200);
    expect(await sessionRow(s.id)).toBeNull();
  });
});

describe("Bearer tokens", () => {
  const settingsCall = (token: string) =>
    dispatchApi(new Request(`${ORIGIN}/api/users/setting/list`, { headers: { Authorization: `Bearer ${token}` } }), t.context);

  it("a token idle 3 days answers 401 with the reason, and is deleted", async () => {
    const s = await sessionIdleFor(4, 3 * 24 * 60 * MIN);
    const res = await settingsCall(s.id);
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body).toEqual({ error: CUSTOMER_MESSAGE });
    // The answer the API's OpenAPI document publishes for 401.
    expect(invalidTokenShape.safeParse(body).success).toBe(true);
    expect(await sessionRow(s.id)).toBeNull();
    const again = await settingsCall(s.id);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ error: "Invalid token" });
  });

  it("a staff token idle 31 minutes and a minute is refused; one used 20 minutes ago works", async () => {
    const idle = await sessionIdleFor(3, 32 * MIN);
    const refused = await settingsCall(idle.id);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: STAFF_MESSAGE });
    const active = await sessionIdleFor(3, 20 * MIN);
    expect((await settingsCall(active.id)).status).toBe(200);
  });
});

describe("socket handshake", () => {
  it("refuses an idle session without deleting it or counting the handshake as activity", async () => {
    const authenticate = createHandshakeAuthenticator(t.context);
    const idle = await sessionIdleFor(3, 45 * MIN);
    expect(await authenticate({ cookieHeader: idle.cookie, authorization: undefined, token: undefined })).toBeNull();
    expect(await authenticate({ cookieHeader: undefined, authorization: `Bearer ${idle.id}`, token: undefined })).toBeNull();
    expect(await authenticate({ cookieHeader: undefined, authorization: undefined, token: idle.id })).toBeNull();
    // Still there, so the page the browser opens next says why it was signed out.
    expect(await sessionRow(idle.id)).not.toBeNull();

    const active = await sessionIdleFor(3, 10 * MIN);
    const before = (await sessionRow(active.id))!.lastSeenAt.getTime();
    expect((await authenticate({ cookieHeader: active.cookie, authorization: undefined, token: undefined }))?.id).toBe(active.user.id);
    expect((await sessionRow(active.id))!.lastSeenAt.getTime()).toBe(before);
  });
});

describe("socket handshake and the __Host- cookie", () => {
  it("reads __Host-session when both names may be set, and only the allowed name otherwise", async () => {
    const secure = createAppCookies(TEST_SECRET, true);
    const plain = createAppCookies(TEST_SECRET, false);
    const s = await sessionIdleFor(4, 0);
    const hostCookie = (await secure.session.serialize(s.id)).split(";")[0];
    const bareCookie = (await plain.session.serialize(s.id)).split(";")[0];
    const ask = (cookies: ReturnType<typeof handshakeCookieSets>, cookieHeader: string) =>
      createHandshakeAuthenticator({ db: t.context.db, cookies, env: t.context.env })({ cookieHeader, authorization: undefined, token: undefined });
    expect((await ask(handshakeCookieSets(undefined, secure, plain), hostCookie))?.id).toBe(s.user.id);
    expect((await ask(handshakeCookieSets(undefined, secure, plain), bareCookie))?.id).toBe(s.user.id);
    expect((await ask(handshakeCookieSets(true, secure, plain), hostCookie))?.id).toBe(s.user.id);
    // COOKIE_SECURE=1: a bare __session cookie (planted over HTTP or by a subdomain) opens nothing.
    expect(await ask(handshakeCookieSets(true, secure, plain), bareCookie)).toBeNull();
    expect(await ask(handshakeCookieSets(false, secure, plain), hostCookie)).toBeNull();
  });
});

describe("the hub's re-check of open sockets", () => {
  it("drops an idle session's sockets without recording activity or deleting the row", async () => {
    const stillStands = createSessionCheck(t.context);
    const active = await sessionIdleFor(3, 10 * MIN);
    const before = (await sessionRow(active.id))!.lastSeenAt.getTime();
    expect(await stillStands(active.id)).toBe(true);
    // A tab left open with live prices must not keep its session alive.
    expect((await sessionRow(active.id))!.lastSeenAt.getTime()).toBe(before);
    const idle = await sessionIdleFor(3, 35 * MIN);
    expect(await stillStands(idle.id)).toBe(false);
    expect(await sessionRow(idle.id)).not.toBeNull();
    expect(await stillStands("no-such-session")).toBe(false);
  });
});

describe("an open socket of a session that goes idle", () => {
  it("is dropped by the hub's re-check, and its new handshake is refused", async () => {
    const server = http.createServer();
    const hub = createRealtimeHub({ httpServer: server, ...hubOptionsFor(t.context), sessionStillValid: createSessionCheck(t.context), recheckMs: 100 });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const open = (cookie: string) => connect(url, { transports: ["websocket"], reconnection: false, extraHeaders: { Cookie: cookie } });
    try {
      const s = await sessionIdleFor(3, 0);
      const socket = open(s.cookie);
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      const dropped = new Promise<string>((resolve) => socket.once("disconnect", resolve));
      await t.context.db.update(authSessions).set({ lastSeenAt: new Date(Date.now() - 40 * MIN) }).where(eq(authSessions.id, s.id));
      expect(await dropped).toBe("io server disconnect");
      const again = open(s.cookie);
      expect(await new Promise<string>((resolve) => again.once("connect_error", (error) => resolve(error.message)))).toBe("Invalid token");
      again.close();
      // The next page still finds the row and says why.
      const res = await call(settingLoader, getRequest("/setting", { cookie: s.cookie }), t.context);
      expect(await toastIn(res)).toBe(STAFF_MESSAGE);
    } finally {
      await hub.close();
    }
  });
});
