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
import {
  countSymbolKeyEvents,
  listLatestSymbolKeyEventOfEachLabel,
  listSymbolKeyEventsPage,
  type SymbolKeyEventScope,
} from "~/models/market-events.server";
import { KEY_EVENTS_SHOWN, previousKeyLabels } from "~/domain/keys";
import { readUserSettings } from "~/models/settings.server";
import { readChartBasis } from "~/models/chart.server";
import { visibleSymbolCodesOnce } from "~/services/visible-symbols.server";
import { parseStudies } from "~/domain/user-settings";

export type { SymbolRef };

type Viewer = Pick<SessionUser, "id" | "roleId">;

export const CHART_COUNTBACK = 300;

type ChartSymbol = NonNullable<Awaited<ReturnType<typeof findChartSymbol>>>;

/** The symbol when the user may see it (a customer: its subscription), else null. */
async function visibleTo<S extends { symbolCode: string }>(context: Pick<AppContext, "db" | "requestScope">, user: Viewer, symbol: S | null): Promise<S | null> {
  if (!symbol) return null;
  const visible = await visibleSymbolCodesOnce(context, user);
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
 * Which key events of a symbol a user sees today: role 1 every key's, the other roles only those
 * of the keys assigned to them.
 */
function todaysKeyScope(user: Viewer, code: string): SymbolKeyEventScope {
  return { symbolCode: code, since: istMidnight(istDateString(new Date())), assignedToUserId: user.roleId === 1 ? null : user.id };
}

/**
 * Today's key events of a symbol, newest first, KEY_EVENTS_SHOWN at a time (docs/decisions/159):
 * the newest, or those before the event `beforeId` (the last of the previous page), with the
 * cursor of the next page when there are older ones.
 */
export function listTodaysKeyEvents(context: Pick<AppContext, "db">, user: Viewer, code: string, beforeId: number | null = null) {
  return listSymbolKeyEventsPage(context.db, todaysKeyScope(user, code), { limit: KEY_EVENTS_SHOWN, beforeId });
}

/**
 * A page of today's key events and how many there are today. The count is a COUNT, run only when
 * the page does not already tell (a first page without older events holds them all).
 */
export async function listTodaysKeyEventsCounted(context: Pick<AppContext, "db">, user: Viewer, code: string, beforeId: number | null = null) {
  const page = await listTodaysKeyEvents(context, user, code, beforeId);
  const total = beforeId === null && page.nextBeforeId === null ? page.rows.length : await countSymbolKeyEvents(context.db, todaysKeyScope(user, code));
  return { ...page, total };
}

/**
 * The previous plus and minus key labels of a symbol today (the last of each type; docs/product-rules.md
 * R-D17), from the latest event of each label rather than every event of the day.
 */
export async function previousKeyLabelsToday(context: Pick<AppContext, "db">, user: Viewer, code: string): Promise<{ plus: string | null; minus: string | null }> {
  return previousKeyLabels(await listLatestSymbolKeyEventOfEachLabel(context.db, todaysKeyScope(user, code)));
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
  return chartLinesFrom(context, symbol, { points, levels, previous, settings });
}

type LineSources = Pick<NonNullable<Awaited<ReturnType<typeof readChartBasis>>>, "points" | "levels" | "previous" | "settings">;

/** The reference lines drawn from what was read of the symbol and the live quote. */
function chartLinesFrom(context: Pick<AppContext, "liveBook">, symbol: ChartSymbol, { points, levels, previous, settings }: LineSources) {
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

/**
 * One chart (null when the user may not see the symbol): its candles, its reference lines by the
 * user's settings, today's newest key events and the live quote. Two statements: everything but
 * the candles in one (readChartBasis, docs/decisions/164), then the candles.
 */
export async function loadChartView(context: AppContext, user: SessionUser, code: string, timeframe: TimeframeId) {
  return (await readChartView(context, user, code, timeframe, false))?.view ?? null;
}

/** loadChartView's chart and, read with it, the previous plus and minus key labels of today (the dashboard's footer). */
export async function loadChartViewWithPreviousKeys(context: AppContext, user: SessionUser, code: string, timeframe: TimeframeId) {
  const read = await readChartView(context, user, code, timeframe, true);
  return read && { view: read.view, previousKeys: previousKeyLabels(read.latestOfEachLabel ?? []) };
}

async function readChartView(context: AppContext, user: SessionUser, code: string, timeframe: TimeframeId, latestOfEachLabel: boolean) {
  const basis = await readChartBasis(context.db, {
    userId: user.id,
    keyScope: todaysKeyScope(user, code),
    keysShown: KEY_EVENTS_SHOWN,
    today: istDateString(new Date()),
    latestOfEachLabel,
  });
  const symbol = await visibleTo(context, user, basis?.symbol ?? null);
  if (!basis || !symbol) return null;
  const candles = await getChartCandles(context.db, symbol.id, timeframe, { countback: CHART_COUNTBACK });
  const { lines, quote, settings, points } = chartLinesFrom(context, symbol, basis);
  const keys = basis.keys;
  const view = {
    symbol: { code: symbol.symbolCode, description: symbol.description },
    timeframe,
    candles,
    lines,
    // Today's newest key events (KEY_EVENTS_SHOWN at most), newest first: the chips, and the
    // chart's markers, which are those of them on a drawn candle (`at`, epoch ms, and `price`).
    keys: keys.rows.map((k) => ({ label: k.label, time: formatIstDateTime(k.eventTime), at: k.eventTime.getTime(), price: k.price })),
    /** How many key events today, of which `keys` are the newest. */
    keyCount: keys.total,
    /** The active reference and target points (the dashboard's chips), lowest price first. */
    points: points.map((p) => ({ name: p.displayName || p.pointName, pointName: p.pointName, price: p.price })),
    quote,
    settings,
    /** The studies the user's Indicator setting turns on (docs/decisions/129). */
    studies: parseStudies(settings.studies),
  };
  return { view, latestOfEachLabel: basis.latestOfEachLabel };
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
 * URL asks for one of them (?keys=CODE), a page of that symbol's key events of today, newest
 * first (?before=<event id> for older ones), with the day's count and the links of the pages.
 */
export async function loadLivePrices(context: AppContext, user: SessionUser, asked: { keys: string | null; before: number | null }) {
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
  const keysFor = asked.keys?.toUpperCase() ?? null;
  if (!keysFor || !rows.some((r) => r.code.toUpperCase() === keysFor)) return { rows, keysFor: null, keys: null, keyCount: 0, olderHref: null, latestHref: null };
  const page = await listTodaysKeyEventsCounted(context, user, keysFor, asked.before);
  const dialog = `?keys=${encodeURIComponent(keysFor)}`;
  return {
    rows,
    keysFor,
    keys: page.rows.map((e) => ({ label: e.label, price: e.price, time: formatIstDateTime(e.eventTime) })),
    keyCount: page.total,
    olderHref: page.nextBeforeId === null ? null : `${dialog}&before=${page.nextBeforeId}`,
    latestHref: asked.before === null ? null : dialog,
  };
}
