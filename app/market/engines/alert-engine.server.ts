// docs/product-rules.md R-D16: every tick is checked against the active alerts of its symbol through the
// sorted index (alert-index.ts); a fired alert leaves the index at once (once per crossing),
// then is marked fired and its notifications are stored and pushed to the recipients entitled
// to the symbol.
import type { AppDatabase } from "~/db/client.server";
import { alertMessage } from "~/domain/alerts";
import { formatIstDateTime } from "~/domain/dates";
import { notificationsSince } from "~/domain/notifications";
import { formatNumber } from "~/domain/format";
import { alertPushMessage, type PushMessage } from "~/domain/push";
import { fireAlerts, listActiveAlerts } from "~/models/alert.server";
import { ALERT_NOTIFICATION_EVENT, type AlertNotificationPayload } from "~/realtime/events";
import type { RealtimeHub } from "~/realtime/hub.server";
import type { MarketEngine } from "../engine.server";
import { AlertIndex } from "./alert-index";
import { onAlertChanges } from "./alert-changes.server";

export interface AlertEngine {
  index: AlertIndex;
  /** Re-reads the alerts of these symbols (all when omitted) into the index. */
  reload(symbolIds?: readonly number[]): Promise<void>;
  /** Resolves when every fired alert so far is stored and pushed. */
  idle(): Promise<void>;
  stop(): void;
}

/** Most fired alerts stored in one transaction. */
export const MAX_BATCH = 1000;

/** Tells users with no tab open, by Web Push (services/push: fire-and-forget, never throws). */
export type NotifyAway = (notices: { userId: number; symbolCode?: string; message: PushMessage }[]) => void;

export async function attachAlertEngine(
  engine: Pick<MarketEngine, "onTick">,
  deps: {
    db: AppDatabase;
    hub: Pick<RealtimeHub, "io" | "emitToEntitled">;
    notifyAway?: NotifyAway;
    refreshMs?: number;
    log?: (line: string) => void;
  },
): Promise<AlertEngine> {
  const log = deps.log ?? ((line: string) => console.log(line));
  const index = new AlertIndex();
  // Alerts fired but not yet stored: a reload that races the write must not bring them back.
  const firing = new Set<number>();
  let chain: Promise<void> = Promise.resolve();

  const reload = async (symbolIds?: readonly number[]) => {
    const rows = (await listActiveAlerts(deps.db, symbolIds)).filter((a) => !firing.has(a.id));
    if (symbolIds) index.replaceSymbols(symbolIds, rows);
    else {
      index.clear();
      for (const a of rows) index.add(a);
    }
  };
  await reload();

  const stopListening = onAlertChanges(deps.hub, (symbolIds) => {
    reload(symbolIds).catch((error) => log(`[alerts] reload failed: ${(error as Error).message}`));
  });
  // A safety net for a lost signal (another process restarting, Redis down for a moment).
  const timer = setInterval(() => reload().catch((error) => log(`[alerts] reload failed: ${(error as Error).message}`)), deps.refreshMs ?? 60_000);
  timer.unref();

  // Fired alerts not yet handed to a write, in tick order. The first alert fired while this is
  // empty queues one write behind the previous ones; every alert fired before that write starts
  // (the rest of the feed's batch, or whatever fires while an earlier write is still running)
  // rides in it: one transaction per batch, not per tick, and the tick itself only appends here.
  let pending: { id: number; last: number; time: number }[] = [];

  const store = async (batch: readonly { id: number; last: number; time: number }[]) => {
    const stored = await fireAlerts(
      deps.db,
      batch,
      (alert, code, last) => alertMessage(alert, code, last, (n) => formatNumber(n)),
      // The purge of old notifications as the batch's latest tick would do it.
      notificationsSince(batch.reduce((t, f) => Math.max(t, f.time), -Infinity)),
    );
    for (const n of stored) {
      const payload: AlertNotificationPayload = {
        id: n.id,
        symbolCode: n.symbolCode,
        message: n.message,
        view: n.view,
        mp3Text: n.mp3Text,
        time: formatIstDateTime(n.createdAt),
      };
      deps.hub.emitToEntitled(n.symbolCode, ALERT_NOTIFICATION_EVENT, payload, { userIds: [n.userId] });
    }
    // Stored and emitted; the devices of recipients with no tab open hear it by push (docs/decisions/153).
    deps.notifyAway?.(stored.map((n) => ({ userId: n.userId, symbolCode: n.symbolCode, message: alertPushMessage(n) })));
  };

  // Writes are serialised so notifications keep tick order; never rejects. A backlog larger than
  // a batch goes in several, in order (each statement's parameters stay well under PostgreSQL's limit).
  const flush = () => {
    const batch = pending.length <= MAX_BATCH ? pending : pending.slice(0, MAX_BATCH);
    pending = pending.length <= MAX_BATCH ? [] : pending.slice(MAX_BATCH);
    if (pending.length > 0) chain = chain.then(flush);
    if (batch.length === 0) return Promise.resolve();
    return store(batch)
      .catch((error) => log(`[alerts] firing ${batch.length} alerts failed: ${(error as Error).message}`))
      .finally(() => {
        for (const f of batch) firing.delete(f.id);
      });
  };

  engine.onTick((symbol, quote, previousPrice) => {
    if (previousPrice === null) return;
    const fired = index.take(symbol.id, previousPrice, quote.last);
    if (fired.length === 0) return;
    if (pending.length === 0) chain = chain.then(flush);
    for (const a of fired) {
      firing.add(a.id);
      pending.push({ id: a.id, last: quote.last, time: quote.time });
    }
  });

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
