import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/auth/guards.server";
import { tradeReportDownload } from "~/services/reports/exports.server";
import { exportFormatSchema, parseTradeReportParams } from "~/schemas/report";
import { requestUrl } from "~/schemas/request-input.server";

// /reports/trade/export?format=xlsx|pdf&<the trade report's filters>: a streamed download of
// exactly the trades the report lists.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const url = requestUrl(request);
  const format = exportFormatSchema.safeParse(url.searchParams.get("format"));
  if (!format.success) throw json({ message: format.error.issues[0].message }, { status: 400 });
  return tradeReportDownload(context, parseTradeReportParams(url.searchParams), format.data);
}
