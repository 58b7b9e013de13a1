// Encoders for the binary frames Kite Connect's ticker (wss://ws.kite.trade, v3) sends, so a test
// server can speak the real protocol to the official client. Pure: Buffers in, Buffers out.
//
// Layout (Kite's "Message structure", checked against kiteconnect 5.3.0's dist/lib/ticker.js,
// which is what decodes these in the tests). Everything is big-endian.
//   frame:   int16 packet count, then for each packet: int16 length, the packet's bytes.
//   ltp:     8 bytes   token, last price.
//   quote:   44 bytes  token, last price, last quantity, average price, volume, buy quantity,
//                      sell quantity, open, high, low, close.
//   full:    184 bytes quote + last trade time, oi, oi day high, oi day low, exchange time,
//                      then 10 depth entries (5 bids, 5 offers) of 12 bytes:
//                      int32 quantity, int32 price, int16 orders, 2 bytes padding.
//   index:   28 bytes (quote) token, last price, high, low, open, close, price change;
//            32 bytes (full) the same + exchange time. An index in ltp mode is the 8-byte packet.
//   heartbeat: a 1-byte binary message.
// The low byte of an instrument token is its segment (1 NSE, 2 NFO, 3 CDS, 4 BSE, 5 BFO, 6 BCD,
// 7 MCX, 8 MCX-SX, 9 indices). Prices travel as integers: paise for every segment the product
// uses; CDS and BCD use finer scales, kept here so a packet never decodes to a wrong price.

export type KiteMode = "ltp" | "quote" | "full";

export interface KiteDepthLevel {
  quantity: number;
  /** Rupees. */
  price: number;
  orders: number;
}

/**
 * One instrument's state for a tick. The names are the ones the official client decodes into,
 * so a test can compare what it sent with what the client produced without a translation table.
 * Prices are in rupees (encoded as paise); missing numbers are sent as 0, missing times as 0
 * (which the client reads as null).
 */
export interface KiteTickInput {
  instrument_token: number;
  last_price: number;
  last_traded_quantity?: number;
  average_traded_price?: number;
  volume_traded?: number;
  total_buy_quantity?: number;
  total_sell_quantity?: number;
  ohlc?: { open: number; high: number; low: number; close: number };
  /**
   * Index packets only: the "price change" field, in rupees (sent as paise; default last − close).
   * The client ignores it unless close is 0, and then reports the raw integer undivided; it
   * otherwise computes `change` itself as a percentage of close.
   */
  net_change?: number;
  /** Full mode; whole seconds go on the wire. */
  last_trade_time?: Date | null;
  oi?: number;
  oi_day_high?: number;
  oi_day_low?: number;
  /** Full mode (and an index's full mode); whole seconds go on the wire. */
  exchange_timestamp?: Date | null;
  /** Full mode: up to five levels a side; missing levels go out as zeros, as Kite sends an empty book. */
  depth?: { buy: KiteDepthLevel[]; sell: KiteDepthLevel[] };
}

export const KITE_SEGMENT = { NSE: 1, NFO: 2, CDS: 3, BSE: 4, BFO: 5, BCD: 6, MCX: 7, MCXSX: 8, INDICES: 9 } as const;

export const PACKET_LENGTH = { ltp: 8, quote: 44, full: 184, indexQuote: 28, indexFull: 32 } as const;

const DEPTH_LEVELS_PER_SIDE = 5;
const DEPTH_ENTRY_LENGTH = 12;
const DEPTH_OFFSET = 64;

export function segmentOfToken(instrumentToken: number): number {
  return instrumentToken & 0xff;
}

export function isIndexToken(instrumentToken: number): boolean {
  return segmentOfToken(instrumentToken) === KITE_SEGMENT.INDICES;
}

/** The integer units per rupee on the wire for this instrument's segment (the divisor the client applies). */
export function priceScaleOf(instrumentToken: number): number {
  const segment = segmentOfToken(instrumentToken);
  if (segment === KITE_SEGMENT.CDS) return 10_000_000;
  if (segment === KITE_SEGMENT.BCD) return 10_000;
  return 100;
}

function seconds(time: Date | null | undefined): number {
  return time ? Math.floor(time.getTime() / 1000) : 0;
}

/**
 * Writes int32 fields in order. Buffer's writer throws a RangeError outside int32, which is what
 * we want: the official client reads every 4-byte field as a signed int32 (its buf2long), so a
 * larger value could not round-trip anyway.
 */
function writeInt32s(packet: Buffer, offset: number, values: number[]): void {
  values.forEach((value, i) => packet.writeInt32BE(value, offset + i * 4));
}

