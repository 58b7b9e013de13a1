// Reads an uploaded Zerodha tradebook, CSV (csv-parse, streamed as the bhav copies are) or Excel
// (exceljs' streaming reader, first worksheet), into checked fills (app/domain/tradebook.ts).
// Nothing is stored here. A file that is not a tradebook, too long, or not what its name says is
// refused whole with one message; a bad row is that row's message, with its line (the CSV's
// line, the worksheet's row number).
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { numberToDecimalText } from "~/domain/decimal";
import {
  brokerTradeKey,
  looksLikeHeader,
  MAX_TRADEBOOK_ROWS,
  readTradebookRow,
  repeatedTradeIdError,
  tradebookColumnIndex,
  type TradebookColumnIndex,
  type TradebookFill,
  type TradebookRowError,
} from "~/domain/tradebook";
import { streamCsvRecords, yieldToEventLoop } from "~/market/csv-chunks.server";
import type { ParseError } from "~/market/bhav.server";

/** How far down an Excel sheet the header row may be (Console puts the client and period above it). */
const HEADER_SEARCH_ROWS = 40;

export const TRADEBOOK_FORMATS = "Upload the tradebook as Console exports it: CSV (.csv) or Excel (.xlsx).";
export const NOT_CSV_OR_XLSX = `This is neither a .csv nor an .xlsx file. ${TRADEBOOK_FORMATS}`;
export const NOT_A_WORKBOOK = `This .xlsx file is not an Excel workbook. ${TRADEBOOK_FORMATS}`;
export const NOT_TEXT = `This .csv file is not text (it looks like a binary or an Excel file). ${TRADEBOOK_FORMATS}`;
export const TOO_MANY_ROWS = `The tradebook has more than ${MAX_TRADEBOOK_ROWS.toLocaleString("en-IN")} rows: export a shorter period and upload each part.`;
export const NO_TRADES = "The tradebook has no trades below its header.";
export const FORMULA_CELL = "a cell holds a formula: formulas are not read, export the values";

export interface TradebookRead {
  format: "CSV" | "Excel";
  fills: TradebookFill[];
  errors: TradebookRowError[];
  rowCount: number;
}

export type TradebookReadResult = { ok: true; read: TradebookRead } | { ok: false; problem: string };

const isZip = (bytes: Uint8Array) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

class Refused extends Error {}

/** Collects rows as fills, the header first; a trade id given twice is the later line's error. */
function rowCollector(format: TradebookRead["format"]) {
  let index: TradebookColumnIndex | null = null;
  const fills: TradebookFill[] = [];
  const errors: TradebookRowError[] = [];
  const firstLine = new Map<string, number>();
  let rowCount = 0;
  return {
    get hasHeader() {
      return index !== null;
    },
    header(cells: string[]) {
      const found = tradebookColumnIndex(cells);
      if ("problem" in found) throw new Refused(found.problem);
      index = found.index;
    },
    row(cells: string[], line: number, cellProblem: string | null = null) {
      if (!index) throw new Error("header first");
      if (cells.every((c) => c.trim() === "")) return;
      rowCount += 1;
      if (rowCount > MAX_TRADEBOOK_ROWS) throw new Refused(TOO_MANY_ROWS);
      if (cellProblem) {
        errors.push({ line, message: cellProblem });
        return;
      }
      const read = readTradebookRow(cells, index, line);
      if ("errors" in read) {
        errors.push(...read.errors);
        return;
      }
      const key = brokerTradeKey(read.fill);
      const first = firstLine.get(key);
      if (first !== undefined) errors.push(repeatedTradeIdError(read.fill, first));
      else {
        firstLine.set(key, line);
        fills.push(read.fill);
      }
    },
    done(): TradebookRead {
      if (!index) throw new Refused(format === "Excel" ? `${NO_HEADER} (in the first ${HEADER_SEARCH_ROWS} rows of the first sheet)` : NO_HEADER);
      if (rowCount === 0) throw new Refused(NO_TRADES);
      return { format, fills, errors, rowCount };
    },
  };
}
const NO_HEADER = "No tradebook header row was found";

