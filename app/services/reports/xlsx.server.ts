// Excel export through exceljs' streaming writer: rows are committed as they come, so the
// workbook is never held in memory and the first bytes leave at once. Options chosen for speed
// (decision 090): inline strings (no shared-string table held to the end), styles only for the
// column number formats, and fast zip compression.
import { PassThrough, type Readable } from "node:stream";
import { once } from "node:events";
import ExcelJS from "exceljs";
import { neutraliseCell } from "~/domain/spreadsheet-safety";
import { istWallClockForSpreadsheet, spreadsheetNumber } from "./cells";
import type { CellKind, ExportColumn } from "./columns";

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

export function xlsxReadable<Row>(options: { sheetName: string; columns: readonly ExportColumn<Row>[]; rows: AsyncIterable<Row> }): Readable {
  const output = new PassThrough({ highWaterMark: HIGH_WATER });
  void writeWorkbook(output, options).catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

async function writeWorkbook<Row>(
  output: PassThrough,
  { sheetName, columns, rows }: { sheetName: string; columns: readonly ExportColumn<Row>[]; rows: AsyncIterable<Row> },
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
  for await (const row of rows) {
    sheet.addRow(columns.map((c) => cellValue(c.kind, c.value(row)))).commit();
    written += 1;
    if (written % 500 === 0 && output.writableLength > HIGH_WATER) await once(output, "drain");
  }
  sheet.commit();
  await workbook.commit();
}

function cellValue(kind: CellKind, value: string | number | Date | null): string | number | Date | null {
  if (value === null) return null;
  if (value instanceof Date) return kind === "date" ? value : istWallClockForSpreadsheet(value);
  // Money and percentages come as exact decimal text: a number cell where Excel holds it exactly.
  if ((kind === "money" || kind === "percent") && typeof value === "string") return spreadsheetNumber(value);
  return neutraliseCell(value);
}
