// Watchlists and their symbols (docs/product-rules.md R-TD7, docs/product-rules.md R-AC7 "Watchlists").
// The same service as /watch-list: every read and write is scoped by the owner, so another
// user's watchlist answers 404 and changes nothing; a customer lists and adds only the symbols
// of its subscription (the page's check, with the page's message).
import { json } from "@remix-run/node";
import * as z from "zod";
import {
  addSymbolToWatchlist,
  createWatchlist,
  deleteWatchlist,
  listWatchlists,
  listWatchlistSymbols,
  removeSymbolFromWatchlist,
  reorderWatchlists,
} from "~/services/watchlists.server";
import {
  addSymbolSchema,
  createWatchlistSchema,
  ENTER_WATCHLIST_NAME,
  removeSymbolSchema,
  reorderWatchlistsSchema,
  SELECT_WATCHLIST_SYMBOL as SELECT_SYMBOL,
} from "~/schemas/watchlist";
import { createdShape, dataShape, idParam, isoDateTime, messageShape } from "../shapes";
import { badInput, defineCall, valueOrApiError } from "../types.server";
import { recordId } from "~/schemas/record-id";

const SEND_WATCHLISTS = "Please send the watchlists in their new order";

const watchlistRowShape = z.object({ id: z.number().int(), watchlist_name: z.string(), updated_at: isoDateTime });
const watchlistSymbolShape = z.object({
  watchlist_id: z.number().int(),
  symbol_id: z.number().int(),
  sector_id: z.number().int().nullable(),
  symbolmst: z.object({ symbol_code: z.string() }),
});

/**
 * The documents' {watchlists}: the ids in their new order, or the watchlist objects themselves
 * ({id, ...}); read as the drag-and-drop form's `ids`.
 */
const sequenceBody = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
    const { watchlists, ...rest } = raw as Record<string, unknown>;
    const ids = Array.isArray(watchlists) ? watchlists.map((w) => (w && typeof w === "object" && !Array.isArray(w) && "id" in w ? (w as { id: unknown }).id : w)) : watchlists;
    return { ...rest, ids };
  },
  reorderWatchlistsSchema.omit({ intent: true }).extend({ ids: z.array(recordId(SEND_WATCHLISTS), { error: SEND_WATCHLISTS }).min(1, SEND_WATCHLISTS).max(500) }),
);

/** {watchlist_id, symbol_id, sector_id}: the add-symbol form, with the symbol by id. The symbol's own sector is stored. */
const addSymbolBody = addSymbolSchema.omit({ intent: true, symbol: true }).extend({
  symbolId: recordId(SELECT_SYMBOL),
  sectorId: z.unknown().optional(),
});

const removeSymbolParams = removeSymbolSchema.omit({ intent: true }).extend({
  watchlistId: recordId(),
  symbolId: recordId(),
});

