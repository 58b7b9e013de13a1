// Alert writes tell the alert engine which symbols to re-index. Actions reach it through the
// hub in the load context: locally through an emitter tied to the hub, and to the other
// processes (where the engine may lead) through socket.io's serverSideEmit over Redis.
import { EventEmitter } from "node:events";
import type { RealtimeHub } from "~/realtime/hub.server";

const ALERTS_CHANGED = "alerts-changed";
// Kept on the io object under a registered symbol, not in a module-level map: server.ts and
// the Remix build are separate bundles, each with its own copy of this module, and the engine
// (server.ts) must hear what the actions (the build) announce.
const BUS = Symbol.for("nse-signals.alert-changes");

function busOf(hub: Pick<RealtimeHub, "io">): EventEmitter {
  const holder = hub.io as unknown as Record<symbol, EventEmitter | undefined>;
  return (holder[BUS] ??= new EventEmitter());
}

/** Called by actions after an alert of these symbols was created, edited or deleted. */
export function announceAlertChanges(hub: Pick<RealtimeHub, "io" | "clustered">, symbolIds: readonly number[]) {
  if (symbolIds.length === 0) return;
  const ids = [...new Set(symbolIds)];
  busOf(hub).emit(ALERTS_CHANGED, ids);
  if (hub.clustered) {
    try {
      hub.io.serverSideEmit(ALERTS_CHANGED, ids);
    } catch (error) {
      // The engine's periodic reload catches up.
      console.warn(`[alerts] could not tell other processes: ${(error as Error).message}`);
    }
  }
}

/** The engine listens here; returns the function that stops listening. */
export function onAlertChanges(hub: Pick<RealtimeHub, "io">, listener: (symbolIds: number[]) => void): () => void {
  const bus = busOf(hub);
  const fromPeers = (ids: unknown) => {
    if (Array.isArray(ids)) listener(ids.filter((x): x is number => Number.isInteger(x)));
  };
  bus.on(ALERTS_CHANGED, listener);
  // serverSideEmit from other processes arrives as an io-level event.
  (hub.io as unknown as EventEmitter).on(ALERTS_CHANGED, fromPeers);
  return () => {
    bus.off(ALERTS_CHANGED, listener);
    (hub.io as unknown as EventEmitter).off(ALERTS_CHANGED, fromPeers);
  };
}
