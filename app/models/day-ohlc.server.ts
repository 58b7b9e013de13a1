// Daily bars: the bhav-copy upload, the day rollup and "Save Symbol's Open Data" write here;
// the key engine and the feed read the previous session's close and settlement price.
import { and, desc, eq, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { dayOhlc } from "~/db/schema";
import { rowsOf } from "~/db/rows";

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

function dailyBarRow(bar: DailyBar) {
  return {
    symbolId: bar.symbolId,
    tradingDate: bar.tradingDate,
    open: bar.open,
    high: bar.high,
    low: bar.low,
    close: bar.close,
    settlePrice: bar.settlePrice ?? null,
    volume: Math.round(bar.volume),
  };
}

/** A bar written again for a stored day replaces its prices and volume; a settlement price it lacks is kept. */
function replacedDailyBar() {
  return {
    open: sql`excluded.open`,
    high: sql`excluded.high`,
    low: sql`excluded.low`,
    close: sql`excluded.close`,
    settlePrice: sql`coalesce(excluded.settle_price, ${dayOhlc.settlePrice})`,
    volume: sql`excluded.volume`,
    updatedAt: new Date(),
  };
}

/**
 * Inserts or replaces daily bars (price fields and volume). MA/MD/WA/WD already stored for a
 * day are kept. Runs in the caller's transaction when given one.
 */
export async function upsertDailyBars(db: AppDatabase, bars: readonly DailyBar[]): Promise<number> {
  for (let i = 0; i < bars.length; i += CHUNK) {
    const chunk = bars.slice(i, i + CHUNK);
    await db
      .insert(dayOhlc)
      .values(chunk.map(dailyBarRow))
      .onConflictDoUpdate({ target: [dayOhlc.symbolId, dayOhlc.tradingDate], set: replacedDailyBar() });
  }
  return bars.length;
}

export interface PreviousSession {
  symbolId: number;
  tradingDate: string;
  close: number;
  /** The settlement price when a bhav copy gave one, else the close (docs/product-rules.md R-D17). */
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

/** One symbol's previous session as a row (the id may be a subquery; the primary key answers it). */
export function previousSessionQuery(db: AppDatabase, symbolId: number | SQL, beforeYmd: string) {
  return db
    .select({ symbolId: dayOhlc.symbolId, tradingDate: dayOhlc.tradingDate, close: dayOhlc.close, settlePrice: dayOhlc.settlePrice })
    .from(dayOhlc)
    .where(and(eq(dayOhlc.symbolId, symbolId), lt(dayOhlc.tradingDate, beforeYmd)))
    .orderBy(desc(dayOhlc.tradingDate))
    .limit(1);
}

/** previousSessionQuery's row as the session, its base the settlement price when there is one. */
export function toPreviousSession(r: { symbolId: number; tradingDate: string; close: number; settlePrice: number | null } | undefined): PreviousSession | null {
  return r ? { symbolId: r.symbolId, tradingDate: r.tradingDate, close: r.close, base: r.settlePrice ?? r.close } : null;
}

/** One symbol's previous session (a chart needs only its own: the primary key answers it). */
export async function previousSession(db: AppDatabase, symbolId: number, beforeYmd: string): Promise<PreviousSession | null> {
  const [r] = await previousSessionQuery(db, symbolId, beforeYmd);
  return toPreviousSession(r);
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
      ...dailyBarRow(bar),
      ma: levels.ma ?? null,
      md: levels.md ?? null,
      wa: levels.wa ?? null,
      wd: levels.wd ?? null,
    })
    .onConflictDoUpdate({
      target: [dayOhlc.symbolId, dayOhlc.tradingDate],
      set: {
        ...replacedDailyBar(),
        ma: sql`coalesce(excluded.ma, ${dayOhlc.ma})`,
        md: sql`coalesce(excluded.md, ${dayOhlc.md})`,
        wa: sql`coalesce(excluded.wa, ${dayOhlc.wa})`,
        wd: sql`coalesce(excluded.wd, ${dayOhlc.wd})`,
      },
    });
}

/**
 * The chart's MA/MD/WA/WD lines: the levels of the symbol's latest day that has any (today's
 * once the day rollup or an upload wrote them, else the previous session's), not simply the
 * latest day: "Save Symbol's Open Data" creates today's row in the morning without levels.
 */
