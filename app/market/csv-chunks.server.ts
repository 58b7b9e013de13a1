// Reads a large CSV record by record through csv-parse's stream parser, a piece of the text at a
// time, yielding to the event loop between pieces. Parsing the real 2.4 MB F&O bhav copy in one
// go holds the loop for about 330 ms, and an upload may be 50 MB; live ticks share that loop
// (ARCHITECTURE "Keep the event loop free"). The records are read with the same options as
// readCsvRecords (bhav.server.ts), so line numbers and errors are those of one pass over the file,
// and the caller keeps only what it needs of each record (memory stays bounded by what it keeps).
import { Readable } from "node:stream";
import { parse } from "csv-parse";
import { csvReadOptions, toCsvRecord, type CsvParsed, type CsvRecord, type ParseError } from "~/market/bhav.server";

export interface CsvHeader {
  /** The header line's text, without its line end. */
  text: string;
  /** Its 1-based line in the file (blank lines before it are counted). */
  line: number;
  /** The line as written, with its line end ("\r\n" or "\n"). */
  raw: string;
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

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The text in pieces of about `size` characters, each ending at a line end (never inside a character). */
async function* textPieces(text: string, size: number): AsyncGenerator<string> {
  let start = 0;
  while (start < text.length) {
    if (start > 0) await yieldToEventLoop();
    const nl = text.indexOf("\n", Math.min(start + size, text.length) - 1);
    const end = nl === -1 ? text.length : nl + 1;
    yield text.slice(start, end);
    start = end;
  }
}

/**
 * The CSV records of a text, in file order, as readCsvRecords reads them (trimmed fields, blank
 * records dropped, 1-based lines): the text is streamed through csv-parse, about `pieceSize`
 * characters at a time. A record csv-parse cannot read is pushed to `errors` instead.
 */
export async function* streamCsvRecords(text: string, errors: ParseError[], pieceSize = 64 * 1024): AsyncGenerator<CsvRecord> {
  const parser = Readable.from(textPieces(text, pieceSize)).pipe(parse(csvReadOptions(errors)));
  for await (const parsed of parser as AsyncIterable<CsvParsed>) {
    const record = toCsvRecord(parsed);
    if (record) yield record;
  }
}
