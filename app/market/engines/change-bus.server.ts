// Writes tell the tick engines what to re-read (alerts by symbol, trades by id). Actions reach
// an engine through the hub in the load context: locally through an emitter tied to the hub,
// and to the other processes (where the engine may lead) through socket.io's serverSideEmit
// over Redis.
import { EventEmitter } from "node:events";
import type { RealtimeHub } from "~/realtime/hub.server";

// Kept on the io object under a registered symbol, not in a module-level map: server.ts and
// the Remix build are separate bundles, each with its own copy of this module, and the engine
// (server.ts) must hear what the actions (the build) announce.
const BUS = Symbol.for("nse-signals.alert-changes");

function busOf(hub: Pick<RealtimeHub, "io">): EventEmitter {
  const holder = hub.io as unknown as Record<symbol, EventEmitter | undefined>;
  return (holder[BUS] ??= new EventEmitter());
}

/** Tells the engine listening on `channel` (here and on the other processes) which ids changed. */
export function announceChanges(hub: Pick<RealtimeHub, "io" | "clustered">, channel: string, ids: readonly number[]) {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  busOf(hub).emit(channel, unique);
  if (hub.clustered) {
    try {
      hub.io.serverSideEmit(channel, unique);
    } catch (error) {
      // The engine's periodic reload catches up.
      console.warn(`[${channel}] could not tell other processes: ${(error as Error).message}`);
    }
  }
}

/** An engine listens here; returns the function that stops listening. */
export function onChanges(hub: Pick<RealtimeHub, "io">, channel: string, listener: (ids: number[]) => void): () => void {
  const bus = busOf(hub);
  const fromPeers = (ids: unknown) => {
    if (Array.isArray(ids)) listener(ids.filter((x): x is number => Number.isInteger(x)));
  };
  bus.on(channel, listener);
  // serverSideEmit from other processes arrives as an io-level event.
  (hub.io as unknown as EventEmitter).on(channel, fromPeers);
  return () => {
    bus.off(channel, listener);
    (hub.io as unknown as EventEmitter).off(channel, fromPeers);
  };
}
