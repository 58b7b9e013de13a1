// The day's Kite instrument dump, stored (docs/decisions/175): written by the Kite feed once a
// day, read by the feed, /Token and the symbol list in whichever process serves them.
import type { AppDatabase } from "~/db/client.server";
import { kiteInstruments } from "~/db/schema";
import type { KiteInstrument } from "~/domain/kite-instruments";

// About 13 columns a row: 1,000 rows stay well under PostgreSQL's 65,535 parameters.
const CHUNK = 1000;

/** The IST day (yyyy-mm-dd) of the stored dump, or null when none is stored. */
export async function storedKiteInstrumentsDay(db: AppDatabase): Promise<string | null> {
  const rows = await db.select({ listedOn: kiteInstruments.listedOn }).from(kiteInstruments).limit(1);
  return rows[0]?.listedOn ?? null;
}

/** The stored dump as the domain reads it. */
export async function listStoredKiteInstruments(db: AppDatabase): Promise<KiteInstrument[]> {
  const rows = await db.select().from(kiteInstruments);
  return rows.map((r) => ({
    instrument_token: r.instrumentToken,
    exchange_token: r.exchangeToken,
    tradingsymbol: r.tradingsymbol,
    name: r.name,
    last_price: r.lastPrice,
    expiry: r.expiry,
    strike: r.strike,
    tick_size: r.tickSize,
    lot_size: r.lotSize,
    instrument_type: r.instrumentType,
    segment: r.segment,
    exchange: r.exchange,
  }));
}

/**
 * Replaces the stored dump with `day`'s, in one transaction: a reader sees yesterday's dump or
 * today's, never a mix or an empty table. A token listed twice keeps its last row, as a map would.
 */
export async function replaceKiteInstruments(db: AppDatabase, day: string, instruments: readonly KiteInstrument[]): Promise<number> {
  const byToken = new Map(instruments.map((i) => [i.instrument_token, i]));
  const rows = [...byToken.values()].map((i) => ({
    instrumentToken: i.instrument_token,
    exchangeToken: i.exchange_token,
    tradingsymbol: i.tradingsymbol,
    name: i.name,
    lastPrice: i.last_price,
    expiry: i.expiry,
    strike: i.strike,
    tickSize: i.tick_size,
    lotSize: i.lot_size,
    instrumentType: i.instrument_type,
    segment: i.segment,
    exchange: i.exchange,
    listedOn: day,
  }));
  await db.transaction(async (tx) => {
    await tx.delete(kiteInstruments);
    for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(kiteInstruments).values(rows.slice(i, i + CHUNK));
  });
  return rows.length;
}
