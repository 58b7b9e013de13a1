// Bhav copy import (docs/product-rules.md R-D17, R-D21; docs/decisions/012): maps a parsed bhav copy onto our
// symbols and stores each day's OHLC and settlement price. Good rows are stored in one
// transaction, bad rows are listed with their line, rows for symbols we do not list are counted.
//
// Which rows feed which symbol:
//   - futures (legacy FUTIDX/FUTSTK, UDiFF IDF/STF): the near-month contract per underlying,
//     stored under "<UNDERLYING>-I" (NIFTY → NIFTY-I) when that symbol is listed. Never under
//     the underlying's own code: RELIANCE is the cash share, and its future trades at a premium
//     with a different settlement; mixing them would move the key ladder's base (docs/product-rules.md R-D17).
//   - cash equities (legacy CM, UDiFF STK): series EQ rows, under their own code.
//   - everything else (options, later expiries, other series) is counted as not used.
import type { AppDatabase } from "~/db/client.server";
import { numberUnits, unitsToText } from "~/domain/decimal";
import { formatNumber } from "~/domain/format";
import {
  bhavRecordReader,
  FUTURE_INSTRUMENTS,
  futureSymbolCode,
  nearMonthFutures,
  parseBhavCopy,
  SYMBOL_MISSING_MESSAGE,
  type BhavFormat,
  type BhavRecordResult,
  type BhavRow,
  type CsvRecord,
  type ParseError,
} from "~/market/bhav.server";
import { findCsvHeader, streamCsvRecords } from "~/market/csv-chunks.server";
import {
  capReport,
  emptyReport,
  FILE_EMPTY,
  groupErrorsByLine,
  NOT_A_BHAV_COPY,
  POSTED_OK,
  type ImportReport,
  type ImportRowError,
  type ImportStoredRow,
} from "~/market/import-report";
import { upsertDailyBars, type DailyBar } from "~/models/day-ohlc.server";
import { refreshDailyLevels } from "~/market/daily-levels.server";
import { symbolsByCodes } from "~/models/symbol.server";

export const BHAV_FORMAT_LABELS: Record<Exclude<BhavFormat, "unknown">, string> = {
  "fo-legacy": "NSE F&O bhav copy (old format)",
  "cm-legacy": "NSE equity bhav copy (old format)",
  udiff: "NSE UDiFF bhav copy",
  short: "bhav copy rows (SYMBOL, TIMESTAMP, OPEN, HIGH, LOW, SETTLE_PR, VOLUME)",
};

const IGNORED_REASONS: Record<Exclude<BhavFormat, "unknown">, string> = {
  "fo-legacy": "options and later expiries",
  "cm-legacy": "series other than EQ",
  udiff: "options, later expiries and series other than EQ",
  short: "nothing (every row names its own symbol)",
};

/** The largest value a price column (numeric(14,2)) holds. */
export const MAX_STORABLE_PRICE = 999_999_999_999.99;

/** What became of one line of a bhav copy. */
export interface BhavRowOutcome {
  line: number;
  /** stored; rejected (a bad row, listed in errors); skipped (its symbol is not listed); ignored (a row this import does not use). */
  outcome: "stored" | "rejected" | "skipped" | "ignored";
  /** The symbol code the row is (or would be) stored under; null when the row has none. */
  symbolCode: string | null;
  message: string;
}

export interface BhavImportReport extends ImportReport {
  format: BhavFormat;
  /** The trading days stored, YYYY-MM-DD. */
  tradingDates: string[];
  /** Every data line's outcome, in line order: only when asked for (`rowOutcomes`), never capped. */
  rows?: BhavRowOutcome[];
}

export interface BhavTarget {
  row: BhavRow;
  /** The symbol code the row is stored under, upper case. */
  code: string;
}

function isCashEquity(row: BhavRow): boolean {
  return row.instrument === undefined && (row.series === undefined || row.series === "EQ");
}

/** A row that may feed a symbol: a future (any expiry, the nearest is picked later) or an EQ share. */
export function isBhavCandidate(row: BhavRow): boolean {
  return isCashEquity(row) || (row.instrument !== undefined && (FUTURE_INSTRUMENTS as readonly string[]).includes(row.instrument));
}

/** Which rows of a bhav copy feed which symbol code; the rest are counted as not used. */
export function selectBhavTargets(rows: readonly BhavRow[]): { targets: BhavTarget[]; ignored: number } {
  const targets: BhavTarget[] = nearMonthFutures(rows).map((row) => ({ row, code: futureSymbolCode(row.symbol) }));
  for (const row of rows) {
    if (isCashEquity(row)) targets.push({ row, code: row.symbol });
  }
  targets.sort((a, b) => a.row.line - b.row.line);
  return { targets, ignored: rows.length - targets.length };
}

