// The trade journal, once for /trades (and its dialogs) and the JSON API's trade calls: the list
// with each row's PNL at the live price, role 1's date filter check, and every write (create,
// edit, open/close, verify, delete) recorded with its notifications (recordTradeChange). A
// customer reaches only its own trades: another's is not found and nothing changes.
import { netPnl } from "~/domain/charges";
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import type { DecimalText } from "~/domain/decimal";
import { splitTradePnl, todayMarkToMarket } from "~/domain/pnl";
import { tradeRisk } from "~/domain/risk";
import { istDateString, istMidnight } from "~/domain/dates";
import { notFoundOutcome, refuse, succeed, type Outcome } from "~/domain/outcome";
import { parseTradeListQuery, TRADE_PAGE_SIZE, tradeRefreshSeconds, type TradeListQuery } from "~/domain/trade-list";
import { tradeListWindow } from "~/domain/trade-window";
import type { TradeFigures } from "~/domain/trade-rows";
import type { TradeLevelHits } from "~/domain/trade-watch";
import { listSectorChoices } from "~/models/sector.server";
import { listVisibleSymbols } from "~/models/symbol.server";
import {
  countTrades,
  createTrade,
  deleteTrade,
  findTradableSymbol,
  formatTradeCursor,
  getTrade,
  listTraderChoices,
  listTrades,
  listUserTags,
  parseTradeCursor,
  setTradeStatus,
  setTradeVerified,
  updateTrade,
  type TradeDetail,
  type TradeListFilters,
  type TradePageRequest,
  type TradeStatusChange,
  QuantityBelowExitsError,
} from "~/models/trade.server";
import { exitTotalsOf } from "~/models/trade-exit.server";
import { quantityBelowExitsMessage } from "~/schemas/trade-exit";
import { getUserSetting } from "~/models/user.server";
import { recordTradeChange } from "~/services/trade-changes.server";
import { SYMBOL_NOT_SUBSCRIBED, TRADE_UNVERIFIED, TRADE_VERIFIED, tradeDateFilterSchema, tradeValues, type TradeFormInput } from "~/schemas/trade";

export type { TradeDetail };

type Reader = Pick<AppContext, "db" | "liveBook">;
type Writer = Pick<AppContext, "db" | "hub" | "liveBook" | "push">;
type Actor = Pick<SessionUser, "id" | "roleId">;

/** A listed trade with its PNL: open trades at the live price, closed ones frozen at their exit. */
export interface TradeRow extends TradeFigures, TradeLevelHits {
  id: number;
  userId: number;
  username: string;
  roleId: number;
  symbolId: number;
  symbolCode: string;
  description: string;
  reasonToTrade: string;
  createdAt: Date;
  updatedAt: Date;
  /** The live price of an open trade; null when closed or not in the book. */
  currentPrice: number | null;
  pnl: DecimalText;
  pnlPercent: DecimalText | null;
  /** Its stored charges (docs/decisions/174; null when no rates covered its day) and pnl - charges. */
  charges: DecimalText | null;
  netPnl: DecimalText;
  /** Initial risk and R (docs/decisions/170); null without an SL. An open trade's R is at the live price. */
  risk: DecimalText | null;
  r: DecimalText | null;
  tags: string[];
  note: string;
  /** The PNL split (docs/decisions/171): closed units (exits, or all of a closed trade) and open units at the live price. */
  realisedPnl: DecimalText;
  unrealisedPnl: DecimalText;
  /** Today's mark-to-market of the open units (todayMarkToMarket). */
  todayMtm: DecimalText;
  /** Units closed by partial exits, and their sum of units x price (the PNL rule's input). */
  exitedUnits: number;
  exitedValue: DecimalText;
  /** The live quote's previous close (today's MTM of a carried position); null when closed or not in the book. */
  prevClose: number | null;
  status: boolean;
  isVerified: boolean;
}

export const livePrice = (liveBook: AppContext["liveBook"]) => (symbolCode: string) => liveBook.get(symbolCode)?.last ?? null;

/** What the list's URL filters for a role: the role's date window and the filters it may use. */
export function listFilters(user: Actor, query: TradeListQuery, symbolId: number | null = null): TradeListFilters {
  return { window: tradeListWindow(user.roleId, new Date(), query), userId: query.userId, sectorId: query.sectorId, open: query.open, symbolId, tag: query.tag };
}

