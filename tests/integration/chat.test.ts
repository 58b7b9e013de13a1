// Support chat and broadcasts through the real loaders and actions on a real database: unread
// counts, role 3's view, who may read and post where (403/404 and nothing stored), messages as
// text, the length limit and the posting limit, Contact Us and Go to Chat, broadcasts; and live
// delivery over a real socket.io server with real clients (only the conversation's sockets).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, or } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import type { Socket } from "socket.io-client";
import { broadcasts, messages } from "~/db/schema";
import { loader as supportIndexLoader, action as supportIndexAction } from "~/routes/_support+/support._index";
import { loader as conversationLoader, action as conversationAction } from "~/routes/_support+/support.$receiverId";
import { loader as broadcastListLoader } from "~/routes/_support+/broadcast.message";
import { loader as newBroadcastLoader, action as newBroadcastAction } from "~/routes/_support+/broadcast.message.new";
import { MessageList } from "~/components/chat/message-list";
import type { SupportScreenData } from "~/domain/chat";
import {
  BROADCAST_SENT,
  CHAT_POSTS_PER_MINUTE,
  CONTACT_US_GREETING,
  GO_TO_CHAT_GREETING,
  MAX_MESSAGE_LENGTH,
  MESSAGE_REQUIRED,
  MESSAGE_TOO_LONG,
  NO_CONVERSATION_TEXT,
} from "~/domain/chat";
import { setUserStatus, type PublicUser } from "~/models/user.server";
import type { AppContext } from "~/config/context";
import type { RoleId } from "~/domain/access";
import { useLiveChat } from "../support/live-chat";
import { createTestContext, type TestContext } from "../support/context";
import { call, formRequest, getRequest, sessionCookieFor } from "../support/requests";
import { createUser } from "../support/factories";

let t: TestContext;
let support: PublicUser; // the lowest-id active role-1 user: the support account
let admin2: PublicUser; // another admin sharing the inbox

interface Member {
  user: PublicUser;
  cookie: string;
}

beforeAll(async () => {
  t = await createTestContext();
  support = await createUser(t.context.db, { roleId: 1, name: "Support Desk" });
  admin2 = await createUser(t.context.db, { roleId: 1, name: "Second Admin" });
});
afterAll(async () => {
  await t?.close();
});

async function member(roleId: RoleId, name?: string): Promise<Member> {
  const user = await createUser(t.context.db, { roleId, name });
  return { user, cookie: await sessionCookieFor(t.context, user.id) };
}

async function asMember(user: PublicUser): Promise<Member> {
  return { user, cookie: await sessionCookieFor(t.context, user.id) };
}

async function screen(who: Member, path: string, context: AppContext = t.context): Promise<SupportScreenData> {
  const match = /^\/support\/(\d+)/.exec(path);
  const res = match
    ? await call(conversationLoader, getRequest(path, { cookie: who.cookie }), context, { receiverId: match[1] })
    : await call(supportIndexLoader, getRequest(path, { cookie: who.cookie }), context);
  expect(res.status).toBe(200);
  return (await res.json()) as SupportScreenData;
}

function post(who: Member, otherId: number, fields: Record<string, string>, context: AppContext = t.context) {
  return call(conversationAction, formRequest(`/support/${otherId}`, fields, { cookie: who.cookie }), context, {
    receiverId: String(otherId),
  });
}

const send = (who: Member, otherId: number, message: string, context?: AppContext) =>
  post(who, otherId, { intent: "send", message }, context);

async function storedBetween(a: number, b: number) {
  return t.context.db
    .select()
    .from(messages)
    .where(or(eq(messages.senderId, a), eq(messages.receiverId, a), eq(messages.senderId, b), eq(messages.receiverId, b)))
    .orderBy(messages.id);
}

async function messageCount(): Promise<number> {
  const [row] = await t.context.db.select({ n: count() }).from(messages);
  return Number(row.n);
}

function row(data: SupportScreenData, clientId: number) {
  return data.conversations.find((c) => c.clientId === clientId);
}

