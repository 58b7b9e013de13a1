// Upload batches (docs/decisions/142): a staged bhav copy's bars, the values a commit replaced,
// and what an undo puts back. Every write here runs in the service's transaction.
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { dayOhlc, uploadBatchBars, uploadBatches, users } from "~/db/schema";
import { rowsOf } from "~/db/rows";
import type { UploadBatchState } from "~/domain/upload-batches";
import type { DailyBar } from "./day-ohlc.server";

const CHUNK = 500;

export interface UploadBatchRow {
  id: number;
  kind: string;
  fileName: string;
  uploadedBy: number | null;
  uploadedByName: string | null;
  state: UploadBatchState;
  summary: unknown;
  createdAt: Date;
  committedAt: Date | null;
  undoneAt: Date | null;
}

const batchColumns = {
  id: uploadBatches.id,
  kind: uploadBatches.kind,
  fileName: uploadBatches.fileName,
  uploadedBy: uploadBatches.uploadedBy,
  uploadedByName: users.name,
  state: uploadBatches.state,
  summary: uploadBatches.summary,
  createdAt: uploadBatches.createdAt,
  committedAt: uploadBatches.committedAt,
  undoneAt: uploadBatches.undoneAt,
};

type RawBatch = Omit<UploadBatchRow, "state"> & { state: string };
const asBatch = (row: RawBatch): UploadBatchRow => ({ ...row, state: row.state as UploadBatchState });

export async function insertUploadBatch(
  db: AppDatabase,
  batch: { kind: string; fileName: string; uploadedBy: number | null; summary: unknown },
): Promise<number> {
  const [row] = await db.insert(uploadBatches).values({ ...batch, state: "previewed" }).returning({ id: uploadBatches.id });
  return row.id;
}

export async function insertUploadBatchBars(db: AppDatabase, batchId: number, bars: readonly DailyBar[]): Promise<void> {
  for (let i = 0; i < bars.length; i += CHUNK) {
    await db.insert(uploadBatchBars).values(
      bars.slice(i, i + CHUNK).map((b) => ({
        batchId,
        symbolId: b.symbolId,
        tradingDate: b.tradingDate,
        open: b.open,
        high: b.high,
        low: b.low,
        close: b.close,
        settlePrice: b.settlePrice ?? null,
        volume: Math.round(b.volume),
      })),
    );
  }
}

/** How many of a batch's bars replace a stored day (the rest are new), as the daily table stands now. */
export async function countReplacedBars(db: AppDatabase, batchId: number): Promise<{ rows: number; replacing: number }> {
  const [row] = await db
    .select({ rows: sql<number>`count(*)::int`, replacing: sql<number>`count(${dayOhlc.symbolId})::int` })
    .from(uploadBatchBars)
    .leftJoin(dayOhlc, and(eq(dayOhlc.symbolId, uploadBatchBars.symbolId), eq(dayOhlc.tradingDate, uploadBatchBars.tradingDate)))
    .where(eq(uploadBatchBars.batchId, batchId));
  return { rows: Number(row?.rows ?? 0), replacing: Number(row?.replacing ?? 0) };
}

/** The latest trading day any symbol holds, or null. */
export async function latestHeldTradingDate(db: AppDatabase): Promise<string | null> {
  const [row] = await db.select({ latest: sql<string | null>`max(${dayOhlc.tradingDate})` }).from(dayOhlc);
  return row?.latest ?? null;
}

export async function findUploadBatch(db: AppDatabase, id: number): Promise<UploadBatchRow | null> {
  const [row] = await db.select(batchColumns).from(uploadBatches).leftJoin(users, eq(users.id, uploadBatches.uploadedBy)).where(eq(uploadBatches.id, id)).limit(1);
  return row ? asBatch(row) : null;
}

/**
 * Locks the batch row and serialises commits and undos with each other (a transaction-scoped
 * advisory lock), so "a later commit touched these bars" cannot change while it is checked.
 */
export async function lockUploadBatch(db: AppDatabase, id: number): Promise<UploadBatchRow | null> {
  await db.execute(sql`select pg_advisory_xact_lock(${0x75706c64})`);
  const [row] = await db.select().from(uploadBatches).where(eq(uploadBatches.id, id)).for("update");
  return row ? asBatch({ ...row, uploadedByName: null }) : null;
}

