// Support chat rules (docs/product-rules.md R-AC2 "Support chat", R-AC7 "Chat and broadcast", R-AC6 role 3's view;
// docs/decisions/040). Pure and browser-safe: the routes, the socket handlers and the chat
// screen all ask these functions, so a rule is never written twice.
import type { RoleId } from "./access";

/** The role that answers support chat. Every role-1 user shares the one support inbox. */
export const SUPPORT_ROLE: RoleId = 1;
/** Roles that talk to support: employees and customers. */
export const CHAT_CLIENT_ROLES: readonly RoleId[] = [3, 4];

export const MAX_MESSAGE_LENGTH = 2000;
export const MESSAGE_REQUIRED = "Please enter a message";
export const MESSAGE_TOO_LONG = "A message can be at most 2,000 characters";
/** Posting limit per user (messages and broadcasts together), per minute. */
export const CHAT_POSTS_PER_MINUTE = 20;
/** The documents' empty-pane text, spelling kept. */
export const NO_CONVERSATION_TEXT = "No selected conversion";
/** Contact Us (messages/admin/add) greets the client in the documents' words, space included. */
export const CONTACT_US_GREETING = "How may I help you ?";
/** Go to Chat from the user list (messages/add) opens an empty conversation with this. */
export const GO_TO_CHAT_GREETING = "How may I help you?";
/** Broadcast success (the documents show "the server message"). */
export const BROADCAST_SENT = "Broadcast message sent successfully";
export const SUPPORT_UNAVAILABLE = "Support is not available right now. Please try again later.";
/** How many messages a conversation pane shows at once (older ones are a link away). */
export const MESSAGES_PER_PAGE = 50;
/** Conversations listed in the support inbox at once. */
export const CONVERSATIONS_PER_PAGE = 50;
/** Broadcast table page size (docs/product-rules.md R-AC9). */
export const BROADCASTS_PER_PAGE = 20;

export function rateLimitMessage(seconds: number): string {
  return `You are sending messages too fast. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
}

export interface ChatParty {
  id: number;
  roleId: RoleId;
}

export function isSupportSide(roleId: RoleId): boolean {
  return roleId === SUPPORT_ROLE;
}

export function isChatClient(roleId: RoleId): boolean {
  return CHAT_CLIENT_ROLES.includes(roleId);
}

/** Roles with a chat screen at all (role 2 has none: /support is not in its route list). */
export function canUseChat(roleId: RoleId): boolean {
  return isSupportSide(roleId) || isChatClient(roleId);
}

/**
 * The user list's Go to Chat: only support opens conversations, and only with someone who
 * talks to support (an employee or a customer).
 */
export function canStartChatWith(viewerRole: RoleId, targetRole: RoleId): boolean {
  return isSupportSide(viewerRole) && isChatClient(targetRole);
}

/**
 * A conversation is named by its client: the employee or customer on the non-support side.
 * Opening /support/{otherId} as `viewer`:
 * - support opens the conversation of a client (other is role 3 or 4);
 * - a client opens its own conversation by naming a support account (other is role 1).
 * Anything else is a conversation the viewer is not part of.
 */
export type ConversationAccess =
  | { kind: "allowed"; clientId: number }
  | { kind: "not-found" }
  | { kind: "not-a-participant" };

export function resolveConversation(viewer: ChatParty, other: ChatParty | null): ConversationAccess {
  if (!other) return { kind: "not-found" };
  if (other.id === viewer.id) return { kind: "not-a-participant" };
  if (isSupportSide(viewer.roleId) && isChatClient(other.roleId)) return { kind: "allowed", clientId: other.id };
  if (isChatClient(viewer.roleId) && isSupportSide(other.roleId)) return { kind: "allowed", clientId: viewer.id };
  return { kind: "not-a-participant" };
}

/**
 * Which side of the pane a message sits on. Support shares one inbox, so a support viewer sees
 * every support account's message as "ours". Role 3 sees messages from the admin (support)
 * account as its own, as the documents say (role 3's view).
 */
export function isOwnMessage(viewer: ChatParty, sender: ChatParty): boolean {
  if (sender.id === viewer.id) return true;
  return (isSupportSide(viewer.roleId) || viewer.roleId === 3) && isSupportSide(sender.roleId);
}

/** The `emp` flag of a stored message: it belongs to an employee's conversation with support. */
export function isEmployeeConversation(clientRole: RoleId): boolean {
  return clientRole === 3;
}

/** The user id a join_room payload names: the documents' client sends the id itself. */
export function joinRoomTarget(payload: unknown): number | null {
  const raw = payload !== null && typeof payload === "object" && "userId" in payload ? (payload as { userId: unknown }).userId : payload;
  const id = typeof raw === "string" && /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The socket's join_room: a socket may only ever (re)join its own user room. Another user's id,
 * a malformed payload or a role without chat is refused.
 */
export function mayJoinUserRoom(viewer: ChatParty, payload: unknown): boolean {
  return canUseChat(viewer.roleId) && joinRoomTarget(payload) === viewer.id;
}

/** A message as the chat screen, the socket and the JSON carry it (times as ISO strings). */
export interface ChatMessageView {
  id: number;
  message: string;
  senderId: number;
  receiverId: number;
  sender: { id: number; name: string; roleId: RoleId };
  receiver: { id: number; name: string; roleId: RoleId };
  /** ISO instant. */
  createdAt: string;
  emp: boolean;
}

/** The message-unread payload: how many unread messages a conversation now has for its readers. */
export interface MessageUnreadView {
  clientId: number;
  unread: number;
}

export interface BroadcastView {
  id: number;
  message: string;
  userName: string;
  /** ISO instant. */
  createdAt: string;
}

// ---------------------------------------------------------------- the chat screen
// Its data as the loaders send it (times already formatted in IST).

export interface ConversationListItem {
  clientId: number;
  href: string;
  title: string;
  /** "Employee" or "Customer" in the support inbox; null in a client's own list. */
  tag: string | null;
  preview: string;
  previewIsMine: boolean;
  time: string;
  unread: number;
  selected: boolean;
}

export interface MessageLine {
  id: number;
  text: string;
  senderName: string;
  /** The viewer wrote it (shown as "You"). */
  mine: boolean;
  /** Shown on the viewer's side of the pane (isOwnMessage). */
  own: boolean;
  time: string;
}

export interface SupportScreenData {
  viewer: { id: number; roleId: RoleId; isSupport: boolean };
  /** A client with no support account to write to (no active admin). */
  supportUnavailable: boolean;
  /** A client's Contact Us button shows while it has no conversation yet. */
  canContactUs: boolean;
  conversations: ConversationListItem[];
  olderConversationsHref: string | null;
  selected: null | {
    clientId: number;
    href: string;
    title: string;
    messages: MessageLine[];
    olderMessagesHref: string | null;
    /** Support opened a conversation with no message yet: offer Go to Chat's greeting. */
    canStart: boolean;
  };
  broadcasts: { id: number; message: string; userName: string; time: string }[];
  broadcastDialogOpen: boolean;
}
