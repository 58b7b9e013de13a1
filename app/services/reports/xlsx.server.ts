// Excel export through exceljs' streaming writer: rows are committed as they come, so the
// workbook is never held in memory and the first bytes leave at once. Options chosen for speed
// (decision 090): inline strings (no shared-string table held to the end), styles only for the
// column number formats, and fast zip compression.
import { PassThrough, type Readable } from "node:stream";
import { once } from "node:events";
import ExcelJS from "exceljs";
import { neutraliseCell } from "~/domain/spreadsheet-safety";
import { istWallClockForSpreadsheet, spreadsheetNumber } from "./cells";
import type { CellKind, ExportColumn, ExportTotals } from "./columns";
import { eventLoopTurns } from "./event-loop-turns.server";

const NUMBER_FORMATS: Record<CellKind, string | undefined> = {
  text: undefined,
  integer: "0",
  money: "#,##0.00",
  percent: "0.00",
  datetime: "dd-mm-yyyy hh:mm:ss AM/PM",
  date: "dd-mm-yyyy",
};

/** Keeps the writer from racing ahead of a slow reader (the PassThrough's buffer). */
const HIGH_WATER = 1 << 20;

export interface XlsxOptions<Row> {
  sheetName: string;
  columns: readonly ExportColumn<Row>[];
  rows: AsyncIterable<Row>;
  /** Asked once the rows are written: the totals row, under a blank row (none for no rows). */
  totals?: () => ExportTotals;
}

export function xlsxReadable<Row>(options: XlsxOptions<Row>): Readable {
  const output = new PassThrough({ highWaterMark: HIGH_WATER });
  void writeWorkbook(output, options).catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

async function writeWorkbook<Row>(
  output: PassThrough,
  { sheetName, columns, rows, totals }: XlsxOptions<Row>,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  // Filter buttons on the header row (written when the sheet closes).
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  sheet.columns = columns.map((c, i) => ({
    key: String(i),
    width: c.width,
    style: NUMBER_FORMATS[c.kind] ? { numFmt: NUMBER_FORMATS[c.kind] } : {},
  }));
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  let written = 0;
  const turns = eventLoopTurns();
  for await (const row of rows) {
    sheet.addRow(columns.map((c) => cellValue(c.kind, c.value(row)))).commit();
    written += 1;
    if (turns.due()) await turns.take();
    if (written % 500 === 0 && output.writableLength > HIGH_WATER) await once(output, "drain");
  }
  if (totals && written > 0) {
    // The blank row keeps the totals out of the header's filter and sort (Excel's current region).
    sheet.addRow([]).commit();
    const { label, values } = totals();
    const row = sheet.addRow(columns.map((c, i) => (i === 0 ? label : c.header in values ? cellValue(c.kind, values[c.header]) : null)));
    row.font = { bold: true };
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
}

/** A cell as written: an absent value (null) is an empty cell (docs/decisions/143). */
function cellValue(kind: CellKind, value: string | number | Date | null): string | number | Date | null {
  if (value === null) return null;
  if (value instanceof Date) return kind === "date" ? value : istWallClockForSpreadsheet(value);
  // Money and percentages come as exact decimal text: a number cell where Excel holds it exactly.
  if ((kind === "money" || kind === "percent") && typeof value === "string") return spreadsheetNumber(value);
  return neutraliseCell(value);
}
