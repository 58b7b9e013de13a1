// The trade list's bulk actions (issue 22, docs/decisions/172): which role may run which, how
// many trades one request may name, and the words the confirmation and the outcome use. Pure:
// the list's bulk bar, its confirmation route and the service all read this one table.
import type { RoleId } from "./access";

export const BULK_TRADE_ACTIONS = ["verify", "close", "delete"] as const;
export type BulkTradeAction = (typeof BULK_TRADE_ACTIONS)[number];

/**
 * Verify is role 1's, as the row switch is (setTradeVerified). Close and delete are for every
 * role that keeps a journal, on the trades it may change (a customer: its own; ownerScope).
 */
export const BULK_TRADE_ACTION_ROLES: Readonly<Record<BulkTradeAction, readonly RoleId[]>> = {
  verify: [1],
  close: [1, 3, 4],
  delete: [1, 3, 4],
};

/** A page holds 20 rows; no honest request names more than a few pages' worth. */
export const MAX_BULK_TRADES = 100;

export const BULK_ACTION_LABELS: Readonly<Record<BulkTradeAction, string>> = {
  verify: "Verify",
  close: "Close at live price",
  delete: "Delete",
};

export function bulkActionsFor(role: RoleId): BulkTradeAction[] {
  return BULK_TRADE_ACTIONS.filter((action) => BULK_TRADE_ACTION_ROLES[action].includes(role));
}

export function mayRunBulkAction(role: RoleId, action: BulkTradeAction): boolean {
  return BULK_TRADE_ACTION_ROLES[action].includes(role);
}

/** "1 trade", "3 trades". */
export function tradeCount(count: number): string {
  return `${count} ${count === 1 ? "trade" : "trades"}`;
}

/** The confirmation's question, naming the count: "Delete 3 trades?". */
export function bulkQuestion(action: BulkTradeAction, count: number): string {
  switch (action) {
    case "verify":
      return `Verify ${tradeCount(count)}?`;
    case "close":
      return `Close ${tradeCount(count)} at the live price?`;
    case "delete":
      return `Delete ${tradeCount(count)}?`;
  }
}

/** "#4", "#4 and #9", "#4, #7 and #9"; past five, "#4, #7, #9, #12, #15 and 3 more". */
export function tradeIdList(ids: readonly number[], shown = 5): string {
  const names = ids.slice(0, shown).map((id) => `#${id}`);
  const rest = ids.length - names.length;
  if (rest > 0) return `${names.join(", ")} and ${rest} more`;
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

const DONE: Readonly<Record<BulkTradeAction, string>> = { verify: "verified", close: "closed", delete: "deleted" };

/** The toast after a bulk action: "3 trades closed", with the ones that needed nothing ("1 was already closed"). */
export function bulkDoneMessage(action: BulkTradeAction, changed: number, unchanged: number): string {
  const done = `${tradeCount(changed)} ${DONE[action]}`;
  if (unchanged === 0) return done;
  return `${done}; ${unchanged} ${unchanged === 1 ? "was" : "were"} already ${DONE[action]}`;
}
