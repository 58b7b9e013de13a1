// Daily index history files (issue 19; docs/decisions/142 "Other files on the Upload page"): one
// index's daily bars as public sources publish them — header Date,Open,High,Low,Close, optionally
// Volume and Turnover; dates YYYY-MM-DD or DD/MM/YYYY, in any order. The file names no symbol, so
// the uploader names it. They are planned like a bhav copy (planBhavCopy): daily bars and the same
// per-row report, staged as an upload batch; nothing is written here.
import type { AppDatabase } from "~/db/client.server";
import { parseNseDate } from "~/domain/dates";
import { readDecimalNumber } from "~/domain/decimal";
import { formatNumber } from "~/domain/format";
import { type ParseError } from "~/market/bhav.server";
import { dailyBarFromBhavRow, type BhavImportReport, type BhavPlan } from "~/market/bhav-import.server";
import { findCsvHeader, streamCsvRecords } from "~/market/csv-chunks.server";
import { emptyReport, FILE_EMPTY, type ImportRowError, type ImportStoredRow } from "~/market/import-report";
import { otherKindNote } from "~/market/import.server";
import { symbolsByCodes } from "~/models/symbol.server";

export const INDEX_HISTORY_LABEL = "Daily index history (Date, Open, High, Low, Close, Volume)";
export const INDEX_HISTORY_HEADER = "Date,Open,High,Low,Close (Volume and Turnover optional)";
export const NOT_AN_INDEX_HISTORY = `This file is not a daily index history: its first line must be the header ${INDEX_HISTORY_HEADER}.`;
export const indexSymbolNotListed = (code: string) => `${code} is not in the symbol list: add it on the Symbols page first, or name a listed symbol.`;

const REQUIRED = ["DATE", "OPEN", "HIGH", "LOW", "CLOSE"] as const;

/** True for the header of a daily index history (column names in any case and order). */
export function isIndexHistoryHeader(fields: readonly string[]): boolean {
  const names = new Set(fields.map((f) => f.trim().toUpperCase()));
  return REQUIRED.every((c) => names.has(c)) && !names.has("SYMBOL");
}

/** A date as these files write it: YYYY-MM-DD (NSE's index archive) or DD/MM/YYYY (BSE's). */
function readHistoryDate(text: string): string | null {
  const slashed = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  return parseNseDate(slashed ? `${slashed[1]}-${slashed[2]}-${slashed[3]}` : text);
}

/**
 * The daily bars a history file gives the symbol `symbolCode`, and the per-row report. A row with
 * only a close (older index archives) is stored flat at its close, as an untraded bhav row is
 * (dailyBarFromBhavRow); an empty volume is 0. A date given twice is the later line's bad row.
 */
export async function planIndexHistory(db: AppDatabase, text: string, symbolCode: string): Promise<BhavPlan> {
  const fail = (message: string): BhavPlan => ({ report: { ...emptyReport("index-history", message), format: "unknown", tradingDates: [] }, bars: [] });
  const { header } = findCsvHeader(text);
  if (!header) return fail(FILE_EMPTY);
  const parseErrors: ParseError[] = [];
  const code = symbolCode.trim().toUpperCase();
  let index: Map<string, number> | null = null;
  const errors: ImportRowError[] = [];
  const stored: ImportStoredRow[] = [];
  const bars: BhavPlan["bars"] = [];
  const firstLine = new Map<string, number>();
  const symbol = (await symbolsByCodes(db, [code])).get(code);
  let dataRows = 0;
  for await (const record of streamCsvRecords(text, parseErrors)) {
    if (index === null) {
      if (!isIndexHistoryHeader(record.fields)) {
        const other = otherKindNote(text, "index-history");
        return fail(other ? `${NOT_AN_INDEX_HISTORY} ${other}` : NOT_AN_INDEX_HISTORY);
      }
      index = new Map(record.fields.map((f, i) => [f.trim().toUpperCase(), i]));
      continue;
    }
    dataRows += 1;
    const field = (name: string) => {
      const i = index?.get(name);
      return i === undefined ? "" : (record.fields[i] ?? "");
    };
    const tradingDate = readHistoryDate(field("DATE"));
    if (tradingDate === null) {
      errors.push({ line: record.line, message: `Date '${field("DATE").slice(0, 40)}' is not a date (YYYY-MM-DD or DD/MM/YYYY)` });
      continue;
    }
    const numbers: Record<string, number> = {};
    let bad = false;
    for (const name of ["OPEN", "HIGH", "LOW", "CLOSE", "VOLUME"]) {
      const value = field(name);
      // Older archives give only a close: an empty open, high, low or volume is 0 (flat bar, no volume).
      const n = value === "" && name !== "CLOSE" ? 0 : readDecimalNumber(value);
      if (n === null) {
        errors.push({ line: record.line, message: `${name} '${value.slice(0, 40)}' is not a number` });
        bad = true;
        break;
      }
      numbers[name] = n;
    }
    if (bad) continue;
    const earlier = firstLine.get(tradingDate);
    if (earlier !== undefined) {
      errors.push({ line: record.line, message: `Duplicate row: ${tradingDate} is already given on line ${earlier}` });
      continue;
    }
    const result = dailyBarFromBhavRow({
      line: record.line,
      symbol: code,
      tradingDate,
      open: numbers.OPEN,
      high: numbers.HIGH,
      low: numbers.LOW,
      close: numbers.CLOSE,
      settlePrice: 0,
      volume: numbers.VOLUME,
    });
    if ("error" in result) {
      errors.push({ line: record.line, message: result.error });
      continue;
    }
    firstLine.set(tradingDate, record.line);
    if (!symbol) continue;
    const b = result.bar;
    bars.push({ symbolId: symbol.id, ...b });
    stored.push({
      line: record.line,
      symbolCode: symbol.symbolCode,
      detail: `${tradingDate}: O ${formatNumber(b.open)} H ${formatNumber(b.high)} L ${formatNumber(b.low)} C ${formatNumber(b.close)}, volume ${formatNumber(b.volume, 0)}`,
    });
  }
  if (index === null) return fail(FILE_EMPTY);
  for (const e of parseErrors) errors.push({ line: e.line, message: e.message });
  errors.sort((a, b) => a.line - b.line);
  const good = firstLine.size;
  const report: BhavImportReport = {
    ...emptyReport("index-history", null, INDEX_HISTORY_LABEL),
    format: "unknown",
    tradingDates: [...new Set(bars.map((b) => b.tradingDate))].sort(),
    storedCount: bars.length,
    stored,
    errorCount: errors.length,
    errors,
    skipped: symbol ? { count: 0, codes: [], symbolCount: 0 } : { count: good, codes: [code], symbolCount: 1 },
    notes: symbol ? [] : [indexSymbolNotListed(code)],
  };
  if (dataRows === 0) report.fatal = "The file has a header but no rows.";
  return { report, bars };
}
