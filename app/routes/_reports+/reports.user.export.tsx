import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/auth/guards.server";
import { userReportDownload } from "~/services/reports/exports.server";
import { exportFormatSchema, parseUserReportParams } from "~/schemas/report";
import { requestUrl } from "~/schemas/request-input.server";

// /reports/user/export?format=xlsx|pdf&<the user report's filters>: the Users List as a download.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const url = requestUrl(request);
  const format = exportFormatSchema.safeParse(url.searchParams.get("format"));
  if (!format.success) throw json({ message: format.error.issues[0].message }, { status: 400 });
  return userReportDownload(context, parseUserReportParams(url.searchParams), format.data);
}
