// The watchlist panel's data, loaded by one function for every page that shows the panel
// (/watch-list and the dashboard): the user's own tabs, the active list's symbols the user may
// see with their server-side live prices, and the sector choices. The view (tab, sector,
// search, sort, selected symbol) comes from the URL.
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { findSymbolById, findSymbolByCode, listVisibleSymbols, symbolChoiceProblem } from "~/models/symbol.server";
import {
  addSymbolToOwnWatchlist,
  createWatchlist as insertWatchlist,
  deleteOwnWatchlist,
  listOwnWatchlists,
  listOwnWatchlistSymbols,
  listOwnWatchlistSymbolsWithSectors,
  removeSymbolFromOwnWatchlist,
  reorderOwnWatchlists,
  type WatchlistRecord,
  type WatchlistSymbolRow,
  type WatchlistTab,
} from "~/models/watchlist.server";
import { visibleSymbolCodesOnce } from "~/services/visible-symbols.server";
import { moveInOrder, parseWatchView, type WatchRow, type WatchView } from "~/domain/watchlist";
import { notFoundOutcome, refuse, succeed, type Outcome } from "~/domain/outcome";
import {
  SYMBOL_ADDED,
  SYMBOL_ALREADY_LISTED,
  SYMBOL_REMOVED,
  symbolRefusal,
  WATCHLIST_CREATED,
  WATCHLIST_DELETED,
  WATCHLIST_REORDERED,
} from "~/schemas/watchlist";

export type { WatchlistRecord, WatchlistSymbolRow };

export interface WatchlistPanelData {
  tabs: WatchlistTab[];
  /** The tab shown (the URL's ?wl=, else the first); null when the user has no watchlist. */
  activeId: number | null;
  view: WatchView;
  sectors: { id: number; name: string }[];
  /** Every row of the active list; the component filters and sorts them (with live prices). */
  rows: WatchRow[];
  /** Symbols the user may add (the watchlist screen's search dropdown); empty unless asked. */
  choices: string[];
}

export async function loadWatchlistPanel(
  context: Pick<AppContext, "db" | "liveBook" | "requestScope">,
  user: Pick<SessionUser, "id" | "roleId">,
  url: URL,
  options: { withChoices?: boolean } = {},
): Promise<WatchlistPanelData> {
  const view = parseWatchView(url.searchParams);
  const tabs = await listOwnWatchlists(context.db, user.id);
  const active = tabs.find((t) => t.id === view.watchlistId) ?? tabs[0] ?? null;
  const [listed, visible, allowed] = await Promise.all([
    active ? listOwnWatchlistSymbolsWithSectors(context.db, user.id, active.id) : { rows: [], sectors: [] },
    visibleSymbolCodesOnce(context, user),
    options.withChoices ? listVisibleSymbols(context.db, user) : Promise.resolve([]),
  ]);
  const shown = onlyVisible(listed.rows, visible);
  const rows: WatchRow[] = shown.map((r) => {
    const q = context.liveBook.get(r.symbolCode);
    return {
      symbolId: r.symbolId,
      symbolCode: r.symbolCode,
      sectorId: r.sectorId,
      close: q?.last ?? null,
      change: q?.change ?? null,
      changePercent: q?.changePercent ?? null,
    };
  });
  const sectorIds = new Set(rows.map((r) => r.sectorId));
  const inList = new Set(rows.map((r) => r.symbolCode));
  return {
    tabs: tabs.map(({ id, name }) => ({ id, name })),
    activeId: active?.id ?? null,
    view: { ...view, watchlistId: active?.id ?? null },
    // The sectors of the rows shown (a customer's list may name symbols outside its subscription).
    sectors: listed.sectors.filter((s) => sectorIds.has(s.id)),
    rows,
    choices: allowed.map((s) => s.symbolCode).filter((code) => !inList.has(code)),
  };
}

// ------------------------------------------------------------------ the watchlist writes
// /watch-list's intents and the JSON API (admin/watchlist*, admin/watchlistsymbol*) call these:
// every write is scoped by the owner, so another user's watchlist is "not found" and changes
// nothing, and a symbol is added only when the user may pick it (one check, one message).

type Owner = Pick<SessionUser, "id" | "roleId">;

/** The user's watchlists in tab order. */
export function listWatchlists(context: Pick<AppContext, "db">, user: Owner): Promise<WatchlistRecord[]> {
  return listOwnWatchlists(context.db, user.id);
}

