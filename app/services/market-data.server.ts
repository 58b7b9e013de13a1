// Stored market data, for the admin tools and the market API (docs/product-rules.md R-AC2 and R-AC7):
// "Save Symbol's Open Data", one day bar with its levels, the previous sessions' closes, a
// symbol's latest day bar, the weekly heroes and the suggested trend. The page (/dayohlc/open)
// and the API calls answer with the same messages. (Bonus/split: price-adjustments.server.ts.)
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { istDateString } from "~/domain/dates";
import { refuse, succeed, type Outcome } from "~/domain/outcome";
import { findDailyBar, latestDayLevels, previousSessions, saveDailyBarWithLevels, type DailyLevels } from "~/models/day-ohlc.server";
import { saveTodaysOpen } from "~/models/open-data.server";
import { getLatestTrend, type Trend } from "~/models/symbol-suggestion.server";
import { findSymbolByCode, listVisibleSymbols } from "~/models/symbol.server";
import { listWeeklyHeroes as selectWeeklyHeroes, type WeeklyHero } from "~/models/weekly-hero.server";
import { SELECT_BAR_SYMBOL } from "~/schemas/open-data";

export type { Trend, WeeklyHero };

type Db = Pick<AppContext, "db">;

/**
 * "Save Symbol's Open Data": today's open of every active symbol from its first 1-minute
 * candle. The message says why nothing was saved when no candle is stored yet.
 */
export async function saveOpenData(context: Db, now: Date = new Date()): Promise<{ tradingDate: string; symbols: number; message: string }> {
  const result = await saveTodaysOpen(context.db, now);
  const message =
    result.symbols > 0
      ? `Open data saved for ${result.symbols} ${result.symbols === 1 ? "symbol" : "symbols"}.`
      : `Open data saved for 0 symbols: no 1-minute candles are stored yet for today (${result.tradingDate}).`;
  return { ...result, message };
}

export interface DayBarInput {
  symbolCode: string;
  /** YYYY-MM-DD (IST trading day). */
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  levels: DailyLevels;
}

/** One symbol's day bar with its MA/MD/WA/WD; levels not sent are kept. */
export async function saveDayBar(context: Db, input: DayBarInput): Promise<Outcome<{ message: string }>> {
  const symbol = await findSymbolByCode(context.db, input.symbolCode);
  if (!symbol) return refuse(SELECT_BAR_SYMBOL, "symbolCode");
  await saveDailyBarWithLevels(
    context.db,
    { symbolId: symbol.id, tradingDate: input.date, open: input.open, high: input.high, low: input.low, close: input.close, volume: input.volume },
    input.levels,
  );
  return succeed({ message: `Day data saved for ${symbol.symbolCode} on ${input.date}` });
}

/** The previous session's close of every symbol the user may see (a customer: its subscription). */
export async function listPreviousCloses(context: Db, user: Pick<SessionUser, "id" | "roleId">) {
  const sessions = await previousSessions(context.db, istDateString(new Date()));
  const visible = user.roleId === 4 ? new Set((await listVisibleSymbols(context.db, user)).map((s) => s.id)) : null;
  return [...sessions.values()].filter((s) => !visible || visible.has(s.symbolId));
}

/** A symbol's latest stored day bar with its MA/MD/WA/WD, or null when none is stored. */
export async function findLatestDayBar(context: Db, symbolId: number) {
  const latest = await latestDayLevels(context.db, symbolId);
  return latest ? findDailyBar(context.db, symbolId, latest.tradingDate) : null;
}

/** The weekly heroes of the symbols the user may see (docs/decisions/101). */
export function listWeeklyHeroes(context: Db, user: Pick<SessionUser, "id" | "roleId">): Promise<WeeklyHero[]> {
  return selectWeeklyHeroes(context.db, user);
}

/** The latest suggested trend of a symbol, or null when none is stored. */
export function findLatestTrend(context: Db, symbolCode: string): Promise<Trend | null> {
  return getLatestTrend(context.db, symbolCode);
}
