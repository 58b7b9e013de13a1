// Targeted broadcasts and resolved support conversations (docs/decisions/146), through the real
// loaders, actions and API on a real database, and live over a real socket.io server: a broadcast
// reaches and is listed only to its audience; hostile targets are refused with nothing stored;
// support resolves and reopens, a client's message reopens; the inbox filters and searches with
// LIKE's wildcards taken literally.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { broadcastRecipients, broadcasts, supportConversations } from "~/db/schema";
import { dispatchApi } from "~/api/dispatch.server";
import { loader as supportIndexLoader } from "~/routes/_support+/support._index";
import { loader as conversationLoader, action as conversationAction } from "~/routes/_support+/support.$receiverId";
import { loader as broadcastListLoader } from "~/routes/_support+/broadcast.message";
import { loader as newBroadcastLoader, action as newBroadcastAction } from "~/routes/_support+/broadcast.message.new";
import {
  BROADCAST_ROLE_UNKNOWN,
  BROADCAST_ROLES_REQUIRED,
  BROADCAST_USER_INVALID,
  BROADCAST_USER_UNKNOWN,
  BROADCAST_USERS_REQUIRED,
  BROADCAST_AUDIENCE_INVALID,
  type SupportScreenData,
} from "~/domain/chat";
import { createAuthSession } from "~/models/auth-session.server";
import type { PublicUser } from "~/models/user.server";
import type { AppContext } from "~/config/context";
import type { RoleId } from "~/domain/access";
import type { BroadcastDraft } from "~/services/broadcasts.server";
import { useLiveChat } from "../support/live-chat";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, ORIGIN, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";

let t: TestContext;
let support: PublicUser;

interface Member {
  user: PublicUser;
  cookie: string;
}

beforeAll(async () => {
  t = await createTestContext();
  support = await createUser(t.context.db, { roleId: 1, name: "Support Desk" });
});
afterAll(async () => {
  await t?.close();
});

async function member(roleId: RoleId, overrides: { name?: string; username?: string } = {}): Promise<Member> {
  const user = await createUser(t.context.db, { roleId, ...overrides });
  return { user, cookie: await sessionCookieFor(t.context, user.id) };
}

/** A fresh admin for each sender: the posting limit (20 a minute) is per user. */
const admin = () => member(1);

function postBroadcast(who: Member, fields: Record<string, string | string[]>, context: AppContext = t.context) {
  return call(newBroadcastAction, formRequest("/broadcast/message/new", fields, { cookie: who.cookie }), context);
}

async function broadcastCount(): Promise<number> {
  const [row] = await t.context.db.select({ n: count() }).from(broadcasts);
  return Number(row.n);
}

async function screen(who: Member, path: string): Promise<SupportScreenData> {
  const url = new URL(path, ORIGIN);
  const match = /^\/support\/(\d+)$/.exec(url.pathname);
  const res = match
    ? await call(conversationLoader, getRequest(path, { cookie: who.cookie }), t.context, { receiverId: match[1] })
    : await call(supportIndexLoader, getRequest(path, { cookie: who.cookie }), t.context);
  expect(res.status).toBe(200);
  return (await res.json()) as SupportScreenData;
}

async function api(who: Member, method: string, path: string, json?: unknown) {
  const token = (await createAuthSession(t.context.db, who.user.id)).id;
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (json !== undefined) headers["Content-Type"] = "application/json";
  const res = await dispatchApi(new Request(ORIGIN + path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) }), t.context);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The recent broadcasts a user's chat screen lists, and the API's answer for the same user. */
async function seenBy(who: Member): Promise<{ page: string[]; api: string[] }> {
  const page = (await screen(who, "/support")).broadcasts.map((b) => b.message);
  const answer = await api(who, "GET", "/api/messages/broadcast/all");
  expect(answer.status).toBe(200);
  return { page, api: (answer.body.messages as { message: string }[]).map((m) => m.message) };
}