/**
 * The daily bar a bhav row gives, or why it cannot be stored. An untraded contract (open, high
 * and low all 0, as NSE prints them) is stored flat at its close. A settlement price of 0 is
 * "none" (the key engine then falls back to the close).
 */
export function dailyBarFromBhavRow(parsed: BhavRow): { bar: Omit<DailyBar, "symbolId"> } | { error: string } {
  // Checked as they will be stored: rounded to the price columns' 2 places first, so a close of
  // 0.004 is the 0.00 it would become (docs/decisions/118).
  const row = { ...parsed, open: toPaise(parsed.open), high: toPaise(parsed.high), low: toPaise(parsed.low), close: toPaise(parsed.close), settlePrice: toPaise(parsed.settlePrice) };
  const prices = [row.open, row.high, row.low, row.close, row.settlePrice];
  if (prices.some((p) => p < 0)) return { error: "A price is negative" };
  if (prices.some((p) => p > MAX_STORABLE_PRICE)) return { error: `A price is too large to store (the limit is ${formatNumber(MAX_STORABLE_PRICE)})` };
  if (row.close === 0) return { error: "The close price is 0: there is no price to store" };
  if (row.volume < 0) return { error: "The volume is negative" };
  if (row.volume > Number.MAX_SAFE_INTEGER) return { error: "The volume is too large to store" };
  let { open, high, low } = row;
  if (open === 0 && high === 0 && low === 0) {
    open = high = low = row.close;
  } else if (open === 0 || high === 0 || low === 0) {
    return { error: "OPEN, HIGH or LOW is 0 although the row has prices" };
  }
  if (high < low) return { error: `HIGH (${high}) is below LOW (${low})` };
  return {
    bar: {
      tradingDate: row.tradingDate,
      open,
      high,
      low,
      close: row.close,
      settlePrice: row.settlePrice > 0 ? row.settlePrice : null,
      volume: Math.round(row.volume),
    },
  };
}

/** A price rounded half away from zero to 2 places, from its decimal digits (NaN stays NaN). */
function toPaise(price: number): number {
  const units = numberUnits(price, 2);
  return units === null ? price : Number(unitsToText(units, 2));
}

function describeBar(bar: Omit<DailyBar, "symbolId">): string {
  const settle = bar.settlePrice == null ? "" : `, settlement ${formatNumber(bar.settlePrice)}`;
  return `${bar.tradingDate}: open ${formatNumber(bar.open)}, high ${formatNumber(bar.high)}, low ${formatNumber(bar.low)}, close ${formatNumber(bar.close)}${settle}`;
}

/** A bhav copy read and mapped onto our symbols, not yet stored: its report (uncapped) and its bars. */
export interface BhavPlan {
  report: BhavImportReport;
  bars: DailyBar[];
}

/**
 * The report of a plan whose bars could not be stored: `fatal` says why, nothing counts as
 * stored, and a row that would have been stored is rejected with that message.
 */
export function failedBhavReport(report: BhavImportReport, fatal: string): BhavImportReport {
  return {
    ...report,
    tradingDates: [],
    storedCount: 0,
    stored: [],
    fatal,
    ...(report.rows ? { rows: report.rows.map((o) => (o.outcome === "stored" ? { ...o, outcome: "rejected" as const, message: fatal } : o)) } : {}),
  };
}

/** The fatal message of a bhav copy the database refused to store. */
export function bhavStoreFailure(error: unknown): string {
  console.error("[bhav-import] nothing stored:", databaseMessage(error));
  return `Nothing was stored: the database refused the data (${databaseMessage(error)}).`;
}

/**
 * Parses a bhav copy (any of the three formats), stores what maps onto our symbols, reports per
 * row. With `rowOutcomes` the report also says what became of every data line (for the API's
 * posted rows; an uploaded file's report lists only the stored and the bad rows). The import
 * command uses it; the Upload page previews first (planBhavCopy, services/uploads.server.ts).
 */
export async function importBhavCopy(db: AppDatabase, csvText: string, options: { rowOutcomes?: boolean } = {}): Promise<BhavImportReport> {
  const { report, bars } = await planBhavCopy(db, csvText, options);
  if (bars.length > 0) {
    try {
      await storeDailyBars(db, bars);
    } catch (error) {
      return capReport(failedBhavReport(report, bhavStoreFailure(error)));
    }
  }
  return capReport(report);
}

