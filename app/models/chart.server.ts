// What one chart reads besides its candles, in ONE statement (docs/decisions/164): the symbol,
// its active points, stored levels and previous session, the user's settings, and a page of
// today's key events with their count when the page does not tell it, and on request the latest
// event of each label. Each is its own model's query, embedded by the symbol's code.
import { sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { rowsOf } from "~/db/rows";
import { embedRows } from "./embedded-rows.server";
import { latestStoredLevelsQuery, previousSessionQuery, toPreviousSession } from "./day-ohlc.server";
import {
  latestSymbolKeyEventOfEachLabelQuery,
  symbolKeyEventCountQuery,
  symbolKeyEventsPage,
  symbolKeyEventsPageQuery,
  type SymbolKeyEventScope,
} from "./market-events.server";
import { chartReferencePointsQuery } from "./reference-point.server";
import { userSettingsQuery, userSettingsRecord } from "./settings.server";
import { chartSymbolQuery, symbolIdOfCode } from "./symbol.server";

export interface ChartBasisRequest {
  userId: number;
  /** Today's key events the user sees of the symbol (its code names the symbol). */
  keyScope: SymbolKeyEventScope;
  /** How many of them the page holds. */
  keysShown: number;
  /** YYYY-MM-DD: the previous session is the last stored day before it. */
  today: string;
  /** Also the latest event of each label (the dashboard's footer). */
  latestOfEachLabel: boolean;
}

/** The chart's reads of the symbol `request.keyScope.symbolCode`; null when no symbol has that code. */
export async function readChartBasis(db: AppDatabase, request: ChartBasisRequest) {
  const symbolId = symbolIdOfCode(request.keyScope.symbolCode);
  const symbol = embedRows(chartSymbolQuery(db, request.keyScope.symbolCode), "chart_symbol");
  const points = embedRows(chartReferencePointsQuery(db, symbolId), "points");
  const levels = embedRows(latestStoredLevelsQuery(db, symbolId), "levels");
  const previous = embedRows(previousSessionQuery(db, symbolId, request.today), "previous");
  const settings = embedRows(userSettingsQuery(db, request.userId), "settings");
  const pageQuery = () => symbolKeyEventsPageQuery(db, request.keyScope, { limit: request.keysShown });
  const keys = embedRows(pageQuery(), "keys");
  const labels = embedRows(latestSymbolKeyEventOfEachLabelQuery(db, request.keyScope), "labels");
  // The day's COUNT runs only when the page does not already tell it (a page with older events).
  const keyCount = sql`case when (select count(*) from ${pageQuery().as("counted_page")}) > ${request.keysShown} then (${symbolKeyEventCountQuery(db, request.keyScope)}) end`;
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`select ${symbol.sql} as symbol, ${points.sql} as points, ${levels.sql} as levels, ${previous.sql} as previous, ${settings.sql} as settings, ${keys.sql} as keys, ${keyCount} as key_count, ${
        request.latestOfEachLabel ? labels.sql : sql`null`
      } as labels`,
    ),
  );
  const [found] = symbol.decode(row.symbol);
  if (!found) return null;
  const page = symbolKeyEventsPage(keys.decode(row.keys), request.keysShown);
  return {
    symbol: found,
    points: points.decode(row.points),
    levels: levels.decode(row.levels)[0] ?? null,
    previous: toPreviousSession(previous.decode(row.previous)[0]),
    settings: userSettingsRecord(settings.decode(row.settings)),
    keys: { ...page, total: row.key_count === null ? page.rows.length : Number(row.key_count) },
    latestOfEachLabel: row.labels === null ? null : labels.decode(row.labels),
  };
}
