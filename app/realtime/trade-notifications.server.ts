// Publishes a trade change: the owner's notification row (kind 'trade') and the socket events
// of app/domain/trade-notifications.ts, to exactly the rooms that table names.
import type { AppDatabase } from "~/db/client.server";
import {
  tradeNotificationMessage,
  tradeNotificationTargets,
  type TradeChange,
  type TradeNotificationPayload,
} from "~/domain/trade-notifications";
import { createNotification } from "~/models/notification.server";
import type { RealtimeHub } from "./hub.server";

export async function publishTradeChange(
  services: { db: AppDatabase; hub: Pick<RealtimeHub, "emitToUser" | "emitToRoles"> },
  change: TradeChange,
  trade: { id: number; userId: number; symbolId: number; symbolCode: string; tradeType: "BUY" | "SELL" },
): Promise<void> {
  const message = tradeNotificationMessage(change, trade);
  // A deleted trade's row would point nowhere: the symbol link stays, the text says what happened.
  await createNotification(services.db, { userId: trade.userId, kind: "trade", message, symbolId: trade.symbolId });
  const payload: TradeNotificationPayload = {
    change,
    tradeId: trade.id,
    userId: trade.userId,
    symbolCode: trade.symbolCode,
    tradeType: trade.tradeType,
    message,
  };
  for (const target of tradeNotificationTargets(change, trade.userId)) {
    if ("userId" in target) services.hub.emitToUser(target.userId, target.event, payload);
    else services.hub.emitToRoles(target.roles, target.event, payload);
  }
}
