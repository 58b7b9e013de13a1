// Everything one chart shows, gathered for a loader: candles, reference lines by the user's
// settings, today's key labels and the live quote. Used by /chart, /allChart, /chart-data, the
// dashboard and the market API (chart lines, today's minutes), so the rule "a customer sees only
// its subscription" is applied here once.
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import type { TimeframeId } from "~/domain/candles";
import { chartCount, defaultChartSymbols } from "~/domain/chart-layout";
import { chartLines } from "~/domain/chart-lines";
import { istDateString, istMidnight, formatIstDateTime } from "~/domain/dates";
import { findChartSymbol, findSymbolByCode, findSymbolById, listVisibleSymbols, visibleSymbolCodes, type SymbolRef } from "~/models/symbol.server";
import { getChartCandles, MAX_COUNTBACK } from "~/models/candle.server";
import { listChartReferencePoints } from "~/models/reference-point.server";
import { latestStoredLevels, previousSession } from "~/models/day-ohlc.server";
import { listSymbolKeyEvents } from "~/models/market-events.server";
import { readUserSettings } from "~/models/settings.server";
import { parseStudies } from "~/domain/user-settings";

export type { SymbolRef };

type Viewer = Pick<SessionUser, "id" | "roleId">;

export const CHART_COUNTBACK = 300;

type ChartSymbol = NonNullable<Awaited<ReturnType<typeof findChartSymbol>>>;

/** The symbol when the user may see it (a customer: its subscription), else null. */
async function visibleTo<S extends { symbolCode: string }>(context: Pick<AppContext, "db">, user: Viewer, symbol: S | null): Promise<S | null> {
  if (!symbol) return null;
  const visible = await visibleSymbolCodes(context.db, user);
  return visible === "all" || visible.has(symbol.symbolCode.toUpperCase()) ? symbol : null;
}

/** The symbol by code when the user may see it (a customer: its subscription), else null. */
export async function findVisibleSymbol(context: Pick<AppContext, "db">, user: Viewer, code: string): Promise<SymbolRef | null> {
  return visibleTo(context, user, await findSymbolByCode(context.db, code));
}

/** The symbol by id when the user may see it, else null. */
export async function findVisibleSymbolById(context: Pick<AppContext, "db">, user: Viewer, id: number): Promise<SymbolRef | null> {
  return visibleTo(context, user, await findSymbolById(context.db, id));
}

/** The chart's symbol (names, Daglu percentages) by code when the user may see it, else null. */
export async function findVisibleChartSymbol(context: Pick<AppContext, "db">, user: Viewer, code: string): Promise<ChartSymbol | null> {
  return visibleTo(context, user, await findChartSymbol(context.db, code));
}

/**
 * Today's key events of a symbol, newest first: role 1 sees every key's, the other roles only
 * those of the keys assigned to them.
 */
export function listTodaysKeyEvents(context: Pick<AppContext, "db">, user: Viewer, code: string) {
  return listSymbolKeyEvents(context.db, code, istMidnight(istDateString(new Date())), user.roleId === 1 ? null : user.id);
}

/**
 * /chart-data: candles of one symbol and timeframe, aggregated in SQL, oldest first, at most
 * `countback` of them before `to`. Null when the user may not see the symbol.
 */
export async function loadChartCandles(
  context: Pick<AppContext, "db">,
  user: Viewer,
  code: string,
  timeframe: TimeframeId,
  window: { countback: number; to?: number },
) {
  const symbol = await findVisibleSymbol(context, user, code);
  if (!symbol) return null;
  return { symbol: symbol.symbolCode, timeframe, candles: await getChartCandles(context.db, symbol.id, timeframe, window) };
}

/** Today's 1-minute candles of a symbol (by id), oldest first; null when the user may not see it. */
export async function loadTodaysMinuteCandles(context: Pick<AppContext, "db">, user: Viewer, symbolId: number) {
  const symbol = await findVisibleSymbolById(context, user, symbolId);
  if (!symbol) return null;
  const from = istMidnight(istDateString(new Date())).getTime();
  return getChartCandles(context.db, symbol.id, "M1", { from, countback: MAX_COUNTBACK });
}

/** A chart's reference lines (by symbol id) for the user's settings; null when the user may not see the symbol. */
export async function loadChartLinesOf(context: AppContext, user: SessionUser, symbolId: number) {
  const choice = await findSymbolById(context.db, symbolId);
  const symbol = choice ? await findVisibleChartSymbol(context, user, choice.symbolCode) : null;
  if (!symbol) return null;
  return (await loadChartLines(context, user, symbol)).lines;
}

