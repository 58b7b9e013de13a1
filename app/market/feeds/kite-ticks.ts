// Kite's ticks as the engine's (issue 23; docs/decisions/175): the official client decodes
// Kite's binary packets into objects, and this turns each into a FeedTick. Pure: no socket here.
import type { FeedTick } from "~/market/feed";

/** The fields of a decoded Kite tick this conversion reads (kiteconnect's LTP, quote and full ticks). */
export interface KiteTickFields {
  instrument_token: number;
  last_price: number;
  tradable?: boolean;
  last_traded_quantity?: number;
  volume_traded?: number;
  exchange_timestamp?: Date | null;
  last_trade_time?: Date | null;
  depth?: { buy: { price: number; quantity: number }[]; sell: { price: number; quantity: number }[] };
}

/**
 * Converts Kite's ticks for the engine, remembering each instrument's cumulative volume.
 *
 * Kite sends a snapshot about once a second whether or not a trade printed, each with the last
 * trade's quantity: summing those quantities would count one trade many times. The volume of a
 * tick is therefore the growth of the day's cumulative volume since the instrument's previous
 * tick (0 when nothing traded; the first tick of a connection only sets the baseline, since the
 * day's earlier volume is back-filled from minute candles, not from a tick). An index has no volume.
 * The time is the exchange's timestamp, else the last trade's, else the receiving clock's.
 * Bid and ask are the best levels of the depth (full mode), when the book has a price there.
 */
export function createKiteTickConverter(symbolOf: (instrumentToken: number) => string | undefined, now: () => number = Date.now) {
  const lastVolume = new Map<number, number>();
  return {
    convert(ticks: readonly KiteTickFields[]): FeedTick[] {
      const out: FeedTick[] = [];
      for (const tick of ticks) {
        const symbolCode = symbolOf(tick.instrument_token);
        if (!symbolCode || !(tick.last_price > 0)) continue;
        let volume = 0;
        if (typeof tick.volume_traded === "number") {
          const previous = lastVolume.get(tick.instrument_token);
          if (previous !== undefined && tick.volume_traded >= previous) volume = tick.volume_traded - previous;
          lastVolume.set(tick.instrument_token, tick.volume_traded);
        }
        const time = tick.exchange_timestamp?.getTime() || tick.last_trade_time?.getTime() || now();
        const converted: FeedTick = { symbolCode, price: tick.last_price, volume, time };
        const bid = tick.depth?.buy[0];
        const ask = tick.depth?.sell[0];
        if (bid && bid.price > 0) converted.bid = bid.price;
        if (ask && ask.price > 0) converted.ask = ask.price;
        out.push(converted);
      }
      return out;
    },
    /** Forgets the baselines: after a reconnect the gap's volume comes from the back-fill. */
    reset() {
      lastVolume.clear();
    },
  };
}
