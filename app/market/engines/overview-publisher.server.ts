// Every few seconds the leading process sends overview-data (the up/down gauges of
// DECISIONS 19, per sector and overall) to every socket, and once a minute stores each
// sector's gauge for the sector-analysis chart.
import type { AppDatabase } from "~/db/client.server";
import { overviewGauge, sectorGauge } from "~/domain/gauges";
import { insertSectorGaugePoints } from "~/models/market-events.server";
import { SERVER_EVENTS } from "~/realtime/events";
import type { RealtimeHub } from "~/realtime/hub.server";
import type { LiveBook } from "../live-book.server";
import type { MarketEngine } from "../engine.server";

export interface OverviewData {
  gauge: number;
  advances: number;
  declines: number;
  sectors: { sectorId: number; gauge: number; advances: number; declines: number }[];
  time: number;
}

export function computeOverview(engine: Pick<MarketEngine, "symbols">, liveBook: LiveBook, now: number): OverviewData {
  const bySector = new Map<number, number[]>();
  const percents: number[] = [];
  let advances = 0;
  let declines = 0;
  for (const symbol of engine.symbols()) {
    const quote = liveBook.get(symbol.symbolCode);
    if (!quote) continue;
    percents.push(quote.changePercent);
    if (quote.change > 0) advances++;
    else if (quote.change < 0) declines++;
    if (symbol.sectorId !== null) bySector.set(symbol.sectorId, [...(bySector.get(symbol.sectorId) ?? []), quote.change]);
  }
  return {
    gauge: overviewGauge(percents),
    advances,
    declines,
    sectors: [...bySector].map(([sectorId, changes]) => ({
      sectorId,
      gauge: sectorGauge(changes),
      advances: changes.filter((c) => c > 0).length,
      declines: changes.filter((c) => c < 0).length,
    })),
    time: now,
  };
}

export function attachOverviewPublisher(
  engine: MarketEngine,
  deps: { db: AppDatabase; hub: Pick<RealtimeHub, "io">; liveBook: LiveBook; everyMs?: number; storeEveryMs?: number; log?: (line: string) => void },
) {
  const log = deps.log ?? ((line: string) => console.log(line));
  const publish = setInterval(() => {
    deps.hub.io.emit(SERVER_EVENTS.overviewData, computeOverview(engine, deps.liveBook, Date.now()));
  }, deps.everyMs ?? 5000);
  publish.unref();
  const store = setInterval(() => {
    const now = Date.now();
    const minute = new Date(now - (now % 60_000));
    const points = computeOverview(engine, deps.liveBook, now).sectors.map((s) => ({ sectorId: s.sectorId, ts: minute, percentage: s.gauge }));
    insertSectorGaugePoints(deps.db, points).catch((error) => log(`[overview] storing sector gauges failed: ${error.message}`));
  }, deps.storeEveryMs ?? 60_000);
  store.unref();
  return () => {
    clearInterval(publish);
    clearInterval(store);
  };
}