/** A chart's reference lines by the user's settings, and the live quote they were drawn from. */
export async function loadChartLines(context: AppContext, user: SessionUser, symbol: ChartSymbol) {
  const today = istDateString(new Date());
  const [points, levels, previous, settings] = await Promise.all([
    listChartReferencePoints(context.db, symbol.id),
    latestStoredLevels(context.db, symbol.id),
    previousSession(context.db, symbol.id, today),
    readUserSettings(context.db, user.id),
  ]);
  const quote = context.liveBook.get(symbol.symbolCode) ?? null;
  const prevClose = quote?.prevClose ?? previous?.close ?? null;
  const lines = chartLines({
    points,
    prevClose,
    levels,
    daglu: { per: symbol.dagluPer, fromPer: symbol.fromDagluPer, toPer: symbol.toDagluPer },
    settings,
  });
  return { lines, quote, settings, points };
}

export async function loadChartView(context: AppContext, user: SessionUser, code: string, timeframe: TimeframeId) {
  const symbol = await findVisibleChartSymbol(context, user, code);
  if (!symbol) return null;
  const [candles, { lines, quote, settings, points }, keys] = await Promise.all([
    getChartCandles(context.db, symbol.id, timeframe, { countback: CHART_COUNTBACK }),
    loadChartLines(context, user, symbol),
    listTodaysKeyEvents(context, user, symbol.symbolCode),
  ]);
  return {
    symbol: { code: symbol.symbolCode, description: symbol.description },
    timeframe,
    candles,
    lines,
    // Today's key events, newest first; `at` (epoch ms) and `price` place them on the candles.
    keys: keys.map((k) => ({ label: k.label, time: formatIstDateTime(k.eventTime), at: k.eventTime.getTime(), price: k.price })),
    /** The active reference and target points (the dashboard's chips), lowest price first. */
    points: points.map((p) => ({ name: p.displayName || p.pointName, pointName: p.pointName, price: p.price })),
    quote,
    settings,
    /** The studies the user's Indicator setting turns on (docs/decisions/129). */
    studies: parseStudies(settings.studies),
  };
}

export type ChartView = NonNullable<Awaited<ReturnType<typeof loadChartView>>>;

/**
 * /allChart: the user's chart count (settings) and each slot's symbol, from the URL
 * (?s0=…&s1=…, so every layout is a link) or by default, with each slot's chart.
 */
export async function loadChartGrid(context: AppContext, user: SessionUser, url: URL, timeframe: TimeframeId) {
  const [settings, visible] = await Promise.all([readUserSettings(context.db, user.id), listVisibleSymbols(context.db, user)]);
  const count = chartCount(settings.chart);
  const codes = visible.map((s) => s.symbolCode);
  const chosen = defaultChartSymbols(codes, count).map((fallback, i) => {
    const asked = url.searchParams.get(`s${i}`)?.toUpperCase();
    return asked && codes.includes(asked) ? asked : fallback;
  });
  const views = await Promise.all(chosen.map((code) => loadChartView(context, user, code, timeframe)));
  return { count, codes, views: views.filter((v) => v !== null), chosen };
}

/**
 * /allRealTime: every symbol the user may see with its server-side live prices, and, when the
 * URL asks for one of them (?keys=CODE), that symbol's key events of today.
 */
export async function loadLivePrices(context: AppContext, user: SessionUser, keysAsked: string | null) {
  const symbols = await listVisibleSymbols(context.db, user);
  const rows = symbols.map((s) => {
    const q = context.liveBook.get(s.symbolCode);
    return {
      code: s.symbolCode,
      description: s.description,
      open: q?.open ?? null,
      high: q?.high ?? null,
      low: q?.low ?? null,
      close: q?.last ?? null,
      change: q?.change ?? null,
      changePercent: q?.changePercent ?? null,
    };
  });
  const keysFor = keysAsked?.toUpperCase() ?? null;
  if (!keysFor || !rows.some((r) => r.code.toUpperCase() === keysFor)) return { rows, keysFor: null, keys: null };
  const events = await listTodaysKeyEvents(context, user, keysFor);
  return { rows, keysFor, keys: events.map((e) => ({ label: e.label, price: e.price, time: formatIstDateTime(e.eventTime) })) };
}