describe("the chat screen", () => {
  it("shows 'No selected conversion' and no composer target before a conversation is chosen", async () => {
    const customer = await member(4);
    const data = await screen(customer, "/support");
    expect(data.selected).toBeNull();
    expect(NO_CONVERSATION_TEXT).toBe("No selected conversion");
    expect(data.canContactUs).toBe(true);
    expect(data.conversations).toEqual([]);
  });

  it("role 2 has no chat: /support sends it to /dashboard", async () => {
    const subAdmin = await member(2);
    const res = await call(supportIndexLoader, getRequest("/support", { cookie: subAdmin.cookie }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
  });
});

describe("unread counts", () => {
  it("counts a client's messages for support until a support member opens the conversation", async () => {
    const customer = await member(4, "Unread Customer");
    expect((await send(customer, support.id, "first")).status).toBe(302);
    expect((await send(customer, support.id, "second")).status).toBe(302);

    const stored = await storedBetween(customer.user.id, customer.user.id);
    expect(stored.map((m) => [m.senderId, m.receiverId, m.message])).toEqual([
      [customer.user.id, support.id, "first"],
      [customer.user.id, support.id, "second"],
    ]);

    // Both admins share the inbox and see the same badge.
    const supportMember = await asMember(support);
    const secondAdmin = await asMember(admin2);
    const inbox = await screen(supportMember, "/support");
    expect(row(inbox, customer.user.id)).toMatchObject({ title: "Unread Customer", tag: "Customer", unread: 2, preview: "second" });
    expect(row(await screen(secondAdmin, "/support"), customer.user.id)?.unread).toBe(2);

    // The second admin opens it: the count clears for all of support, and the list agrees.
    const opened = await screen(secondAdmin, `/support/${customer.user.id}`);
    expect(opened.selected?.messages.map((m) => m.text)).toEqual(["first", "second"]);
    expect(row(opened, customer.user.id)?.unread).toBe(0);
    expect(row(await screen(supportMember, "/support"), customer.user.id)?.unread).toBe(0);
    const readAt = (await storedBetween(customer.user.id, customer.user.id)).map((m) => m.readAt);
    expect(readAt.every((r) => r instanceof Date)).toBe(true);
  });

  it("counts support's replies for the client until the client opens it", async () => {
    const customer = await member(4);
    await send(customer, support.id, "hello");
    const secondAdmin = await asMember(admin2);
    await screen(secondAdmin, `/support/${customer.user.id}`);
    expect((await send(secondAdmin, customer.user.id, "reply one")).status).toBe(302);
    expect((await send(secondAdmin, customer.user.id, "reply two")).status).toBe(302);

    const list = await screen(customer, "/support");
    expect(list.conversations).toHaveLength(1);
    expect(list.conversations[0]).toMatchObject({ title: "Support", unread: 2, preview: "reply two", href: `/support/${support.id}` });
    expect(list.canContactUs).toBe(false);

    const opened = await screen(customer, `/support/${support.id}`);
    expect(opened.selected?.messages.map((m) => [m.text, m.senderName, m.mine])).toEqual([
      ["hello", customer.user.name, true],
      ["reply one", "Second Admin", false],
      ["reply two", "Second Admin", false],
    ]);
    expect(opened.conversations[0].unread).toBe(0);
    // Support's own replies never count as unread for support.
    expect(row(await screen(secondAdmin, "/support"), customer.user.id)?.unread).toBe(0);
  });

  it("lists the most recently active conversation first", async () => {
    const a = await member(4, "Earlier Client");
    const b = await member(3, "Later Client");
    await send(a, support.id, "a");
    await send(b, support.id, "b");
    const ids = (await screen(await asMember(support), "/support")).conversations.map((c) => c.clientId);
    expect(ids.indexOf(b.user.id)).toBeLessThan(ids.indexOf(a.user.id));
    expect(ids.indexOf(b.user.id)).toBe(0);
  });
});

describe("role 3's view", () => {
  it("an employee sees the admin (support) account's messages as its own; the emp flag marks the conversation", async () => {
    const employee = await member(3, "Desk Employee");
    const supportMember = await asMember(support);
    await send(employee, support.id, "employee question");
    await send(supportMember, employee.user.id, "admin answer");

    const view = await screen(employee, `/support/${support.id}`);
    expect(view.selected?.messages.map((m) => [m.text, m.own, m.mine])).toEqual([
      ["employee question", true, true],
      ["admin answer", true, false],
    ]);
    const stored = await storedBetween(employee.user.id, employee.user.id);
    expect(stored.map((m) => m.emp)).toEqual([true, true]);

    // A customer sees the same kind of answer on the other side, and its messages are not emp.
    const customer = await member(4);
    await send(customer, support.id, "customer question");
    await send(supportMember, customer.user.id, "admin answer");
    const customerView = await screen(customer, `/support/${support.id}`);
    expect(customerView.selected?.messages.map((m) => [m.text, m.own])).toEqual([
      ["customer question", true],
      ["admin answer", false],
    ]);
    expect((await storedBetween(customer.user.id, customer.user.id)).map((m) => m.emp)).toEqual([false, false]);
  });
});

describe("nobody reads or posts in a conversation they are not part of", () => {
  it("a customer posting into another customer's conversation gets 403 and nothing is stored", async () => {
    const mallory = await member(4);
    const victim = await member(4);
    await send(victim, support.id, "private");
    const before = await messageCount();
    const res = await send(mallory, victim.user.id, "let me in");
    expect(res.status).toBe(403);
    expect(await messageCount()).toBe(before);
  });

  it("an employee cannot post to a customer, a customer not to a sub-admin, an admin not to an admin", async () => {
    const employee = await member(3);
    const customer = await member(4);
    const subAdmin = await member(2);
    const before = await messageCount();
    expect((await send(employee, customer.user.id, "x")).status).toBe(403);
    expect((await send(customer, subAdmin.user.id, "x")).status).toBe(403);
    expect((await send(await asMember(support), admin2.id, "x")).status).toBe(403);
    expect((await send(customer, customer.user.id, "x")).status).toBe(403);
    expect(await messageCount()).toBe(before);
  });

  it("reading someone else's conversation answers 404, an unknown user 404", async () => {
    const mallory = await member(4);
    const victim = await member(4);
    await send(victim, support.id, "private");
    for (const id of [String(victim.user.id), "999999", "abc"]) {
      const res = await call(conversationLoader, getRequest(`/support/${id}`, { cookie: mallory.cookie }), t.context, { receiverId: id });
      expect(res.status).toBe(404);
    }
    // And the victim's message is not marked read by the attempt.
    const [stored] = await storedBetween(victim.user.id, victim.user.id);
    expect(stored.readAt).toBeNull();
  });

  it("a signed-out post goes to /login and stores nothing", async () => {
    const before = await messageCount();
    const res = await call(conversationAction, formRequest(`/support/${support.id}`, { intent: "send", message: "anon" }), t.context, {
      receiverId: String(support.id),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(await messageCount()).toBe(before);
  });

  it("only support may use Go to Chat's start", async () => {
    const customer = await member(4);
    expect((await post(customer, support.id, { intent: "start" })).status).toBe(403);
    expect(await storedBetween(customer.user.id, customer.user.id)).toEqual([]);
  });
});

describe("messages are text", () => {
  it("a message with <script> is stored as written and renders as text", async () => {
    const customer = await member(4);
    const evil = `<script>window.__pwned = 1</script><img src=x onerror="alert(1)">`;
    expect((await send(customer, support.id, evil)).status).toBe(302);
    const [stored] = await storedBetween(customer.user.id, customer.user.id);
    expect(stored.message).toBe(evil);

    const view = await screen(await asMember(support), `/support/${customer.user.id}`);
    const html = renderToStaticMarkup(createElement(MessageList, { messages: view.selected!.messages }));
    expect(html).toContain("&lt;script&gt;window.__pwned = 1&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
  });
});

describe("message limits", () => {
  it("refuses 2,001 characters with a clear message and stores 2,000", async () => {
    const customer = await member(4);
    const tooLong = await send(customer, support.id, "y".repeat(MAX_MESSAGE_LENGTH + 1));
    expect(tooLong.status).toBe(400);
    const reply = (await tooLong.json()) as { error: Record<string, string[]> };
    expect(reply.error.message).toEqual([MESSAGE_TOO_LONG]);
    expect(await storedBetween(customer.user.id, customer.user.id)).toEqual([]);

    expect((await send(customer, support.id, "y".repeat(MAX_MESSAGE_LENGTH))).status).toBe(302);
    const stored = await storedBetween(customer.user.id, customer.user.id);
    expect(stored.map((m) => m.message.length)).toEqual([MAX_MESSAGE_LENGTH]);
  });

  it("refuses a blank message", async () => {
    const customer = await member(4);
    const res = await send(customer, support.id, "   ");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: Record<string, string[]> }).error.message).toEqual([MESSAGE_REQUIRED]);
    expect(await storedBetween(customer.user.id, customer.user.id)).toEqual([]);
  });

  it(`limits posting to ${CHAT_POSTS_PER_MINUTE} messages a minute per user`, async () => {
    const chatty = await member(4);
    for (let i = 0; i < CHAT_POSTS_PER_MINUTE; i++) expect((await send(chatty, support.id, `m${i}`)).status).toBe(302);
    const limited = await send(chatty, support.id, "one too many");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const reply = (await limited.json()) as { error: Record<string, string[]> };
    expect(reply.error[""][0]).toMatch(/^You are sending messages too fast\. Please wait \d+ seconds? and try again\.$/);
    expect(await storedBetween(chatty.user.id, chatty.user.id)).toHaveLength(CHAT_POSTS_PER_MINUTE);
    // Another user is not held back by it.
    const calm = await member(4);
    expect((await send(calm, support.id, "hi")).status).toBe(302);
  });
});

describe("Contact Us and Go to Chat", () => {
  it("Contact Us opens the client's conversation with 'How may I help you ?' from support, once", async () => {
    const customer = await member(4);
    for (let i = 0; i < 2; i++) {
      const res = await call(supportIndexAction, formRequest("/support", { intent: "contact" }, { cookie: customer.cookie }), t.context);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/support/${support.id}`);
    }
    const stored = await storedBetween(customer.user.id, customer.user.id);
    expect(stored.map((m) => [m.senderId, m.receiverId, m.message])).toEqual([[support.id, customer.user.id, CONTACT_US_GREETING]]);
    expect(CONTACT_US_GREETING).toBe("How may I help you ?");
  });

  it("support cannot use Contact Us", async () => {
    const res = await call(supportIndexAction, formRequest("/support", { intent: "contact" }, { cookie: (await asMember(admin2)).cookie }), t.context);
    expect(res.status).toBe(403);
  });

  it("Go to Chat starts an empty conversation with 'How may I help you?' and only opens a busy one", async () => {
    const employee = await member(3);
    const secondAdmin = await asMember(admin2);
    const empty = await screen(secondAdmin, `/support/${employee.user.id}`);
    expect(empty.selected?.messages).toEqual([]);
    expect(empty.selected?.canStart).toBe(true);

    for (let i = 0; i < 2; i++) {
      const res = await post(secondAdmin, employee.user.id, { intent: "start" });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/support/${employee.user.id}`);
    }
    const stored = await storedBetween(employee.user.id, employee.user.id);
    expect(stored.map((m) => [m.senderId, m.receiverId, m.message, m.emp])).toEqual([[admin2.id, employee.user.id, GO_TO_CHAT_GREETING, true]]);
    expect((await screen(employee, "/support")).conversations[0]).toMatchObject({ unread: 1, preview: GO_TO_CHAT_GREETING });
  });

  it("Go to Chat is refused for an admin or a sub-admin (they have no conversation with support)", async () => {
    const subAdmin = await member(2);
    expect((await post(await asMember(support), subAdmin.user.id, { intent: "start" })).status).toBe(403);
    expect((await post(await asMember(support), admin2.id, { intent: "start" })).status).toBe(403);
  });
});

describe("the support account", () => {
  it("is the lowest-id active admin: a deactivated one hands new client messages to the next", async () => {
    const t2 = await createTestContext();
    try {
      const first = await createUser(t2.context.db, { roleId: 1 });
      const second = await createUser(t2.context.db, { roleId: 1 });
      const customer = await createUser(t2.context.db, { roleId: 4 });
      const cookie = await sessionCookieFor(t2.context, customer.id);
      const sendIn = (otherId: number, message: string) =>
        call(conversationAction, formRequest(`/support/${otherId}`, { intent: "send", message }, { cookie }), t2.context, { receiverId: String(otherId) });
      expect((await sendIn(first.id, "to the first")).status).toBe(302);
      await setUserStatus(t2.context.db, first.id, false);
      expect((await sendIn(first.id, "to the next")).status).toBe(302);
      const stored = await t2.context.db.select().from(messages).orderBy(messages.id);
      expect(stored.map((m) => [m.message, m.receiverId])).toEqual([
        ["to the first", first.id],
        ["to the next", second.id],
      ]);
      // The conversation is still one: both messages show for the client.
      const res = await call(conversationLoader, getRequest(`/support/${second.id}`, { cookie }), t2.context, { receiverId: String(second.id) });
      expect(((await res.json()) as SupportScreenData).selected?.messages.map((m) => m.text)).toEqual(["to the first", "to the next"]);

      // No active admin left: the client is told, nothing is stored.
      await setUserStatus(t2.context.db, second.id, false);
      const refused = await sendIn(second.id, "anyone?");
      expect(refused.status).toBe(503);
      expect(await t2.context.db.select().from(messages)).toHaveLength(2);
    } finally {
      await t2.close();
    }
  });
});

describe("broadcasts", () => {
  async function toastOf(response: Response): Promise<string | undefined> {
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__toast="))?.split(";")[0];
    const session = await t.context.cookies.toast.getSession(cookie);
    return (session.get("toast") as { message: string } | undefined)?.message;
  }

  it("role 1 broadcasts: kept, listed 20 per page newest first, success toast", async () => {
    const t2 = await createTestContext();
    try {
      const author = await createUser(t2.context.db, { roleId: 1, name: "Broadcaster" });
      const cookie = await sessionCookieFor(t2.context, author.id);
      for (let i = 1; i <= 20; i++) {
        const res = await call(newBroadcastAction, formRequest("/broadcast/message/new", { message: `notice ${i}` }, { cookie }), t2.context);
        expect(res.status).toBe(302);
        expect(res.headers.get("Location")).toBe("/broadcast/message");
      }
      // The 21st is over the posting limit (messages and broadcasts share it).
      const limited = await call(newBroadcastAction, formRequest("/broadcast/message/new", { message: "notice 21" }, { cookie }), t2.context);
      expect(limited.status).toBe(429);
      // Five more rows written directly, so the list has 25.
      await t2.context.db.insert(broadcasts).values([21, 22, 23, 24, 25].map((i) => ({ userId: author.id, message: `notice ${i}` })));

      const first = await call(broadcastListLoader, getRequest("/broadcast/message", { cookie }), t2.context);
      const page1 = (await first.json()) as { rows: { userName: string; message: string; createdAt: string }[]; nextHref: string | null };
      expect(page1.rows).toHaveLength(20);
      expect(page1.rows[0]).toMatchObject({ userName: "Broadcaster", message: "notice 25" });
      expect(page1.rows[0].createdAt).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);
      expect(page1.nextHref).toMatch(/^\/broadcast\/message\?before=\d+$/);
      const second = await call(broadcastListLoader, getRequest(page1.nextHref!, { cookie }), t2.context);
      const page2 = (await second.json()) as { rows: { message: string }[]; nextHref: string | null };
      expect(page2.rows.map((r) => r.message)).toEqual(["notice 5", "notice 4", "notice 3", "notice 2", "notice 1"]);
      expect(page2.nextHref).toBeNull();
    } finally {
      await t2.close();
    }
  });

  it("answers with the success toast and returns to the chat it came from", async () => {
    const admin = await member(1);
    const res = await call(newBroadcastAction, formRequest("/broadcast/message/new", { message: "from chat", redirectTo: "/support" }, { cookie: admin.cookie }), t.context);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/support");
    expect(await toastOf(res)).toBe(BROADCAST_SENT);
    // Every role with a chat screen sees it among the recent broadcasts.
    for (const role of [1, 3, 4] as RoleId[]) {
      expect((await screen(await member(role), "/support")).broadcasts.some((b) => b.message === "from chat")).toBe(true);
    }
  });

  it("refuses a blank broadcast, and anyone but role 1", async () => {
    const admin = await member(1);
    const blank = await call(newBroadcastAction, formRequest("/broadcast/message/new", { message: " " }, { cookie: admin.cookie }), t.context);
    expect(blank.status).toBe(400);
    const [before] = await t.context.db.select({ n: count() }).from(broadcasts);
    for (const role of [2, 3, 4] as RoleId[]) {
      const someone = await member(role);
      const res = await call(newBroadcastAction, formRequest("/broadcast/message/new", { message: "hijack" }, { cookie: someone.cookie }), t.context);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(role === 2 ? "/dashboard" : "/login");
      const list = await call(newBroadcastLoader, getRequest("/broadcast/message/new", { cookie: someone.cookie }), t.context);
      expect(list.status).toBe(302);
    }
    const [after] = await t.context.db.select({ n: count() }).from(broadcasts);
    expect(after.n).toBe(before.n);
  });
});

