// Parsers for the vendor 1-minute bar files and NSE's index constituent list. They take the
// file's text and return rows plus per-row errors; no I/O.
//
// 1-minute bars: no header; each line is Ticker,YYYYMMDD,HH:MM,Open,High,Low,Close,Volume.
// The vendor stamps a bar at its END in IST: "09:16" is the minute 09:15:00–09:15:59 IST, the
// first of the session, and "15:30" the minute from 15:29. A Candle's time is its bucket START
// (docs/product-rules.md R-D13), so a bar stamped HH:MM becomes the UTC epoch ms of (HH:MM IST − 1 minute):
// 20171003 09:16 → 2017-10-03T03:45:00Z. After-hours rows (15:31, 16:36 …) are kept as they are.
import type { Candle } from "~/domain/candles";
import { istWallTimeToEpochMs, parseNseDate } from "~/domain/dates";
import { readDecimalNumber } from "~/domain/decimal";
import { readCsvRecords, SYMBOL_MISSING_MESSAGE, type CsvRecord, type ParseError } from "~/market/bhav.server";
import { streamCsvRecords } from "~/market/csv-chunks.server";

export interface MinuteBar extends Candle {
  /** 1-based line in the file. */
  line: number;
  /** The vendor's ticker, e.g. NIFTY_F1 (continuous near-month future). */
  ticker: string;
}

export interface MinuteParseResult {
  rows: MinuteBar[];
  errors: ParseError[];
}

const TIME_PATTERN = /^(\d{1,2}):(\d{2})$/;
const DATE_PATTERN = /^\d{8}$/;
const MINUTE_MS = 60_000;

/** The bar's start (UTC epoch ms) from its IST end stamp; null when the stamp is not a real time. */
export function minuteBarStartMs(yyyymmdd: string, hhmm: string): number | null {
  if (!DATE_PATTERN.test(yyyymmdd)) return null;
  const ymd = parseNseDate(yyyymmdd);
  const time = TIME_PATTERN.exec(hhmm);
  if (ymd === null || time === null) return null;
  const hour = Number(time[1]);
  const minute = Number(time[2]);
  // 24:00 would be a legal end stamp for the 23:59 bar, but the vendor does not write it.
  if (hour > 23 || minute > 59) return null;
  const [y, m, d] = ymd.split("-").map(Number);
  return istWallTimeToEpochMs(y, m, d, hour, minute) - MINUTE_MS;
}

/** Parses a 1-minute bar file. Rows keep file order. */
export function parseMinuteCsv(csv: string): MinuteParseResult {
  const { records, errors } = readCsvRecords(csv);
  const rows: MinuteBar[] = [];
  for (const record of records) {
    const result = readMinuteRecord(record);
    if ("errors" in result) errors.push(...result.errors);
    else rows.push(result.row);
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors };
}

/** The same as parseMinuteCsv, the text streamed through the parser (large vendor files; see csv-chunks.server.ts). */
export async function readMinuteCsv(csv: string): Promise<MinuteParseResult> {
  const rows: MinuteBar[] = [];
  const errors: ParseError[] = [];
  for await (const record of streamCsvRecords(csv, errors)) {
    const result = readMinuteRecord(record);
    if ("errors" in result) errors.push(...result.errors);
    else rows.push(result.row);
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors };
}

/** One line of a 1-minute bar file: its bar, or its problems. */
export function readMinuteRecord({ line, fields }: CsvRecord): { row: MinuteBar } | { errors: ParseError[] } {
  if (fields.length < 8) {
    return { errors: [{ line, message: `Expected 8 fields (Ticker,Date,Time,Open,High,Low,Close,Volume), got ${fields.length}` }] };
  }
  const [ticker, date, time, ...numbers] = fields;
  const rowErrors: string[] = [];
  if (ticker === "") rowErrors.push(SYMBOL_MISSING_MESSAGE);
  const start = minuteBarStartMs(date, time);
  if (start === null) rowErrors.push(`Invalid date/time ${JSON.stringify(`${date} ${time}`)}`);
  const names = ["Open", "High", "Low", "Close", "Volume"];
  const values = numbers.slice(0, 5).map((text, i) => {
    const n = readDecimalNumber(text) ?? Number.NaN; // decimal notation only (docs/decisions/118)
    if (!Number.isFinite(n)) rowErrors.push(`Invalid ${names[i]} value ${JSON.stringify(text)}`);
    return n;
  });
  if (rowErrors.length > 0 || start === null) return { errors: rowErrors.map((message) => ({ line, message })) };
  const [open, high, low, close, volume] = values;
  return { row: { line, ticker: ticker.toUpperCase(), time: start, open, high, low, close, volume } };
}