/**
 * Stores daily bars in one transaction (a failure part-way leaves nothing behind, docs/product-rules.md R-D21)
 * and refreshes the MA, WA, MD and WD of the days written (docs/product-rules.md R-D18, decision 129).
 */
export async function storeDailyBars(db: AppDatabase, bars: readonly DailyBar[]): Promise<void> {
  await db.transaction(async (tx) => {
    await upsertDailyBars(tx, bars);
    await refreshBarLevels(tx, bars);
  });
}

/** The levels of the symbols and the span of days `bars` cover (what a write of them changes). */
export async function refreshBarLevels(db: AppDatabase, bars: readonly Pick<DailyBar, "symbolId" | "tradingDate">[]): Promise<void> {
  if (bars.length === 0) return;
  const dates = bars.map((b) => b.tradingDate).sort();
  await refreshDailyLevels(db, { symbolIds: bars.map((b) => b.symbolId), fromYmd: dates[0], toYmd: dates[dates.length - 1] });
}

/**
 * Parses a bhav copy and maps it onto our symbols without storing anything: the report (what
 * would be stored, the bad rows, the skipped and unused ones) and the bars to store.
 */
export async function planBhavCopy(db: AppDatabase, csvText: string, options: { rowOutcomes?: boolean } = {}): Promise<BhavPlan> {
  // Outcomes by line, kept only when asked for (an F&O file has 30,000 option rows).
  const outcomes = options.rowOutcomes ? new Map<number, BhavRowOutcome>() : null;
  const note = (line: number, outcome: BhavRowOutcome["outcome"], symbolCode: string | null, message: string) => outcomes?.set(line, { line, outcome, symbolCode, message });
  const fail = (message: string, format: BhavFormat = "unknown"): BhavPlan => ({
    report: { ...emptyReport("bhav", message, format === "unknown" ? null : BHAV_FORMAT_LABELS[format]), format, tradingDates: [] },
    bars: [],
  });
  const { header } = findCsvHeader(csvText);
  if (!header) return fail(FILE_EMPTY);
  // The header alone tells the format and whether the needed columns are there.
  const headerCheck = parseBhavCopy(`${header.text}\n`);
  if (headerCheck.format === "unknown") return fail(NOT_A_BHAV_COPY);
  const format = headerCheck.format;
  if (headerCheck.errors.length > 0) return fail(`${headerCheck.errors[0].message}. ${NOT_A_BHAV_COPY}`, format);

  // Options are most of an F&O file (31,000 of 32,000 rows): they are counted and dropped as they
  // are read rather than kept, which keeps memory and the final selection small.
  let dropped = 0;
  const parsed = { rows: [] as BhavRow[], errors: [] as ParseError[] };
  let read: ((record: CsvRecord) => BhavRecordResult) | null = null;
  for await (const record of streamCsvRecords(csvText, parsed.errors)) {
    if (read === null) {
      // The first record is the header checked above.
      const reader = bhavRecordReader(record);
      if ("error" in reader) return fail(`${reader.error.message}. ${NOT_A_BHAV_COPY}`, reader.format);
      read = reader.read;
      continue;
    }
    const result = read(record);
    if ("errors" in result) {
      parsed.errors.push(...result.errors);
    } else if (isBhavCandidate(result.row)) {
      parsed.rows.push(result.row);
    } else {
      dropped += 1;
      note(result.row.line, "ignored", result.row.symbol, "Not used: only futures and shares of series EQ are stored");
    }
  }
  parsed.errors.sort((a, b) => a.line - b.line);
  const selection = selectBhavTargets(parsed.rows);
  const { targets } = selection;
  if (outcomes) {
    const picked = new Set(targets.map((t) => t.row.line));
    for (const row of parsed.rows) if (!picked.has(row.line)) note(row.line, "ignored", futureSymbolCode(row.symbol), "Not used: not the near-month contract of this future");
  }
  const ignored = selection.ignored + dropped;
  const listed = await symbolsByCodes(db, [...new Set(targets.map((t) => t.code))]);

  const errors: ImportRowError[] = parsed.errors.map((e) => ({ line: e.line, message: e.message }));
  const stored: ImportStoredRow[] = [];
  const bars: DailyBar[] = [];
  const skippedCodes = new Set<string>();
  let skipped = 0;
  const firstLineOf = new Map<string, number>();
  for (const { row, code } of targets) {
    const symbol = listed.get(code);
    if (!symbol) {
      skipped += 1;
      skippedCodes.add(code);
      note(row.line, "skipped", code, `${code} is not in the symbol list: not stored`);
      continue;
    }
    const key = `${symbol.id}|${row.tradingDate}`;
    const earlier = firstLineOf.get(key);
    if (earlier !== undefined) {
      errors.push({ line: row.line, message: `Duplicate row: ${code} on ${row.tradingDate} is already given on line ${earlier}` });
      continue;
    }
    const result = dailyBarFromBhavRow(row);
    if ("error" in result) {
      errors.push({ line: row.line, message: `${code}: ${result.error}` });
      continue;
    }
    firstLineOf.set(key, row.line);
    bars.push({ symbolId: symbol.id, ...result.bar });
    stored.push({ line: row.line, symbolCode: symbol.symbolCode, detail: describeBar(result.bar) });
    note(row.line, "stored", symbol.symbolCode, `${POSTED_OK}: ${describeBar(result.bar)}`);
  }
  errors.sort((a, b) => a.line - b.line);
  if (outcomes) {
    const codeOf = new Map(targets.map((t) => [t.row.line, t.code]));
    for (const e of groupErrorsByLine(errors)) if (e.line > 0) note(e.line, "rejected", codeOf.get(e.line) ?? null, e.message);
  }
  const report: BhavImportReport = {
    ...emptyReport("bhav", null, BHAV_FORMAT_LABELS[format]),
    format,
    tradingDates: [...new Set(bars.map((b) => b.tradingDate))].sort(),
    storedCount: bars.length,
    stored,
    errorCount: errors.length,
    errors,
    skipped: { count: skipped, codes: [...skippedCodes], symbolCount: skippedCodes.size },
    ignored: { count: ignored, reason: IGNORED_REASONS[format] },
    ...(outcomes ? { rows: [...outcomes.values()].sort((x, y) => x.line - y.line) } : {}),
  };
  return { report, bars };
}