describe("targeted broadcasts", () => {
  it("a broadcast to roles is stored with them, listed to those roles only, and named in role 1's table", async () => {
    const sender = await admin();
    const employee = await member(3);
    const customer = await member(4);
    const subAdmin = await member(2);
    const text = `employees and sub-admins ${Date.now()}`;
    const res = await postBroadcast(sender, { message: text, audience: "roles", roles: ["3", "2", "3"] });
    expect(res.status).toBe(302);
    const [stored] = await t.context.db.select().from(broadcasts).where(eq(broadcasts.message, text));
    expect(stored).toMatchObject({ audience: "roles", targetRoles: [2, 3] });

    expect((await seenBy(employee)).page).toContain(text);
    expect((await seenBy(employee)).api).toContain(text);
    const sub = await api(subAdmin, "GET", "/api/messages/broadcast/all");
    expect((sub.body.messages as { message: string }[]).map((m) => m.message)).toContain(text);
    const outside = await seenBy(customer);
    expect(outside.page).not.toContain(text);
    expect(outside.api).not.toContain(text);
    // Its sender is role 1, outside the target: the banner lists leave it out for them too.
    expect((await seenBy(sender)).page).not.toContain(text);

    const list = await call(broadcastListLoader, getRequest("/broadcast/message", { cookie: sender.cookie }), t.context);
    const rows = ((await list.json()) as { rows: { message: string; target: string }[] }).rows;
    expect(rows.find((r) => r.message === text)?.target).toBe("Sub Admin, Employee");
  });

  it("a broadcast to chosen users reaches only them, and the table names them", async () => {
    const sender = await admin();
    const chosen1 = await member(4, { name: "Asha Chosen" });
    const chosen2 = await member(3, { name: "Bala Chosen" });
    const sameRole = await member(4);
    const text = `for two people ${Date.now()}`;
    const res = await postBroadcast(sender, { message: text, audience: "users", userIds: [String(chosen2.user.id), String(chosen1.user.id)] });
    expect(res.status).toBe(302);
    const [stored] = await t.context.db.select().from(broadcasts).where(eq(broadcasts.message, text));
    expect(stored).toMatchObject({ audience: "users", targetRoles: null });
    const recipients = await t.context.db.select().from(broadcastRecipients).where(eq(broadcastRecipients.broadcastId, stored.id));
    expect(recipients.map((r) => r.userId).sort((a, b) => a - b)).toEqual([chosen1.user.id, chosen2.user.id].sort((a, b) => a - b));

    expect((await seenBy(chosen1)).page).toContain(text);
    expect((await seenBy(chosen2)).api).toContain(text);
    expect((await seenBy(sameRole)).page).not.toContain(text);
    expect((await seenBy(sameRole)).api).not.toContain(text);

    const list = await call(broadcastListLoader, getRequest("/broadcast/message", { cookie: sender.cookie }), t.context);
    const rows = ((await list.json()) as { rows: { message: string; target: string }[] }).rows;
    expect(rows.find((r) => r.message === text)?.target).toBe("2 users: Asha Chosen, Bala Chosen");
  });

  it("without a target (form or API) a broadcast is for everyone, as before", async () => {
    const sender = await admin();
    const customer = await member(4);
    const text = `everyone ${Date.now()}`;
    expect((await postBroadcast(sender, { message: text })).status).toBe(302);
    expect((await seenBy(customer)).page).toContain(text);
    const viaApi = await api(await admin(), "POST", "/api/messages/send/all", { message: `${text} api` });
    expect(viaApi.status).toBe(201);
    expect(viaApi.body.data).toMatchObject({ message: `${text} api`, target: { audience: "everyone", roles: [], userIds: [] } });
    expect((await seenBy(customer)).api).toContain(`${text} api`);
  });

  it("the API targets roles and users the same way", async () => {
    const sender = await admin();
    const customer = await member(4);
    const employee = await member(3);
    const viaApi = await api(sender, "POST", "/api/messages/send/all", { message: "api to customers", target: { audience: "roles", roles: [4] } });
    expect(viaApi.status).toBe(201);
    expect(viaApi.body.data.target).toEqual({ audience: "roles", roles: [4], userIds: [] });
    const toUser = await api(sender, "POST", "/api/messages/send/all", { message: "api to one employee", target: { audience: "users", userIds: [employee.user.id] } });
    expect(toUser.status).toBe(201);
    expect((await seenBy(customer)).api).toContain("api to customers");
    expect((await seenBy(customer)).api).not.toContain("api to one employee");
    expect((await seenBy(employee)).api).toContain("api to one employee");
    expect((await seenBy(employee)).api).not.toContain("api to customers");
  });

  describe("hostile targets are refused with nothing stored", () => {
    const cases: [string, Record<string, string | string[]>, string, string][] = [
      ["an unknown role", { audience: "roles", roles: ["7"] }, "roles", BROADCAST_ROLE_UNKNOWN],
      ["role 10", { audience: "roles", roles: ["10"] }, "roles", BROADCAST_ROLE_UNKNOWN],
      ["a role that is not a number", { audience: "roles", roles: ["admin"] }, "roles", BROADCAST_ROLE_UNKNOWN],
      ["no role", { audience: "roles" }, "roles", BROADCAST_ROLES_REQUIRED],
      ["no user", { audience: "users" }, "userIds", BROADCAST_USERS_REQUIRED],
      ["a user id that is not an id", { audience: "users", userIds: ["1 or 1=1"] }, "userIds", BROADCAST_USER_INVALID],
      ["a negative user id", { audience: "users", userIds: ["-4"] }, "userIds", BROADCAST_USER_INVALID],
      ["an unknown audience", { audience: "nobody" }, "audience", BROADCAST_AUDIENCE_INVALID],
    ];
    for (const [name, fields, field, message] of cases) {
      it(name, async () => {
        const before = await broadcastCount();
        const res = await postBroadcast(await admin(), { message: `hostile ${name}`, ...fields });
        expect(res.status).toBe(400);
        const reply = (await res.json()) as { error?: Record<string, string[]> };
        expect(Object.entries(reply.error ?? {}).find(([key]) => key === field || key.startsWith(`${field}[`))?.[1]).toContain(message);
        expect(await broadcastCount()).toBe(before);
      });
    }

    it("an unknown user id, an inactive user, or too many ids", async () => {
      const inactive = await createUser(t.context.db, { roleId: 4, status: false });
      const real = await member(4);
      const before = await broadcastCount();
      for (const ids of [["2147483000"], [String(inactive.id)], [String(real.user.id), "2147483000"]]) {
        const res = await postBroadcast(await admin(), { message: "to ghosts", audience: "users", userIds: ids });
        expect(res.status).toBe(400);
        expect(JSON.stringify(await res.json())).toContain(BROADCAST_USER_UNKNOWN);
      }
      const tooMany = Array.from({ length: 501 }, (_, i) => String(i + 1));
      expect((await postBroadcast(await admin(), { message: "to a crowd", audience: "users", userIds: tooMany })).status).toBe(400);
      expect(await broadcastCount()).toBe(before);
      // The real user never saw anything.
      expect((await seenBy(real)).page).not.toContain("to ghosts");
    });

    it("the API refuses the same, naming the body's field", async () => {
      const before = await broadcastCount();
      const sender = await admin();
      for (const target of [{ audience: "roles", roles: [9] }, { audience: "roles", roles: [] }, { audience: "users", userIds: [] }, { audience: "users", userIds: ["x"] }, { audience: "all" }]) {
        const res = await api(sender, "POST", "/api/messages/send/all", { message: "hostile api", target });
        expect(res.status, JSON.stringify(target)).toBe(400);
      }
      const ghost = await api(sender, "POST", "/api/messages/send/all", { message: "hostile api", target: { audience: "users", userIds: [2147483000] } });
      expect(ghost.status).toBe(400);
      expect(ghost.body.errors[0]).toMatchObject({ msg: BROADCAST_USER_UNKNOWN, path: "target.userIds" });
      expect(await broadcastCount()).toBe(before);
    });

    it("only role 1 may send a targeted broadcast", async () => {
      const before = await broadcastCount();
      for (const role of [2, 3, 4] as RoleId[]) {
        const res = await postBroadcast(await member(role), { message: "hijack", audience: "roles", roles: ["4"] });
        expect(res.status).toBe(302);
        expect(res.headers.get("Location")).not.toBe("/broadcast/message");
      }
      expect(await broadcastCount()).toBe(before);
    });
  });

  it("the picker: a search by GET keeps what was typed and ticked, and finds users with wildcards taken literally", async () => {
    const sender = await admin();
    const ticked = await member(4, { name: "Ticked Person" });
    const percent = await member(4, { name: "Fifty 50% Trader" });
    await member(4, { name: "Fifty 500 Trader" });
    const url = `/broadcast/message/new?message=Draft+text&audience=everyone&userIds=${ticked.user.id}&userIds=nonsense&q=${encodeURIComponent("50%")}&redirectTo=/support`;
    const res = await call(newBroadcastLoader, getRequest(url, { cookie: sender.cookie }), t.context);
    const { draft, redirectTo } = (await res.json()) as { draft: BroadcastDraft; redirectTo: string };
    expect(redirectTo).toBe("/support");
    expect(draft.message).toBe("Draft text");
    expect(draft.audience).toBe("users");
    expect(draft.chosen.map((c) => c.id)).toEqual([ticked.user.id]);
    expect(draft.found.map((f) => f.id)).toEqual([percent.user.id]);
    expect(draft.found[0].label).toMatch(/^Fifty 50% Trader \(.+, Customer\)$/);
    // "_" is a literal too: it matches no name here.
    const underscore = await call(newBroadcastLoader, getRequest("/broadcast/message/new?q=Fifty_50", { cookie: sender.cookie }), t.context);
    expect(((await underscore.json()) as { draft: BroadcastDraft }).draft.found).toEqual([]);
  });
});

