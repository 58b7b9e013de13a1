// Support chat (docs/product-rules.md R-AC2 "Support chat", docs/decisions/040): find the conversation a URL
// names (and whether the user takes part in it), list and open conversations, send (within the
// posting limit), greet, and build the chat screen's data. The /support pages, the JSON API
// (messages/*) and nothing else call these. Queries are in app/models, rules in
// app/domain/chat.ts, emits in app/realtime/chat.server.ts; broadcasts in ./broadcasts.server.ts.
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import {
  CONTACT_US_GREETING,
  CONVERSATION_REOPENED,
  CONVERSATION_RESOLVED,
  DEFAULT_INBOX_STATUS,
  inboxQueryString,
  parseConversationStatus,
  type InboxFilter,
  CONVERSATIONS_PER_PAGE,
  GO_TO_CHAT_GREETING,
  isEmployeeConversation,
  isOwnMessage,
  isSupportSide,
  MESSAGES_PER_PAGE,
  resolveConversation,
  SUPPORT_UNAVAILABLE,
  type ChatMessageView,
  type ConversationListItem,
  type SupportScreenData,
} from "~/domain/chat";
import { ROLE_NAMES } from "~/domain/access";
import { formatIstDateTime } from "~/domain/dates";
import { parseSearch } from "~/domain/list-query";
import { refuse, succeed, type Outcome } from "~/domain/outcome";
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
  type InboxQuery,
} from "~/models/message.server";
import { getConversationState, markOpen, markResolved } from "~/models/support-conversation.server";
import { publishChatMessage, publishConversationState } from "~/realtime/chat.server";
import { cursorParam } from "~/schemas/request-input.server";
import { listRecentBroadcasts } from "./broadcasts.server";
import { consumeChatPost } from "./chat-post-limit.server";

export type { ChatUser, ConversationSummary };

export const MESSAGE_SENT = "Message sent";
export const SUPPORT_CHAT_STARTED = "Support chat started";
export const CONVERSATION_NOT_FOUND = "Conversation not found";

type Db = Pick<AppContext, "db">;
type Writer = Pick<AppContext, "db" | "hub">;

// ---------------------------------------------------------------- who takes part

export type ConversationTarget =
  | { kind: "allowed"; client: ChatUser; other: ChatUser }
  | { kind: "not-found" }
  | { kind: "not-a-participant" };

export type OpenConversation = Extract<ConversationTarget, { kind: "allowed" }>;

function asChatUser(user: SessionUser): ChatUser {
  return { id: user.id, name: user.name, roleId: user.roleId, status: true };
}

/** The conversation /support/{otherId} names for this user, and whether the user is part of it. */
export async function findConversation(context: Db, viewer: SessionUser, otherId: string | undefined): Promise<ConversationTarget> {
  if (!otherId || !/^\d{1,10}$/.test(otherId)) return { kind: "not-found" };
  const other = await findChatUser(context.db, Number(otherId));
  const access = resolveConversation(viewer, other);
  if (access.kind !== "allowed" || !other) return access.kind === "allowed" ? { kind: "not-found" } : access;
  return { kind: "allowed", other, client: access.clientId === viewer.id ? asChatUser(viewer) : other };
}

/** The same, where a conversation the user is not part of is simply not found (nothing to tell apart). */
export async function conversationFor(context: Db, viewer: SessionUser, otherId: string | undefined): Promise<Outcome<OpenConversation>> {
  const target = await findConversation(context, viewer, otherId);
  return target.kind === "allowed" ? succeed(target) : refuse(CONVERSATION_NOT_FOUND, undefined, 404);
}

// ---------------------------------------------------------------- reading

/** The caller's conversations: support every client's, latest activity first (paged); a client its own. */
export async function listConversations(
  context: Db,
  viewer: SessionUser,
  afterId: number | null,
  query: InboxQuery = { status: "all", search: null },
): Promise<{ conversations: ConversationSummary[]; nextAfterId: number | null }> {
  if (isSupportSide(viewer.roleId)) return listSupportInbox(context.db, { limit: CONVERSATIONS_PER_PAGE, afterId, ...query });
  const own = await getConversationSummary(context.db, asChatUser(viewer), "client");
  return { conversations: own ? [own] : [], nextAfterId: null };
}

