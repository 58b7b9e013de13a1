// docs/product-rules.md R-D15: a MANDI target is deleted when the day's low reaches it, a TEJI target when
// the day's high does; the deletion is pushed to the symbol's subscribers entitled to it.
import type { AppDatabase } from "~/db/client.server";
import { targetsHit } from "~/domain/targets";
import { deleteReferencePoints, listWatchedTargets, type WatchedTarget } from "~/models/market-events.server";
import { SERVER_EVENTS, type TargetRemovedPayload } from "~/realtime/events";
import type { RealtimeHub } from "~/realtime/hub.server";
import type { MarketEngine } from "../engine.server";

export async function attachTargetWatcher(
  engine: MarketEngine,
  deps: { db: AppDatabase; hub: Pick<RealtimeHub, "emitToEntitled">; refreshMs?: number; log?: (line: string) => void },
) {
  const log = deps.log ?? ((line: string) => console.log(line));
  let bySymbol = new Map<number, WatchedTarget[]>();
  const deleting = new Set<number>();
  const reload = async () => {
    const next = new Map<number, WatchedTarget[]>();
    for (const t of await listWatchedTargets(deps.db)) {
      if (!deleting.has(t.id)) next.set(t.symbolId, [...(next.get(t.symbolId) ?? []), t]);
    }
    bySymbol = next;
  };
  await reload();
  const timer = setInterval(() => reload().catch((e) => log(`[targets] reload failed: ${e.message}`)), deps.refreshMs ?? 30_000);
  timer.unref();

  engine.onTick((symbol, quote) => {
    const points = bySymbol.get(symbol.id);
    if (!points || points.length === 0) return;
    const hit = new Set(targetsHit(points, { low: quote.low, high: quote.high }));
    if (hit.size === 0) return;
    const removed = points.filter((p) => hit.has(p.id));
    bySymbol.set(symbol.id, points.filter((p) => !hit.has(p.id)));
    for (const p of removed) deleting.add(p.id);
    void deleteReferencePoints(deps.db, [...hit])
      .then(() => {
        for (const p of removed) {
          const payload: TargetRemovedPayload = { id: p.id, symbolCode: p.symbolCode, pointName: p.pointName, price: p.price };
          deps.hub.emitToEntitled(p.symbolCode, SERVER_EVENTS.targetRemoved, payload, { subscribers: true });
        }
      })
      .catch((error) => log(`[targets] delete failed: ${error.message}`))
      .finally(() => {
        for (const p of removed) deleting.delete(p.id);
      });
  });
  return { reload, stop: () => clearInterval(timer) };
}
