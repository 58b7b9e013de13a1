// CSV export through csv-stringify's stream: the same column lists as the xlsx and pdf writers,
// rows written as they come. Times are IST text; text cells are made inert
// (domain/spreadsheet-safety.ts) because CSV files are opened in spreadsheets too.
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { isDecimalNotation } from "~/domain/decimal";
import { neutraliseCell } from "~/domain/spreadsheet-safety";
import { exportIstDate, exportIstDateTime } from "./cells";
import type { CellKind, ExportColumn } from "./columns";
import { eventLoopTurns } from "./event-loop-turns.server";

export function csvCellText(kind: CellKind, value: string | number | Date | null): string | number {
  if (value === null) return "";
  if (value instanceof Date) return kind === "date" ? exportIstDate(value) : exportIstDateTime(value);
  // Money and percentages come as exact decimal text: a loss ("-1234.50") is a number, not a
  // formula, and stays as written (the xlsx writer makes it a number cell likewise).
  if ((kind === "money" || kind === "percent") && typeof value === "string" && isDecimalNotation(value)) return value;
  return neutraliseCell(value);
}

export function csvReadable<Row>(options: { columns: readonly ExportColumn<Row>[]; rows: AsyncIterable<Row> }): Readable {
  const { columns, rows } = options;
  async function* records() {
    const turns = eventLoopTurns();
    for await (const row of rows) {
      if (turns.due()) await turns.take();
      yield columns.map((c) => csvCellText(c.kind, c.value(row)));
    }
  }
  // A byte-order mark first, so Excel reads the file as UTF-8 (names in Devanagari, ₹).
  const stringifier = stringify({ header: true, columns: columns.map((c) => c.header), bom: true });
  return Readable.from(records()).pipe(stringifier);
}
