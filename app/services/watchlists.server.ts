// The watchlist panel's data, loaded by one function for every page that shows the panel
// (/watch-list and the dashboard): the user's own tabs, the active list's symbols the user may
// see with their server-side live prices, and the sector choices. The view (tab, sector,
// search, sort, selected symbol) comes from the URL.
import type { AppContext } from "~/server/context";
import type { SessionUser } from "~/models/auth-session.server";
import { listVisibleSymbols, visibleSymbolCodes } from "~/models/symbol.server";
import { listOwnWatchlists, listOwnWatchlistSymbols, listSectorsOf, type WatchlistTab } from "~/models/watchlist.server";
import { parseWatchView, type WatchRow, type WatchView } from "~/domain/watchlist";

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
  context: Pick<AppContext, "db" | "liveBook">,
  user: Pick<SessionUser, "id" | "roleId">,
  url: URL,
  options: { withChoices?: boolean } = {},
): Promise<WatchlistPanelData> {
  const view = parseWatchView(url.searchParams);
  const tabs = await listOwnWatchlists(context.db, user.id);
  const active = tabs.find((t) => t.id === view.watchlistId) ?? tabs[0] ?? null;
  const [listed, visible, allowed] = await Promise.all([
    active ? listOwnWatchlistSymbols(context.db, user.id, active.id) : Promise.resolve([]),
    visibleSymbolCodes(context.db, user),
    options.withChoices ? listVisibleSymbols(context.db, user) : Promise.resolve([]),
  ]);
  // Role 4 sees only what its subscription covers, even if an old list names more.
  const shown = visible === "all" ? listed : listed.filter((r) => visible.has(r.symbolCode.toUpperCase()));
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
  const sectorIds = [...new Set(rows.map((r) => r.sectorId).filter((id): id is number => id !== null))];
  const inList = new Set(rows.map((r) => r.symbolCode));
  return {
    tabs: tabs.map(({ id, name }) => ({ id, name })),
    activeId: active?.id ?? null,
    view: { ...view, watchlistId: active?.id ?? null },
    sectors: await listSectorsOf(context.db, sectorIds),
    rows,
    choices: allowed.map((s) => s.symbolCode).filter((code) => !inList.has(code)),
  };
}
