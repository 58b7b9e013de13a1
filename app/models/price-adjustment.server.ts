// Bonus / split adjustment (docs/product-rules.md R-D20): one symbol's stored daily and intraday prices are
// multiplied or divided by a number, in one transaction.
import { asc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { AppDatabase } from "~/db/client.server";
import { dayOhlc, hourlyOhlc, intradayOhlc, symbols } from "~/db/schema";
import type { BonusOperation } from "~/schemas/bonus-split";

export interface SymbolChoice {
  id: number;
  symbolCode: string;
}

/** Every symbol (active or not: a listed but inactive share still has history to adjust). */
export async function listSymbolChoices(db: AppDatabase): Promise<SymbolChoice[]> {
  return db.select({ id: symbols.id, symbolCode: symbols.symbolCode }).from(symbols).orderBy(asc(symbols.symbolCode));
}

export async function findSymbolChoice(db: AppDatabase, id: number): Promise<SymbolChoice | null> {
  const [row] = await db.select({ id: symbols.id, symbolCode: symbols.symbolCode }).from(symbols).where(eq(symbols.id, id)).limit(1);
  return row ?? null;
}

export interface PriceAdjustment {
  symbolId: number;
  factor: number;
  operation: BonusOperation;
}

export interface PriceAdjustmentResult {
  dailyRows: number;
  intradayRows: number;
}

/** Thrown when an adjusted price would not fit the price columns; nothing was changed. */
export class PriceOutOfRangeError extends Error {
  constructor() {
    super("The adjusted prices would be too large to store.");
    this.name = "PriceOutOfRangeError";
  }
}

function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/**
 * Multiplies or divides the symbol's stored prices: day_ohlc open/high/low/close/settlement and
 * MA/MD/WA/WD (empty ones stay empty), and intraday_ohlc and hourly_ohlc open/high/low/close. Volumes are left as
 * traded. Prices are rounded to the columns' 2 decimals. The minute table is updated one month
 * (one partition) per statement, so a long history does not hold the event loop in one piece.
 */
export async function adjustSymbolPrices(db: AppDatabase, adjustment: PriceAdjustment): Promise<PriceAdjustmentResult> {
  if (!(adjustment.factor > 0) || !Number.isFinite(adjustment.factor)) throw new RangeError("The factor must be a positive number");
  const factor = String(adjustment.factor);
  const apply = (column: SQLWrapper): SQL =>
    adjustment.operation === "Multiply" ? sql`round(${column} * ${factor}::numeric, 2)` : sql`round(${column} / ${factor}::numeric, 2)`;
  try {
    return await db.transaction(async (tx) => {
      const daily = await tx
        .update(dayOhlc)
        .set({
          open: apply(dayOhlc.open),
          high: apply(dayOhlc.high),
          low: apply(dayOhlc.low),
          close: apply(dayOhlc.close),
          settlePrice: apply(dayOhlc.settlePrice),
          ma: apply(dayOhlc.ma),
          md: apply(dayOhlc.md),
          wa: apply(dayOhlc.wa),
          wd: apply(dayOhlc.wd),
          updatedAt: new Date(),
        })
        .where(eq(dayOhlc.symbolId, adjustment.symbolId));
      const [span] = await tx
        .select({ from: sql<string | null>`min(${intradayOhlc.ts})`, to: sql<string | null>`max(${intradayOhlc.ts})` })
        .from(intradayOhlc)
        .where(eq(intradayOhlc.symbolId, adjustment.symbolId));
      let intradayRows = 0;
      if (span?.from && span.to) {
        for (const month of utcMonthsBetween(new Date(span.from), new Date(span.to))) {
          const result = await tx
            .update(intradayOhlc)
            .set({ open: apply(intradayOhlc.open), high: apply(intradayOhlc.high), low: apply(intradayOhlc.low), close: apply(intradayOhlc.close) })
            .where(
              sql`${intradayOhlc.symbolId} = ${adjustment.symbolId} and ${intradayOhlc.ts} >= ${month.from.toISOString()} and ${intradayOhlc.ts} < ${month.to.toISOString()}`,
            );
          intradayRows += affectedRows(result);
        }
      }
      // The hourly rollup gets the same rounding: round(x × f, 2) never reverses an order, so the
      // adjusted hour's high, low, first open and last close are those of its adjusted minutes,
      // and hours kept past minute retention are adjusted too (docs/decisions/081).
      await tx
        .update(hourlyOhlc)
        .set({ open: apply(hourlyOhlc.open), high: apply(hourlyOhlc.high), low: apply(hourlyOhlc.low), close: apply(hourlyOhlc.close) })
        .where(eq(hourlyOhlc.symbolId, adjustment.symbolId));
      return { dailyRows: affectedRows(daily), intradayRows };
    });
  } catch (error) {
    // 22003 numeric_value_out_of_range: the multiplied price does not fit numeric(14,2).
    if (sqlState(error) === "22003") throw new PriceOutOfRangeError();
    throw error;
  }
}

/** The UTC calendar months (the minute table's partitions) from the month of `from` through `to`. */
export function utcMonthsBetween(from: Date, to: Date): { from: Date; to: Date }[] {
  const months: { from: Date; to: Date }[] = [];
  let y = from.getUTCFullYear();
  let m = from.getUTCMonth();
  for (;;) {
    const start = new Date(Date.UTC(y, m, 1));
    if (start.getTime() > to.getTime()) break;
    const end = new Date(Date.UTC(y, m + 1, 1));
    months.push({ from: start, to: end });
    y = end.getUTCFullYear();
    m = end.getUTCMonth();
  }
  return months;
}
