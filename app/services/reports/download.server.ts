// Exports leave as downloads: a streamed body, a filename naming the report and its dates.
import type { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { istDateString } from "~/domain/dates";
import type { ExportFormat } from "~/schemas/report";
import type { ListExportFormat } from "~/schemas/user-admin";
import type { ExportColumn } from "./columns";
import { csvReadable } from "./csv.server";
import { xlsxReadable } from "./xlsx.server";

export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat | ListExportFormat, string>> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
  csv: "text/csv; charset=utf-8",
};

/** e.g. trade-report_2026-01-01_to_2026-01-31.xlsx, or trade-report_all-dates.pdf. */
export function exportFilename(report: string, format: ExportFormat, range: { startDate?: string; endDate?: string }): string {
  const dates = range.startDate && range.endDate ? `${range.startDate}_to_${range.endDate}` : "all-dates";
  return `${report}_${dates}.${format}`;
}

export function downloadResponse(body: Readable, filename: string, format: ExportFormat | ListExportFormat): Response {
  return new Response(createReadableStreamFromReadable(body), {
    status: 200,
    headers: {
      "Content-Type": EXPORT_CONTENT_TYPES[format],
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      // Keep proxies from buffering the stream.
      "X-Accel-Buffering": "no",
    },
  });
}

/** An admin list as a CSV or Excel download (the same column list for both). */
export function listDownloadResponse<Row>(list: { sheetName: string; columns: readonly ExportColumn<Row>[]; rows: AsyncIterable<Row> }, filename: string, format: ListExportFormat): Response {
  const body = format === "csv" ? csvReadable(list) : xlsxReadable(list);
  return downloadResponse(body, filename, format);
}

/** An admin list as a download named after the list and today in IST, e.g. symbols_2026-11-26.csv. */
export function todaysListDownload<Row>(name: string, list: { sheetName: string; columns: readonly ExportColumn<Row>[]; rows: AsyncIterable<Row> }, format: ListExportFormat): Response {
  return listDownloadResponse(list, `${name}_${istDateString(new Date())}.${format}`, format);
}
