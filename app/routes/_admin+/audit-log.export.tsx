import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/auth/guards.server";
import { auditLogDownload } from "~/services/audit.server";
import { parseAuditFilter } from "~/schemas/audit";
import { readListExportFormat } from "~/schemas/list-export.server";
import { requestUrl } from "~/schemas/request-input.server";

// /audit-log/export?format=csv|xlsx&<the log's filters>: every row of the filter, newest first.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const url = requestUrl(request);
  return auditLogDownload(context, parseAuditFilter(url.searchParams), readListExportFormat(url.searchParams));
}
