import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/auth/guards.server";
import { pnlReportDownload } from "~/services/reports/exports.server";
import { exportFormatSchema, parsePnlReportParams } from "~/schemas/report";
import { requestUrl } from "~/schemas/request-input.server";

// /reports/pnl/export?format=xlsx|pdf&<the PNL report's filters>: a streamed download of every
// user row the report pages through, with its cards as the totals row.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const url = requestUrl(request);
  const format = exportFormatSchema.safeParse(url.searchParams.get("format"));
  if (!format.success) throw json({ message: format.error.issues[0].message }, { status: 400 });
  return pnlReportDownload(context, parsePnlReportParams(url.searchParams), format.data);
}