/**
 * A page of a conversation, oldest first. Opening it clears its unread count for the viewer's
 * side first, so the list and the pane agree (docs/decisions/040: read receipts).
 */
export async function readConversation(context: Db, viewer: SessionUser, target: OpenConversation, beforeId: number | null) {
  await markConversationRead(context.db, target.client.id, isSupportSide(viewer.roleId) ? "support" : "client");
  return listConversation(context.db, target.client.id, { limit: MESSAGES_PER_PAGE, beforeId });
}

// ---------------------------------------------------------------- posting

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

/** A stored message reaches its conversation live, with the receiving side's new unread count. */
async function publish(context: Writer, saved: ChatMessage, client: ChatUser) {
  const receiverSide = isSupportSide(saved.sender.roleId) ? "client" : "support";
  const unread = await countUnread(context.db, client.id, receiverSide);
  publishChatMessage(context.hub, toMessageView(saved), { clientId: client.id, unreadForReceiver: unread });
}

/**
 * Sends a message in the client's conversation, within the posting limit, and delivers it live.
 * Support writes as itself to the client; a client writes to the support account (refused
 * when there is none).
 */
export async function postChatMessage(
  context: Writer,
  viewer: SessionUser,
  client: ChatUser,
  text: string,
): Promise<Outcome<{ message: string; data: ChatMessageView }>> {
  const allowed = await consumeChatPost(context, viewer.id);
  if (!allowed.ok) return allowed;
  let sender: ChatUser;
  let receiver: ChatUser;
  if (isSupportSide(viewer.roleId)) {
    sender = asChatUser(viewer);
    receiver = client;
  } else {
    const support = await findSupportAccount(context.db);
    if (!support) return refuse(SUPPORT_UNAVAILABLE, undefined, 503);
    sender = client;
    receiver = support;
  }
  const input = { sender, receiver, message: text, emp: isEmployeeConversation(client.roleId) };
  // A client writing again reopens a resolved conversation, in one transaction with the message.
  const { saved, reopened } = isSupportSide(viewer.roleId)
    ? { saved: await insertMessage(context.db, input), reopened: false }
    : await context.db.transaction(async (tx) => ({ saved: await insertMessage(tx, input), reopened: await markOpen(tx, client.id) }));
  await publish(context, saved, client);
  if (reopened) publishConversationState(context.hub, { clientId: client.id, resolved: false });
  return succeed({ message: MESSAGE_SENT, data: toMessageView(saved) });
}

/** An empty conversation opens with a greeting from support; one with messages is left as it is. */
async function greet(context: Writer, fromSupport: ChatUser, client: ChatUser, greeting: string) {
  const saved = await insertGreetingIfEmpty(context.db, {
    clientId: client.id,
    sender: fromSupport,
    receiver: client,
    message: greeting,
    emp: isEmployeeConversation(client.roleId),
  });
  if (saved) await publish(context, saved, client);
}

/** Go to Chat (support, from the user list): opens the client's conversation with the documents' greeting. */
export async function startConversation(context: Writer, supportUser: SessionUser, client: ChatUser): Promise<void> {
  await greet(context, asChatUser(supportUser), client, GO_TO_CHAT_GREETING);
}

/**
 * Contact Us (a client): opens the client's conversation with support, greeted in the documents'
 * words when empty; a first message other than that greeting is sent too. Answers the support
 * account the conversation is with.
 */
export async function contactSupport(
  context: Writer,
  client: SessionUser,
  firstMessage?: string,
): Promise<Outcome<{ message: string; supportId: number }>> {
  const support = await findSupportAccount(context.db);
  if (!support) return refuse(SUPPORT_UNAVAILABLE, undefined, 503);
  const self = asChatUser(client);
  await greet(context, support, self, CONTACT_US_GREETING);
  if (firstMessage !== undefined && firstMessage !== CONTACT_US_GREETING) {
    const sent = await postChatMessage(context, client, self, firstMessage);
    if (!sent.ok) return sent;
  }
  return succeed({ message: SUPPORT_CHAT_STARTED, supportId: support.id });
}

// ---------------------------------------------------------------- resolved and reopened