// ---------------------------------------------------------------- posted rows (the API)

/** A bhav copy row as the API receives it: the CSV's column names and their values. */
export type PostedBhavRow = Readonly<Record<string, string | number | null>>;

/** A CSV field: quoted, quotes doubled, line breaks flattened (each row stays on its own line). */
function csvField(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  return `"${text.replace(/[\r\n]+/g, " ").replaceAll('"', '""')}"`;
}

/**
 * Reads posted bhav copy rows (admin/chavi/bhavcopy) with the upload's own reading: the rows
 * become the CSV file they came from (the header is every column name posted, in order) and go
 * through planBhavCopy, so the format, the SYMBOL rule, ':NSEFO' and the near-month choice are
 * the upload's. Nothing is stored (the service stores the bars as an upload batch).
 */
export async function planPostedBhavRows(db: AppDatabase, posted: readonly PostedBhavRow[]): Promise<BhavPlan> {
  const columns = [...new Set(posted.flatMap((row) => Object.keys(row)))];
  if (columns.length === 0) {
    // Rows without a single column: nothing to read, and no SYMBOL in any of them.
    const rows = posted.map((_, i): BhavRowOutcome => ({ line: i + 2, outcome: "rejected", symbolCode: null, message: SYMBOL_MISSING_MESSAGE }));
    return {
      report: { ...emptyReport("bhav"), format: "unknown", tradingDates: [], errorCount: rows.length, errors: rows.map((r) => ({ line: r.line, message: r.message })), rows },
      bars: [],
    };
  }
  const lines = [columns.map(csvField).join(","), ...posted.map((row) => columns.map((c) => csvField(row[c] ?? null)).join(","))];
  return planBhavCopy(db, `${lines.join("\n")}\n`, { rowOutcomes: true });
}

/** Each posted row's outcome, in the order posted, from the report of planPostedBhavRows (or its failedBhavReport). */
export function postedRowOutcomes(report: BhavImportReport, postedCount: number): BhavRowOutcome[] {
  const byLine = new Map((report.rows ?? []).map((o) => [o.line, o]));
  // Row i is line i + 2 (the header is line 1). A row with no outcome had only empty values, which
  // the CSV reader passes over as a blank line: it has no SYMBOL either.
  return Array.from({ length: postedCount }, (_, i): BhavRowOutcome => {
    const line = i + 2;
    if (report.fatal) return { line, outcome: "rejected", symbolCode: null, message: report.fatal };
    return byLine.get(line) ?? { line, outcome: "rejected", symbolCode: null, message: SYMBOL_MISSING_MESSAGE };
  });
}

/** The database's own message, found through drizzle's wrapping error when there is one. */
export function databaseMessage(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const cause = (current as { cause?: unknown }).cause;
    if (!cause) break;
    current = cause;
  }
  return current instanceof Error ? current.message : String(current);
}
