// Support chat and broadcasts (docs/product-rules.md R-AC7 Chat and broadcast). The chat pages' own
// services (app/services/chat.server.ts, broadcasts.server.ts): who takes part, rate limit,
// store, publish live.
import * as z from "zod";
import { contactSupport, conversationFor, listConversations, postChatMessage, readConversation, toMessageView, type ConversationSummary } from "~/services/chat.server";
import { listBroadcastViews, sendBroadcast } from "~/services/broadcasts.server";
import { CONTACT_US_GREETING, MESSAGE_REQUIRED, type BroadcastView, type ChatMessageView } from "~/domain/chat";
import { messageText } from "~/schemas/chat";
import { createdStatus, isoDateTime, okStatus } from "../shapes";
import { defineCall, valueOrApiError } from "../types.server";
import type { ApiFixture } from "../types.server";
import type { RoleId } from "~/domain/access";
import { recordId, strictRecordId } from "~/schemas/record-id";

// The documents' Message and Broadcast message (docs/product-rules.md R-AC3): sender and receiver are
// {id, name, role_id}; a broadcast is {user: {name}, message, created_at} (docs/decisions/144).
const party = z.object({ id: z.number().int(), name: z.string(), role_id: z.number().int() });
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
const broadcastShape = z.object({ id: z.number().int(), message: z.string(), user: z.object({ name: z.string() }), created_at: isoDateTime });

const partyOut = (p: ChatMessageView["sender"]) => ({ id: p.id, name: p.name, role_id: p.roleId });
const messageOut = (m: ChatMessageView): z.input<typeof messageShape> => ({ ...m, sender: partyOut(m.sender), receiver: partyOut(m.receiver) });
const broadcastOut = (b: BroadcastView): z.input<typeof broadcastShape> => ({ id: b.id, message: b.message, user: { name: b.userName }, created_at: b.createdAt });
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
      const { conversations, nextAfterId } = await listConversations(context, user, query.after ?? null);
      return {
        status: 200,
        lastMsg: conversations.map(summaryOut),
        unreadmessage: conversations.map((s) => ({ userId: s.client.id, count: s.unread })),
        nextAfter: nextAfterId,
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
      const target = valueOrApiError(await conversationFor(context, user, params.userId));
      const page = await readConversation(context, user, target, query.before ?? null);
      return { status: 200, data: page.messages.map((m) => messageOut(toMessageView(m))), hasOlder: page.hasOlder };
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
      // Someone else's conversation is not the caller's to see: 404, nothing stored.
      const target = valueOrApiError(await conversationFor(context, user, String(body.receiverId)));
      const { message, data } = valueOrApiError(await postChatMessage(context, user, target.client, body.message));
      return { status: 201, message, data: messageOut(data) };
    },
    sample: (f, role) => ({ body: { message: "Hello from the API", receiverId: otherParty(f, role) } }),
    invalid: { body: { message: "   ", receiverId: 1 }, message: MESSAGE_REQUIRED },
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
      const { message, supportId } = valueOrApiError(await contactSupport(context, user, body.message));
      return { status: 201, message, data: { receiverId: supportId } };
    },
    sample: () => ({ body: { message: CONTACT_US_GREETING } }),
    invalid: { body: {}, message: MESSAGE_REQUIRED },
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
      const { message, data } = valueOrApiError(await sendBroadcast(context, user, body.message));
      return { status: 201, message, data: broadcastOut(data) };
    },
    sample: () => ({ body: { message: "Market closes early today" } }),
    invalid: { body: { message: "" }, message: MESSAGE_REQUIRED },
  }),
  defineCall({
    id: "messages/broadcast/all",
    method: "GET",
    path: "/api/messages/broadcast/all",
    tag: "Chat",
    summary: "Broadcasts, newest first, 20 at a time (before=<id> for older): messages[] of {id, user: {name}, message, created_at}.",
    page: "/dashboard",
    query: z.object({ before: cursor }),
    status: 200,
    response: z.object({ status: okStatus, messages: z.array(broadcastShape), nextBefore: z.number().int().nullable() }),
    handle: async ({ context, query }) => {
      const { messages, nextBefore } = await listBroadcastViews(context, query.before ?? null);
      return { status: 200, messages: messages.map(broadcastOut), nextBefore };
    },
    sample: () => ({}),
  }),
];
