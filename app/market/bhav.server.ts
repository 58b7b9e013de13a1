// NSE bhav copy parsers (docs/product-rules.md R-D17 and R-D21). They take the file's text and return normalised
// rows plus per-row errors; they do no I/O and store nothing.
//
// Formats, told apart by the header line:
//   - "fo-legacy": the old F&O bhav copy (foDDMMMYYYYbhav.csv), header
//     INSTRUMENT,SYMBOL,EXPIRY_DT,STRIKE_PR,OPTION_TYP,OPEN,HIGH,LOW,CLOSE,SETTLE_PR,CONTRACTS,
//     VAL_INLAKH,OPEN_INT,CHG_IN_OI,TIMESTAMP, (trailing comma). Dates like 01-JAN-2020, 30-Jan-2020.
//   - "cm-legacy": the old equity bhav copy (cmDDMMMYYYYbhav.csv), header
//     SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,
//     (trailing comma).
//   - "udiff": NSE's unified format from July 2024 (CM and F&O alike), header TradDt,BizDt,Sgmt,Src,
//     FinInstrmTp,…,TckrSymb,…,SttlmPric,…,TtlTradgVol,…; dates YYYY-MM-DD.
//   - "short": the documents' bhav copy row (docs/product-rules.md R-AC4), what the old client posted:
//     SYMBOL,TIMESTAMP,OPEN,HIGH,LOW,SETTLE_PR,VOLUME. It has no CLOSE: the settlement price
//     stands for it. Its SYMBOL is the dashboard's own code (before any ':NSEFO').
//
// Normalisation:
//   - symbol: the code trimmed and upper-cased, cut before ':NSEFO' when it carries that suffix.
//   - settlePrice: SETTLE_PR (fo-legacy); CLOSE (cm-legacy, which has no settlement price: the
//     closing price is the equity's settlement reference); SttlmPric, else ClsPric when empty (udiff).
//   - volume: CONTRACTS (fo-legacy, number of contracts), TOTTRDQTY (cm-legacy, shares),
//     TtlTradgVol (udiff).
//   - instrument: the legacy instrument names FUTIDX, FUTSTK, OPTIDX, OPTSTK; UDiFF's codes IDF,
//     STF, IDO, STO map onto them, STK (cash equity) gives no instrument.
//   - optionType: CE/PE; the legacy "XX" of futures is dropped.
// A row is rejected (listed in errors with its 1-based file line; the header is line 1) when its
// SYMBOL is empty or absent — 'SYMBOL property is missing in data entry' — or when a date or a
// required price/volume is missing or not a number. Blank lines are skipped.
import { parse } from "csv-parse/sync";
import type { InfoRecord } from "csv-parse/sync";
import { parseNseDate } from "~/domain/dates";
import { readDecimalNumber } from "~/domain/decimal";

export type BhavFormat = "fo-legacy" | "cm-legacy" | "udiff" | "short" | "unknown";

export interface BhavRow {
  /** 1-based line in the file (header = line 1). */
  line: number;
  symbol: string;
  /** YYYY-MM-DD */
  tradingDate: string;
  open: number;
  high: number;
  low: number;
  close: number;
  settlePrice: number;
  volume: number;
  /** FUTIDX, FUTSTK, OPTIDX or OPTSTK for derivatives; absent for cash equities. */
  instrument?: string;
  /** YYYY-MM-DD, derivatives only. */
  expiry?: string;
  strikePrice?: number;
  optionType?: string;
  /** Equity series (EQ, BE, …). */
  series?: string;
  prevClose?: number;
  openInterest?: number;
}

export interface ParseError {
  line: number;
  message: string;
}

export interface BhavParseResult {
  format: BhavFormat;
  rows: BhavRow[];
  errors: ParseError[];
}

export const SYMBOL_MISSING_MESSAGE = "SYMBOL property is missing in data entry";
export const NSEFO_SUFFIX = ":NSEFO";
export const FUTURE_INSTRUMENTS = ["FUTIDX", "FUTSTK"] as const;

// ---------------------------------------------------------------- CSV reading (shared)

export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * Reads CSV text into records with their 1-based line numbers, via csv-parse. Fields are trimmed;
 * blank lines (and lines of only empty fields) are dropped; rows may have any number of columns;
 * stray quotes inside a field are kept as text. A record csv-parse cannot read at all (e.g. an
 * unclosed quote) becomes an error instead of aborting the whole file.
 */
