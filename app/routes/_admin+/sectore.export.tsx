import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/auth/guards.server";
import { sectorListDownload } from "~/services/sectors.server";
import { parseSectorListQuery } from "~/schemas/admin-lists";
import { readListExportFormat } from "~/schemas/list-export.server";
import { searchParamsOf } from "~/schemas/request-input.server";

// /sectore/export?format=csv|xlsx&<the list's search and sort>: every row the list shows for its search, in its order, as a download.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const params = searchParamsOf(request);
  return sectorListDownload(context, parseSectorListQuery(params), readListExportFormat(params));
}
