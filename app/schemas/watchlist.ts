// The watchlist forms: create (the create-watchlist modal), add a symbol, and the intents of
// the watchlist action. The documents give no message for the name; ours is in the same voice.
import * as z from "zod";
import { recordId } from "~/schemas/record-id";

export const ENTER_WATCHLIST_NAME = "Please enter a watchlist name";
export const WATCHLIST_CREATED = "Watchlist created successfully";
export const WATCHLIST_DELETED = "Watchlist deleted successfully";
export const WATCHLIST_REORDERED = "Watchlists reordered";
export const SYMBOL_ADDED = "Symbol added to watchlist";
export const SYMBOL_REMOVED = "Symbol removed from watchlist";
export const SYMBOL_ALREADY_LISTED = "This symbol is already in the watchlist";
export const SELECT_WATCHLIST_SYMBOL = "Please select a symbol";

/** Why a symbol cannot be added, naming it (a customer must see that it is its subscription). */
export function symbolRefusal(problem: "unknown" | "inactive" | "not-subscribed", code: string): string {
  const name = code.trim().toUpperCase();
  if (problem === "unknown") return `${name} is not a listed symbol`;
  if (problem === "inactive") return `${name} is not active at the moment`;
  return `${name} is not in your subscription`;
}

const id = recordId();

export const createWatchlistSchema = z.object({
  intent: z.literal("create"),
  watchlistName: z.string({ error: ENTER_WATCHLIST_NAME }).trim().min(1, ENTER_WATCHLIST_NAME).max(60, "Name is too long"),
});

export const addSymbolSchema = z.object({
  intent: z.literal("add-symbol"),
  watchlistId: id,
  symbol: z.string({ error: SELECT_WATCHLIST_SYMBOL }).trim().min(1, SELECT_WATCHLIST_SYMBOL).max(40),
});

/** A new order of the user's watchlists (drag and drop): every one of its watchlist ids. */
export const reorderWatchlistsSchema = z.object({ intent: z.literal("reorder"), ids: z.array(id).min(1).max(500) });

export const removeSymbolSchema = z.object({ intent: z.literal("remove-symbol"), watchlistId: id, symbolId: id });

export const watchlistIntentSchema = z.discriminatedUnion("intent", [
  createWatchlistSchema,
  addSymbolSchema,
  z.object({ intent: z.literal("delete"), watchlistId: id }),
  z.object({ intent: z.literal("move"), watchlistId: id, direction: z.enum(["up", "down"]) }),
  reorderWatchlistsSchema,
  removeSymbolSchema,
]);
