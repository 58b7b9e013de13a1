// Daily bars: the bhav-copy upload, the day rollup and "Save Symbol's Open Data" write here;
// the key engine and the feed read the previous session's close and settlement price.
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { dayOhlc } from "~/db/schema";

export interface DailyBar {
  symbolId: number;
  /** YYYY-MM-DD (IST trading day). */
  tradingDate: string;
  open: number;
  high: number;
  low: number;
  close: number;
  settlePrice?: number | null;
  volume: number;
}

const CHUNK = 500;

/**
 * Inserts or replaces daily bars (price fields and volume). MA/MD/WA/WD already stored for a
 * day are kept. Runs in the caller's transaction when given one.
 */
export async function upsertDailyBars(db: AppDatabase, bars: readonly DailyBar[]): Promise<number> {
  for (let i = 0; i < bars.length; i += CHUNK) {
    const chunk = bars.slice(i, i + CHUNK);
    await db
      .insert(dayOhlc)
      .values(
        chunk.map((b) => ({
          symbolId: b.symbolId,
          tradingDate: b.tradingDate,
          open: b.open,
          high: b.high,
          low: b.low,
          close: b.close,
          settlePrice: b.settlePrice ?? null,
          volume: Math.round(b.volume),
        })),
      )
      .onConflictDoUpdate({
        target: [dayOhlc.symbolId, dayOhlc.tradingDate],
        set: {
          open: sql`excluded.open`,
          high: sql`excluded.high`,
          low: sql`excluded.low`,
          close: sql`excluded.close`,
          settlePrice: sql`coalesce(excluded.settle_price, ${dayOhlc.settlePrice})`,
          volume: sql`excluded.volume`,
          updatedAt: new Date(),
        },
      });
  }
  return bars.length;
}

export interface PreviousSession {
  symbolId: number;
  tradingDate: string;
  close: number;
  /** The settlement price when a bhav copy gave one, else the close (DECISIONS 17). */
  base: number;
}

/** For each symbol, its last stored session before `beforeYmd`. */
export async function previousSessions(db: AppDatabase, beforeYmd: string): Promise<Map<number, PreviousSession>> {
  const rows = await db
    .selectDistinctOn([dayOhlc.symbolId], {
      symbolId: dayOhlc.symbolId,
      tradingDate: dayOhlc.tradingDate,
      close: dayOhlc.close,
      settlePrice: dayOhlc.settlePrice,
    })
    .from(dayOhlc)
    .where(lt(dayOhlc.tradingDate, beforeYmd))
    .orderBy(dayOhlc.symbolId, desc(dayOhlc.tradingDate));
  return new Map(
    rows.map((r) => [r.symbolId, { symbolId: r.symbolId, tradingDate: r.tradingDate, close: r.close, base: r.settlePrice ?? r.close }]),
  );
}

/** One symbol's previous session (a chart needs only its own: the primary key answers it). */
export async function previousSession(db: AppDatabase, symbolId: number, beforeYmd: string): Promise<PreviousSession | null> {
  const [r] = await db
    .select({ symbolId: dayOhlc.symbolId, tradingDate: dayOhlc.tradingDate, close: dayOhlc.close, settlePrice: dayOhlc.settlePrice })
    .from(dayOhlc)
    .where(and(eq(dayOhlc.symbolId, symbolId), lt(dayOhlc.tradingDate, beforeYmd)))
    .orderBy(desc(dayOhlc.tradingDate))
    .limit(1);
  return r ? { symbolId: r.symbolId, tradingDate: r.tradingDate, close: r.close, base: r.settlePrice ?? r.close } : null;
}

export async function findDailyBar(db: AppDatabase, symbolId: number, tradingDate: string) {
  const [row] = await db
    .select()
    .from(dayOhlc)
    .where(and(eq(dayOhlc.symbolId, symbolId), eq(dayOhlc.tradingDate, tradingDate)))
    .limit(1);
  return row ?? null;
}

/** The symbol's latest stored day and its MA/MD/WA/WD levels (the chart's level lines). */
export async function latestDayLevels(db: AppDatabase, symbolId: number) {
  const [row] = await db
    .select({ tradingDate: dayOhlc.tradingDate, close: dayOhlc.close, ma: dayOhlc.ma, md: dayOhlc.md, wa: dayOhlc.wa, wd: dayOhlc.wd })
    .from(dayOhlc)
    .where(eq(dayOhlc.symbolId, symbolId))
    .orderBy(desc(dayOhlc.tradingDate))
    .limit(1);
  return row ?? null;
}

export interface DailyLevels {
  ma?: number | null;
  md?: number | null;
  wa?: number | null;
  wd?: number | null;
}

/** One day bar with its MA/MD/WA/WD (admin/dayohlc/createbysymbolcode); levels not sent are kept. */
export async function saveDailyBarWithLevels(db: AppDatabase, bar: DailyBar, levels: DailyLevels): Promise<void> {
  await db
    .insert(dayOhlc)
    .values({
      symbolId: bar.symbolId,
      tradingDate: bar.tradingDate,
      open: bar.open,
      high: bar.high,
      low: bar.low,
      close: bar.close,
      volume: Math.round(bar.volume),
      ma: levels.ma ?? null,
      md: levels.md ?? null,
      wa: levels.wa ?? null,
      wd: levels.wd ?? null,
    })
    .onConflictDoUpdate({
      target: [dayOhlc.symbolId, dayOhlc.tradingDate],
      set: {
        open: sql`excluded.open`,
        high: sql`excluded.high`,
        low: sql`excluded.low`,
        close: sql`excluded.close`,
        volume: sql`excluded.volume`,
        ma: sql`coalesce(excluded.ma, ${dayOhlc.ma})`,
        md: sql`coalesce(excluded.md, ${dayOhlc.md})`,
        wa: sql`coalesce(excluded.wa, ${dayOhlc.wa})`,
        wd: sql`coalesce(excluded.wd, ${dayOhlc.wd})`,
        updatedAt: new Date(),
      },
    });
}
