import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/auth/guards.server";
import { auditLogDownload } from "~/services/audit.server";
import { parseAuditFilter } from "~/schemas/audit";
import { listExportFormatSchema } from "~/schemas/user-admin";
import { requestUrl } from "~/schemas/request-input.server";

// /audit-log/export?format=csv|xlsx&<the log's filters>: every row of the filter, newest first.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const url = requestUrl(request);
  const format = listExportFormatSchema.safeParse(url.searchParams.get("format"));
  if (!format.success) throw json({ message: format.error.issues[0].message }, { status: 400 });
  return auditLogDownload(context, parseAuditFilter(url.searchParams), format.data);
}
