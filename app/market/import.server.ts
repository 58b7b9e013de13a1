// The import command's logic (scripts/import.ts is a thin shell around it): tell a file's kind
// from its content and import it — bhav copies, vendor 1-minute bars, NSE's NIFTY 500 list and
// reference-point files.
import fs from "node:fs/promises";
import path from "node:path";
import type { AppDatabase } from "~/db/client.server";
import { istDateString } from "~/domain/dates";
import { formatNumber } from "~/domain/format";
import { detectBhavFormat, readCsvRecords } from "~/market/bhav.server";
import { databaseMessage, importBhavCopy } from "~/market/bhav-import.server";
import { findCsvHeader } from "~/market/csv-chunks.server";
import {
  capReport,
  emptyReport,
  FILE_EMPTY,
  MAX_SKIPPED_CODES,
  POSTED_ERROR,
  POSTED_OK,
  REFERENCE_HEADER,
  type ImportKind,
  type ImportReport,
  type ImportRowError,
} from "~/market/import-report";
import { dedupeMinuteBars, parseSymbolList, readMinuteCsv, type MinuteBar } from "~/market/minute-csv.server";
import { importReferencePoints, isReferenceHeader } from "~/market/reference-import.server";
import { ensureMonthPartitions, upsertMinuteCandles } from "~/models/candle.server";
import { addListedSymbols } from "~/models/listing.server";
import { symbolsByCodes } from "~/models/symbol.server";

export type DetectedKind = ImportKind | "unknown";

export const NOT_RECOGNISED =
  "Not a recognised file. The import takes NSE bhav copies (F&O or equity, old format or UDiFF), vendor 1-minute bars " +
  "(Ticker,YYYYMMDD,HH:MM,Open,High,Low,Close,Volume without a header), NSE's NIFTY 500 list " +
  `(Company Name,Industry,Symbol,Series,ISIN Code) and reference points (${REFERENCE_HEADER}).`;

const SYMBOL_LIST_COLUMNS = ["COMPANY NAME", "INDUSTRY", "SYMBOL"];

/** The kind of file from its first line (the beginning of the file is enough). */
export function detectImportKind(head: string): DetectedKind {
  const { header } = findCsvHeader(head);
  if (!header) return "unknown";
  const fields = readCsvRecords(header.text).records[0]?.fields ?? [];
  if (detectBhavFormat(fields) !== "unknown") return "bhav";
  const upper = fields.map((f) => f.toUpperCase());
  if (SYMBOL_LIST_COLUMNS.every((c) => upper.includes(c))) return "symbol-list";
  if (isReferenceHeader(fields)) return "reference";
  if (fields.length === 8 && /^\d{8}$/.test(fields[1]) && /^\d{1,2}:\d{2}$/.test(fields[2])) return "minute";
  return "unknown";
}

/**
 * The dashboard's code for a vendor ticker: "_F1" is the continuous near-month future, our
 * "-I" (NIFTY_F1 → NIFTY-I, BANKNIFTY_F1 → BANKNIFTY-I). Other tickers are taken as they are.
 */
export function vendorTickerToCode(ticker: string): string {
  const t = ticker.trim().toUpperCase();
  return t.endsWith("_F1") ? `${t.slice(0, -3)}-I` : t;
}

const KIND_NAMES: Record<ImportKind, string> = {
  bhav: "a bhav copy",
  minute: "vendor 1-minute bars",
  "symbol-list": "a symbol list",
  reference: "a reference-point file",
  "index-history": "a daily index history",
};

/**
 * For the Upload page's tabs: when a file is plainly another kind than the tab takes, the
 * sentence that says so ("It looks like a bhav copy: …"); null when it is that kind or unknown.
 */
export function otherKindNote(text: string, expected: ImportKind): string | null {
  const kind = detectImportKind(text.slice(0, 64 * 1024));
  return kind === "unknown" || kind === expected ? null : `It looks like ${KIND_NAMES[kind]}: upload it on its own tab.`;
}

export const NOT_MINUTE_BARS = "This file is not vendor 1-minute bars (Ticker,YYYYMMDD,HH:MM,Open,High,Low,Close,Volume without a header).";
export const MINUTE_LABEL = "Vendor 1-minute bars";

