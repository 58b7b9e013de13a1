// Listing symbols from NSE's index constituent list (the import command): missing sectors and
// symbols are created, existing ones are left as they are.
import { inArray, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { sectors, symbols } from "~/db/schema";
import { symbolsByCodes } from "~/models/symbol.server";

export interface ListingEntry {
  symbolCode: string;
  description: string;
  /** The industry name, used as the sector name. */
  industry: string;
}

export interface ListingResult {
  createdSectors: string[];
  /** Codes created, in input order. */
  createdSymbols: string[];
  /** Codes that were already listed (left unchanged). */
  existingSymbols: string[];
}

const CHUNK = 500;

/**
 * In one transaction: creates the sectors (matched by name, any case) and symbols (matched by
 * code, any case) that do not exist yet. New symbols are NSE cash symbols with status off: listed,
 * but the feed does not tick them until an admin activates them (ARCHITECTURE "Data volume").
 */
export async function addListedSymbols(db: AppDatabase, entries: readonly ListingEntry[]): Promise<ListingResult> {
  return db.transaction(async (tx) => {
    const industries = [...new Map(entries.filter((e) => e.industry.trim() !== "").map((e) => [e.industry.trim().toUpperCase(), e.industry.trim()])).entries()];
    const sectorIdByName = new Map<string, number>();
    const createdSectors: string[] = [];
    if (industries.length > 0) {
      const found = await tx
        .select({ id: sectors.id, name: sectors.sectorName })
        .from(sectors)
        .where(inArray(sql`upper(${sectors.sectorName})`, industries.map(([upper]) => upper)));
      for (const s of found) sectorIdByName.set(s.name.toUpperCase(), s.id);
      const missing = industries.filter(([upper]) => !sectorIdByName.has(upper)).map(([, name]) => name);
      if (missing.length > 0) {
        const inserted = await tx
          .insert(sectors)
          .values(missing.map((name) => ({ sectorName: name, description: "" })))
          .returning({ id: sectors.id, name: sectors.sectorName });
        for (const s of inserted) sectorIdByName.set(s.name.toUpperCase(), s.id);
        createdSectors.push(...missing);
      }
    }

    const existing = await symbolsByCodes(tx, entries.map((e) => e.symbolCode));
    const seen = new Set<string>();
    const fresh: ListingEntry[] = [];
    const existingSymbols: string[] = [];
    for (const entry of entries) {
      const code = entry.symbolCode.trim().toUpperCase();
      if (seen.has(code)) continue;
      seen.add(code);
      if (existing.has(code)) existingSymbols.push(code);
      else fresh.push({ ...entry, symbolCode: code });
    }
    for (let i = 0; i < fresh.length; i += CHUNK) {
      await tx.insert(symbols).values(
        fresh.slice(i, i + CHUNK).map((e) => ({
          symbolCode: e.symbolCode,
          description: e.description,
          sectorId: sectorIdByName.get(e.industry.trim().toUpperCase()) ?? null,
          segment: "NSE",
          status: false,
        })),
      );
    }
    return { createdSectors, createdSymbols: fresh.map((e) => e.symbolCode), existingSymbols };
  });
}
