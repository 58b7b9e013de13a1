// The documents' socket event names, in one module with their payload types.
import type { Quote } from "~/domain/quotes";

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
  /** Not in the documents: a target point the price reached was deleted (DECISIONS 15). */
  targetRemoved: "target-point-removed",
} as const;

export const CLIENT_EVENTS = {
  subscribe: "SubAdd",
  unsubscribe: "SubRemove",
} as const;

export interface SubscriptionRequest {
  subs: string[];
}

export interface SymbolTickPayload {
  tickData: Quote;
  chavi: { label: string; date: string }[];
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

export const roomForUser = (userId: number) => `user:${userId}`;
export const roomForRole = (roleId: number) => `role:${roleId}`;
export const roomForSymbol = (code: string) => `symbol:${code.toUpperCase()}`;
