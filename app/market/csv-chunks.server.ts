// Parses a large CSV with a header in slices, yielding to the event loop between them.
// Parsing the real 2.4 MB F&O bhav copy in one go holds the loop for about 330 ms, and an upload
// may be 50 MB; live ticks share that loop (ARCHITECTURE "Keep the event loop free"). Each slice
// is the header plus at most 500 lines or 32 KB (a few ms once warm), parsed by the same sync parser, and
// the line numbers it reports are mapped back to the file's.
import type { ParseError } from "~/market/bhav.server";

export interface CsvHeader {
  /** The header line's text, without its line end. */
  text: string;
  /** Its 1-based line in the file (blank lines before it are counted). */
  line: number;
  /** The line as written, with its line end ("\r\n" or "\n"), so slices keep the file's line ends. */
  raw: string;
}

export interface CsvSlice {
  /** The header line, then this slice's lines: a small CSV file of its own. */
  text: string;
  /** The file line of the slice's first line after the header. */
  firstLine: number;
}

const BLANK = /^[\s,]*$/;

/** The first non-blank line (the header) and where the lines after it start. */
export function findCsvHeader(text: string): { header: CsvHeader | null; bodyStart: number } {
  let start = 0;
  let line = 1;
  while (start < text.length) {
    const nl = text.indexOf("\n", start);
    const end = nl === -1 ? text.length : nl;
    const content = text.slice(start, end).replace(/\r$/, "");
    if (!BLANK.test(content)) {
      const bodyStart = nl === -1 ? text.length : nl + 1;
      return { header: { text: content, line, raw: text.slice(start, bodyStart) }, bodyStart };
    }
    start = end + 1;
    line += 1;
  }
  return { header: null, bodyStart: text.length };
}

/**
 * Cuts the lines after the header into slices of about `linesPerSlice` lines (or `maxChars`
 * characters, whichever comes first). A cut is only made where the number of quote characters
 * so far is even, so a quoted field spanning lines is never split (RFC 4180 doubles quotes
 * inside fields, which keeps the parity right).
 */
export function* csvSlices(text: string, linesPerSlice = 500, maxChars = 32 * 1024): Generator<CsvSlice> {
  const { header, bodyStart } = findCsvHeader(text);
  if (!header) return;
  let sliceStart = bodyStart;
  let sliceFirstLine = header.line + 1;
  let pos = bodyStart;
  let lines = 0;
  let quotes = 0;
  // The next quote at or after `pos` (-1: none left), found once per quote, not once per line.
  let nextQuote = text.indexOf('"', pos);
  while (pos < text.length) {
    const nl = text.indexOf("\n", pos);
    const end = nl === -1 ? text.length : nl + 1;
    while (nextQuote !== -1 && nextQuote < end) {
      quotes += 1;
      nextQuote = text.indexOf('"', nextQuote + 1);
    }
    lines += 1;
    pos = end;
    const full = lines >= linesPerSlice || pos - sliceStart >= maxChars;
    if ((full && quotes % 2 === 0) || pos >= text.length) {
      yield { text: header.raw + text.slice(sliceStart, pos), firstLine: sliceFirstLine };
      sliceFirstLine += lines;
      sliceStart = pos;
      lines = 0;
      quotes = 0;
    }
  }
}

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs a header-aware sync parser over the file slice by slice and returns its rows and errors
 * with the file's line numbers. Errors the parser reports on the header line (the same in every
 * slice) are kept once.
 */
export async function parseCsvInSlices<R extends { line: number }>(
  text: string,
  parse: (csv: string) => { rows: R[]; errors: ParseError[] },
  linesPerSlice = 500,
): Promise<{ rows: R[]; errors: ParseError[] }> {
  const { header } = findCsvHeader(text);
  const rows: R[] = [];
  const errors: ParseError[] = [];
  if (!header) return { rows, errors };
  const headerErrors = new Set<string>();
  const toFileLine = (line: number, firstLine: number) => (line <= 0 ? 0 : line === 1 ? header.line : firstLine + line - 2);
  let first = true;
  for (const slice of csvSlices(text, linesPerSlice)) {
    if (!first) await yieldToEventLoop();
    first = false;
    const result = parse(slice.text);
    for (const row of result.rows) {
      row.line = toFileLine(row.line, slice.firstLine);
      rows.push(row);
    }
    for (const error of result.errors) {
      const line = toFileLine(error.line, slice.firstLine);
      if (line === header.line) {
        if (headerErrors.has(error.message)) continue;
        headerErrors.add(error.message);
      }
      errors.push({ line, message: error.message });
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors };
}
