// /settings/security (issue 16, docs/decisions/119): change password while signed in (current
// password required; every other session, token and socket ended; this one kept) and the list of
// one's own sessions with "Sign out" per session and "Sign out everywhere else", through the real
// loader and action on a real database, with hostile session names.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import type { AppContext } from "~/config/context";
import { authSessions, users } from "~/db/schema";
import type { RoleId } from "~/domain/access";
import { PASSWORD_CHANGED, sessionHandle, WRONG_CURRENT_PASSWORD } from "~/services/account-security.server";
import { dispatchApi } from "~/api/dispatch.server";
import { createAuthSession } from "~/models/auth-session.server";
import { action, loader } from "~/routes/_account+/settings.security";
import { action as loginAction } from "~/routes/_auth+/login";
import { SESSION_NOT_SIGNED_IN } from "~/schemas/auth";
import { createTestContext, type TestContext } from "../support/context";
import { handshake, type HubServer, startHubServer } from "../support/sockets";
import { call, cookiesFrom, formRequest, getRequest, ORIGIN } from "../support/requests";
import { createUser, TEST_PASSWORD } from "../support/factories";

const NEW_PASSWORD = "violet-harbour-kettle-42";
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const IST_TIME = /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/;

let t: TestContext;
let live: HubServer;
/** The test context with a hub on a real server, so sockets can be opened and watched. */
let context: AppContext;

beforeAll(async () => {
  t = await createTestContext();
  live = await startHubServer(t.context);
  context = { ...t.context, hub: live.hub };
});
afterAll(async () => {
  await live?.close();
  await t?.close();
});

async function signedIn(userId: number, userAgent: string | null = CHROME, ip = "10.0.0.1") {
  const session = await createAuthSession(t.context.db, userId, { userAgent, ip });
  const cookie = (await t.context.cookies.session.serialize(session.id)).split(";")[0];
  return { id: session.id, cookie };
}

async function sessionIds(userId: number): Promise<string[]> {
  const rows = await t.context.db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, userId));
  return rows.map((r) => r.id).sort();
}

