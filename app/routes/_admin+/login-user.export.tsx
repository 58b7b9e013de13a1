import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole, throwProblem } from "~/auth/guards.server";
import { loginHistoryDownload } from "~/services/login-history.server";
import { readListExportFormat } from "~/schemas/list-export.server";
import { parseLoginHistoryQuery } from "~/schemas/report";
import { requestUrl } from "~/schemas/request-input.server";

// /login-user/export?format=csv|xlsx&<the sign-in history's filters>: every attempt the history
// lists for its range, role, search and order.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const url = requestUrl(request);
  const format = readListExportFormat(url.searchParams);
  const download = loginHistoryDownload(context, parseLoginHistoryQuery(url.searchParams), format);
  if (!download.ok) throwProblem(download.problem);
  return download.value;
}