export async function latestStoredLevels(db: AppDatabase, symbolId: number) {
  const [row] = await latestStoredLevelsQuery(db, symbolId);
  return row ?? null;
}

/** latestStoredLevels' query (the id may be a subquery), to embed in another statement. */
export function latestStoredLevelsQuery(db: AppDatabase, symbolId: number | SQL) {
  return db
    .select({ tradingDate: dayOhlc.tradingDate, ma: dayOhlc.ma, md: dayOhlc.md, wa: dayOhlc.wa, wd: dayOhlc.wd })
    .from(dayOhlc)
    .where(
      and(
        eq(dayOhlc.symbolId, symbolId),
        or(isNotNull(dayOhlc.ma), isNotNull(dayOhlc.md), isNotNull(dayOhlc.wa), isNotNull(dayOhlc.wd)),
      ),
    )
    .orderBy(desc(dayOhlc.tradingDate))
    .limit(1);
}

export interface LevelWindowBar {
  symbolId: number;
  tradingDate: string;
  high: number;
  low: number;
  close: number;
}

/**
 * For each symbol (all with a stored day in the range when none are named), its stored days from
 * `fromYmd` to `toYmd` and the `lookback` sessions before them (what the day levels of those days
 * need). One index range scan per symbol.
 */
export async function readLevelWindows(
  db: AppDatabase,
  symbolIds: readonly number[] | undefined,
  fromYmd: string,
  toYmd: string,
  lookback: number,
): Promise<LevelWindowBar[]> {
  if (symbolIds?.length === 0) return [];
  // Without a list: every symbol with a stored day in the range.
  const symbols = symbolIds
    ? sql`unnest(array[${sql.join(symbolIds.map((id) => sql`${id}`), sql`, `)}]::int[]) as s(symbol_id)`
    : sql`(select distinct symbol_id from day_ohlc where trading_date >= ${fromYmd}::date and trading_date <= ${toYmd}::date) as s`;
  const rows = rowsOf<{ symbol_id: number; trading_date: string; high: number; low: number; close: number }>(
    await db.execute(sql`
      select s.symbol_id, b.trading_date::text as trading_date, b.high::float8 as high, b.low::float8 as low, b.close::float8 as close
      from ${symbols}
      cross join lateral (
        (select trading_date, high, low, close from day_ohlc d
          where d.symbol_id = s.symbol_id and d.trading_date < ${fromYmd}::date
          order by d.trading_date desc limit ${lookback})
        union all
        (select trading_date, high, low, close from day_ohlc d
          where d.symbol_id = s.symbol_id and d.trading_date >= ${fromYmd}::date and d.trading_date <= ${toYmd}::date)
      ) b`),
  );
  return rows.map((r) => ({ symbolId: Number(r.symbol_id), tradingDate: r.trading_date, high: Number(r.high), low: Number(r.low), close: Number(r.close) }));
}

export interface StoredDayLevels {
  symbolId: number;
  tradingDate: string;
  ma: number | null;
  md: number | null;
  wa: number | null;
  wd: number | null;
}

/**
 * Writes the MA/MD/WA/WD of existing day rows. A null (too few sessions to compute the level)
 * keeps what is stored, e.g. a level uploaded through admin/dayohlc/createbysymbolcode. Runs in
 * the caller's transaction when given one.
 */
export async function writeDayLevels(db: AppDatabase, levels: readonly StoredDayLevels[]): Promise<number> {
  for (let i = 0; i < levels.length; i += CHUNK) {
    const chunk = levels.slice(i, i + CHUNK);
    const values = sql.join(
      chunk.map((l) => sql`(${l.symbolId}::int, ${l.tradingDate}::date, ${l.ma}::numeric, ${l.md}::numeric, ${l.wa}::numeric, ${l.wd}::numeric)`),
      sql`, `,
    );
    await db.execute(sql`
      update day_ohlc as d
      set ma = coalesce(v.ma, d.ma), md = coalesce(v.md, d.md), wa = coalesce(v.wa, d.wa), wd = coalesce(v.wd, d.wd), updated_at = now()
      from (values ${values}) as v(symbol_id, trading_date, ma, md, wa, wd)
      where d.symbol_id = v.symbol_id and d.trading_date = v.trading_date`);
  }
  return levels.length;
}
