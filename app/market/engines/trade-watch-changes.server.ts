// Trade writes tell the SL/target watch which trades to re-read (change-bus.server.ts):
// created, edited, closed, re-opened or deleted (docs/decisions/168).
import type { RealtimeHub } from "~/realtime/hub.server";
import { announceChanges, onChanges } from "./change-bus.server";

const TRADES_CHANGED = "trades-changed";

/** Called after a trade write has committed. */
export function announceTradeChanges(hub: Pick<RealtimeHub, "io" | "clustered">, tradeIds: readonly number[]) {
  announceChanges(hub, TRADES_CHANGED, tradeIds);
}

export function onTradeChanges(hub: Pick<RealtimeHub, "io">, listener: (tradeIds: number[]) => void): () => void {
  return onChanges(hub, TRADES_CHANGED, listener);
}
