import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/auth/guards.server";
import { describeTradeFilter, livePricesOf, streamTradeReportRows } from "~/models/report.server";
import { TRADE_EXPORT_COLUMNS } from "~/reports/columns";
import { downloadResponse, exportFilename } from "~/reports/download.server";
import { pdfReadable } from "~/reports/pdf.server";
import { xlsxReadable } from "~/reports/xlsx.server";
import { activeFilterLabel, exportFormatSchema, parseTradeReportParams } from "~/schemas/report";

// /reports/trade/export?format=xlsx|pdf&<the trade report's filters>: a streamed download of
// exactly the trades the report lists.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const url = new URL(request.url);
  const format = exportFormatSchema.safeParse(url.searchParams.get("format"));
  if (!format.success) throw json({ message: format.error.issues[0].message }, { status: 400 });
  const { input, filter } = parseTradeReportParams(url.searchParams);
  const rows = streamTradeReportRows(context.db, livePricesOf(context.liveBook), filter);
  const filename = exportFilename("trade-report", format.data, input);
  if (format.data === "xlsx") {
    return downloadResponse(xlsxReadable({ sheetName: "Trade Report", columns: TRADE_EXPORT_COLUMNS, rows }), filename, "xlsx");
  }
  const filters = await describeTradeFilter(context.db, { ...input, activeLabel: activeFilterLabel(input.active) });
  return downloadResponse(pdfReadable({ title: "Trade Report", filters, columns: TRADE_EXPORT_COLUMNS, rows }), filename, "pdf");
}
