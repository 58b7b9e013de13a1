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

export const roomForUser = (userId: number) => `user:${userId}`;
export const roomForRole = (roleId: number) => `role:${roleId}`;
export const roomForSymbol = (code: string) => `symbol:${code.toUpperCase()}`;
