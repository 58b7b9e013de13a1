// The steps of support chat and broadcasts that the routes call: find the conversation a URL
// names (and whether the user takes part in it), send, greet, broadcast, and build the chat
// screen's data. Queries are in app/models, rules in app/domain/chat.ts, emits in
// app/realtime/chat.server.ts.
import { RateLimiterRes } from "rate-limiter-flexible";
import { createLimiter, type Limiter } from "~/auth/rate-limit.server";
import type { AppContext } from "~/server/context";
import type { AppDatabase } from "~/db/client.server";
import {
  BROADCASTS_PER_PAGE,
  CHAT_POSTS_PER_MINUTE,
  CONTACT_US_GREETING,
  CONVERSATIONS_PER_PAGE,
  GO_TO_CHAT_GREETING,
  isEmployeeConversation,
  isOwnMessage,
  isSupportSide,
  MESSAGES_PER_PAGE,
  resolveConversation,
  type BroadcastView,
  type ChatMessageView,
} from "~/domain/chat";
import { ROLE_NAMES, type RoleId } from "~/domain/access";
import { formatIstDateTime } from "~/domain/dates";
import type { SessionUser } from "~/models/auth-session.server";
import {
  countUnread,
  findChatUser,
  findSupportAccount,
  getConversationSummary,
  insertGreetingIfEmpty,
  insertMessage,
  listConversation,
  listSupportInbox,
  markConversationRead,
  type ChatMessage,
  type ChatUser,
  type ConversationSummary,
} from "~/models/message.server";
import { insertBroadcast, listBroadcasts, type Broadcast } from "~/models/broadcast.server";
import { publishBroadcast, publishChatMessage } from "~/realtime/chat.server";
import type { ConversationListItem, SupportScreenData } from "~/components/chat/types";
import { cursorParam } from "~/schemas/request-input.server";

// ---------------------------------------------------------------- who takes part

export type ConversationTarget =
  | { kind: "allowed"; client: ChatUser; other: ChatUser }
  | { kind: "not-found" }
  | { kind: "not-a-participant" };

function asChatUser(user: SessionUser): ChatUser {
  return { id: user.id, name: user.name, roleId: user.roleId, status: true };
}

/** The conversation /support/{otherId} names for this user, and whether the user is part of it. */
export async function findConversation(db: AppDatabase, viewer: SessionUser, otherId: string | undefined): Promise<ConversationTarget> {
  if (!otherId || !/^\d{1,10}$/.test(otherId)) return { kind: "not-found" };
  const other = await findChatUser(db, Number(otherId));
  const access = resolveConversation(viewer, other);
  if (access.kind !== "allowed" || !other) return access.kind === "allowed" ? { kind: "not-found" } : access;
  return { kind: "allowed", other, client: access.clientId === viewer.id ? asChatUser(viewer) : other };
}

// ---------------------------------------------------------------- posting

// One limiter per database, so each test context (and each server) counts on its own; in
// memory, per server (docs/decisions/040; across its workers when it runs several).
const postLimiters = new WeakMap<AppDatabase, Limiter>();

/** Counts one chat post (message or broadcast) for the user: seconds to wait, or null to go on. */
export async function consumeChatPost(context: Pick<AppContext, "db">, userId: number): Promise<number | null> {
  let limiter = postLimiters.get(context.db);
  if (!limiter) {
    limiter = createLimiter({ keyPrefix: "chat-post", points: CHAT_POSTS_PER_MINUTE, duration: 60 });
    postLimiters.set(context.db, limiter);
  }
  try {
    await limiter.consume(String(userId));
    return null;
  } catch (error) {
    if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw error;
  }
}

export function toMessageView(message: ChatMessage): ChatMessageView {
  return {
    id: message.id,
    message: message.message,
    senderId: message.senderId,
    receiverId: message.receiverId,
    sender: message.sender,
    receiver: message.receiver,
    createdAt: message.createdAt.toISOString(),
    emp: message.emp,
  };
}

async function publish(context: Pick<AppContext, "db" | "hub">, saved: ChatMessage, client: ChatUser) {
  const receiverSide = isSupportSide(saved.sender.roleId) ? "client" : "support";
  const unread = await countUnread(context.db, client.id, receiverSide);
  publishChatMessage(context.hub, toMessageView(saved), { clientId: client.id, unreadForReceiver: unread });
}

export type SendResult = { ok: true; message: ChatMessage } | { ok: false; reason: "no-support" };

/**
 * Stores a message in the client's conversation and sends it live. Support writes as itself
 * to the client; a client writes to the support account.
 */
export async function sendChatMessage(
  context: Pick<AppContext, "db" | "hub">,
  viewer: SessionUser,
  client: ChatUser,
  text: string,
): Promise<SendResult> {
  let sender: ChatUser;
  let receiver: ChatUser;
  if (isSupportSide(viewer.roleId)) {
    sender = asChatUser(viewer);
    receiver = client;
  } else {
    const support = await findSupportAccount(context.db);
    if (!support) return { ok: false, reason: "no-support" };
    sender = client;
    receiver = support;
  }
  const saved = await insertMessage(context.db, { sender, receiver, message: text, emp: isEmployeeConversation(client.roleId) });
  await publish(context, saved, client);
  return { ok: true, message: saved };
}

/**
 * Contact Us (a client) or Go to Chat (support): an empty conversation opens with the
 * documents' greeting from support; a conversation with messages is only opened.
 * Returns false when no support account exists to greet from.
 */
