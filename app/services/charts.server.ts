// Everything one chart shows, gathered for a loader: candles, reference lines by the user's
// settings, today's key labels and the live quote. Used by /chart, /allChart and the dashboard.
import type { AppContext } from "~/server/context";
import type { SessionUser } from "~/models/auth-session.server";
import type { TimeframeId } from "~/domain/candles";
import { chartLines } from "~/domain/chart-lines";
import { istDateString, istMidnight, formatIstDateTime } from "~/domain/dates";
import { findChartSymbol, visibleSymbolCodes } from "~/models/symbol.server";
import { getChartCandles } from "~/models/candle.server";
import { listChartReferencePoints } from "~/models/reference-point.server";
import { latestStoredLevels, previousSession } from "~/models/day-ohlc.server";
import { listSymbolKeyEvents } from "~/models/market-events.server";
import { readUserSettings } from "~/models/settings.server";
import { parseStudies } from "~/domain/user-settings";

export const CHART_COUNTBACK = 300;

type ChartSymbol = NonNullable<Awaited<ReturnType<typeof findChartSymbol>>>;

/** The symbol by code when the user may see it (a customer: its subscription), else null. */
export async function findVisibleChartSymbol(context: AppContext, user: SessionUser, code: string): Promise<ChartSymbol | null> {
  const symbol = await findChartSymbol(context.db, code);
  const visible = await visibleSymbolCodes(context.db, user);
  if (!symbol || (visible !== "all" && !visible.has(symbol.symbolCode.toUpperCase()))) return null;
  return symbol;
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
  const today = istDateString(new Date());
  const [candles, { lines, quote, settings, points }, keys] = await Promise.all([
    getChartCandles(context.db, symbol.id, timeframe, { countback: CHART_COUNTBACK }),
    loadChartLines(context, user, symbol),
    listSymbolKeyEvents(context.db, symbol.symbolCode, istMidnight(today), user.roleId === 1 ? null : user.id),
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
