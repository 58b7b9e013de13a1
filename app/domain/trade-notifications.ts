// Who hears about a trade change, as data (docs/decisions/070, amended by 128). The model emits
// exactly these and the tests check that nobody else does. Pure: no I/O.
//
// Every event the documents name is emitted, each to the rooms they name, narrowed to the
// people entitled to the trade: a customer may see only its own trades, so no event goes to
// the customers' room; the owner's own room stands for "role 4" in -all and
// -customer-employee.
import type { RoleId } from "./access";

export type TradeChange = "created" | "updated" | "closed" | "verified" | "unverified" | "deleted" | "sl-hit" | "target-hit";

export type TradeNotificationEvent =
  | "trade-notification-all"
  | "trade-notification-user"
  | "trade-notification-admin"
  | "trade-notification-admin-employee"
  | "trade-notification-customer-employee";

/** One emit: to everyone in these role rooms and these users' rooms (each socket once). */
export interface TradeNotificationTarget {
  event: TradeNotificationEvent;
  roles: readonly RoleId[];
  userIds: readonly number[];
}

/** The staff who may see and change any trade (the /trades row of the access table). */
export const TRADE_STAFF_ROLES: readonly RoleId[] = [1, 3];

/** The notification rows' kind of every trade change and level hit (the bell lists them). */
export const TRADE_NOTIFICATION_KIND = "trade";

/** Who gets a notification row of a trade change: its owner and each active staff member, once each. */
export function tradeNotificationReaders(ownerId: number, staffIds: readonly number[]): number[] {
  return [...new Set([ownerId, ...staffIds])];
}

/**
 * The owner always hears about its own trade (-user), and -all goes to everyone entitled to
 * it (the owner and staff roles 1 and 3). Changes go to roles 1 and 3 (-admin-employee);
 * verification is role 1's job alone (-admin). -customer-employee goes to employees and the
 * owner.
 */
export function tradeNotificationTargets(change: TradeChange, ownerId: number): TradeNotificationTarget[] {
  const owner = [ownerId];
  const staffEvent: TradeNotificationTarget =
    change === "verified" || change === "unverified"
      ? { event: "trade-notification-admin", roles: [1], userIds: [] }
      : { event: "trade-notification-admin-employee", roles: TRADE_STAFF_ROLES, userIds: [] };
  return [
    { event: "trade-notification-user", roles: [], userIds: owner },
    { event: "trade-notification-all", roles: TRADE_STAFF_ROLES, userIds: owner },
    staffEvent,
    { event: "trade-notification-customer-employee", roles: [3], userIds: owner },
  ];
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
  // The watch writes its own text (levelHitMessage in trade-watch.ts, with the price).
  "sl-hit": "hit its SL",
  "target-hit": "hit its target",
};

/** The notification text, also stored as the owner's notification row. */
export function tradeNotificationMessage(change: TradeChange, trade: { tradeType: string; symbolCode: string; id: number }): string {
  return `Trade #${trade.id} ${trade.tradeType} ${trade.symbolCode} ${CHANGE_WORDS[change]}`;
}
