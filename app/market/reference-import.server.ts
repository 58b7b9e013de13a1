// Reference-point upload (docs/product-rules.md R-D22): CSV with the header
// symbol_code,point_name,price,display_name,date,slPrice (date YYYY-MM-DD). Each row is checked
// on its own; the valid rows are saved in one transaction and the others listed with the reason.
import type { AppDatabase } from "~/db/client.server";
import { isValidYmd } from "~/domain/dates";
import { readDecimalNumber } from "~/domain/decimal";
import { formatNumber } from "~/domain/format";
import { referencePointKey, type ReferencePointFields } from "~/domain/reference-points";
import { normaliseSymbolCode, readCsvRecords, type CsvRecord, type ParseError } from "~/market/bhav.server";
import { databaseMessage } from "~/market/bhav-import.server";
import { findCsvHeader, streamCsvRecords } from "~/market/csv-chunks.server";
import {
  capReport,
  emptyReport,
  FILE_EMPTY,
  NOT_A_REFERENCE_FILE,
  type ImportReport,
  type ImportRowError,
} from "~/market/import-report";
import { saveReferencePoints, type ReferencePointInput } from "~/models/reference-point.server";
import { symbolsByCodes } from "~/models/symbol.server";

export const REFERENCE_FORMAT_LABEL = "Reference points (CSV)";
const MAX_TEXT = 100;

export interface ReferenceRow extends ReferencePointFields {
  line: number;
  symbolCode: string;
}

// Column names are matched ignoring case; slPrice is also accepted as sl_price.
const COLUMN_ALIASES: Record<keyof Omit<ReferenceRow, "line">, string[]> = {
  symbolCode: ["SYMBOL_CODE"],
  pointName: ["POINT_NAME"],
  price: ["PRICE"],
  displayName: ["DISPLAY_NAME"],
  date: ["DATE"],
  slPrice: ["SLPRICE", "SL_PRICE"],
};
const REQUIRED: (keyof typeof COLUMN_ALIASES)[] = ["symbolCode", "pointName", "price"];

function columnIndex(header: readonly string[]): Map<keyof typeof COLUMN_ALIASES, number> {
  const upper = header.map((h) => h.trim().toUpperCase());
  const index = new Map<keyof typeof COLUMN_ALIASES, number>();
  for (const [key, names] of Object.entries(COLUMN_ALIASES) as [keyof typeof COLUMN_ALIASES, string[]][]) {
    const i = upper.findIndex((h) => names.includes(h));
    if (i >= 0) index.set(key, i);
  }
  return index;
}

/** True when a header line is the reference-point header (at least its required columns). */
export function isReferenceHeader(header: readonly string[]): boolean {
  const index = columnIndex(header);
  return REQUIRED.every((k) => index.has(k));
}

function positive(text: string, column: string, errors: string[]): number | null {
  if (text === "") return null;
  // Grouping commas are allowed here (the files carry them); otherwise decimal notation only.
  const n = readDecimalNumber(text.replace(/,/g, "")) ?? Number.NaN;
  if (!Number.isFinite(n) || n <= 0) {
    errors.push(`${column} must be a positive number, got ${JSON.stringify(text)}`);
    return null;
  }
  return n;
}

/** Parses a reference-point file (no I/O): good rows, and the problems of the others by line. */
export function parseReferencePointCsv(csv: string): { rows: ReferenceRow[]; errors: ParseError[] } {
  const { records, errors } = readCsvRecords(csv);
  if (records.length === 0) return { rows: [], errors: [...errors, { line: 1, message: FILE_EMPTY }] };
  const [header, ...data] = records;
  const read = referenceRecordReader(header);
  if (!read) return { rows: [], errors: [...errors, { line: header.line, message: NOT_A_REFERENCE_FILE }] };
  const rows: ReferenceRow[] = [];
  for (const record of data) {
    const result = read(record);
    if ("error" in result) errors.push(result.error);
    else rows.push(result.row);
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors };
}

