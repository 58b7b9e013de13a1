// The SL/target watch (docs/decisions/168): every tick is checked against the watched levels of
// its symbol through the sorted index (trade-watch-index.ts), so its work is the levels it
// reaches. A reached level leaves the index at once; then, in one transaction, the first hit is
// stored on the trade, the trade is closed at that price when its owner asked for it (the
// journal's own close path, setTradeStatus), and the owner and trade staff get a notification
// row. Once committed, the trade-notification events go to the same audience as any trade
// change, but only to users entitled to the symbol (emitToEntitled), and by Web Push to those
// with no tab open.
import { setImmediate as setImmediatePromise } from "node:timers/promises";
import type { AppDatabase } from "~/db/client.server";
import { levelHitMessage, type WatchedLevel } from "~/domain/trade-watch";
import { tradeNotificationReaders, tradeNotificationTargets, TRADE_NOTIFICATION_KIND, TRADE_STAFF_ROLES, type TradeNotificationPayload } from "~/domain/trade-notifications";
import { tradePushMessage } from "~/domain/push";
import { createNotificationsOfNotices } from "~/models/notification.server";
import { setTradeStatus } from "~/models/trade.server";
import { listHitTrades, listWatchedTrades, storeLevelHits } from "~/models/trade-watch.server";
import { listActiveUserIdsWithRoles } from "~/models/user.server";
import type { RealtimeHub } from "~/realtime/hub.server";
import type { MarketEngine } from "../engine.server";
import type { NotifyAway } from "./alert-engine.server";
import { TradeWatchIndex, type IndexedLevel } from "./trade-watch-index";
import { onTradeChanges } from "./trade-watch-changes.server";

export interface TradeWatch {
  index: TradeWatchIndex;
  /** Re-reads these trades (all when omitted) into the index. */
  reload(tradeIds?: readonly number[]): Promise<void>;
  /** Resolves when every hit so far is stored, closed where asked, and told. */
  idle(): Promise<void>;
  stop(): void;
}

/** One stored hit, as it was told. */
export interface TradeLevelHitNotice extends TradeNotificationPayload {
  level: WatchedLevel;
  price: number;
  /** Epoch ms of the tick. */
  at: number;
  closed: boolean;
}

/** Hit notices sent per turn of the event loop. */
const EMIT_SLICE = 5;

/** Levels reached by one tick stored per transaction (with 100 staff, about 2,000 notification rows). */
export const HITS_PER_TRANSACTION = 20;

