// Support chat rules (docs/product-rules.md R-AC2 "Support chat", R-AC7 "Chat and broadcast", R-AC6 role 3's view;
// docs/decisions/040). Pure and browser-safe: the routes, the socket handlers and the chat
// screen all ask these functions, so a rule is never written twice.
import { ALL_ROLES, isRoleId, ROLE_NAMES, type RoleId } from "./access";

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

// ---------------------------------------------------------------- broadcast targets
// docs/decisions/146: a broadcast is for everyone (the default, as before), for one or more
// roles, or for chosen users; never a mix. Live delivery and every list a user sees follow it.

export const BROADCAST_AUDIENCES = ["everyone", "roles", "users"] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];

export interface BroadcastTarget {
  audience: BroadcastAudience;
  /** Set only for "roles", sorted, without repeats. */
  roles: RoleId[];
  /** Set only for "users", sorted, without repeats. */
  userIds: number[];
}

/** A target as a form or the API asks for it (checked by broadcastSchema, app/schemas/chat.ts). */
export interface BroadcastTargetInput {
  audience: BroadcastAudience;
  roles?: readonly number[];
  userIds?: readonly number[];
}

export const EVERYONE: BroadcastTarget = { audience: "everyone", roles: [], userIds: [] };
/** The most users one broadcast may name (a larger group is a role). */
export const MAX_BROADCAST_RECIPIENTS = 500;
/** How many users a recipient search shows at once. */
export const RECIPIENT_SEARCH_LIMIT = 20;

export const BROADCAST_AUDIENCE_INVALID = "Choose who the broadcast is for";
export const BROADCAST_ROLES_REQUIRED = "Choose at least one role";
export const BROADCAST_ROLE_UNKNOWN = "Choose roles from the list";
export const BROADCAST_USERS_REQUIRED = "Choose at least one user";
export const BROADCAST_USER_INVALID = "Choose users from the list";
export const BROADCAST_TOO_MANY_USERS = "A broadcast can name at most 500 users; choose a role for a larger group";
export const BROADCAST_USER_UNKNOWN = "A chosen user does not exist or is not active";

/** The target as stored: only the part its audience uses, sorted and without repeats. */
export function normaliseBroadcastTarget(input: BroadcastTargetInput): BroadcastTarget {
  const unique = <T extends number>(values: readonly T[] = []) => [...new Set(values)].sort((a, b) => a - b);
  if (input.audience === "roles") return { audience: "roles", roles: unique((input.roles ?? []).filter(isRoleId)), userIds: [] };
  if (input.audience === "users") return { audience: "users", roles: [], userIds: unique(input.userIds) };
  return EVERYONE;
}

/** Whether a user is among a broadcast's audience (the same rule the lists' SQL applies). */
export function isBroadcastFor(target: BroadcastTarget, viewer: ChatParty): boolean {
  if (target.audience === "roles") return target.roles.includes(viewer.roleId);
  if (target.audience === "users") return target.userIds.includes(viewer.id);
  return true;
}

/** The socket rooms a broadcast goes to: role rooms or the chosen users' own rooms, nothing wider. */
export function broadcastRooms(target: BroadcastTarget): { roles: readonly RoleId[]; userIds: readonly number[] } {
  if (target.audience === "roles") return { roles: target.roles, userIds: [] };
  if (target.audience === "users") return { roles: [], userIds: target.userIds };
  return { roles: ALL_ROLES, userIds: [] };
}

/** How the broadcast list names a target: "Everyone", "Employee, Customer", "2 users: A, B". */
export function describeBroadcastTarget(target: BroadcastTarget, recipientNames: readonly string[] = []): string {
  if (target.audience === "roles") return target.roles.map((r) => ROLE_NAMES[r]).join(", ");
  if (target.audience === "users") {
    const n = target.userIds.length;
    return `${n} user${n === 1 ? "" : "s"}: ${recipientNames.join(", ")}`;
  }
  return "Everyone";
}

// ---------------------------------------------------------------- the support inbox filter
// docs/decisions/146: /support?status=open|resolved|all&q=… (the URL is the filter).

export const CONVERSATION_STATUSES = ["open", "resolved", "all"] as const;
export type ConversationStatusFilter = (typeof CONVERSATION_STATUSES)[number];
/** The page's inbox shows open conversations unless asked; the JSON API lists all (its documented answer). */
export const DEFAULT_INBOX_STATUS: ConversationStatusFilter = "open";
export const CONVERSATION_RESOLVED = "Conversation marked resolved";
export const CONVERSATION_REOPENED = "Conversation reopened";

export interface InboxFilter {
  status: ConversationStatusFilter;
  /** Matched in the client's name or user name, or in any message of the conversation. */
  search: string | null;
}

export function parseConversationStatus(value: string | null | undefined, fallback: ConversationStatusFilter): ConversationStatusFilter {
  return (CONVERSATION_STATUSES as readonly string[]).includes(value ?? "") ? (value as ConversationStatusFilter) : fallback;
}

/** The query string that keeps an inbox filter ("" for the default view). */
export function inboxQueryString(filter: InboxFilter): string {
  const params = new URLSearchParams();
  if (filter.status !== DEFAULT_INBOX_STATUS) params.set("status", filter.status);
  if (filter.search) params.set("q", filter.search);
  const query = params.toString();
  return query ? `?${query}` : "";
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
  /** Support marked it resolved (docs/decisions/146). */
  resolved: boolean;
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
    /** Who marked it resolved and when (IST), or null while it is open. */
    resolution: { by: string | null; at: string } | null;
    /** Support may resolve and reopen it. */
    canResolve: boolean;
  };
  /** Support's inbox filter (null for a client, who has one conversation). */
  inbox: null | {
    status: ConversationStatusFilter;
    search: string;
    statusLinks: { status: ConversationStatusFilter; href: string; current: boolean }[];
  };
  broadcasts: { id: number; message: string; userName: string; time: string }[];
  broadcastDialogOpen: boolean;
}
