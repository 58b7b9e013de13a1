// The trade list's bulk actions (docs/decisions/172): verify, close at the live price or delete
// the ticked trades, all or nothing. Each trade goes through the same model write as its single
// action (setTradeVerified, setTradeStatus, deleteTrade) and is told with the same notifications
// (recordTradeChanges), but in ONE transaction over rows locked first: if any ticked trade may
// not be changed, or cannot be closed at a live price, nothing changes and the message names it.
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { refuse, succeed, type Outcome } from "~/domain/outcome";
import { bulkDoneMessage, bulkQuestion, mayRunBulkAction, tradeIdList, type BulkTradeAction } from "~/domain/trade-bulk";
import type { TradeChange } from "~/domain/trade-notifications";
import { lockTradesForChange, deleteTrade, getTrade, setTradeStatus, setTradeVerified, type TradeDetail } from "~/models/trade.server";
import { recordTradeChanges, type ChangedTrade } from "~/services/trade-changes.server";
import { describeUpdate, livePrice } from "~/services/trades.server";
import { BULK_NOT_ALLOWED, bulkNoLivePrice, bulkNotChangeable, type BulkTradeRequest } from "~/schemas/trade-bulk";
import type { AppDatabase } from "~/db/client.server";

type Writer = Pick<AppContext, "db" | "hub" | "liveBook" | "push">;
type Actor = Pick<SessionUser, "id" | "roleId">;
type Change = { change: TradeChange; trade: ChangedTrade };

function refuseRole<T>(): Outcome<T> {
  return refuse(BULK_NOT_ALLOWED, "intent", 403);
}

/** The ids the actor may not change (missing, or another customer's), in the order ticked. */
function unreachable(ids: readonly number[], found: readonly TradeDetail[]): number[] {
  const have = new Set(found.map((t) => t.id));
  return ids.filter((id) => !have.has(id));
}

/**
 * The confirmation's question for the ticked trades ("Delete 3 trades?"), or why the action
 * cannot run. Nothing is locked or changed: the action checks everything again.
 */
export async function previewBulkTradeAction(context: Pick<AppContext, "db">, user: Actor, request: BulkTradeRequest): Promise<Outcome<{ action: BulkTradeAction; ids: number[]; question: string }>> {
  if (!mayRunBulkAction(user.roleId, request.action)) return refuseRole();
  const found = (await Promise.all(request.ids.map((id) => getTrade(context.db, user, id)))).filter((t): t is TradeDetail => t !== null);
  const missing = unreachable(request.ids, found);
  if (missing.length > 0) return refuse(bulkNotChangeable(tradeIdList(missing)), "ids", 403);
  return succeed({ action: request.action, ids: request.ids, question: bulkQuestion(request.action, request.ids.length) });
}

/** Runs a bulk action; its toast message, or the refusal (nothing changed). */
export async function runBulkTradeAction(context: Writer, user: Actor, request: BulkTradeRequest): Promise<Outcome<{ message: string; changed: number }>> {
  if (!mayRunBulkAction(user.roleId, request.action)) return refuseRole();
  const priceOf = livePrice(context.liveBook);
  return recordTradeChanges(context, async (db) => {
    const found = await lockTradesForChange(db, user, request.ids);
    const missing = unreachable(request.ids, found);
    if (missing.length > 0) return refuse(bulkNotChangeable(tradeIdList(missing)), "ids", 403);
    // What needs the change (an already verified or closed trade needs nothing, and is not told again).
    const due = found.filter((t) => (request.action === "verify" ? !t.isVerified : request.action === "close" ? t.status : true));
    if (request.action === "close") {
      const unpriced = due.filter((t) => (priceOf(t.symbolCode) ?? 0) <= 0).map((t) => t.id);
      if (unpriced.length > 0) return refuse(bulkNoLivePrice(tradeIdList(unpriced)), "ids", 409);
    }
    const changes: Change[] = [];
    for (const trade of due) {
      const change = await writeOne(db, user, request.action, trade.id, priceOf);
      // The rows are locked: a write that finds nothing means the actor lost the right mid-way.
      if (!change) return refuse(bulkNotChangeable(tradeIdList([trade.id])), "ids", 403);
      changes.push(change);
    }
    return succeed({ result: { message: bulkDoneMessage(request.action, changes.length, found.length - due.length), changed: changes.length }, changes });
  });
}

/** One trade's write, the same model call its single action makes. */
async function writeOne(db: AppDatabase, user: Actor, action: BulkTradeAction, id: number, priceOf: (symbolCode: string) => number | null): Promise<Change | null> {
  switch (action) {
    case "verify": {
      const trade = await setTradeVerified(db, user, id, true);
      return trade ? { change: "verified", trade } : null;
    }
    case "close": {
      // The edit form's status switch path: closing fills the open side with the live price.
      const updated = await setTradeStatus(db, user, id, false, priceOf);
      return updated ? describeUpdate(updated) : null;
    }
    case "delete": {
      const trade = await deleteTrade(db, user, id);
      return trade ? { change: "deleted", trade } : null;
    }
  }
}