async function listTradeRows(context: Reader, user: Actor, filters: TradeListFilters, page: TradePageRequest) {
  const found = await listTrades(context.db, user, filters, page);
  const todayStart = istMidnight(istDateString(new Date()));
  const rows: TradeRow[] = found.rows.map(({ cursor: _cursor, ...t }) => {
    const quote = t.status ? context.liveBook.get(t.symbolCode) : undefined;
    const live = quote?.last ?? null;
    const pnlInput = { tradeType: t.tradeType, open: t.status, quantity: t.quantity, buyPrice: t.buyPrice, sellPrice: t.sellPrice, exits: exitTotalsOf(t) };
    const { pnl, pnlPercent, realised, unrealised } = splitTradePnl(pnlInput, live);
    const prevClose = quote?.prevClose ?? null;
    const todayMtm = todayMarkToMarket(pnlInput, { live, prevClose, carried: t.tradeDateTime < todayStart });
    return { ...t, currentPrice: live, pnl, pnlPercent, netPnl: netPnl(pnl, t.charges), realisedPnl: realised, unrealisedPnl: unrealised, todayMtm, prevClose, ...tradeRisk(t, pnl) };
  });
  return { rows, hasMore: found.hasMore, first: found.rows[0]?.cursor, last: found.rows[found.rows.length - 1]?.cursor };
}

/** The list's filters for its URL as the page reads them: its export lists the same trades (docs/decisions/172). */
export function tradeJournalFilters(user: Actor, params: URLSearchParams): TradeListFilters {
  return listFilters(user, parseTradeListQuery(params, user.roleId));
}

/** The tag filter's suggestions: the viewer's own tags, or role 1's picked user's. */
export function tradeTagChoices(context: Pick<AppContext, "db">, user: Actor, query: Pick<TradeListQuery, "userId">): Promise<string[]> {
  const owner = user.roleId === 1 && query.userId ? query.userId : user.id;
  return listUserTags(context.db, owner);
}

/**
 * Role 1's Start/End Date filter, when either date is given: both real days, the end not before
 * the start. Other roles have no date filter (their window is fixed), so nothing to refuse.
 */
export function checkTradeDates(user: Actor, params: URLSearchParams): Outcome<null> {
  const startDate = params.get("startDate");
  const endDate = params.get("endDate");
  if (user.roleId !== 1 || (!startDate && !endDate)) return succeed(null);
  const dates = tradeDateFilterSchema.safeParse({ startDate: startDate ?? "", endDate: endDate ?? "" });
  if (dates.success) return succeed(null);
  const issue = dates.error.issues[0];
  return refuse(issue.message, String(issue.path[0] ?? "startDate"));
}

/**
 * /trades for its URL: one keyset page of rows with the cursors of the pages beside it, the
 * filter choices and the refresh interval. A bad date range is named, and the list still shows
 * (the role's default window).
 */
export async function loadTradeJournal(context: Reader, user: Actor, params: URLSearchParams) {
  const query = parseTradeListQuery(params, user.roleId);
  const isAdmin = user.roleId === 1;
  const dates = checkTradeDates(user, params);
  const cursor = parseTradeCursor(query.cursor);
  const [page, sectors, traders, tradeSeconds, tagChoices] = await Promise.all([
    listTradeRows(
      context,
      user,
      listFilters(user, query),
      // A hand-typed ?page without a cursor still works, by OFFSET.
      { cursor, direction: query.direction, offset: cursor ? 0 : (query.page - 1) * TRADE_PAGE_SIZE, limit: TRADE_PAGE_SIZE },
    ),
    listSectorChoices(context.db),
    isAdmin ? listTraderChoices(context.db, query.userRole) : Promise.resolve([]),
    getUserSetting(context.db, user.id, "tradeSeconds"),
    tradeTagChoices(context, user, query),
  ]);
  // Going back (dir=before) always has a page after it: the one we came from.
  const hasNext = query.direction === "before" && cursor ? true : page.hasMore;
  return {
    query: { ...query, cursor: undefined },
    dateError: dates.ok ? null : dates.problem.message,
    sectors,
    traders,
    tradeSeconds: tradeRefreshSeconds(tradeSeconds),
    tagChoices,
    rows: page.rows,
    page: query.page,
    nextCursor: hasNext && page.last ? formatTradeCursor(page.last) : null,
    prevCursor: query.page > 1 && page.first ? formatTradeCursor(page.first) : null,
  };
}

/**
 * The list as the JSON API pages it (numbered pages and a total), for the page's own URL
 * parameters plus a symbol; a bad date range is refused.
 */
export async function listTradesWithCount(
  context: Reader,
  user: Actor,
  params: URLSearchParams,
  options: { symbolId?: number | null; page: number; pageSize: number },
): Promise<Outcome<{ rows: TradeRow[]; count: number }>> {
  const dates = checkTradeDates(user, params);
  if (!dates.ok) return dates;
  const filters = listFilters(user, parseTradeListQuery(params, user.roleId), options.symbolId ?? null);
  const [page, count] = await Promise.all([
    listTradeRows(context, user, filters, { cursor: null, direction: "after", offset: (options.page - 1) * options.pageSize, limit: options.pageSize }),
    countTrades(context.db, user, filters),
  ]);
  return succeed({ rows: page.rows, count });
}

