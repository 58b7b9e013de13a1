import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/guards.server";
import { tradeJournalDownload } from "~/services/reports/exports.server";
import { readListExportFormat } from "~/schemas/list-export.server";
import { searchParamsOf } from "~/schemas/request-input.server";

// /trades/export?format=csv|xlsx&<the list's filters>: every trade the list shows for the same
// parameters (all pages, newest first) as a download (docs/decisions/172).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const params = searchParamsOf(request);
  return tradeJournalDownload(context, user, params, readListExportFormat(params));
}