export function readCsvRecords(csv: string): { records: CsvRecord[]; errors: ParseError[] } {
  const errors: ParseError[] = [];
  const raw = parse(csv, csvReadOptions(errors)) as unknown as CsvParsed[];
  const records: CsvRecord[] = [];
  for (const parsed of raw) {
    const record = toCsvRecord(parsed);
    if (record) records.push(record);
  }
  return { records, errors };
}

/** A record as csv-parse gives it with `info`. */
export interface CsvParsed {
  record: string[];
  info: InfoRecord;
}

/** csv-parse's options for every CSV read here (whole or streamed); unreadable records go to `errors`. */
export function csvReadOptions(errors: ParseError[]) {
  return {
    bom: true,
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (err: { lines?: unknown; message?: string } | undefined) => {
      const line: unknown = err?.lines;
      errors.push({ line: typeof line === "number" ? line : 0, message: err?.message ?? "Unreadable CSV record" });
      return undefined;
    },
  } as const;
}

/** The record with its fields trimmed; null for a record of only empty fields (read as a blank line). */
export function toCsvRecord({ record, info }: CsvParsed): CsvRecord | null {
  const fields = record.map((f) => f.trim());
  if (fields.every((f) => f === "")) return null;
  return { line: info.lines, fields };
}

// ---------------------------------------------------------------- format detection

interface ColumnMap {
  symbol: string;
  tradingDate: string;
  open: string;
  high: string;
  low: string;
  close: string;
  settlePrice: string;
  volume: string;
  instrument?: string;
  expiry?: string;
  strikePrice?: string;
  optionType?: string;
  series?: string;
  prevClose?: string;
  openInterest?: string;
}

/** The names NSE's pre-UDiFF files (F&O, cash market and the short form) all give these columns. */
const LEGACY_COLUMNS = { symbol: "SYMBOL", tradingDate: "TIMESTAMP", open: "OPEN", high: "HIGH", low: "LOW" } as const;

// Column names are matched upper-cased, so UDiFF's "TradDt" is "TRADDT" here.
const COLUMNS: Record<Exclude<BhavFormat, "unknown">, ColumnMap> = {
  "fo-legacy": {
    ...LEGACY_COLUMNS,
    close: "CLOSE",
    settlePrice: "SETTLE_PR",
    volume: "CONTRACTS",
    instrument: "INSTRUMENT",
    expiry: "EXPIRY_DT",
    strikePrice: "STRIKE_PR",
    optionType: "OPTION_TYP",
    openInterest: "OPEN_INT",
  },
  "cm-legacy": {
    ...LEGACY_COLUMNS,
    close: "CLOSE",
    settlePrice: "CLOSE",
    volume: "TOTTRDQTY",
    series: "SERIES",
    prevClose: "PREVCLOSE",
  },
  short: {
    ...LEGACY_COLUMNS,
    close: "SETTLE_PR",
    settlePrice: "SETTLE_PR",
    volume: "VOLUME",
  },
  udiff: {
    symbol: "TCKRSYMB",
    tradingDate: "TRADDT",
    open: "OPNPRIC",
    high: "HGHPRIC",
    low: "LWPRIC",
    close: "CLSPRIC",
    settlePrice: "STTLMPRIC",
    volume: "TTLTRADGVOL",
    instrument: "FININSTRMTP",
    expiry: "XPRYDT",
    strikePrice: "STRKPRIC",
    optionType: "OPTNTP",
    series: "SCTYSRS",
    prevClose: "PRVSCLSGPRIC",
    openInterest: "OPNINTRST",
  },
};

const UDIFF_INSTRUMENTS: Record<string, string | undefined> = {
  IDF: "FUTIDX",
  STF: "FUTSTK",
  IDO: "OPTIDX",
  STO: "OPTSTK",
  STK: undefined,
};

