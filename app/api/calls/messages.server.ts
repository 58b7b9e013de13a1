// Support chat and broadcasts (admin-console.md §7 Chat and broadcast). The steps are the chat
// pages' own (app/services/chat.server.ts): who takes part, rate limit, store, publish live.
import * as z from "zod";
import { consumeChatPost, findConversation, greetClient, postBroadcast, sendChatMessage, toBroadcastView, toMessageView } from "~/services/chat.server";
import { BROADCAST_SENT, BROADCASTS_PER_PAGE, CONTACT_US_GREETING, CONVERSATIONS_PER_PAGE, isSupportSide, MESSAGES_PER_PAGE, rateLimitMessage, SUPPORT_UNAVAILABLE } from "~/domain/chat";
import { listBroadcasts } from "~/models/broadcast.server";
import { findSupportAccount, getConversationSummary, listConversation, listSupportInbox, markConversationRead, type ConversationSummary } from "~/models/message.server";
import { messageText } from "~/schemas/chat";
import { createdStatus, isoDateTime, okStatus } from "../shapes";
import { apiError, apiNotFound, defineCall } from "../types.server";
import type { ApiFixture } from "../types.server";
import type { RoleId } from "~/domain/access";
import { recordId, strictRecordId } from "~/schemas/record-id";

const party = z.object({ id: z.number().int(), name: z.string(), roleId: z.number().int() });
const messageShape = z.object({
  id: z.number().int(),
  message: z.string(),
  senderId: z.number().int(),
  receiverId: z.number().int(),
  sender: party,
  receiver: party,
  createdAt: isoDateTime,
  emp: z.boolean(),
});
const broadcastShape = z.object({ id: z.number().int(), message: z.string(), userName: z.string(), createdAt: isoDateTime });
const cursor = recordId().optional();

/** The other party of a sample conversation: support writes to the employee, a client to support. */
const otherParty = (f: ApiFixture, role: RoleId) => (role === 1 ? f.users[3].id : f.supportId);

function summaryOut(s: ConversationSummary) {
  return {
    userId: s.client.id,
    name: s.client.name,
    role_id: s.client.roleId,
    message: s.lastMessage.message,
    senderId: s.lastMessage.senderId,
    createdAt: s.lastMessage.createdAt.toISOString(),
  };
}

async function limitPosts(context: Parameters<typeof consumeChatPost>[0], userId: number) {
  const wait = await consumeChatPost(context, userId);
  if (wait !== null) apiError(429, rateLimitMessage(wait));
}