/** Vendor 1-minute bars mapped onto our symbols: what would be stored, per symbol, and the per-row report. */
export interface MinutePlan {
  report: ImportReport;
  toStore: { symbolId: number; code: string; bars: MinuteBar[] }[];
}

/** Reads vendor 1-minute bars and maps them onto the symbols we list; nothing is written. */
export async function planMinuteBars(db: AppDatabase, text: string): Promise<MinutePlan> {
  if (findCsvHeader(text).header === null) return { report: emptyReport("minute", FILE_EMPTY), toStore: [] };
  const other = otherKindNote(text, "minute");
  if (other) return { report: emptyReport("minute", `${NOT_MINUTE_BARS} ${other}`), toStore: [] };
  const label = MINUTE_LABEL;
  const parsed = await readMinuteCsv(text);
  const { rows, duplicates } = dedupeMinuteBars(parsed.rows);
  const byCode = new Map<string, MinuteBar[]>();
  for (const bar of rows) {
    const code = vendorTickerToCode(bar.ticker);
    const list = byCode.get(code);
    if (list) list.push(bar);
    else byCode.set(code, [bar]);
  }
  const listed = await symbolsByCodes(db, [...byCode.keys()]);
  const errors: ImportRowError[] = parsed.errors.map((e) => ({ line: e.line, message: e.message }));
  const report: ImportReport = {
    ...emptyReport("minute", null, label),
    errorCount: errors.length,
    errors,
    ignored: { count: duplicates.length, reason: "repeated minutes (the first bar of each minute is kept)" },
  };
  const toStore: MinutePlan["toStore"] = [];
  for (const [code, bars] of byCode) {
    const symbol = listed.get(code);
    if (!symbol) {
      report.skipped.count += bars.length;
      report.skipped.codes.push(code);
      report.skipped.symbolCount += 1;
    } else {
      toStore.push({ symbolId: symbol.id, code: symbol.symbolCode, bars });
    }
  }
  return { report, toStore };
}

/** What a minute plan stores, one report row per symbol (its candles and days). */
export function minuteStoredRows(toStore: MinutePlan["toStore"]): ImportReport["stored"] {
  return toStore.map((s) => {
    const times = s.bars.map((b) => b.time);
    const first = istDateString(Math.min(...times));
    const last = istDateString(Math.max(...times));
    return {
      line: s.bars[0].line,
      symbolCode: s.code,
      detail: `${formatNumber(s.bars.length, 0)} 1-minute candles, ${first === last ? first : `${first} to ${last}`}`,
    };
  });
}

/** Stores vendor 1-minute bars of symbols we list; bars of other tickers are counted, never create a symbol. */
export async function importMinuteBars(db: AppDatabase, text: string): Promise<ImportReport> {
  const { report, toStore } = await planMinuteBars(db, text);
  if (report.fatal !== null || toStore.length === 0) return capReport(report);
  try {
    // Partitions first, outside the transaction: a refused partition must not abort it (decision 003).
    await ensureMonthPartitions(db, toStore.flatMap((s) => s.bars.map((b) => b.time)));
    await db.transaction(async (tx) => {
      for (const s of toStore) await upsertMinuteCandles(tx, s.bars.map((b) => ({ ...b, symbolId: s.symbolId })));
    });
  } catch (error) {
    console.error("[minute-import] nothing stored:", databaseMessage(error));
    return capReport({ ...report, fatal: `Nothing was stored: the database refused the data (${databaseMessage(error)}).` });
  }
  return capReport({
    ...report,
    storedCount: toStore.reduce((n, s) => n + s.bars.length, 0),
    stored: minuteStoredRows(toStore),
  });
}

export const NOT_A_SYMBOL_LIST = "This file is not a symbol list: its first line must be the header Company Name,Industry,Symbol,Series,ISIN Code.";
/** A symbol list longer than this is not a constituent list (NIFTY 500 has 500 rows). */
export const MAX_SYMBOL_LIST_ROWS = 5000;
const SYMBOL_CODE_PATTERN = /^[A-Z0-9][A-Z0-9&\-_.]{0,39}$/;

/** A symbol list's rows as a preview sees them: the symbols to create and those already listed. */
export interface SymbolListPlan {
  report: ImportReport;
  /** The rows to create (their code new), in file order, one per code. */
  fresh: { line: number; symbolCode: string; description: string; industry: string }[];
  /** The codes already listed (left unchanged). */
  present: string[];
}