export async function attachTradeWatch(
  engine: Pick<MarketEngine, "onTick">,
  deps: {
    db: AppDatabase;
    hub: Pick<RealtimeHub, "io" | "emitToEntitled">;
    notifyAway?: NotifyAway;
    refreshMs?: number;
    log?: (line: string) => void;
  },
): Promise<TradeWatch> {
  const log = deps.log ?? ((line: string) => console.log(line));
  const index = new TradeWatchIndex();
  // Trades whose hit is being stored: a reload that races the write must not bring the level back.
  const storing = new Map<number, number>();
  let chain: Promise<void> = Promise.resolve();

  const reload = async (tradeIds?: readonly number[]) => {
    const rows = (await listWatchedTrades(deps.db, tradeIds)).filter((t) => !storing.has(t.id));
    if (tradeIds) index.replaceTrades(tradeIds.filter((id) => !storing.has(id)), rows);
    else {
      index.clear();
      for (const t of rows) index.add(t);
    }
  };
  await reload();

  const stopListening = onTradeChanges(deps.hub, (tradeIds) => {
    reload(tradeIds).catch((error) => log(`[trade-watch] reload failed: ${(error as Error).message}`));
  });
  // A safety net for a lost signal (another process restarting, Redis down for a moment).
  const timer = setInterval(() => reload().catch((error) => log(`[trade-watch] reload failed: ${(error as Error).message}`)), deps.refreshMs ?? 60_000);
  timer.unref();

  const hold = (levels: readonly IndexedLevel[], delta: 1 | -1) => {
    for (const l of levels) {
      const n = (storing.get(l.tradeId) ?? 0) + delta;
      if (n > 0) storing.set(l.tradeId, n);
      else storing.delete(l.tradeId);
    }
  };

  engine.onTick((symbol, quote) => {
    const reached = index.take(symbol.id, quote.last);
    if (reached.length === 0) return;
    hold(reached, 1);
    const price = quote.last;
    const at = new Date(quote.time);
    // Writes are serialised so notifications keep tick order. A few trades per transaction: each
    // trade's hit and its rows commit together, and on the embedded database (one session) pages
    // are served between the transactions instead of after all of a crossing's rows.
    for (let from = 0; from < reached.length; from += HITS_PER_TRANSACTION) {
      const part = reached.slice(from, from + HITS_PER_TRANSACTION);
      chain = chain
        .then(() => storeAndTell(part, price, at))
        .catch((error) => log(`[trade-watch] storing ${part.length} hits failed: ${(error as Error).message}`))
        .finally(() => hold(part, -1));
    }
  });

  async function storeAndTell(reached: readonly IndexedLevel[], price: number, at: Date) {
    const told = await deps.db.transaction(async (tx) => {
      const stored: { tradeId: number; level: WatchedLevel }[] = [];
      for (const level of ["sl", "target"] as const) {
        const ids = reached.filter((l) => l.level === level).map((l) => l.tradeId);
        for (const id of await storeLevelHits(tx, { tradeIds: ids, level, price, at })) stored.push({ tradeId: id, level });
      }
      if (stored.length === 0) return [];
      const trades = new Map((await listHitTrades(tx, stored.map((s) => s.tradeId))).map((t) => [t.id, t]));
      const staff = await listActiveUserIdsWithRoles(tx, TRADE_STAFF_ROLES);
      const closedNow = new Set<number>();
      const notices: { notice: TradeLevelHitNotice; readers: number[]; symbolId: number }[] = [];
      for (const { tradeId, level } of stored) {
        const trade = trades.get(tradeId);
        if (!trade) continue;
        let closed = false;
        if (trade.closeOnHit && !closedNow.has(tradeId)) {
          // The journal's close: the exit price is the hit price, the exit time the tick's, so the PNL freezes there.
          const result = await setTradeStatus(tx, { id: trade.userId, roleId: trade.ownerRoleId }, tradeId, false, () => price, at);
          closed = result?.statusChange === "closed";
          if (closed) closedNow.add(tradeId);
        }
        const message = levelHitMessage(level, trade, price, closed);
        const readers = tradeNotificationReaders(trade.userId, staff);
        notices.push({
          readers,
          symbolId: trade.symbolId,
          notice: {
            change: level === "sl" ? "sl-hit" : "target-hit",
            tradeId,
            userId: trade.userId,
            symbolCode: trade.symbolCode,
            tradeType: trade.tradeType,
            message,
            level,
            price,
            at: at.getTime(),
            closed,
          },
        });
      }
      // Every hit's rows in one statement: hundreds of trades on one level, each told to its owner and the staff.
      await createNotificationsOfNotices(
        tx,
        notices.map(({ notice, readers, symbolId }) => ({ userIds: readers, kind: TRADE_NOTIFICATION_KIND, message: notice.message, symbolId })),
      );
      return notices;
    });
    for (const [index, { notice, readers }] of told.entries()) {
      // Hundreds of hits on one tick reach every staff socket with each notice: a slice at a
      // time, so pages and ticks are served between them instead of after seconds of sends.
      if (index > 0 && index % EMIT_SLICE === 0) await setImmediatePromise();
      for (const target of tradeNotificationTargets(notice.change, notice.userId)) {
        deps.hub.emitToEntitled(notice.symbolCode, target.event, notice, { roles: target.roles, userIds: target.userIds });
      }
      deps.notifyAway?.(readers.map((userId) => ({ userId, symbolCode: notice.symbolCode, message: tradePushMessage({ tradeId: notice.tradeId, symbolCode: notice.symbolCode, message: notice.message }) })));
    }
  }

  return {
    index,
    reload,
    idle: async () => {
      let seen: Promise<void>;
      do {
        seen = chain;
        await seen;
      } while (seen !== chain);
    },
    stop: () => {
      clearInterval(timer);
      stopListening();
    },
  };
}