/** A new watchlist, the user's last tab. */
export async function createWatchlist(context: Pick<AppContext, "db">, user: Owner, name: string): Promise<{ id: number; message: string }> {
  const id = await insertWatchlist(context.db, user.id, name);
  return { id, message: WATCHLIST_CREATED };
}

export async function deleteWatchlist(context: Pick<AppContext, "db">, user: Owner, watchlistId: number): Promise<Outcome<{ message: string }>> {
  if (!(await deleteOwnWatchlist(context.db, user.id, watchlistId))) return notFoundOutcome();
  return succeed({ message: WATCHLIST_DELETED });
}

/**
 * A new tab order: `ids` must be exactly the user's watchlists (drag and drop, the API's
 * sequence); anything else is "not found" and changes nothing.
 */
export async function reorderWatchlists(context: Pick<AppContext, "db">, user: Owner, ids: readonly number[]): Promise<Outcome<{ message: string }>> {
  if (!(await reorderOwnWatchlists(context.db, user.id, ids))) return notFoundOutcome();
  return succeed({ message: WATCHLIST_REORDERED });
}

/** One watchlist a place up or down (the no-JS buttons); unchanged at the ends. */
export async function moveWatchlist(context: Pick<AppContext, "db">, user: Owner, watchlistId: number, direction: "up" | "down"): Promise<Outcome<{ message: string }>> {
  const order = (await listOwnWatchlists(context.db, user.id)).map((w) => w.id);
  if (!order.includes(watchlistId)) return notFoundOutcome();
  return reorderWatchlists(context, user, moveInOrder(order, watchlistId, direction));
}

/** The symbols of one of the user's watchlists that the user may see (role 4: its subscription). */
export async function listWatchlistSymbols(context: Pick<AppContext, "db">, user: Owner, watchlistId: number): Promise<Outcome<WatchlistSymbolRow[]>> {
  const own = await listOwnWatchlists(context.db, user.id);
  if (!own.some((w) => w.id === watchlistId)) return notFoundOutcome();
  return succeed(await visibleWatchlistSymbols(context, user, watchlistId));
}

/** A watchlist's symbols without those outside a customer's subscription (an old list may name more). */
async function visibleWatchlistSymbols(context: Pick<AppContext, "db" | "requestScope">, user: Owner, watchlistId: number): Promise<WatchlistSymbolRow[]> {
  const [listed, visible] = await Promise.all([listOwnWatchlistSymbols(context.db, user.id, watchlistId), visibleSymbolCodesOnce(context, user)]);
  return onlyVisible(listed, visible);
}

function onlyVisible(listed: WatchlistSymbolRow[], visible: Set<string> | "all"): WatchlistSymbolRow[] {
  return visible === "all" ? listed : listed.filter((r) => visible.has(r.symbolCode.toUpperCase()));
}

/** The symbol to add: by code (the page's search box) or by id (the API). */
export type SymbolAsked = { code: string } | { id: number };

/**
 * Adds a symbol to one of the user's watchlists, stored with its own sector. The symbol must be
 * an active one the user may pick (role 4: its subscription); the refusal names it and is about
 * the `symbol` field. Already listed is not an error: `added` is false and the message says so.
 */
export async function addSymbolToWatchlist(
  context: Pick<AppContext, "db">,
  user: Owner,
  watchlistId: number,
  asked: SymbolAsked,
): Promise<Outcome<{ symbolId: number; added: boolean; message: string }>> {
  const symbol = "code" in asked ? await findSymbolByCode(context.db, asked.code) : await findSymbolById(context.db, asked.id);
  const problem = await symbolChoiceProblem(context.db, user, symbol);
  if (problem || !symbol) return refuse(symbolRefusal(problem ?? "unknown", symbol?.symbolCode ?? ("code" in asked ? asked.code : String(asked.id))), "symbol");
  const outcome = await addSymbolToOwnWatchlist(context.db, user.id, watchlistId, symbol);
  if (outcome === "not-found") return notFoundOutcome();
  return succeed({ symbolId: symbol.id, added: outcome === "added", message: outcome === "added" ? SYMBOL_ADDED : SYMBOL_ALREADY_LISTED });
}

export async function removeSymbolFromWatchlist(context: Pick<AppContext, "db">, user: Owner, watchlistId: number, symbolId: number): Promise<Outcome<{ message: string }>> {
  if (!(await removeSymbolFromOwnWatchlist(context.db, user.id, watchlistId, symbolId))) return notFoundOutcome();
  return succeed({ message: SYMBOL_REMOVED });
}