/**
 * Reads NSE's index constituent list for the Upload page and says what a commit would do, writing
 * nothing: codes new and already listed, bad rows (no symbol, a code that is not a symbol code, a
 * code given twice) by line.
 */
export async function planSymbolList(db: AppDatabase, text: string): Promise<SymbolListPlan> {
  const none = (fatal: string) => ({ report: emptyReport("symbol-list", fatal), fresh: [], present: [] });
  if (findCsvHeader(text).header === null) return none(FILE_EMPTY);
  if (detectImportKind(text.slice(0, 64 * 1024)) !== "symbol-list") {
    const other = otherKindNote(text, "symbol-list");
    return none(other ? `${NOT_A_SYMBOL_LIST} ${other}` : NOT_A_SYMBOL_LIST);
  }
  const parsed = parseSymbolList(text);
  if (parsed.rows.length + parsed.errors.length > MAX_SYMBOL_LIST_ROWS) {
    return none(`This symbol list has more than ${formatNumber(MAX_SYMBOL_LIST_ROWS, 0)} rows: it is not an index constituent list.`);
  }
  const errors: ImportRowError[] = parsed.errors.map((e) => ({ line: e.line, message: e.message }));
  const listed = await symbolsByCodes(db, parsed.rows.map((r) => r.symbol));
  const firstLine = new Map<string, number>();
  const fresh: SymbolListPlan["fresh"] = [];
  const present: string[] = [];
  for (const r of parsed.rows) {
    if (!SYMBOL_CODE_PATTERN.test(r.symbol)) {
      errors.push({ line: r.line, message: `'${r.symbol.slice(0, 40)}' is not a symbol code (letters, digits, & - _ . up to 40)` });
      continue;
    }
    const earlier = firstLine.get(r.symbol);
    if (earlier !== undefined) {
      errors.push({ line: r.line, message: `Duplicate row: ${r.symbol} is already given on line ${earlier}` });
      continue;
    }
    firstLine.set(r.symbol, r.line);
    if (listed.has(r.symbol)) present.push(r.symbol);
    else fresh.push({ line: r.line, symbolCode: r.symbol, description: r.companyName.slice(0, 200), industry: r.industry.slice(0, 100) });
  }
  errors.sort((a, b) => a.line - b.line);
  const report: ImportReport = {
    ...emptyReport("symbol-list", null, "NSE index constituent list"),
    storedCount: fresh.length,
    stored: fresh.map((r) => ({ line: r.line, symbolCode: r.symbolCode, detail: `${r.description} (${r.industry || "no industry"}), created inactive` })),
    errorCount: errors.length,
    errors,
    ignored: { count: present.length, reason: "already listed (left unchanged)" },
  };
  if (parsed.rows.length === 0 && errors.length === 0) report.fatal = "The file has a header but no rows.";
  return { report, fresh, present };
}

/** NSE's index constituent list: creates missing sectors and symbols (inactive), in one transaction. */
export async function importSymbolList(db: AppDatabase, text: string): Promise<ImportReport> {
  if (findCsvHeader(text).header === null) return emptyReport("symbol-list", FILE_EMPTY);
  const parsed = parseSymbolList(text);
  const errors: ImportRowError[] = parsed.errors.map((e) => ({ line: e.line, message: e.message }));
  const report: ImportReport = { ...emptyReport("symbol-list", null, "NSE index constituent list"), errorCount: errors.length, errors };
  if (parsed.rows.length === 0) {
    return capReport({ ...report, fatal: errors[0]?.line === 1 ? errors[0].message : null });
  }
  let result;
  try {
    result = await addListedSymbols(
      db,
      parsed.rows.map((r) => ({ symbolCode: r.symbol, description: r.companyName, industry: r.industry })),
    );
  } catch (error) {
    console.error("[symbol-list-import] nothing stored:", databaseMessage(error));
    return capReport({ ...report, fatal: `Nothing was stored: the database refused the data (${databaseMessage(error)}).` });
  }
  const created = new Set(result.createdSymbols);
  const stored = parsed.rows
    .filter((r) => created.has(r.symbol))
    .map((r) => ({ line: r.line, symbolCode: r.symbol, detail: `${r.companyName} (${r.industry || "no industry"}), created inactive` }));
  const notes: string[] = [];
  if (result.createdSectors.length > 0) notes.push(`Sectors created: ${result.createdSectors.join(", ")}.`);
  if (result.createdSymbols.length > 0) {
    notes.push(
      `${formatNumber(result.createdSymbols.length, 0)} symbols were created with status off: they are listed (bhav copies and ` +
        "minute bars for them are stored) but the live feed does not tick them until an admin activates them on the Symbols page.",
    );
  }
  return capReport({
    ...report,
    // A code repeated in the file is created once; each of its rows is reported.
    storedCount: stored.length,
    stored,
    ignored: { count: result.existingSymbols.length, reason: "already listed (left unchanged)" },
    notes,
  });
}