// ---------------------------------------------------------------- one trade and its form

/** The codes a user may pick in the trade form (role 4: its subscribed symbols). */
export async function tradeSymbolChoices(context: Pick<AppContext, "db">, user: Actor): Promise<string[]> {
  return (await listVisibleSymbols(context.db, user)).map((s) => s.symbolCode);
}

/** A trade the user may see, or null (another customer's trade is not found). */
export async function findTrade(context: Pick<AppContext, "db">, user: Actor, id: number | null): Promise<TradeDetail | null> {
  return id ? getTrade(context.db, user, id) : null;
}

/** A trade to edit with the form's symbol choices (its own symbol kept even if no longer offered). */
export async function loadTradeForEdit(context: Pick<AppContext, "db">, user: Actor, id: number | null) {
  const trade = await findTrade(context, user, id);
  if (!trade) return null;
  const symbols = await tradeSymbolChoices(context, user);
  return { trade, symbols: symbols.includes(trade.symbolCode) ? symbols : [trade.symbolCode, ...symbols] };
}

// ---------------------------------------------------------------- writes

export const describeUpdate = (updated: { trade: TradeDetail; statusChange: TradeStatusChange }) => ({
  change: updated.statusChange === "closed" ? ("closed" as const) : ("updated" as const),
  trade: updated.trade,
});

export interface TradeInput {
  /** Absent: a new trade (open). */
  id?: number;
  fields: Omit<TradeFormInput, "status">;
  /** Open (true) or closed; an edit without it keeps the trade's state. Closing prices the exit at the live price. */
  open?: boolean;
}

/** Enters or edits a trade of the user's, on a symbol the user may trade. */
export async function saveTrade(context: Writer, user: Actor, input: TradeInput): Promise<Outcome<TradeDetail>> {
  const current = input.id === undefined ? null : await getTrade(context.db, user, input.id);
  if (input.id !== undefined && !current) return notFoundOutcome();
  const symbol = await findTradableSymbol(context.db, user, input.fields.symbol);
  if (!symbol) return refuse(SYMBOL_NOT_SUBSCRIBED, "symbol");
  const values = { symbolId: symbol.id, ...tradeValues({ ...input.fields, status: false }) };
  if (!current) {
    const created = await recordTradeChange(context, (db) => createTrade(db, user.id, values), (trade) => ({ change: "created", trade }));
    return created ? succeed(created) : notFoundOutcome();
  }
  const open = input.open ?? current.status;
  try {
    const updated = await recordTradeChange(context, (db) => updateTrade(db, user, current.id, { ...values, open }, livePrice(context.liveBook)), describeUpdate);
    return updated ? succeed(updated.trade) : notFoundOutcome();
  } catch (error) {
    // The exits already closed more units than the edit asks for (checked under the row lock; rolled back).
    if (error instanceof QuantityBelowExitsError) return refuse(quantityBelowExitsMessage(error.exitedUnits), "quantity");
    throw error;
  }
}

/** Opens or closes a trade, keeping its fields; `ownerId`, when given, must be the trade's owner. */
export async function setTradeOpen(context: Writer, user: Actor, input: { id: number; open: boolean; ownerId?: number }): Promise<Outcome<TradeDetail>> {
  const trade = await getTrade(context.db, user, input.id);
  if (!trade || (input.ownerId !== undefined && input.ownerId !== trade.userId)) return notFoundOutcome();
  const changed = await recordTradeChange(context, (db) => setTradeStatus(db, user, input.id, input.open, livePrice(context.liveBook)), describeUpdate);
  return changed ? succeed(changed.trade) : notFoundOutcome();
}

/** Role 1's verification switch, with its message; for another role the trade is not found. */
export async function verifyTrade(context: Writer, user: Actor, id: number, verified: boolean): Promise<Outcome<{ trade: TradeDetail; message: string }>> {
  const trade = await recordTradeChange(
    context,
    (db) => setTradeVerified(db, user, id, verified),
    (changed) => ({ change: verified ? "verified" : "unverified", trade: changed }),
  );
  return trade ? succeed({ trade, message: verified ? TRADE_VERIFIED : TRADE_UNVERIFIED }) : notFoundOutcome();
}

/** Deletes a trade the user may change. */
export async function removeTrade(context: Writer, user: Actor, id: number | null): Promise<Outcome<TradeDetail>> {
  if (!id) return notFoundOutcome();
  const deleted = await recordTradeChange(context, (db) => deleteTrade(db, user, id), (trade) => ({ change: "deleted", trade }));
  return deleted ? succeed(deleted) : notFoundOutcome();
}