/** The bhav copy format of a header line (column names, any case, trailing empty column allowed). */
export function detectBhavFormat(header: readonly string[]): BhavFormat {
  const names = new Set(header.map((h) => h.trim().toUpperCase()));
  if (names.has("TRADDT") && names.has("FININSTRMTP") && names.has("OPNPRIC")) return "udiff";
  if (names.has("INSTRUMENT") && names.has("EXPIRY_DT") && names.has("SETTLE_PR")) return "fo-legacy";
  if (names.has("SERIES") && names.has("TOTTRDQTY") && names.has("TIMESTAMP")) return "cm-legacy";
  if (["SYMBOL", "TIMESTAMP", "OPEN", "HIGH", "LOW", "SETTLE_PR", "VOLUME"].every((n) => names.has(n))) return "short";
  return "unknown";
}

// ---------------------------------------------------------------- normalisation helpers

/** docs/product-rules.md R-D21: the symbol code is the part before ':NSEFO' when the code carries that suffix. */
export function normaliseSymbolCode(code: string): string {
  const upper = code.trim().toUpperCase();
  const at = upper.indexOf(NSEFO_SUFFIX);
  return (at >= 0 ? upper.slice(0, at) : upper).trim();
}

/** The dashboard's code for a symbol's near-month future: NIFTY → NIFTY-I. */
export function futureSymbolCode(symbol: string): string {
  return `${normaliseSymbolCode(symbol)}-I`;
}

/** Decimal notation only (docs/decisions/118): "0x10", "1e5" or "Infinity" is an invalid value. */
function parseNumber(text: string): number | null {
  return readDecimalNumber(text);
}

// ---------------------------------------------------------------- the parser

/**
 * Parses a bhav copy in any of the three formats. Good rows come back normalised; each bad row is
 * listed in errors with its line and is not in rows. An unrecognised header gives no rows and one
 * error on the header line.
 */
export function parseBhavCopy(csv: string): BhavParseResult {
  const { records, errors } = readCsvRecords(csv);
  if (records.length === 0) {
    return { format: "unknown", rows: [], errors: [...errors, { line: 1, message: "The file has no header line" }] };
  }
  const [headerRecord, ...dataRecords] = records;
  const reader = bhavRecordReader(headerRecord);
  if ("error" in reader) return { format: reader.format, rows: [], errors: [...errors, reader.error] };
  const rows: BhavRow[] = [];
  for (const record of dataRecords) {
    const result = reader.read(record);
    if ("errors" in result) errors.push(...result.errors);
    else rows.push(result.row);
  }
  errors.sort((a, b) => a.line - b.line);
  return { format: reader.format, rows, errors };
}

/** One data record of a bhav copy: its normalised row, or its problems. */
export type BhavRecordResult = { row: BhavRow } | { errors: ParseError[] };

/**
 * How a bhav copy's data records are read, from its header record: the format and the reader, or
 * (an unrecognised header, a missing column) the error on the header line.
 */
export function bhavRecordReader(
  headerRecord: CsvRecord,
): { format: Exclude<BhavFormat, "unknown">; read: (record: CsvRecord) => BhavRecordResult } | { format: BhavFormat; error: ParseError } {
  const format = detectBhavFormat(headerRecord.fields);
  if (format === "unknown") {
    return {
      format,
      error: { line: headerRecord.line, message: `Unrecognised bhav copy header: ${headerRecord.fields.filter((f) => f !== "").join(",")}` },
    };
  }

  const columns = COLUMNS[format];
  const index = new Map<string, number>();
  headerRecord.fields.forEach((name, i) => {
    const key = name.toUpperCase();
    if (key !== "" && !index.has(key)) index.set(key, i);
  });

  // Every mapped column but SYMBOL must be present (a missing SYMBOL column rejects each row with
  // docs/product-rules.md R-D21's message instead). Optional columns that are absent are simply left out.
  const required: (keyof ColumnMap)[] = ["tradingDate", "open", "high", "low", "close", "volume"];
  if (format !== "udiff") required.push("settlePrice");
  const missing = required.map((k) => columns[k] as string).filter((name) => !index.has(name));
  if (missing.length > 0) return { format, error: { line: headerRecord.line, message: `Missing column(s): ${missing.join(", ")}` } };
  return { format, read: (record) => normaliseRecord(format, columns, index, record) };
}