/** Records, for each of the batch's bars, the day's stored values (null for a day not held). */
export async function recordPreviousBars(db: AppDatabase, batchId: number): Promise<void> {
  await db.execute(sql`
    update upload_batch_bars u set previous = jsonb_build_object(
      'open', d.open, 'high', d.high, 'low', d.low, 'close', d.close, 'settle_price', d.settle_price, 'volume', d.volume,
      'ma', d.ma, 'md', d.md, 'wa', d.wa, 'wd', d.wd)
    from day_ohlc d
    where u.batch_id = ${batchId} and d.symbol_id = u.symbol_id and d.trading_date = u.trading_date`);
}

/**
 * Writes the batch's bars into the daily table as the bhav import always has (upsertDailyBars):
 * a stored day's prices and volume are replaced, a settlement price the bar lacks is kept.
 */
export async function writeBatchBars(db: AppDatabase, batchId: number): Promise<void> {
  await db.execute(sql`
    insert into day_ohlc (symbol_id, trading_date, open, high, low, close, settle_price, volume)
    select symbol_id, trading_date, open, high, low, close, settle_price, volume from upload_batch_bars where batch_id = ${batchId}
    on conflict (symbol_id, trading_date) do update set
      open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
      settle_price = coalesce(excluded.settle_price, day_ohlc.settle_price), volume = excluded.volume, updated_at = now()`);
}

/** Undo: deletes the days the batch added and puts back the values of the days it replaced. */
export async function restoreBatchBars(db: AppDatabase, batchId: number): Promise<void> {
  await db.execute(sql`
    delete from day_ohlc d using upload_batch_bars u
    where u.batch_id = ${batchId} and u.previous is null and d.symbol_id = u.symbol_id and d.trading_date = u.trading_date`);
  await db.execute(sql`
    update day_ohlc d set
      open = (u.previous->>'open')::numeric, high = (u.previous->>'high')::numeric, low = (u.previous->>'low')::numeric,
      close = (u.previous->>'close')::numeric, settle_price = (u.previous->>'settle_price')::numeric,
      volume = (u.previous->>'volume')::bigint,
      ma = (u.previous->>'ma')::numeric, md = (u.previous->>'md')::numeric, wa = (u.previous->>'wa')::numeric, wd = (u.previous->>'wd')::numeric,
      updated_at = now()
    from upload_batch_bars u
    where u.batch_id = ${batchId} and u.previous is not null and d.symbol_id = u.symbol_id and d.trading_date = u.trading_date`);
}

/** The symbols and days a batch's bars cover (what their daily levels depend on). */
export async function batchBarKeys(db: AppDatabase, batchId: number): Promise<{ symbolId: number; tradingDate: string }[]> {
  return db.select({ symbolId: uploadBatchBars.symbolId, tradingDate: uploadBatchBars.tradingDate }).from(uploadBatchBars).where(eq(uploadBatchBars.batchId, batchId));
}

/**
 * A committed batch, committed after `committedAt`, that wrote a daily bar this batch also wrote
 * (a minute batch's rows are its days of minutes, not daily bars: it never blocks an undo).
 */
export async function laterOverlappingBatch(db: AppDatabase, batchId: number, committedAt: Date): Promise<{ id: number; fileName: string } | null> {
  const rows = rowsOf<{ id: number; file_name: string }>(
    await db.execute(sql`
      select b.id, b.file_name from upload_batches b
      where b.state = 'committed' and b.id <> ${batchId} and b.kind <> 'minute' and b.committed_at > ${committedAt.toISOString()}::timestamptz
        and exists (
          select 1 from upload_batch_bars later join upload_batch_bars mine
            on mine.symbol_id = later.symbol_id and mine.trading_date = later.trading_date
          where later.batch_id = b.id and mine.batch_id = ${batchId})
      order by b.committed_at desc limit 1`),
  );
  return rows[0] ? { id: Number(rows[0].id), fileName: rows[0].file_name } : null;
}

export async function setUploadBatchState(
  db: AppDatabase,
  id: number,
  change: { state: UploadBatchState; summary?: unknown; committedAt?: Date; undoneAt?: Date },
): Promise<void> {
  await db.update(uploadBatches).set(change).where(eq(uploadBatches.id, id));
}

