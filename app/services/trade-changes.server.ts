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
  TRADE_NOTIFICATION_KIND,
  TRADE_STAFF_ROLES,
  tradeNotificationReaders,
} from "~/domain/trade-notifications";
import { createNotifications, createNotificationsOfNotices } from "~/models/notification.server";
import { listActiveUserIdsWithRoles } from "~/models/user.server";
import type { RealtimeHub } from "../realtime/hub.server";
import { tradePushMessage } from "~/domain/push";
import type { Outcome, Problem } from "~/domain/outcome";
import type { PushSender } from "./push.server";
import { announceTradeChanges } from "~/market/engines/trade-watch-changes.server";

export interface ChangedTrade {
  id: number;
  userId: number;
  symbolId: number;
  symbolCode: string;
  tradeType: "BUY" | "SELL";
}

/** What a trade change reaches: the database, the sockets (the SL/target watch hears through them too) and Web Push. */
type Services = { db: AppDatabase; hub: Pick<RealtimeHub, "emitToAudience" | "io" | "clustered">; push?: Pick<PushSender, "notifyAway"> };

/**
 * Runs a trade write (create, update, status, verify, delete) and stores the owner's
 * notification in the same transaction: a failure between the two leaves neither, and no
 * client hears of a change that was rolled back. `write` answers null when there was nothing
 * to change (not found); `describe` names the change and the trade it was made to.
 */
export async function recordTradeChange<T>(
  services: Services,
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
    const readers = tradeNotificationReaders(trade.userId, staff);
    await createNotifications(tx, { userIds: readers, kind: TRADE_NOTIFICATION_KIND, message, symbolId: trade.symbolId });
    return { result, change, trade, message, readers };
  });
  if (!outcome) return null;
  announceTradeChange(services, outcome);
  return outcome.result;
}


/** The socket events and the pushes of one committed change, as recordTradeChange sends them. */
function announceTradeChange(services: Services, { change, trade, message, readers }: { change: TradeChange; trade: ChangedTrade; message: string; readers: number[] }) {
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
}

/** A refusal from inside a bulk write: thrown to roll the transaction back, caught below. */
class RolledBack extends Error {
  constructor(readonly problem: Problem) {
    super(problem.message);
  }
}

/**
 * Several trade changes as one (the list's bulk actions, docs/decisions/172): every write and
 * every trade's notification rows in ONE transaction, then each trade's events and pushes
 * exactly as recordTradeChange sends them, once it has committed. `write` answers a refusal to
 * change nothing at all: the transaction is rolled back, no row and no event remain.
 */
export async function recordTradeChanges<T>(
  services: Services,
  write: (db: AppDatabase) => Promise<Outcome<{ result: T; changes: { change: TradeChange; trade: ChangedTrade }[] }>>,
): Promise<Outcome<T>> {
  let committed: { result: T; told: { change: TradeChange; trade: ChangedTrade; message: string; readers: number[] }[] };
  try {
    committed = await services.db.transaction(async (tx) => {
      const written = await write(tx);
      if (!written.ok) throw new RolledBack(written.problem);
      const staff = written.value.changes.length > 0 ? await listActiveUserIdsWithRoles(tx, TRADE_STAFF_ROLES) : [];
      const told = written.value.changes.map(({ change, trade }) => ({
        change,
        trade,
        message: tradeNotificationMessage(change, trade),
        readers: tradeNotificationReaders(trade.userId, staff),
      }));
      // A bulk change's rows in one statement, whatever the number of trades and staff.
      await createNotificationsOfNotices(
        tx,
        told.map(({ trade, message, readers }) => ({ userIds: readers, kind: TRADE_NOTIFICATION_KIND, message, symbolId: trade.symbolId })),
      );
      return { result: written.value.result, told };
    });
  } catch (error) {
    if (error instanceof RolledBack) return { ok: false, problem: error.problem };
    throw error;
  }
  for (const one of committed.told) announceTradeChange(services, one);
  return { ok: true, value: committed.result };
}
