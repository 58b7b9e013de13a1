// Alert writes tell the alert engine which symbols to re-index (change-bus.server.ts).
import type { RealtimeHub } from "~/realtime/hub.server";
import { announceChanges, onChanges } from "./change-bus.server";

const ALERTS_CHANGED = "alerts-changed";

/** Called by actions after an alert of these symbols was created, edited or deleted. */
export function announceAlertChanges(hub: Pick<RealtimeHub, "io" | "clustered">, symbolIds: readonly number[]) {
  announceChanges(hub, ALERTS_CHANGED, symbolIds);
}

/** The engine listens here; returns the function that stops listening. */
export function onAlertChanges(hub: Pick<RealtimeHub, "io">, listener: (symbolIds: number[]) => void): () => void {
  return onChanges(hub, ALERTS_CHANGED, listener);
}