function normaliseRecord(
  format: Exclude<BhavFormat, "unknown">,
  columns: ColumnMap,
  index: Map<string, number>,
  record: CsvRecord,
): { row: BhavRow } | { errors: ParseError[] } {
  const { line, fields } = record;
  const field = (column: string | undefined): string => {
    if (column === undefined) return "";
    const i = index.get(column);
    return i === undefined ? "" : (fields[i] ?? "");
  };
  const errors: ParseError[] = [];
  const fail = (message: string) => errors.push({ line, message });

  const symbol = normaliseSymbolCode(field(columns.symbol));
  if (symbol === "") fail(SYMBOL_MISSING_MESSAGE);

  const dateText = field(columns.tradingDate);
  const tradingDate = parseNseDate(dateText);
  if (tradingDate === null) fail(`Invalid ${columns.tradingDate} value ${JSON.stringify(dateText)}`);

  const num = (column: string): number => {
    const text = field(column);
    const n = parseNumber(text);
    if (n === null) fail(`Invalid ${column} value ${JSON.stringify(text)}`);
    return n ?? Number.NaN;
  };
  const optionalNum = (column: string | undefined): number | undefined => {
    const text = field(column);
    if (text === "") return undefined;
    const n = parseNumber(text);
    if (n === null) fail(`Invalid ${column} value ${JSON.stringify(text)}`);
    return n ?? undefined;
  };

  const open = num(columns.open);
  const high = num(columns.high);
  const low = num(columns.low);
  const close = num(columns.close);
  const settlePrice = format === "udiff" && field(columns.settlePrice) === "" ? close : num(columns.settlePrice);
  const volume = num(columns.volume);

  let instrument: string | undefined;
  const instrumentText = field(columns.instrument).toUpperCase();
  if (format === "udiff") {
    instrument = instrumentText in UDIFF_INSTRUMENTS ? UDIFF_INSTRUMENTS[instrumentText] : instrumentText || undefined;
  } else if (instrumentText !== "") {
    instrument = instrumentText;
  }

  let expiry: string | undefined;
  const expiryText = field(columns.expiry);
  if (expiryText !== "") {
    const parsed = parseNseDate(expiryText);
    if (parsed === null) fail(`Invalid ${columns.expiry} value ${JSON.stringify(expiryText)}`);
    else expiry = parsed;
  }

  const optionTypeText = field(columns.optionType).toUpperCase();
  const optionType = optionTypeText === "" || optionTypeText === "XX" ? undefined : optionTypeText;
  const strikeText = field(columns.strikePrice);
  // Futures carry strike 0 (legacy) or an empty strike (UDiFF): only options keep a strike.
  const strikePrice = optionType === undefined && (strikeText === "" || Number(strikeText) === 0) ? undefined : optionalNum(columns.strikePrice);
  const series = field(columns.series).toUpperCase() || undefined;
  const prevClose = optionalNum(columns.prevClose);
  const openInterest = optionalNum(columns.openInterest);

  if (errors.length > 0 || tradingDate === null) return { errors };
  const row: BhavRow = { line, symbol, tradingDate, open, high, low, close, settlePrice, volume };
  if (instrument !== undefined) row.instrument = instrument;
  if (expiry !== undefined) row.expiry = expiry;
  if (strikePrice !== undefined) row.strikePrice = strikePrice;
  if (optionType !== undefined) row.optionType = optionType;
  if (series !== undefined) row.series = series;
  if (prevClose !== undefined) row.prevClose = prevClose;
  if (openInterest !== undefined) row.openInterest = openInterest;
  return { row };
}

// ---------------------------------------------------------------- futures

/**
 * The near-month future per symbol and trading day: among FUTIDX/FUTSTK rows, the one with the
 * earliest expiry on or after the trading day (an already-expired contract, should a file carry
 * one, is passed over). Rows come back in the order their symbol first appears. Store them under
 * futureSymbolCode(row.symbol), e.g. NIFTY-I.
 */
export function nearMonthFutures(rows: readonly BhavRow[]): BhavRow[] {
  const best = new Map<string, BhavRow>();
  for (const row of rows) {
    if (!row.instrument || !(FUTURE_INSTRUMENTS as readonly string[]).includes(row.instrument)) continue;
    if (!row.expiry || row.expiry < row.tradingDate) continue;
    const key = `${row.symbol}|${row.tradingDate}`;
    const current = best.get(key);
    if (!current || row.expiry < current.expiry!) best.set(key, row);
  }
  return [...best.values()];
}