/**
 * Support marks a client's conversation resolved (recording who and when), or reopens it
 * (docs/decisions/146). Only support may; every support tab's inbox hears of it live.
 */
export async function setConversationResolved(
  context: Writer,
  viewer: SessionUser,
  client: ChatUser,
  resolved: boolean,
): Promise<Outcome<{ message: string }>> {
  if (!isSupportSide(viewer.roleId)) return refuse("Only support can resolve a conversation.", undefined, 403);
  if (resolved) await markResolved(context.db, client.id, viewer.id);
  else await markOpen(context.db, client.id);
  publishConversationState(context.hub, { clientId: client.id, resolved });
  return succeed({ message: resolved ? CONVERSATION_RESOLVED : CONVERSATION_REOPENED });
}

/** The inbox filter a URL asks for (the page's default is open conversations). */
export function inboxFilterOf(url: URL): InboxFilter {
  return {
    status: parseConversationStatus(url.searchParams.get("status"), DEFAULT_INBOX_STATUS),
    search: parseSearch(url.searchParams.get("q")),
  };
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
    resolved: summary.resolved,
  };
}

/** Everything the chat screen shows, with the open conversation (if any) marked read first. */
export async function loadSupportScreen(context: Db, viewer: SessionUser, url: URL, target: OpenConversation | null): Promise<SupportScreenData> {
  const isSupport = isSupportSide(viewer.roleId);
  const page = target ? await readConversation(context, viewer, target, cursorParam(url.searchParams, "before")) : null;
  const selectedClientId = target?.client.id ?? null;
  // Support's inbox filter travels in every link of the screen, so opening a conversation,
  // posting, resolving or paging keeps the list as it was (docs/decisions/146).
  const filter = inboxFilterOf(url);
  const keep = isSupport ? inboxQueryString(filter) : "";

  let conversations: ConversationListItem[] = [];
  let olderConversationsHref: string | null = null;
  let supportUnavailable = false;
  let canContactUs = false;
  const listed = await listConversations(context, viewer, isSupport ? cursorParam(url.searchParams, "after") : null, filter);
  if (isSupport) {
    conversations = listed.conversations.map((c) =>
      inboxItem(c, viewer, selectedClientId, `/support/${c.client.id}${keep}`, c.client.name, ROLE_NAMES[c.client.roleId]),
    );
    if (listed.nextAfterId) olderConversationsHref = `${url.pathname}${keep ? `${keep}&` : "?"}after=${listed.nextAfterId}`;
  } else {
    const support = await findSupportAccount(context.db);
    supportUnavailable = support === null;
    const supportHref = target ? `/support/${target.other.id}` : support ? `/support/${support.id}` : null;
    const [summary] = listed.conversations;
    if (summary && supportHref) conversations = [inboxItem(summary, viewer, selectedClientId, supportHref, "Support", null)];
    canContactUs = !summary && !supportUnavailable;
  }

  let selected: SupportScreenData["selected"] = null;
  if (target && page) {
    const href = isSupport ? `/support/${target.client.id}${keep}` : `/support/${target.other.id}`;
    const first = page.messages[0];
    const state = await getConversationState(context.db, target.client.id);
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
      olderMessagesHref: page.hasOlder && first ? `${href}${keep ? "&" : "?"}before=${first.id}` : null,
      resolution: state.resolvedAt ? { by: state.resolvedBy?.name ?? null, at: formatIstDateTime(state.resolvedAt) } : null,
      canResolve: isSupport,
      canStart: isSupport && page.messages.length === 0 && !url.searchParams.has("before"),
    };
  }

  return {
    viewer: { id: viewer.id, roleId: viewer.roleId, isSupport },
    supportUnavailable,
    canContactUs,
    conversations,
    olderConversationsHref,
    selected,
    broadcasts: await listRecentBroadcasts(context, viewer),
    inbox: isSupport
      ? {
          status: filter.status,
          search: filter.search ?? "",
          statusLinks: (["open", "resolved", "all"] as const).map((status) => ({
            status,
            href: `${url.pathname}${inboxQueryString({ ...filter, status })}`,
            current: status === filter.status,
          })),
        }
      : null,
    broadcastDialogOpen: isSupport && url.searchParams.has("broadcast"),
  };
}