let n = 0;
const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${(n += 1)}`;

export const watchlistCalls = [
  defineCall({
    id: "admin/watchlist/list",
    method: "GET",
    path: "/api/admin/watchlist/list",
    tag: "Watchlists",
    summary: "The caller's own watchlists in their tab order: {id, watchlist_name, updated_at}.",
    page: "/watch-list",
    status: 200,
    response: dataShape(z.array(watchlistRowShape)),
    handle: async ({ context, user }) => {
      const rows = await listWatchlists(context, user);
      return { status: 200, data: rows.map((w) => ({ id: w.id, watchlist_name: w.name, updated_at: w.updatedAt.toISOString() })) };
    },
    sample: () => ({}),
  }),
  defineCall({
    id: "admin/watchlist/create",
    method: "POST",
    path: "/api/admin/watchlist/create",
    tag: "Watchlists",
    summary: "Creates a watchlist for the caller {watchlist_name}; it becomes the last tab.",
    page: "/watch-list",
    body: createWatchlistSchema.omit({ intent: true }),
    aliases: { watchlist_name: "watchlistName" },
    status: 201,
    response: createdShape(),
    handle: async ({ context, user, body }) => {
      const { id, message } = await createWatchlist(context, user, body.watchlistName);
      return { status: 201, message, data: { id } };
    },
    sample: () => ({ body: { watchlist_name: uniqueName("API list") } }),
    invalid: { body: { watchlist_name: "   " }, message: ENTER_WATCHLIST_NAME },
  }),
  defineCall({
    id: "admin/watchlist/sequence",
    method: "POST",
    path: "/api/admin/watchlist/sequence",
    tag: "Watchlists",
    summary:
      "Stores a new tab order {watchlists}: every one of the caller's watchlist ids (or the watchlist objects) in the new order. " +
      "A list that is not exactly the caller's watchlists answers 404 and changes nothing.",
    page: "/watch-list",
    body: sequenceBody,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, body }) => {
      const { message } = valueOrApiError(await reorderWatchlists(context, user, body.ids));
      return { status: 200, message };
    },
    sample: async (f, role) => {
      await f.make.watchlist(role);
      const ids = await f.watchlistIds(role);
      return { body: { watchlists: [...ids].reverse().map((id) => ({ id })) } };
    },
    invalid: { body: { watchlists: [] }, message: SEND_WATCHLISTS },
  }),
  defineCall({
    id: "admin/watchlist/delete",
    method: "DELETE",
    path: "/api/admin/watchlist/{id}",
    tag: "Watchlists",
    summary: "Deletes one of the caller's watchlists with its symbols (another user's answers 404).",
    page: "/watch-list",
    params: idParam,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, params }) => {
      const { message } = valueOrApiError(await deleteWatchlist(context, user, params.id));
      return { status: 200, message };
    },
    sample: async (f, role) => ({ params: { id: await f.make.watchlist(role) } }),
  }),
  defineCall({
    id: "admin/watchlistsymbol/list",
    method: "GET",
    path: "/api/admin/watchlistsymbol/list/{watchlistId}",
    tag: "Watchlists",
    summary: "The symbols of one of the caller's watchlists (a customer: only those its subscription covers); another user's watchlist answers 404.",
    page: "/watch-list",
    params: z.object({ watchlistId: idParam.shape.id }),
    status: 200,
    response: dataShape(z.array(watchlistSymbolShape)),
    handle: async ({ context, user, params }) => {
      const shown = valueOrApiError(await listWatchlistSymbols(context, user, params.watchlistId));
      return {
        status: 200,
        data: shown.map((r) => ({ watchlist_id: params.watchlistId, symbol_id: r.symbolId, sector_id: r.sectorId, symbolmst: { symbol_code: r.symbolCode } })),
      };
    },
    sample: async (f, role) => ({ params: { watchlistId: await f.make.watchlist(role, true) } }),
  }),
  defineCall({
    id: "admin/watchlistsymbol/create",
    method: "POST",
    path: "/api/admin/watchlistsymbol/create",
    tag: "Watchlists",
    summary:
      "Adds a symbol to one of the caller's watchlists {watchlist_id, symbol_id, sector_id}: an active symbol the caller may see (a customer: its subscription), " +
      "stored with its own sector. Already listed: 200 with a message; another user's watchlist: 404.",
    page: "/watch-list",
    body: addSymbolBody,
    aliases: { watchlist_id: "watchlistId", symbol_id: "symbolId", sector_id: "sectorId" },
    status: 201,
    response: z.union([createdShape(), messageShape()]),
    handle: async ({ context, user, body }) => {
      const outcome = await addSymbolToWatchlist(context, user, body.watchlistId, { id: body.symbolId });
      // The refusal is about the symbol, which this call sends as symbol_id.
      if (!outcome.ok && outcome.problem.field === "symbol") badInput(outcome.problem.message, "symbol_id");
      const { symbolId, added, message } = valueOrApiError(outcome);
      if (!added) return json({ status: 200, message }, { status: 200 });
      return { status: 201, message, data: { id: symbolId } };
    },
    sample: async (f, role) => ({ body: { watchlist_id: await f.make.watchlist(role), symbol_id: f.symbolId, sector_id: f.sectorId } }),
    invalid: { body: { watchlist_id: 1 }, message: SELECT_SYMBOL },
  }),
  defineCall({
    id: "admin/watchlistsymbol/delete",
    method: "DELETE",
    path: "/api/admin/watchlistsymbol/{watchlistId}/{symbolId}",
    tag: "Watchlists",
    summary: "Removes a symbol from one of the caller's watchlists (not listed, or another user's watchlist: 404).",
    page: "/watch-list",
    params: removeSymbolParams,
    status: 200,
    response: messageShape(),
    handle: async ({ context, user, params }) => {
      const { message } = valueOrApiError(await removeSymbolFromWatchlist(context, user, params.watchlistId, params.symbolId));
      return { status: 200, message };
    },
    sample: async (f, role) => ({ params: { watchlistId: await f.make.watchlist(role, true), symbolId: f.symbolId } }),
  }),
];