export async function greetClient(
  context: Pick<AppContext, "db" | "hub">,
  viewer: SessionUser,
  client: ChatUser,
): Promise<boolean> {
  const fromSupport = isSupportSide(viewer.roleId) ? asChatUser(viewer) : await findSupportAccount(context.db);
  if (!fromSupport) return false;
  const saved = await insertGreetingIfEmpty(context.db, {
    clientId: client.id,
    sender: fromSupport,
    receiver: client,
    message: isSupportSide(viewer.roleId) ? GO_TO_CHAT_GREETING : CONTACT_US_GREETING,
    emp: isEmployeeConversation(client.roleId),
  });
  if (saved) await publish(context, saved, client);
  return true;
}

export function toBroadcastView(broadcast: Broadcast): BroadcastView {
  return {
    id: broadcast.id,
    message: broadcast.message,
    userName: broadcast.userName,
    createdAt: broadcast.createdAt.toISOString(),
  };
}

/** Stores a broadcast and sends it live to every signed-in user. */
export async function postBroadcast(context: Pick<AppContext, "db" | "hub">, author: SessionUser, text: string): Promise<Broadcast> {
  const saved = await insertBroadcast(context.db, author, text);
  publishBroadcast(context.hub, toBroadcastView(saved));
  return saved;
}

// ---------------------------------------------------------------- the chat screen

function inboxItem(summary: ConversationSummary, viewer: SessionUser, selectedClientId: number | null, href: string, title: string, tag: string | null): ConversationListItem {
  return {
    clientId: summary.client.id,
    href,
    title,
    tag,
    preview: summary.lastMessage.message,
    previewIsMine: summary.lastMessage.senderId === viewer.id,
    time: formatIstDateTime(summary.lastMessage.createdAt),
    unread: summary.client.id === selectedClientId ? 0 : summary.unread,
    selected: summary.client.id === selectedClientId,
  };
}

/**
 * Everything the chat screen shows. Opening a conversation clears its unread count for the
 * viewer's side first, so the list and the pane agree (docs/decisions/040: read receipts).
 */
export async function loadSupportScreen(
  context: Pick<AppContext, "db">,
  viewer: SessionUser,
  url: URL,
  target: Extract<ConversationTarget, { kind: "allowed" }> | null,
): Promise<SupportScreenData> {
  const db = context.db;
  const isSupport = isSupportSide(viewer.roleId);
  const side = isSupport ? "support" : "client";
  if (target) await markConversationRead(db, target.client.id, side);
  const selectedClientId = target?.client.id ?? null;

  let conversations: ConversationListItem[] = [];
  let olderConversationsHref: string | null = null;
  let supportUnavailable = false;
  let canContactUs = false;
  let supportHref: string | null = null;
  if (isSupport) {
    const inbox = await listSupportInbox(db, { limit: CONVERSATIONS_PER_PAGE, afterId: cursorParam(url.searchParams, "after") });
    conversations = inbox.conversations.map((c) =>
      inboxItem(c, viewer, selectedClientId, `/support/${c.client.id}`, c.client.name, ROLE_NAMES[c.client.roleId]),
    );
    if (inbox.nextAfterId) olderConversationsHref = `${url.pathname}?after=${inbox.nextAfterId}`;
  } else {
    const support = await findSupportAccount(db);
    supportUnavailable = support === null;
    supportHref = target ? `/support/${target.other.id}` : support ? `/support/${support.id}` : null;
    const summary = await getConversationSummary(db, asChatUser(viewer), "client");
    if (summary && supportHref) conversations = [inboxItem(summary, viewer, selectedClientId, supportHref, "Support", null)];
    canContactUs = !summary && !supportUnavailable;
  }

  let selected: SupportScreenData["selected"] = null;
  if (target) {
    const page = await listConversation(db, target.client.id, {
      limit: MESSAGES_PER_PAGE,
      beforeId: cursorParam(url.searchParams, "before"),
    });
    const href = isSupport ? `/support/${target.client.id}` : `/support/${target.other.id}`;
    const first = page.messages[0];
    selected = {
      clientId: target.client.id,
      href,
      title: isSupport ? target.client.name : "Support",
      messages: page.messages.map((m) => ({
        id: m.id,
        text: m.message,
        senderName: m.sender.name,
        mine: m.senderId === viewer.id,
        own: isOwnMessage(viewer, m.sender),
        time: formatIstDateTime(m.createdAt),
      })),
      olderMessagesHref: page.hasOlder && first ? `${href}?before=${first.id}` : null,
      canStart: isSupport && page.messages.length === 0 && !url.searchParams.has("before"),
    };
  }

  const recent = await listBroadcasts(db, { limit: 5 });
  return {
    viewer: { id: viewer.id, roleId: viewer.roleId, isSupport },
    supportUnavailable,
    canContactUs,
    conversations,
    olderConversationsHref,
    selected,
    broadcasts: recent.rows.map((b) => ({ id: b.id, message: b.message, userName: b.userName, time: formatIstDateTime(b.createdAt) })),
    broadcastDialogOpen: isSupport && url.searchParams.has("broadcast"),
  };
}

/** The /broadcast/message table: 20 per page, newest first. */
export async function loadBroadcastPage(context: Pick<AppContext, "db">, url: URL) {
  const before = cursorParam(url.searchParams, "before");
  const page = await listBroadcasts(context.db, { limit: BROADCASTS_PER_PAGE, beforeId: before });
  return {
    rows: page.rows.map((b) => ({ id: b.id, userName: b.userName, message: b.message, createdAt: formatIstDateTime(b.createdAt) })),
    nextHref: page.nextBeforeId ? `/broadcast/message?before=${page.nextBeforeId}` : null,
    isFirstPage: before === null,
  };
}
