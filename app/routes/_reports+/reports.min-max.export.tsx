import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/auth/guards.server";
import { minMaxReportDownload } from "~/services/reports/exports.server";
import { exportFormatSchema, minMaxSortSchema, parsePnlReportParams } from "~/schemas/report";
import { requestUrl } from "~/schemas/request-input.server";

// /reports/min-max/export?format=xlsx|pdf&sort=…&<the min-max report's filters>: a streamed
// download of every trade the report pages through, in its sort, with a totals row.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const url = requestUrl(request);
  const format = exportFormatSchema.safeParse(url.searchParams.get("format"));
  if (!format.success) throw json({ message: format.error.issues[0].message }, { status: 400 });
  const sort = minMaxSortSchema.parse(url.searchParams.get("sort") ?? undefined);
  return minMaxReportDownload(context, parsePnlReportParams(url.searchParams), sort, format.data);
}