describe("resolved conversations", () => {
  function post(who: Member, otherId: number, fields: Record<string, string>, query = "") {
    return call(conversationAction, formRequest(`/support/${otherId}${query}`, fields, { cookie: who.cookie }), t.context, { receiverId: String(otherId) });
  }
  const supportMember = async (): Promise<Member> => ({ user: support, cookie: await sessionCookieFor(t.context, support.id) });

  it("support resolves (who and when are kept), a support reply leaves it resolved, the client's next message reopens it", async () => {
    const customer = await member(4, { name: "Resolving Customer" });
    const desk = await supportMember();
    expect((await post(customer, support.id, { intent: "send", message: "my order is stuck" })).status).toBe(302);

    const resolved = await post(desk, customer.user.id, { intent: "resolve" }, "?status=all&q=stuck");
    expect(resolved.status).toBe(302);
    expect(resolved.headers.get("Location")).toBe(`/support/${customer.user.id}?status=all&q=stuck`);
    const [state] = await t.context.db.select().from(supportConversations).where(eq(supportConversations.clientId, customer.user.id));
    expect(state.resolvedById).toBe(support.id);
    expect(Date.now() - state.resolvedAt!.getTime()).toBeLessThan(60_000);
    const opened = await screen(desk, `/support/${customer.user.id}`);
    expect(opened.selected?.resolution).toMatchObject({ by: "Support Desk" });
    expect(opened.selected?.resolution?.at).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);

    expect((await post(desk, customer.user.id, { intent: "send", message: "fixed, closing" })).status).toBe(302);
    expect((await screen(desk, `/support/${customer.user.id}`)).selected?.resolution).not.toBeNull();

    expect((await post(customer, support.id, { intent: "send", message: "it is stuck again" })).status).toBe(302);
    const [after] = await t.context.db.select().from(supportConversations).where(eq(supportConversations.clientId, customer.user.id));
    expect(after).toMatchObject({ resolvedAt: null, resolvedById: null });
    expect((await screen(desk, `/support/${customer.user.id}`)).selected?.resolution).toBeNull();
  });

  it("support reopens by hand", async () => {
    const customer = await member(3);
    const desk = await supportMember();
    await post(customer, support.id, { intent: "send", message: "question" });
    await post(desk, customer.user.id, { intent: "resolve" });
    expect((await post(desk, customer.user.id, { intent: "reopen" })).status).toBe(302);
    expect((await screen(desk, `/support/${customer.user.id}`)).selected?.resolution).toBeNull();
  });

  it("a client may not resolve or reopen, even its own conversation", async () => {
    const customer = await member(4);
    await post(customer, support.id, { intent: "send", message: "hello" });
    for (const intent of ["resolve", "reopen"]) {
      const res = await post(customer, support.id, { intent });
      expect(res.status).toBe(403);
    }
    const other = await member(4);
    const res = await post(other, customer.user.id, { intent: "resolve" });
    expect([403, 404]).toContain(res.status);
    const rows = await t.context.db.select().from(supportConversations).where(eq(supportConversations.clientId, customer.user.id));
    expect(rows).toEqual([]);
  });

  it("the inbox: Open by default, Resolved and All by URL, searched by name, user name and any message, wildcards literal", async () => {
    const desk = await supportMember();
    const tag = Date.now().toString(36);
    const open = await member(4, { name: `Open Olga ${tag}`, username: `olga_${tag}` });
    const done = await member(4, { name: `Done Dev ${tag}`, username: `dev${tag}` });
    const percent = await member(3, { name: `Percent Pia ${tag}` });
    await post(open, support.id, { intent: "send", message: `refund please ${tag}` });
    await post(open, support.id, { intent: "send", message: "latest line" });
    await post(done, support.id, { intent: "send", message: `all good ${tag}` });
    await post(percent, support.id, { intent: "send", message: `a 50% discount? ${tag}` });
    await post(desk, done.user.id, { intent: "resolve" });
    const ids = (data: SupportScreenData) => data.conversations.map((c) => c.clientId);

    const byDefault = await screen(desk, `/support?q=${tag}`);
    expect(ids(byDefault)).toContain(open.user.id);
    expect(ids(byDefault)).not.toContain(done.user.id);
    expect(byDefault.inbox?.status).toBe("open");
    const resolvedOnly = await screen(desk, `/support?status=resolved&q=${tag}`);
    expect(ids(resolvedOnly)).toEqual([done.user.id]);
    expect(resolvedOnly.conversations[0].resolved).toBe(true);
    expect(resolvedOnly.conversations[0].href).toBe(`/support/${done.user.id}?status=resolved&q=${tag}`);
    const all = await screen(desk, `/support?status=all&q=${tag}`);
    expect(new Set(ids(all))).toEqual(new Set([open.user.id, done.user.id, percent.user.id]));
    expect(all.inbox?.statusLinks.find((l) => l.status === "open")?.href).toBe(`/support?q=${tag}`);

    // A message that is not the latest one still finds its conversation; so do name and user name.
    expect(ids(await screen(desk, `/support?status=all&q=${encodeURIComponent(`refund please ${tag}`)}`))).toEqual([open.user.id]);
    expect(ids(await screen(desk, `/support?status=all&q=${encodeURIComponent(`done dev ${tag}`)}`))).toEqual([done.user.id]);
    expect(ids(await screen(desk, `/support?status=all&q=olga_${tag}`))).toEqual([open.user.id]);
    // LIKE's wildcards are text: "50%" finds the message with "50%", "%" alone only messages with one, "_" no user name without it.
    expect(ids(await screen(desk, `/support?status=all&q=${encodeURIComponent(`50% discount? ${tag}`)}`))).toEqual([percent.user.id]);
    expect(ids(await screen(desk, `/support?status=all&q=${encodeURIComponent(`%${tag}`)}`))).toEqual([]);
    expect(ids(await screen(desk, `/support?status=all&q=${encodeURIComponent(`dev_${tag}`)}`))).toEqual([]);
    // A status that is not one of the three reads as the default.
    expect((await screen(desk, `/support?status=closed&q=${tag}`)).inbox?.status).toBe("open");
  });

  it("the API resolves and reopens for support only, and filters and searches on request", async () => {
    const desk = await supportMember();
    const customer = await member(4, { name: `Api Ajay ${Date.now()}` });
    await post(customer, support.id, { intent: "send", message: "api 100% question" });
    const refused = await api(customer, "POST", `/api/messages/${customer.user.id}/status`, { resolved: true });
    expect([403, 404]).toContain(refused.status);
    const otherClient = await api(desk, "POST", `/api/messages/${support.id}/status`, { resolved: true });
    expect(otherClient.status).toBe(404);
    const done = await api(desk, "POST", `/api/messages/${customer.user.id}/status`, { resolved: true });
    expect(done).toMatchObject({ status: 200, body: { message: "Conversation marked resolved" } });
    const listed = await api(desk, "GET", `/api/messages/users?status=resolved&q=${encodeURIComponent("100% question")}`);
    expect(listed.body.lastMsg).toEqual([expect.objectContaining({ userId: customer.user.id, resolved: true })]);
    expect((await api(desk, "GET", `/api/messages/users?status=open&q=${encodeURIComponent("100% question")}`)).body.lastMsg).toEqual([]);
    expect((await api(desk, "POST", `/api/messages/${customer.user.id}/status`, { resolved: false })).body.message).toBe("Conversation reopened");
    expect((await screen(desk, `/support/${customer.user.id}`)).selected?.resolution).toBeNull();
  });

  it("the API lists all conversations (its documented answer), as before", async () => {
    const desk = await supportMember();
    const customer = await member(4);
    await post(customer, support.id, { intent: "send", message: "api listing" });
    await post(desk, customer.user.id, { intent: "resolve" });
    const res = await api(desk, "GET", "/api/messages/users");
    expect(res.status).toBe(200);
    expect((res.body.lastMsg as { userId: number }[]).map((m) => m.userId)).toContain(customer.user.id);
  });
});

