// A trade change, recorded and told: the write and the notification rows (kind 'trade') of the
// owner and the trade staff in one transaction, then the socket events of
// app/domain/trade-notifications.ts to exactly the rooms that table names, once it has
// committed. Everyone whose page hears the event has a row, so a live bell count equals the
// count after a reload.
import type { AppDatabase } from "~/db/client.server";
import {
  tradeNotificationMessage,
  tradeNotificationTargets,
  type TradeChange,
  type TradeNotificationPayload,
  TRADE_STAFF_ROLES,
} from "~/domain/trade-notifications";
import { createNotifications } from "~/models/notification.server";
import { listActiveUserIdsWithRoles } from "~/models/user.server";
import type { RealtimeHub } from "../realtime/hub.server";
import { tradePushMessage } from "~/domain/push";
import type { PushSender } from "./push.server";
import { announceTradeChanges } from "~/market/engines/trade-watch-changes.server";

export interface ChangedTrade {
  id: number;
  userId: number;
  symbolId: number;
  symbolCode: string;
  tradeType: "BUY" | "SELL";
}

/**
 * Runs a trade write (create, update, status, verify, delete) and stores the owner's
 * notification in the same transaction: a failure between the two leaves neither, and no
 * client hears of a change that was rolled back. `write` answers null when there was nothing
 * to change (not found); `describe` names the change and the trade it was made to.
 */
export async function recordTradeChange<T>(
  services: { db: AppDatabase; hub: Pick<RealtimeHub, "emitToAudience" | "io" | "clustered">; push?: Pick<PushSender, "notifyAway"> },
  write: (db: AppDatabase) => Promise<T | null>,
  describe: (result: T) => { change: TradeChange; trade: ChangedTrade },
): Promise<T | null> {
  const outcome = await services.db.transaction(async (tx) => {
    const result = await write(tx);
    if (result === null) return null;
    const { change, trade } = describe(result);
    const message = tradeNotificationMessage(change, trade);
    // A deleted trade's row would point nowhere: the symbol link stays, the text says what happened.
    const staff = await listActiveUserIdsWithRoles(tx, TRADE_STAFF_ROLES);
    const readers = [...new Set([trade.userId, ...staff])];
    await createNotifications(tx, { userIds: readers, kind: "trade", message, symbolId: trade.symbolId });
    return { result, change, trade, message, readers };
  });
  if (!outcome) return null;
  const { change, trade, message, readers } = outcome;
  const payload: TradeNotificationPayload = {
    change,
    tradeId: trade.id,
    userId: trade.userId,
    symbolCode: trade.symbolCode,
    tradeType: trade.tradeType,
    message,
  };
  for (const target of tradeNotificationTargets(change, trade.userId)) {
    services.hub.emitToAudience(target, target.event, payload);
  }
  // The SL/target watch re-reads the trade: its levels, its state, or its absence (docs/decisions/168).
  announceTradeChanges(services.hub, [trade.id]);
  // Everyone with a row whose devices opted in and who has no tab open hears it by push (docs/decisions/153).
  const pushMessage = tradePushMessage({ tradeId: trade.id, symbolCode: trade.symbolCode, message });
  services.push?.notifyAway(readers.map((userId) => ({ userId, symbolCode: trade.symbolCode, message: pushMessage })));
  return outcome.result;
}
