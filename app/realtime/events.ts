// The documents' socket event names, in one module with their payload types.
import type { Quote } from "~/domain/quotes";
import type { BroadcastView, ChatMessageView, MessageUnreadView } from "~/domain/chat";

export const SERVER_EVENTS = {
  symbolTick: "getServerSymbol",
  allSymbol: "all-symbol",
  overviewData: "overview-data",
  chavi: "chavi_algorithm",
  swingAlert: "swing_alert",
  tradeAll: "trade-notification-all",
  tradeUser: "trade-notification-user",
  tradeAdmin: "trade-notification-admin",
  tradeAdminEmployee: "trade-notification-admin-employee",
  tradeCustomerEmployee: "trade-notification-customer-employee",
  newMessage: "new-message",
  messageUnread: "message-unread",
  /** Not in the documents: a target point the price reached was deleted (docs/product-rules.md R-D15). */
  targetRemoved: "target-point-removed",
  /** Not in the documents (they name no broadcast event): a broadcast, to its audience only (docs/decisions/146). */
  broadcast: "broadcast-message",
  /** Not in the documents: a support conversation was resolved or reopened (to support's sockets). */
  conversationState: "conversation-state",
  /** Not in the documents (they name no alert event): a fired alert's notification, to its user. */
  alertNotification: "alert-notification",
  /**
   * Not in the documents: this socket's session was ended elsewhere (signed out in another tab,
   * "sign out everywhere else", a password change, the account deactivated). Sent just before the
   * server drops the socket, so the page can go to /login at once instead of finding out on its
   * next handshake (docs/decisions/128).
   */
  sessionEnded: "session-ended",
  /**
   * Not in the documents: a live provider's feed changed state (live, stale, reconnecting, off;
   * docs/decisions/175), to every socket, so no page calls prices live while the feed is not.
   */
  feedState: "feed-state",
} as const;

/** A live provider's feed state as the top bar shows it (FEED=kite; never sent for simulated or replayed prices). */
export interface FeedStatePayload {
  state: "connecting" | "live" | "stale" | "reconnecting" | "off";
  /** Epoch ms the state began (stale: the last price). */
  since: number;
}

export const CLIENT_EVENTS = {
  subscribe: "SubAdd",
  unsubscribe: "SubRemove",
  /** Support chat: the documents' client joins its own user room with its user id. */
  joinRoom: "join_room",
} as const;

/** new-message: a message of a conversation the receiving socket takes part in. */
export type NewMessagePayload = ChatMessageView;
/** message-unread: the conversation's unread count for the receiving side. */
export type MessageUnreadPayload = MessageUnreadView;
export type BroadcastPayload = BroadcastView;
/** conversation-state: a conversation's resolved state changed. */
export interface ConversationStatePayload {
  clientId: number;
  resolved: boolean;
}

export interface SubscriptionRequest {
  subs: string[];
}

export interface SymbolTickPayload {
  tickData: Quote;
  chavi: { label: string; date: string }[];
}

/** overview-data: the up/down gauges of docs/product-rules.md R-D19, overall and per sector. */
export interface OverviewDataPayload {
  gauge: number;
  advances: number;
  declines: number;
  sectors: { sectorId: number; gauge: number; advances: number; declines: number }[];
  /** Epoch ms when it was computed. */
  time: number;
}

export interface KeyEventPayload {
  symbolCode: string;
  label: string;
  price: number;
  /** Epoch ms of the crossing tick. */
  time: number;
}

export interface SwingAlertPayload {
  symbolCode: string;
  kind: "high" | "low";
  price: number;
  /** Epoch ms of the candle that made the swing. */
  time: number;
  clearLine: boolean;
}

export interface TargetRemovedPayload {
  id: number;
  symbolCode: string;
  pointName: string;
  price: number;
}

/** /login?reason=… after a socket handshake refused with "Invalid token" (socket-context.tsx). */
export const SESSION_ENDED_REASON = "session-ended";

export const roomForUser = (userId: number) => `user:${userId}`;
export const roomForRole = (roleId: number) => `role:${roleId}`;
export const roomForSymbol = (code: string) => `symbol:${code.toUpperCase()}`;

export const ALERT_NOTIFICATION_EVENT = SERVER_EVENTS.alertNotification;

export interface AlertNotificationPayload {
  id: number;
  symbolCode: string;
  message: string;
  /** The alert's viewType: "Play sound" and/or "Notify in App". */
  view: string[];
  /** The symbol's audio script, read aloud in hi-IN. */
  mp3Text: string;
  /** DD-MM-YYYY hh:mm:ss a (IST). */
  time: string;
}