async function readCsv(bytes: Uint8Array): Promise<TradebookRead> {
  let text: string;
  try {
    // fatal: bytes that are not UTF-8 (a binary renamed .csv) are refused, not read as replacement characters.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Refused(NOT_TEXT);
  }
  if (text.includes("\u0000")) throw new Refused(NOT_TEXT);
  const collect = rowCollector("CSV");
  const parseErrors: ParseError[] = [];
  for await (const record of streamCsvRecords(text, parseErrors)) {
    if (!collect.hasHeader) {
      // Console's CSV starts with its header; anything else is not a tradebook.
      collect.header(record.fields);
      continue;
    }
    collect.row(record.fields, record.line);
  }
  const read = collect.done();
  return { ...read, errors: [...read.errors, ...parseErrors.map((e) => ({ line: e.line, message: `unreadable CSV: ${e.message}` }))] };
}

/** A cell as text, as the CSV would write it; formulas and errors are refused. */
function cellText(value: ExcelJS.CellValue): { text: string } | { problem: string } {
  if (value === null || value === undefined) return { text: "" };
  if (typeof value === "string") return { text: value };
  if (typeof value === "number") return { text: numberToDecimalText(value) ?? "" };
  if (typeof value === "boolean") return { text: String(value) };
  if (value instanceof Date) {
    // Excel's dates carry no zone: exceljs gives the sheet's wall clock as UTC fields.
    const iso = value.toISOString();
    return { text: iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso.slice(0, 19) };
  }
  if ("formula" in value || "sharedFormula" in value) return { problem: FORMULA_CELL };
  if ("richText" in value) return { text: value.richText.map((r) => r.text).join("") };
  if ("text" in value && typeof value.text === "string") return { text: value.text };
  if ("error" in value) return { problem: `a cell holds the error ${String(value.error)}` };
  return { problem: "a cell holds something that is not a value" };
}

async function readXlsx(bytes: Uint8Array): Promise<TradebookRead> {
  if (!isZip(bytes)) throw new Refused(NOT_A_WORKBOOK);
  const collect = rowCollector("Excel");
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
      sharedStrings: "cache",
      hyperlinks: "ignore",
      styles: "cache",
      worksheets: "emit",
      entries: "emit",
    });
    for await (const sheet of reader) {
      let rows = 0;
      for await (const row of sheet) {
        rows += 1;
        if (rows % 500 === 0) await yieldToEventLoop();
        const values = (Array.isArray(row.values) ? row.values.slice(1) : []) as ExcelJS.CellValue[];
        // Array.from, not map: the row's values are sparse (an empty cell is a hole).
        const cells = Array.from(values, cellText);
        const texts = cells.map((c) => ("text" in c ? c.text : ""));
        const problem = cells.find((c): c is { problem: string } => "problem" in c)?.problem ?? null;
        if (!collect.hasHeader) {
          if (looksLikeHeader(texts)) collect.header(texts);
          else if (row.number > HEADER_SEARCH_ROWS) break;
          continue;
        }
        collect.row(texts, row.number, problem);
      }
      break; // the first worksheet only
    }
  } catch (error) {
    if (error instanceof Refused) throw error;
    throw new Refused(NOT_A_WORKBOOK);
  }
  return collect.done();
}

/**
 * A tradebook file as checked fills and bad rows, or why the whole file is refused. The name's
 * extension says which reader, and the bytes must agree (an Excel file renamed .csv is refused).
 */
export async function readTradebookFile(file: { name: string; bytes: Uint8Array }): Promise<TradebookReadResult> {
  const name = file.name.toLowerCase();
  try {
    if (name.endsWith(".csv")) {
      if (isZip(file.bytes)) throw new Refused(NOT_TEXT);
      return { ok: true, read: await readCsv(file.bytes) };
    }
    if (name.endsWith(".xlsx")) return { ok: true, read: await readXlsx(file.bytes) };
    return { ok: false, problem: NOT_CSV_OR_XLSX };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.message };
    throw error;
  }
}