describe("live over socket.io", () => {
  const chat = useLiveChat(() => t.context);
  const { socketFor, record, settle } = chat;

  it("a customer's message reaches support chat.live with the unread count; the answer reaches the customer; nobody else hears", async () => {
    const customer = await member(4, "Live Customer");
    const bystander = await member(4);
    const employee = await member(3);
    const supportMember = await asMember(support);
    const customerSocket = await socketFor(customer);
    const adminSocket = await socketFor(supportMember);
    const bystanderSocket = await socketFor(bystander);
    const employeeSocket = await socketFor(employee);
    const atAdmin = record(adminSocket);
    const atCustomer = record(customerSocket);
    const atBystander = record(bystanderSocket);
    const atEmployee = record(employeeSocket);

    expect((await send(customer, support.id, "chat.live question", chat.live)).status).toBe(302);
    await settle(adminSocket, support.id);
    expect(atAdmin.find((e) => e.event === "new-message")?.payload).toMatchObject({
      message: "chat.live question",
      senderId: customer.user.id,
      receiverId: support.id,
      sender: { id: customer.user.id, name: "Live Customer", roleId: 4 },
      emp: false,
    });
    expect(atAdmin.find((e) => e.event === "message-unread")?.payload).toEqual({ clientId: customer.user.id, unread: 1 });

    expect((await send(supportMember, customer.user.id, "chat.live answer", chat.live)).status).toBe(302);
    await settle(customerSocket, customer.user.id);
    expect(atCustomer.filter((e) => e.event === "new-message").map((e) => e.payload.message)).toEqual(["chat.live question", "chat.live answer"]);
    expect(atCustomer.find((e) => e.event === "message-unread")?.payload).toEqual({ clientId: customer.user.id, unread: 1 });

    await settle(bystanderSocket, bystander.user.id);
    await settle(employeeSocket, employee.user.id);
    expect(atBystander.map((e) => e.event)).toEqual(["test-marker"]);
    expect(atEmployee.map((e) => e.event)).toEqual(["test-marker"]);
  });

  it("join_room: a socket joins only its own user room", async () => {
    const customer = await member(4);
    const victim = await member(4);
    const socket = await socketFor(customer);
    const seen = record(socket);
    expect(await socket.emitWithAck("join_room", victim.user.id)).toEqual({ ok: false, message: "Not allowed" });
    expect(await socket.emitWithAck("join_room", { userId: String(victim.user.id) })).toEqual({ ok: false, message: "Not allowed" });
    expect(await socket.emitWithAck("join_room", "nonsense")).toEqual({ ok: false, message: "Bad room" });
    expect(await socket.emitWithAck("join_room", customer.user.id)).toEqual({ ok: true, room: `user:${customer.user.id}` });

    await send(victim, support.id, "secret", chat.live);
    await send(await asMember(support), victim.user.id, "secret answer", chat.live);
    await settle(socket, customer.user.id);
    expect(seen.map((e) => e.event)).toEqual(["test-marker"]);
  });

  it("join_room is refused for role 2", async () => {
    const subAdmin = await member(2);
    const socket = await socketFor(subAdmin);
    expect(await socket.emitWithAck("join_room", subAdmin.user.id)).toEqual({ ok: false, message: "Not allowed" });
  });

  it("a broadcast reaches every signed-in user of every role chat.live", async () => {
    // One after another: the shared factory names users after a counter it reads after an await.
    const members: Member[] = [];
    for (const role of [1, 2, 3, 4] as RoleId[]) members.push(await member(role));
    const socks = await Promise.all(members.map(socketFor));
    const arrivals = socks.map((s) => new Promise<Record<string, unknown>>((resolve) => s.once("broadcast-message", resolve)));
    const res = await call(newBroadcastAction, formRequest("/broadcast/message/new", { message: "Market closes early today" }, { cookie: members[0].cookie }), chat.live);
    expect(res.status).toBe(302);
    for (const payload of await Promise.all(arrivals)) {
      expect(payload).toMatchObject({ message: "Market closes early today", userName: members[0].user.name });
    }
  });
});
