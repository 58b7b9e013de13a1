import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/auth/guards.server";
import { symbolListDownload } from "~/services/catalogue.server";
import { parseSymbolListQuery } from "~/schemas/admin-lists";
import { readListExportFormat } from "~/schemas/list-export.server";
import { searchParamsOf } from "~/schemas/request-input.server";

// /symbols/export?format=csv|xlsx&<the list's sector, search and sort>: every row the list shows for its search, in its order, as a download.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const params = searchParamsOf(request);
  return symbolListDownload(context, parseSymbolListQuery(params), readListExportFormat(params));
}