/** How a reference-point file's data records are read, from its header record; null when it is not that header. */
export function referenceRecordReader(header: CsvRecord): ((record: CsvRecord) => { row: ReferenceRow } | { error: ParseError }) | null {
  const index = columnIndex(header.fields);
  if (!REQUIRED.every((k) => index.has(k))) return null;
  return ({ line, fields }) => {
    const get = (key: keyof typeof COLUMN_ALIASES) => {
      const i = index.get(key);
      return i === undefined ? "" : (fields[i] ?? "").trim();
    };
    const problems: string[] = [];
    // docs/product-rules.md R-D21: a code written with ":NSEFO" means the part before it.
    const symbolCode = normaliseSymbolCode(get("symbolCode"));
    if (symbolCode === "") problems.push("symbol_code is missing");
    const pointName = get("pointName");
    if (pointName === "") problems.push("point_name is missing");
    else if (pointName.length > MAX_TEXT) problems.push(`point_name is longer than ${MAX_TEXT} characters`);
    const priceText = get("price");
    const price = positive(priceText, "price", problems);
    if (priceText === "") problems.push("price is missing");
    const slPrice = positive(get("slPrice"), "slPrice", problems);
    const dateText = get("date");
    if (dateText !== "" && !isValidYmd(dateText)) problems.push(`date must be a real date written YYYY-MM-DD, got ${JSON.stringify(dateText)}`);
    const displayName = get("displayName");
    if (displayName.length > MAX_TEXT) problems.push(`display_name is longer than ${MAX_TEXT} characters`);
    if (problems.length > 0 || price === null) return { error: { line, message: problems.join("; ") } };
    return {
      row: {
        line,
        symbolCode,
        pointName,
        // A chip needs a label: without a display name it shows the point name.
        displayName: displayName || pointName,
        price,
        slPrice,
        date: dateText === "" ? null : dateText,
      },
    };
  };
}

/** A reference-point file's rows and problems, read as a stream (the file's header already checked). */
async function readReferencePoints(csvText: string): Promise<{ rows: ReferenceRow[]; errors: ParseError[] }> {
  const rows: ReferenceRow[] = [];
  const errors: ParseError[] = [];
  let read: NonNullable<ReturnType<typeof referenceRecordReader>> | null = null;
  for await (const record of streamCsvRecords(csvText, errors)) {
    if (read === null) {
      // The first record is the header checked by the caller.
      const reader = referenceRecordReader(record);
      if (!reader) return { rows: [], errors: [...errors, { line: record.line, message: NOT_A_REFERENCE_FILE }] };
      read = reader;
      continue;
    }
    const result = read(record);
    if ("error" in result) errors.push(result.error);
    else rows.push(result.row);
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors };
}

export async function importReferencePoints(db: AppDatabase, csvText: string): Promise<ImportReport> {
  const { header } = findCsvHeader(csvText);
  if (!header) return emptyReport("reference", FILE_EMPTY);
  const headerFields = readCsvRecords(header.text).records[0]?.fields ?? [];
  if (!isReferenceHeader(headerFields)) return emptyReport("reference", NOT_A_REFERENCE_FILE);

  const parsed = await readReferencePoints(csvText);
  const listed = await symbolsByCodes(db, [...new Set(parsed.rows.map((r) => r.symbolCode))]);
  const errors: ImportRowError[] = parsed.errors.map((e) => ({ line: e.line, message: e.message }));
  const valid: { row: ReferenceRow; input: ReferencePointInput }[] = [];
  const firstLineOf = new Map<string, number>();
  for (const row of parsed.rows) {
    const symbol = listed.get(row.symbolCode);
    if (!symbol) {
      errors.push({ line: row.line, message: `Unknown symbol ${JSON.stringify(row.symbolCode)}: add it on the Symbols page first` });
      continue;
    }
    const key = referencePointKey(symbol.id, row.pointName, row.date);
    const earlier = firstLineOf.get(key);
    if (earlier !== undefined) {
      errors.push({ line: row.line, message: `Duplicate of line ${earlier} (same symbol_code, point_name and date)` });
      continue;
    }
    firstLineOf.set(key, row.line);
    valid.push({
      row,
      input: { symbolId: symbol.id, pointName: row.pointName, displayName: row.displayName, price: row.price, slPrice: row.slPrice, date: row.date },
    });
  }
  errors.sort((a, b) => a.line - b.line);

  const report: ImportReport = {
    ...emptyReport("reference", null, REFERENCE_FORMAT_LABEL),
    errorCount: errors.length,
    errors,
  };
  if (valid.length === 0) return capReport(report);
  let outcomes;
  try {
    outcomes = await saveReferencePoints(db, valid.map((v) => v.input));
  } catch (error) {
    console.error("[reference-import] nothing stored:", databaseMessage(error));
    return capReport({ ...report, fatal: `Nothing was stored: the database refused the data (${databaseMessage(error)}).` });
  }
  return capReport({
    ...report,
    storedCount: valid.length,
    stored: valid.map(({ row }, i) => ({
      line: row.line,
      symbolCode: row.symbolCode,
      detail:
        `${row.pointName} at ${formatNumber(row.price)}` +
        (row.slPrice === null ? "" : `, stop-loss ${formatNumber(row.slPrice)}`) +
        (row.date === null ? "" : `, ${row.date}`) +
        (outcomes[i] === "updated" ? " (replaced the stored point)" : ""),
    })),
  });
}
