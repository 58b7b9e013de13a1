// Every few seconds the leading process sends overview-data (the up/down gauges of
// docs/product-rules.md R-D19, per sector and overall) to every socket, and once a minute stores each
// sector's gauge for the sector-analysis chart.
import type { AppDatabase } from "~/db/client.server";
import { overviewGauge, sectorGauge } from "~/domain/gauges";
import { insertSectorGaugePoints } from "~/models/market-events.server";
import { roomForRole, SERVER_EVENTS, type OverviewDataPayload } from "~/realtime/events";
import { findPathRule } from "~/domain/access";
import type { RealtimeHub } from "~/realtime/hub.server";
import type { LiveBook } from "../../realtime/live-book.server";
import type { MarketEngine } from "../engine.server";

export type OverviewData = OverviewDataPayload;

/** The gauges over the given symbols' live quotes: the engine's symbols, or a loader's list. */
export function computeOverview(
  engine: { symbols(): readonly { symbolCode: string; sectorId: number | null }[] },
  liveBook: Pick<LiveBook, "get">,
  now: number,
): OverviewData {
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

const OVERVIEW_ROLES = findPathRule("/overview")?.roles ?? [];

export function attachOverviewPublisher(
  engine: MarketEngine,
  deps: { db: AppDatabase; hub: Pick<RealtimeHub, "io">; liveBook: LiveBook; everyMs?: number; storeEveryMs?: number; log?: (line: string) => void },
) {
  const log = deps.log ?? ((line: string) => console.log(line));
  const publish = setInterval(() => {
    // Only the roles with an overview screen receive it (the access table is the authority).
    deps.hub.io.to(OVERVIEW_ROLES.map(roomForRole)).emit(SERVER_EVENTS.overviewData, computeOverview(engine, deps.liveBook, Date.now()));
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
