import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole, throwProblem } from "~/auth/guards.server";
import { accountListDownload } from "~/services/accounts.server";
import { parseAccountListQuery } from "~/schemas/user-admin";
import { readListExportFormat } from "~/schemas/list-export.server";
import { requestUrl } from "~/schemas/request-input.server";

// /users/export?format=csv|xlsx&<the user list's filters>: every row the list shows for its
// filters, in its order, as a download.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireRole(request, context, [1, 2]);
  const url = requestUrl(request);
  const download = accountListDownload(context, actor, parseAccountListQuery(url.searchParams), readListExportFormat(url.searchParams));
  if (!download.ok) throwProblem(download.problem);
  return download.value;
}