export const messageCalls = [
  defineCall({
    id: "messages/users",
    method: "GET",
    path: "/api/messages/users",
    tag: "Chat",
    summary: "The caller's conversations: support (role 1) every client's, newest first (after=<clientId> for the next page); a client its own. lastMsg[] and unreadmessage[].",
    page: "/support",
    query: z.object({ after: cursor }),
    status: 200,
    response: z.object({
      status: okStatus,
      lastMsg: z.array(z.object({ userId: z.number().int(), name: z.string(), role_id: z.number().int(), message: z.string(), senderId: z.number().int(), createdAt: isoDateTime })),
      unreadmessage: z.array(z.object({ userId: z.number().int(), count: z.number().int().nonnegative() })),
      nextAfter: z.number().int().nullable(),
    }),
    handle: async ({ context, user, query }) => {
      let summaries: ConversationSummary[];
      let nextAfter: number | null = null;
      if (isSupportSide(user.roleId)) {
        const inbox = await listSupportInbox(context.db, { limit: CONVERSATIONS_PER_PAGE, afterId: query.after ?? null });
        summaries = inbox.conversations;
        nextAfter = inbox.nextAfterId;
      } else {
        const own = await getConversationSummary(context.db, { id: user.id, name: user.name, roleId: user.roleId, status: true }, "client");
        summaries = own ? [own] : [];
      }
      return {
        status: 200,
        lastMsg: summaries.map(summaryOut),
        unreadmessage: summaries.map((s) => ({ userId: s.client.id, count: s.unread })),
        nextAfter,
      };
    },
    sample: () => ({}),
  }),
  defineCall({
    id: "messages/{userId}",
    method: "GET",
    path: "/api/messages/{userId}",
    tag: "Chat",
    summary: "A conversation, oldest first, 50 at a time (before=<messageId> for older); opening it marks it read for the caller's side. Another client's conversation is 404.",
    page: "/support",
    params: z.object({ userId: z.string().regex(/^\d{1,10}$/) }),
    query: z.object({ before: cursor }),
    status: 200,
    response: z.object({ status: okStatus, data: z.array(messageShape), hasOlder: z.boolean() }),
    handle: async ({ context, user, params, query }) => {
      const target = await findConversation(context.db, user, params.userId);
      if (target.kind !== "allowed") apiNotFound("Conversation not found");
      await markConversationRead(context.db, target.client.id, isSupportSide(user.roleId) ? "support" : "client");
      const page = await listConversation(context.db, target.client.id, { limit: MESSAGES_PER_PAGE, beforeId: query.before ?? null });
      return { status: 200, data: page.messages.map(toMessageView), hasOlder: page.hasOlder };
    },
    sample: (f, role) => ({ params: { userId: otherParty(f, role) } }),
  }),
  defineCall({
    id: "messages/add",
    method: "POST",
    path: "/api/messages/add",
    tag: "Chat",
    summary: "Sends a message {message, receiverId} in the caller's conversation (support to a client, a client to support); at most 20 posts a minute.",
    page: "/support",
    body: z.object({ message: messageText, receiverId: strictRecordId("Please select a conversation") }),
    status: 201,
    response: z.object({ status: createdStatus, message: z.string(), data: messageShape }),
    handle: async ({ context, user, body }) => {
      const target = await findConversation(context.db, user, String(body.receiverId));
      // Someone else's conversation is not the caller's to see: 404, nothing stored.
      if (target.kind !== "allowed") apiNotFound("Conversation not found");
      await limitPosts(context, user.id);
      const sent = await sendChatMessage(context, user, target.client, body.message);
      if (!sent.ok) apiError(503, SUPPORT_UNAVAILABLE);
      return { status: 201, message: "Message sent", data: toMessageView(sent.message) };
    },
    sample: (f, role) => ({ body: { message: "Hello from the API", receiverId: otherParty(f, role) } }),
    invalid: { body: { message: "   ", receiverId: 1 }, message: "Please enter a message" },
  }),
  defineCall({
    id: "messages/admin/add",
    method: "POST",
    path: "/api/messages/admin/add",
    tag: "Chat",
    summary: `Contact Us (roles 3 and 4): opens the caller's support chat, greeted by support when empty; a message other than the greeting ("${CONTACT_US_GREETING}") is sent too.`,
    page: "/support",
    roles: [3, 4],
    body: z.object({ message: messageText }),
    status: 201,
    response: z.object({ status: createdStatus, message: z.string(), data: z.object({ receiverId: z.number().int() }) }),
    handle: async ({ context, user, body }) => {
      const support = await findSupportAccount(context.db);
      const self = { id: user.id, name: user.name, roleId: user.roleId, status: true };
      if (!support || !(await greetClient(context, user, self))) apiError(503, SUPPORT_UNAVAILABLE);
      if (body.message !== CONTACT_US_GREETING) {
        await limitPosts(context, user.id);
        const sent = await sendChatMessage(context, user, self, body.message);
        if (!sent.ok) apiError(503, SUPPORT_UNAVAILABLE);
      }
      return { status: 201, message: "Support chat started", data: { receiverId: support.id } };
    },
    sample: () => ({ body: { message: CONTACT_US_GREETING } }),
    invalid: { body: {}, message: "Please enter a message" },
  }),
  defineCall({
    id: "messages/send/all",
    method: "POST",
    path: "/api/messages/send/all",
    tag: "Chat",
    summary: "Broadcasts a message {message} to every signed-in user (socket event broadcast-message).",
    page: "/broadcast/message",
    body: z.object({ message: messageText }),
    status: 201,
    response: z.object({ status: createdStatus, message: z.string(), data: broadcastShape }),
    handle: async ({ context, user, body }) => {
      await limitPosts(context, user.id);
      const saved = await postBroadcast(context, user, body.message);
      return { status: 201, message: BROADCAST_SENT, data: toBroadcastView(saved) };
    },
    sample: () => ({ body: { message: "Market closes early today" } }),
    invalid: { body: { message: "" }, message: "Please enter a message" },
  }),
  defineCall({
    id: "messages/broadcast/all",
    method: "GET",
    path: "/api/messages/broadcast/all",
    tag: "Chat",
    summary: "Broadcasts, newest first, 20 at a time (before=<id> for older).",
    page: "/dashboard",
    query: z.object({ before: cursor }),
    status: 200,
    response: z.object({ status: okStatus, messages: z.array(broadcastShape), nextBefore: z.number().int().nullable() }),
    handle: async ({ context, query }) => {
      const page = await listBroadcasts(context.db, { limit: BROADCASTS_PER_PAGE, beforeId: query.before ?? null });
      return { status: 200, messages: page.rows.map(toBroadcastView), nextBefore: page.nextBeforeId };
    },
    sample: () => ({}),
  }),
];
