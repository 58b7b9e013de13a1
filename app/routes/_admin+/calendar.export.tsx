import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/auth/guards.server";
import { calendarListDownload } from "~/services/calendar.server";
import { parseCalendarListQuery } from "~/schemas/admin-lists";
import { readListExportFormat } from "~/schemas/list-export.server";
import { searchParamsOf } from "~/schemas/request-input.server";

// /calendar/export?format=csv|xlsx&<the list's search and sort>: every row the list shows for its search, in its order, as a download.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const params = searchParamsOf(request);
  return calendarListDownload(context, parseCalendarListQuery(params), readListExportFormat(params));
}