function writeHeader(packet: Buffer, tick: KiteTickInput): number {
  const scale = priceScaleOf(tick.instrument_token);
  // The token is unsigned on the wire; tokens of BSE derivatives exceed int32's range.
  packet.writeUInt32BE(tick.instrument_token, 0);
  packet.writeInt32BE(Math.round(tick.last_price * scale), 4);
  return scale;
}

export function encodeLtpPacket(tick: Pick<KiteTickInput, "instrument_token" | "last_price">): Buffer {
  const packet = Buffer.alloc(PACKET_LENGTH.ltp);
  writeHeader(packet, tick);
  return packet;
}

/** A tradable instrument's quote (44 bytes) or full (184 bytes) packet. */
export function encodeTradablePacket(tick: KiteTickInput, mode: "quote" | "full"): Buffer {
  const packet = Buffer.alloc(mode === "full" ? PACKET_LENGTH.full : PACKET_LENGTH.quote);
  const scale = writeHeader(packet, tick);
  const price = (rupees: number | undefined) => Math.round((rupees ?? 0) * scale);
  const ohlc = tick.ohlc ?? { open: 0, high: 0, low: 0, close: 0 };
  writeInt32s(packet, 8, [
    tick.last_traded_quantity ?? 0,
    price(tick.average_traded_price),
    tick.volume_traded ?? 0,
    tick.total_buy_quantity ?? 0,
    tick.total_sell_quantity ?? 0,
    price(ohlc.open),
    price(ohlc.high),
    price(ohlc.low),
    price(ohlc.close),
  ]);
  if (mode === "quote") return packet;
  writeInt32s(packet, 44, [
    seconds(tick.last_trade_time),
    tick.oi ?? 0,
    tick.oi_day_high ?? 0,
    tick.oi_day_low ?? 0,
    seconds(tick.exchange_timestamp),
  ]);
  const sides = [tick.depth?.buy ?? [], tick.depth?.sell ?? []];
  sides.forEach((levels, side) => {
    if (levels.length > DEPTH_LEVELS_PER_SIDE) throw new RangeError(`Kite's depth has ${DEPTH_LEVELS_PER_SIDE} levels a side, got ${levels.length}`);
    levels.forEach((level, i) => {
      const at = DEPTH_OFFSET + (side * DEPTH_LEVELS_PER_SIDE + i) * DEPTH_ENTRY_LENGTH;
      packet.writeInt32BE(level.quantity, at);
      packet.writeInt32BE(price(level.price), at + 4);
      packet.writeUInt16BE(level.orders, at + 8); // the client reads these two bytes unsigned
      // The last two bytes of the entry are padding (already zero).
    });
  });
  return packet;
}

/** An index's quote (28 bytes) or full (32 bytes) packet; note the OHLC order differs from a tradable's (high, low, open, close). */
export function encodeIndexPacket(tick: KiteTickInput, mode: "quote" | "full"): Buffer {
  const packet = Buffer.alloc(mode === "full" ? PACKET_LENGTH.indexFull : PACKET_LENGTH.indexQuote);
  const scale = writeHeader(packet, tick);
  const ohlc = tick.ohlc ?? { open: 0, high: 0, low: 0, close: 0 };
  const netChange = tick.net_change ?? (ohlc.close ? tick.last_price - ohlc.close : 0);
  writeInt32s(
    packet,
    8,
    [ohlc.high, ohlc.low, ohlc.open, ohlc.close, netChange].map((rupees) => Math.round(rupees * scale)),
  );
  if (mode === "full") packet.writeInt32BE(seconds(tick.exchange_timestamp), 28);
  return packet;
}

/** The packet Kite sends for this instrument in this mode (an index's own layout for index tokens). */
export function encodePacket(tick: KiteTickInput, mode: KiteMode): Buffer {
  if (mode === "ltp") return encodeLtpPacket(tick);
  return isIndexToken(tick.instrument_token) ? encodeIndexPacket(tick, mode) : encodeTradablePacket(tick, mode);
}

/** One WebSocket binary message carrying these packets. */
export function encodeFrame(packets: readonly Buffer[]): Buffer {
  const header = Buffer.alloc(2);
  header.writeUInt16BE(packets.length, 0);
  const parts: Buffer[] = [header];
  for (const packet of packets) {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(packet.length, 0);
    parts.push(length, packet);
  }
  return Buffer.concat(parts);
}

/** Kite's keep-alive: a 1-byte binary message (the client only notes that something arrived). */
export function encodeHeartbeat(): Buffer {
  return Buffer.alloc(1);
}