async function passwordRow(userId: number) {
  const [row] = await t.context.db
    .select({ hash: users.passwordHash, changedAt: users.passwordChangedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

async function toastOf(response: Response): Promise<string | undefined> {
  const session = await t.context.cookies.toast.getSession(cookiesFrom(response));
  return (session.get("toast") as { message: string } | undefined)?.message;
}

function post(cookie: string, fields: Record<string, string | string[]>) {
  return call(action, formRequest("/settings/security", fields, { cookie }), context);
}

function changeFields(currentPassword: string, password = NEW_PASSWORD, confirm = password) {
  return { intent: "change-password", currentPassword, password, confirm };
}

async function openSocket(cookie: string): Promise<Socket> {
  const socket = live.open(cookie);
  await handshake(socket);
  return socket;
}

function signInWith(email: string, password: string) {
  return call(loginAction, formRequest("/login", { email, password }), t.context);
}

describe("change password", () => {
  it("refuses a wrong current password on its field and changes nothing", async () => {
    const user = await createUser(t.context.db, { roleId: 4 });
    const me = await signedIn(user.id);
    const other = await signedIn(user.id, IPHONE);
    const before = await passwordRow(user.id);
    const res = await post(me.cookie, changeFields("not-my-password"));
    expect(res.status).toBe(400);
    const reply = (await res.json()) as { error: Record<string, string[]> };
    expect(reply.error.currentPassword).toEqual([WRONG_CURRENT_PASSWORD]);
    // The passwords typed are never sent back.
    expect(JSON.stringify(reply)).not.toContain(NEW_PASSWORD);
    expect(await passwordRow(user.id)).toEqual(before);
    expect(before.changedAt).toBeNull();
    expect(await sessionIds(user.id)).toEqual([me.id, other.id].sort());
  });

  it("refuses a new password typed differently twice, or a weak one, and changes nothing", async () => {
    const user = await createUser(t.context.db, { roleId: 3 });
    const me = await signedIn(user.id);
    const other = await signedIn(user.id, IPHONE);
    const before = await passwordRow(user.id);
    const mismatch = await post(me.cookie, changeFields(TEST_PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}x`));
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as { error: Record<string, string[]> }).error.confirm).toEqual(["Passwords do not match"]);
    const weak = await post(me.cookie, changeFields(TEST_PASSWORD, "password123"));
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { error: Record<string, string[]> }).error.password?.[0]).toMatch(/too easy to guess/);
    const same = await post(me.cookie, changeFields(TEST_PASSWORD, TEST_PASSWORD));
    expect(same.status).toBe(400);
    expect(await passwordRow(user.id)).toEqual(before);
    expect(await sessionIds(user.id)).toEqual([me.id, other.id].sort());
  });

  it("sets the new password, ends every other session, token and socket, and keeps this one", async () => {
    const user = await createUser(t.context.db, { roleId: 3 });
    const bystander = await createUser(t.context.db, { roleId: 3 });
    const me = await signedIn(user.id);
    const laptop = await signedIn(user.id, IPHONE, "10.0.0.2");
    const apiToken = (await createAuthSession(t.context.db, user.id, { userAgent: "curl/8.5.0" })).id;
    const theirs = await signedIn(bystander.id);
    const mySocket = await openSocket(me.cookie);
    const laptopSocket = await openSocket(laptop.cookie);
    const laptopDropped = new Promise<string>((resolve) => laptopSocket.once("disconnect", resolve));

    const res = await post(me.cookie, changeFields(TEST_PASSWORD));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/settings/security");
    expect(await toastOf(res)).toBe(PASSWORD_CHANGED);

    expect(await sessionIds(user.id)).toEqual([me.id]);
    expect(await sessionIds(bystander.id)).toEqual([theirs.id]);
    const apiCall = await dispatchApi(new Request(`${ORIGIN}/api/users/setting/list`, { headers: { Authorization: `Bearer ${apiToken}` } }), context);
    expect(apiCall.status).toBe(401);
    const row = await passwordRow(user.id);
    expect(row.changedAt).not.toBeNull();
    expect(Date.now() - row.changedAt!.getTime()).toBeLessThan(60_000);
    expect(await laptopDropped).toBe("io server disconnect");
    expect(mySocket.connected).toBe(true);

    // This session still opens the page; the laptop's is sent to sign in.
    expect((await call(loader, getRequest("/settings/security", { cookie: me.cookie }), context)).status).toBe(200);
    const laptopPage = await call(loader, getRequest("/settings/security", { cookie: laptop.cookie }), context);
    expect(laptopPage.headers.get("Location")).toBe("/login");
    // The old password no longer signs in; the new one does.
    expect((await signInWith(user.email, TEST_PASSWORD)).status).toBe(401);
    const signedInAgain = await signInWith(user.email, NEW_PASSWORD);
    expect(signedInAgain.status).toBe(302);
    expect(signedInAgain.headers.get("Location")).toBe("/dashboard");
  });
});

describe("the list of one's sessions", () => {
  it("shows only the user's own signed-in sessions, this device first and marked, times in IST, and no session id", async () => {
    const user = await createUser(t.context.db, { roleId: 4 });
    const stranger = await createUser(t.context.db, { roleId: 4 });
    const phone = await signedIn(user.id, IPHONE, "192.168.1.20");
    const me = await signedIn(user.id, CHROME, "192.168.1.10");
    const theirs = await signedIn(stranger.id, CHROME, "203.0.113.9");
    const res = await call(loader, getRequest("/settings/security", { cookie: me.cookie }), context);
    const text = await res.text();
    const data = JSON.parse(text) as { sessions: { handle: string; device: string; address: string; signedInAt: string; lastActiveAt: string; current: boolean }[] };
    expect(data.sessions.map((s) => [s.device, s.address, s.current])).toEqual([
      ["Chrome on Windows", "192.168.1.10", true],
      ["Safari on iPhone", "192.168.1.20", false],
    ]);
    for (const s of data.sessions) {
      expect(s.signedInAt).toMatch(IST_TIME);
      expect(s.lastActiveAt).toMatch(IST_TIME);
    }
    // A session id is a bearer secret: the page names sessions by a hash only.
    for (const id of [me.id, phone.id, theirs.id]) expect(text).not.toContain(id);
    expect(text).not.toContain("203.0.113.9");
  });

  it("signs out one other session by its handle, and nothing for another user's handle, a raw id or garbage", async () => {
    const user = await createUser(t.context.db, { roleId: 4 });
    const stranger = await createUser(t.context.db, { roleId: 3 });
    const me = await signedIn(user.id);
    const phone = await signedIn(user.id, IPHONE);
    const theirs = await signedIn(stranger.id);
    const hostile: (string | string[])[] = [
      sessionHandle(theirs.id),
      theirs.id,
      phone.id,
      sessionHandle(me.id),
      "",
      "zz".repeat(16),
      `${sessionHandle(phone.id)}' OR '1'='1`,
      [sessionHandle(theirs.id), sessionHandle(theirs.id)],
    ];
    for (const session of hostile) {
      const res = await post(me.cookie, { intent: "end-session", session });
      expect(res.status, JSON.stringify(session)).toBe(302);
      expect(await toastOf(res)).toBe(SESSION_NOT_SIGNED_IN);
    }
    expect(await sessionIds(user.id)).toEqual([me.id, phone.id].sort());
    expect(await sessionIds(stranger.id)).toEqual([theirs.id]);

    const ended = await post(me.cookie, { intent: "end-session", session: sessionHandle(phone.id) });
    expect(await toastOf(ended)).toBe("That device was signed out.");
    expect(await sessionIds(user.id)).toEqual([me.id]);
    expect(await sessionIds(stranger.id)).toEqual([theirs.id]);
  });

  it("signs out everywhere else: every other session of the user, never this one or anyone else's", async () => {
    const user = await createUser(t.context.db, { roleId: 1 as RoleId });
    const stranger = await createUser(t.context.db, { roleId: 4 });
    const me = await signedIn(user.id);
    const others = [await signedIn(user.id, IPHONE), await signedIn(user.id, "curl/8.5.0")];
    const theirs = await signedIn(stranger.id);
    const otherSocket = await openSocket(others[0].cookie);
    const dropped = new Promise<string>((resolve) => otherSocket.once("disconnect", resolve));
    const res = await post(me.cookie, { intent: "end-others" });
    expect(await toastOf(res)).toBe("Signed out of 2 other devices.");
    expect(await sessionIds(user.id)).toEqual([me.id]);
    expect(await sessionIds(stranger.id)).toEqual([theirs.id]);
    expect(await dropped).toBe("io server disconnect");
    const again = await post(me.cookie, { intent: "end-others" });
    expect(await toastOf(again)).toBe("No other device was signed in.");
  });
});

describe("hostile bodies", () => {
  it("answers a JSON or text body posted to the page with 4xx and changes nothing", async () => {
    const user = await createUser(t.context.db, { roleId: 4 });
    const me = await signedIn(user.id);
    const other = await signedIn(user.id, IPHONE);
    const before = await passwordRow(user.id);
    for (const [type, body] of [
      ["application/json", JSON.stringify({ intent: "end-others" })],
      ["text/plain", "intent=end-others"],
    ]) {
      const request = new Request(`${ORIGIN}/settings/security`, { method: "POST", body, headers: { "Content-Type": type, Cookie: me.cookie } });
      const res = await call(action, request, context);
      expect(res.status, type).toBeGreaterThanOrEqual(400);
      expect(res.status, type).toBeLessThan(500);
    }
    expect(await sessionIds(user.id)).toEqual([me.id, other.id].sort());
    expect(await passwordRow(user.id)).toEqual(before);
  });
});
