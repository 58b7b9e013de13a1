// Who hears about a trade change, as data (docs/decisions/070). The model emits exactly these
// and the tests check that nobody else does. Pure: no I/O.
//
// A customer may see only its own trades, so nothing about a trade goes to a room that holds
// customers other than the owner: the role-4 room (trade-notification-customer-employee) and
// every role (trade-notification-all) are never used for trade changes.
import type { RoleId } from "./access";

export type TradeChange = "created" | "updated" | "closed" | "verified" | "unverified" | "deleted";

export type TradeNotificationEvent =
  | "trade-notification-user"
  | "trade-notification-admin"
  | "trade-notification-admin-employee";

export type TradeNotificationTarget =
  | { event: TradeNotificationEvent; userId: number }
  | { event: TradeNotificationEvent; roles: readonly RoleId[] };

/**
 * The owner always hears about its own trade (trade-notification-user). Staff who may change any
 * trade (roles 1 and 3) hear about new, edited, closed and deleted trades
 * (trade-notification-admin-employee). Verification is role 1's job alone, so its changes go to
 * role 1 (trade-notification-admin).
 */
export function tradeNotificationTargets(change: TradeChange, ownerId: number): TradeNotificationTarget[] {
  const owner: TradeNotificationTarget = { event: "trade-notification-user", userId: ownerId };
  if (change === "verified" || change === "unverified") {
    return [owner, { event: "trade-notification-admin", roles: [1] }];
  }
  return [owner, { event: "trade-notification-admin-employee", roles: [1, 3] }];
}

export interface TradeNotificationPayload {
  change: TradeChange;
  tradeId: number;
  userId: number;
  symbolCode: string;
  tradeType: "BUY" | "SELL";
  message: string;
}

const CHANGE_WORDS: Record<TradeChange, string> = {
  created: "created",
  updated: "updated",
  closed: "closed",
  verified: "verified",
  unverified: "marked unverified",
  deleted: "deleted",
};

/** The notification text, also stored as the owner's notification row. */
export function tradeNotificationMessage(change: TradeChange, trade: { tradeType: string; symbolCode: string; id: number }): string {
  return `Trade #${trade.id} ${trade.tradeType} ${trade.symbolCode} ${CHANGE_WORDS[change]}`;
}
