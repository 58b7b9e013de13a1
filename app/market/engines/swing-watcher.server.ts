// docs/product-rules.md R-D14 on the day's 1-minute candles: when a minute closes, the swings are recomputed
// and a new swing point is pushed as swing_alert to the symbol's subscribers entitled to it.
import { mergeTickIntoCandle, type Candle } from "~/domain/candles";
import { detectSwings, swingAlertClearsLine } from "~/domain/swing";
import { istDateString } from "~/domain/dates";
import { SERVER_EVENTS, type SwingAlertPayload } from "~/realtime/events";
import type { RealtimeHub } from "~/realtime/hub.server";
import type { MarketEngine } from "../engine.server";

interface DayCandles {
  day: string;
  candles: Candle[];
  swingCount: number;
}

export function attachSwingWatcher(engine: MarketEngine, deps: { hub: Pick<RealtimeHub, "emitToEntitled"> }) {
  const days = new Map<string, DayCandles>();
  engine.onTick((symbol, quote) => {
    const day = istDateString(quote.time);
    let state = days.get(symbol.symbolCode);
    if (!state || state.day !== day) days.set(symbol.symbolCode, (state = { day, candles: [], swingCount: 0 }));
    const last = state.candles.at(-1);
    const merged = mergeTickIntoCandle(last, { time: quote.time, price: quote.last, volume: quote.ltq }, 1);
    if (last && merged.time === last.time) {
      state.candles[state.candles.length - 1] = merged;
      return;
    }
    if (last && merged.time < last.time) return; // a late tick of a closed minute
    // A new minute: the previous one has closed, so look for a new swing in the closed candles.
    const closed = state.candles;
    state.candles = [...closed, merged];
    const swings = detectSwings(closed);
    if (swings.length > state.swingCount) {
      for (const swing of swings.slice(state.swingCount)) {
        const payload: SwingAlertPayload = {
          symbolCode: symbol.symbolCode,
          kind: swing.kind,
          price: swing.price,
          time: swing.time,
          clearLine: swingAlertClearsLine(quote.time),
        };
        deps.hub.emitToEntitled(symbol.symbolCode, SERVER_EVENTS.swingAlert, payload, { subscribers: true });
      }
      state.swingCount = swings.length;
    }
  });
}
