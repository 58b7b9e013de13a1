// What /overview and /sector-analysis show first: the gauges of docs/product-rules.md R-D19 computed from the
// live book exactly as the engine's overview-data computes them, then kept live by that event.
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { computeOverview } from "~/market/engines/overview-publisher.server";
import { expandedList, MOVERS_COLLAPSED_ROWS, topMovers, type MoverRow } from "~/domain/overview";
import { listActiveSymbols, listVisibleSymbols } from "~/models/symbol.server";
import { listSectorChoices } from "~/models/sector.server";
import { latestSectorGaugeTime } from "~/models/sector-analysis.server";
import { sectorGaugeOfDay } from "~/services/sectors.server";
import { istDateString, istMidnight } from "~/domain/dates";

/**
 * The gauges over every active symbol's live quote, now: the overview-data socket event's
 * payload (and the API's getSymbolOverviewData).
 */
export async function currentOverview(context: Pick<AppContext, "db" | "liveBook">) {
  const active = await listActiveSymbols(context.db);
  return computeOverview({ symbols: () => active }, context.liveBook, Date.now());
}

/** The overall and per-sector gauges over every active symbol, with each active sector named. */
export async function loadGauges(context: AppContext) {
  const [overview, sectors] = await Promise.all([currentOverview(context), listSectorChoices(context.db, true)]);
  const bySector = new Map(overview.sectors.map((s) => [s.sectorId, s]));
  return {
    gauge: overview.gauge,
    advances: overview.advances,
    declines: overview.declines,
    // Every active sector gets a card; one without live quotes reads 50 (no mover).
    sectors: sectors.map((s) => ({ id: s.id, name: s.sectorName, gauge: bySector.get(s.id)?.gauge ?? 50, advances: bySector.get(s.id)?.advances ?? 0, declines: bySector.get(s.id)?.declines ?? 0 })),
  };
}

/** /overview: the gauges plus top gainers and losers among the symbols the user may see. */
export async function loadOverview(context: AppContext, user: SessionUser, url: URL) {
  const [gauges, visible] = await Promise.all([loadGauges(context), listVisibleSymbols(context.db, user)]);
  const codes = visible.map((s) => s.symbolCode);
  const quotes: MoverRow[] = context.liveBook.pick(codes).map((q) => ({ symbolCode: q.symbolCode, last: q.last, change: q.change, changePercent: q.changePercent }));
  const expanded = expandedList(url.searchParams.get("expand"));
  return {
    ...gauges,
    codes,
    expanded,
    gainers: topMovers(quotes, "gainers", expanded === "gainers" ? null : MOVERS_COLLAPSED_ROWS),
    losers: topMovers(quotes, "losers", expanded === "losers" ? null : MOVERS_COLLAPSED_ROWS),
  };
}

/**
 * /sector-analysis-chart/{sector}: the sector's stored gauge percentages over one IST day
 * (?date=YYYY-MM-DD; default the day of its latest point, else today). Null for an unknown or
 * inactive sector (a 404).
 */
export async function loadSectorChart(context: AppContext, sectorId: number, date: string | undefined) {
  const sectors = await listSectorChoices(context.db, true);
  const sector = sectors.find((s) => s.id === sectorId);
  if (!sector) return null;
  const latest = date ? null : await latestSectorGaugeTime(context.db, sectorId);
  const day = date ?? istDateString(latest ?? new Date());
  // The day's points are read as the API reads them (admin/sectoranalysis/sector/{sectorId}).
  const [ofDay, earlier] = await Promise.all([sectorGaugeOfDay(context, sectorId, day), latestSectorGaugeTime(context.db, sectorId, istMidnight(day))]);
  if (!ofDay.ok) return null;
  const points = ofDay.value.map((p) => ({ time: p.ts.getTime(), percentage: p.percentage }));
  // "Previous day" skips days without points (weekends, holidays, days the feed was off).
  const previousDate = earlier ? istDateString(earlier) : null;
  return { sector: { id: sector.id, name: sector.sectorName }, sectors, date: day, previousDate, points };
}