export interface DuplicateBar {
  /** The line of the dropped bar. */
  line: number;
  /** The line of the bar that was kept. */
  duplicateOf: number;
  /** True when the two bars carry the same OHLCV. */
  identical: boolean;
}

/**
 * Drops repeated bars (same ticker and minute), keeping the first one. Vendor files do repeat
 * whole days (the October 2017 NIFTY/BANKNIFTY files carry 06-Oct-2017 twice), and storing both
 * would double that day's volume. Each dropped bar is reported; order is otherwise kept.
 */
export function dedupeMinuteBars(rows: readonly MinuteBar[]): { rows: MinuteBar[]; duplicates: DuplicateBar[] } {
  const seen = new Map<string, MinuteBar>();
  const kept: MinuteBar[] = [];
  const duplicates: DuplicateBar[] = [];
  for (const bar of rows) {
    const key = `${bar.ticker}|${bar.time}`;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, bar);
      kept.push(bar);
      continue;
    }
    const identical =
      first.open === bar.open &&
      first.high === bar.high &&
      first.low === bar.low &&
      first.close === bar.close &&
      first.volume === bar.volume;
    duplicates.push({ line: bar.line, duplicateOf: first.line, identical });
  }
  return { rows: kept, duplicates };
}

// ---------------------------------------------------------------- NIFTY 500 symbol list

export interface SymbolListRow {
  line: number;
  companyName: string;
  industry: string;
  symbol: string;
  series: string;
  isin: string;
}

export interface SymbolListParseResult {
  rows: SymbolListRow[];
  errors: ParseError[];
}

const SYMBOL_LIST_COLUMNS = {
  companyName: "COMPANY NAME",
  industry: "INDUSTRY",
  symbol: "SYMBOL",
  series: "SERIES",
  isin: "ISIN CODE",
} as const;

/**
 * Parses NSE's index constituent list (header Company Name,Industry,Symbol,Series,ISIN Code;
 * column order free, names matched ignoring case). A row without Symbol is rejected with
 * docs/product-rules.md R-D21's message; symbols are upper-cased.
 */
export function parseSymbolList(csv: string): SymbolListParseResult {
  const { records, errors } = readCsvRecords(csv);
  if (records.length === 0) return { rows: [], errors: [...errors, { line: 1, message: "The file has no header line" }] };
  const [header, ...data] = records;
  const index = new Map(header.fields.map((name, i) => [name.toUpperCase(), i] as const));
  const missing = Object.values(SYMBOL_LIST_COLUMNS).filter((name) => name !== "SYMBOL" && !index.has(name));
  if (missing.length > 0) {
    return { rows: [], errors: [...errors, { line: header.line, message: `Missing column(s): ${missing.join(", ")}` }] };
  }
  const rows: SymbolListRow[] = [];
  for (const { line, fields } of data) {
    const get = (column: string) => {
      const i = index.get(column);
      return i === undefined ? "" : (fields[i] ?? "");
    };
    const symbol = get(SYMBOL_LIST_COLUMNS.symbol).toUpperCase();
    if (symbol === "") {
      errors.push({ line, message: SYMBOL_MISSING_MESSAGE });
      continue;
    }
    rows.push({
      line,
      companyName: get(SYMBOL_LIST_COLUMNS.companyName),
      industry: get(SYMBOL_LIST_COLUMNS.industry),
      symbol,
      series: get(SYMBOL_LIST_COLUMNS.series).toUpperCase(),
      isin: get(SYMBOL_LIST_COLUMNS.isin).toUpperCase(),
    });
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors };
}
