// The outcome of importing one file (bhav copy, reference points, 1-minute bars, symbol list),
// shared by the upload page and the import command. Plain data: it crosses the loader boundary.

export type ImportKind = "bhav" | "reference" | "minute" | "symbol-list" | "index-history";

export interface ImportRowError {
  /** 1-based line in the file (header = line 1); 0 when the problem is not tied to one line. */
  line: number;
  message: string;
}

export interface ImportStoredRow {
  line: number;
  symbolCode: string;
  /** What was stored, ready to show (date, prices, counts). */
  detail: string;
}

export interface ImportReport {
  kind: ImportKind;
  /** The recognised format, e.g. "NSE F&O bhav copy (old format)"; null when not recognised. */
  formatLabel: string | null;
  /** Set when nothing from the file was stored: not a recognised file, empty, too large, database failure. */
  fatal: string | null;
  storedCount: number;
  /** What was stored, each a 'Data posted successfully' (at most MAX_LISTED_ROWS listed). */
  stored: ImportStoredRow[];
  errorCount: number;
  /** Bad rows, each an 'Error posting data' with its reason (at most MAX_LISTED_ROWS listed). */
  errors: ImportRowError[];
  /** Rows whose symbol is not listed in the symbol table: counted, with a few of the codes. */
  skipped: { count: number; codes: string[]; symbolCount: number };
  /** Rows this import does not use (options, later expiries, other series), counted. */
  ignored: { count: number; reason: string };
  /** Anything else the user should know (e.g. symbols created inactive). */
  notes: string[];
}

export const POSTED_OK = "Data posted successfully";
export const POSTED_ERROR = "Error posting data";
export const MAX_LISTED_ROWS = 500;
export const MAX_SKIPPED_CODES = 12;
/** A row's message in a report is cut to this many characters. */
export const MAX_MESSAGE_CHARS = 300;

export const MAX_UPLOAD_MB = 50;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
export const FILE_TOO_LARGE = `File is too large: the limit is ${MAX_UPLOAD_MB} MB.`;
export const FILE_EMPTY = "The file is empty.";
export const BHAV_FORMATS_ACCEPTED =
  "Accepted bhav copy formats: the NSE F&O bhav copy (foDDMMMYYYYbhav.csv), the NSE equity bhav copy " +
  "(cmDDMMMYYYYbhav.csv), the NSE UDiFF bhav copy (CM or F&O), and rows of SYMBOL, TIMESTAMP, OPEN, HIGH, LOW, " +
  "SETTLE_PR, VOLUME, as CSV.";
export const NOT_A_BHAV_COPY = `This file is not a recognised bhav copy. ${BHAV_FORMATS_ACCEPTED}`;
export const REFERENCE_HEADER = "symbol_code,point_name,price,display_name,date,slPrice";
export const NOT_A_REFERENCE_FILE = `This file is not a reference-point file: its first line must be the header ${REFERENCE_HEADER} (date as YYYY-MM-DD).`;
export const ZIP_NOT_ACCEPTED = "This is a ZIP archive: unzip it and upload the CSV file inside.";

export function emptyReport(kind: ImportKind, fatal: string | null = null, formatLabel: string | null = null): ImportReport {
  return {
    kind,
    formatLabel,
    fatal,
    storedCount: 0,
    stored: [],
    errorCount: 0,
    errors: [],
    skipped: { count: 0, codes: [], symbolCount: 0 },
    ignored: { count: 0, reason: "" },
    notes: [],
  };
}

/** One entry per bad line, its problems joined, in line order (line 0 entries stay apart). */
export function groupErrorsByLine(errors: readonly ImportRowError[]): ImportRowError[] {
  const byLine = new Map<number, string[]>();
  const loose: ImportRowError[] = [];
  for (const e of errors) {
    if (e.line <= 0) {
      loose.push(e);
      continue;
    }
    const messages = byLine.get(e.line);
    if (!messages) byLine.set(e.line, [e.message]);
    else if (!messages.includes(e.message)) messages.push(e.message);
  }
  const grouped = [...byLine].map(([line, messages]) => ({ line, message: messages.join("; ") }));
  return [...loose, ...grouped.sort((a, b) => a.line - b.line)];
}

/** Groups the bad rows by line and caps the listed rows (the counts stay exact). */
export function capReport<T extends ImportReport>(report: T): T {
  const errors = groupErrorsByLine(report.errors);
  return {
    ...report,
    stored: report.stored.slice(0, MAX_LISTED_ROWS),
    errorCount: errors.length,
    // A bad value is quoted in its message: cut, so one huge line cannot put megabytes into a report (or a batch's summary).
    errors: errors.slice(0, MAX_LISTED_ROWS).map((e) => (e.message.length > MAX_MESSAGE_CHARS ? { ...e, message: `${e.message.slice(0, MAX_MESSAGE_CHARS - 1)}…` } : e)),
    skipped: {
      count: report.skipped.count,
      codes: report.skipped.codes.slice(0, MAX_SKIPPED_CODES),
      symbolCount: Math.max(report.skipped.symbolCount, report.skipped.codes.length),
    },
  };
}