export async function deleteUploadBatch(db: AppDatabase, id: number): Promise<void> {
  await db.delete(uploadBatches).where(eq(uploadBatches.id, id));
}

/** Deletes previews made before `cutoff` (their bars go with them). */
export async function deleteStalePreviews(db: AppDatabase, cutoff: Date): Promise<number> {
  const gone = await db
    .delete(uploadBatches)
    .where(and(eq(uploadBatches.state, "previewed"), lt(uploadBatches.createdAt, cutoff)))
    .returning({ id: uploadBatches.id });
  return gone.length;
}

/** The latest batches (of `kind` when given), newest first, before the batch id `beforeId` when given (keyset paging). */
export async function listUploadBatches(db: AppDatabase, options: { kind?: string; beforeId?: number; limit: number }): Promise<UploadBatchRow[]> {
  const rows = await db
    .select(batchColumns)
    .from(uploadBatches)
    .leftJoin(users, eq(users.id, uploadBatches.uploadedBy))
    .where(and(options.beforeId ? lt(uploadBatches.id, options.beforeId) : undefined, options.kind ? eq(uploadBatches.kind, options.kind) : undefined))
    .orderBy(desc(uploadBatches.id))
    .limit(options.limit);
  return rows.map(asBatch);
}

// ---------------------------------------------------------------- minute batches (docs/decisions/142, "Other files")

/** One symbol's staged day of 1-minute bars: the day's aggregate and its minutes [startMs, o, h, l, c, volume]. */
export interface StagedMinuteDay {
  symbolId: number;
  tradingDate: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  minutes: [number, number, number, number, number, number][];
}

/**
 * Stages a minute batch: one upload_batch_bars row per symbol and day (its OHLCV the day's
 * aggregate), the day's minutes in the row's jsonb (`previous`, which a minute batch does not
 * otherwise use: it records no replaced values, as it cannot be undone).
 */
export async function insertUploadBatchMinuteDays(db: AppDatabase, batchId: number, days: readonly StagedMinuteDay[]): Promise<void> {
  for (let i = 0; i < days.length; i += 50) {
    await db.insert(uploadBatchBars).values(
      days.slice(i, i + 50).map((d) => ({
        batchId,
        symbolId: d.symbolId,
        tradingDate: d.tradingDate,
        open: d.open,
        high: d.high,
        low: d.low,
        close: d.close,
        volume: Math.round(d.volume),
        previous: { minutes: d.minutes },
      })),
    );
  }
}

const stagedMinutes = (batchId: number) => sql`
  select u.symbol_id, (m->>0)::bigint as start_ms, (m->>1)::numeric as open, (m->>2)::numeric as high,
         (m->>3)::numeric as low, (m->>4)::numeric as close, (m->>5)::bigint as volume
  from upload_batch_bars u, jsonb_array_elements(u.previous->'minutes') m
  where u.batch_id = ${batchId}`;

/** How many of a minute batch's minutes replace a stored 1-minute candle (the rest are new), as the table stands now. */
export async function countReplacedMinutes(db: AppDatabase, batchId: number): Promise<{ rows: number; replacing: number }> {
  const [row] = rowsOf<{ rows: number; replacing: number }>(
    await db.execute(sql`
      select count(*)::int as rows, count(i.symbol_id)::int as replacing
      from (${stagedMinutes(batchId)}) s
      left join intraday_ohlc i on i.symbol_id = s.symbol_id and i.ts = to_timestamp(s.start_ms / 1000.0)`),
  );
  return { rows: Number(row?.rows ?? 0), replacing: Number(row?.replacing ?? 0) };
}

/** A minute batch's staged minutes, as candles to write. */
export async function batchMinuteCandles(db: AppDatabase, batchId: number): Promise<{ symbolId: number; time: number; open: number; high: number; low: number; close: number; volume: number }[]> {
  const rows = rowsOf<{ symbol_id: number; start_ms: string; open: string; high: string; low: string; close: string; volume: string }>(
    await db.execute(sql`${stagedMinutes(batchId)} order by 1, 2`),
  );
  return rows.map((r) => ({
    symbolId: Number(r.symbol_id),
    time: Number(r.start_ms),
    open: Number(r.open),
    high: Number(r.high),
    low: Number(r.low),
    close: Number(r.close),
    volume: Number(r.volume),
  }));
}