/** Imports a file's text as its content says (or as `kind` says). */
export async function importFileText(db: AppDatabase, text: string, kind: DetectedKind = detectImportKind(text)): Promise<ImportReport> {
  switch (kind) {
    case "bhav":
      return importBhavCopy(db, text);
    case "reference":
      return importReferencePoints(db, text);
    case "minute":
      return importMinuteBars(db, text);
    case "symbol-list":
      return importSymbolList(db, text);
    default:
      return emptyReport("bhav", text.trim() === "" ? FILE_EMPTY : NOT_RECOGNISED);
  }
}

// ---------------------------------------------------------------- files and folders

export interface ImportSource {
  file: string;
  /** Named on the command line (true) or found in a folder (false). */
  explicit: boolean;
}

const FOLDER_EXTENSIONS = new Set([".csv", ".txt"]);

/** The files named, with folders walked recursively (their .csv and .txt files, sorted by path). */
export async function collectImportSources(paths: readonly string[]): Promise<ImportSource[]> {
  const sources: ImportSource[] = [];
  const walk = async (dir: string) => {
    const entries = (await fs.readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && FOLDER_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) sources.push({ file: full, explicit: false });
    }
  };
  for (const p of paths) {
    const stat = await fs.stat(p);
    if (stat.isDirectory()) await walk(p);
    else sources.push({ file: p, explicit: true });
  }
  return sources;
}

/** Symbol lists go first, so that the other files of the same run find their symbols. */
// ("index-history" is never detected here: the file names no symbol, so only the Upload page takes it.)
export const KIND_ORDER: Record<DetectedKind, number> = { "symbol-list": 0, bhav: 1, minute: 2, reference: 3, "index-history": 4, unknown: 5 };

export async function readHead(file: string, bytes = 64 * 1024): Promise<string> {
  const handle = await fs.open(file, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return new TextDecoder().decode(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** A report as lines of text for the terminal. */
export function formatReportLines(report: ImportReport, maxErrors = 20): string[] {
  const lines: string[] = [];
  if (report.formatLabel) lines.push(`  ${report.formatLabel}`);
  if (report.fatal) {
    lines.push(`  ${POSTED_ERROR}: ${report.fatal}`);
  } else {
    lines.push(`  ${report.storedCount > 0 ? `${POSTED_OK}: ` : ""}${formatNumber(report.storedCount, 0)} rows stored`);
    for (const s of report.stored.slice(0, 10)) lines.push(`    line ${s.line} ${s.symbolCode}: ${s.detail}`);
    if (report.stored.length > 10) lines.push(`    … and ${formatNumber(report.storedCount - 10, 0)} more`);
  }
  if (report.errorCount > 0) {
    lines.push(`  ${POSTED_ERROR}: ${formatNumber(report.errorCount, 0)} bad rows`);
    for (const e of report.errors.slice(0, maxErrors)) lines.push(`    line ${e.line}: ${e.message}`);
    if (report.errorCount > maxErrors) lines.push(`    … and ${formatNumber(report.errorCount - maxErrors, 0)} more`);
  }
  if (report.skipped.count > 0) {
    const codes = report.skipped.codes.slice(0, MAX_SKIPPED_CODES);
    const more = report.skipped.symbolCount > codes.length ? `, … ${formatNumber(report.skipped.symbolCount, 0)} symbols in all` : "";
    lines.push(`  ${formatNumber(report.skipped.count, 0)} rows skipped: symbol not listed (${codes.join(", ")}${more})`);
  }
  if (report.ignored.count > 0) lines.push(`  ${formatNumber(report.ignored.count, 0)} rows not used: ${report.ignored.reason}`);
  for (const note of report.notes) lines.push(`  ${note}`);
  return lines;
}