describe("live over socket.io", () => {
  const chat = useLiveChat(() => t.context);
  const { socketFor, record, settle } = chat;

  it("a broadcast to a role reaches that role's sockets only", async () => {
    const sender = await admin();
    const customer = await member(4);
    const employee = await member(3);
    const subAdmin = await member(2);
    const [customerSocket, employeeSocket, subAdminSocket, senderSocket] = await Promise.all([customer, employee, subAdmin, sender].map(socketFor));
    const atCustomer = record(customerSocket);
    const atEmployee = record(employeeSocket);
    const atSubAdmin = record(subAdminSocket);
    const atSender = record(senderSocket);
    expect((await postBroadcast(sender, { message: "customers only", audience: "roles", roles: ["4"] }, chat.live)).status).toBe(302);
    await settle(customerSocket, customer.user.id);
    await settle(employeeSocket, employee.user.id);
    await settle(subAdminSocket, subAdmin.user.id);
    await settle(senderSocket, sender.user.id);
    expect(atCustomer.filter((e) => e.event === "broadcast-message").map((e) => e.payload.message)).toEqual(["customers only"]);
    expect(atEmployee.map((e) => e.event)).toEqual(["test-marker"]);
    expect(atSubAdmin.map((e) => e.event)).toEqual(["test-marker"]);
    expect(atSender.map((e) => e.event)).toEqual(["test-marker"]);
  });

  it("a broadcast to chosen users reaches their sockets (every tab) and no one else's, not even their role's", async () => {
    const sender = await admin();
    const chosen = await member(4);
    const neighbour = await member(4);
    const [tab1, tab2, other] = await Promise.all([socketFor(chosen), socketFor(chosen), socketFor(neighbour)]);
    const at1 = record(tab1);
    const at2 = record(tab2);
    const atOther = record(other);
    // The neighbour even tries to join the chosen user's room: refused, so it still hears nothing.
    expect(await other.emitWithAck("join_room", chosen.user.id)).toEqual({ ok: false, message: "Not allowed" });
    expect((await postBroadcast(sender, { message: "just for you", audience: "users", userIds: [String(chosen.user.id)] }, chat.live)).status).toBe(302);
    await settle(tab1, chosen.user.id);
    await settle(tab2, chosen.user.id);
    await settle(other, neighbour.user.id);
    expect(at1.find((e) => e.event === "broadcast-message")?.payload).toMatchObject({ message: "just for you", userName: sender.user.name });
    expect(at2.find((e) => e.event === "broadcast-message")?.payload).toMatchObject({ message: "just for you" });
    expect(atOther.map((e) => e.event)).toEqual(["test-marker"]);
  });

  it("resolving and reopening tells support's sockets, and no client's", async () => {
    const desk: Member = { user: support, cookie: await sessionCookieFor(t.context, support.id) };
    const customer = await member(4);
    const [deskSocket, customerSocket] = await Promise.all([socketFor(desk), socketFor(customer)]);
    await call(conversationAction, formRequest(`/support/${support.id}`, { intent: "send", message: "hi" }, { cookie: customer.cookie }), chat.live, { receiverId: String(support.id) });
    // The message's own events are out of the way before recording starts.
    await settle(deskSocket, support.id);
    await settle(customerSocket, customer.user.id);
    const atDesk = record(deskSocket);
    const atCustomer = record(customerSocket);
    await call(conversationAction, formRequest(`/support/${customer.user.id}`, { intent: "resolve" }, { cookie: desk.cookie }), chat.live, { receiverId: String(customer.user.id) });
    await settle(deskSocket, support.id);
    await settle(customerSocket, customer.user.id);
    expect(atDesk.find((e) => e.event === "conversation-state")?.payload).toEqual({ clientId: customer.user.id, resolved: true });
    expect(atCustomer.map((e) => e.event)).toEqual(["test-marker"]);
    // The client writes again: support hears the conversation reopen.
    await call(conversationAction, formRequest(`/support/${support.id}`, { intent: "send", message: "again" }, { cookie: customer.cookie }), chat.live, { receiverId: String(support.id) });
    await settle(deskSocket, support.id);
    expect(atDesk.filter((e) => e.event === "conversation-state").map((e) => e.payload)).toEqual([
      { clientId: customer.user.id, resolved: true },
      { clientId: customer.user.id, resolved: false },
    ]);
  });
});
