import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRole, throwProblem } from "~/auth/guards.server";
import { accountListDownload } from "~/services/accounts.server";
import { listExportFormatSchema, parseAccountListQuery } from "~/schemas/user-admin";
import { requestUrl } from "~/schemas/request-input.server";

// /users/export?format=csv|xlsx&<the user list's filters>: every row the list shows for its
// filters, in its order, as a download.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireRole(request, context, [1, 2]);
  const url = requestUrl(request);
  const format = listExportFormatSchema.safeParse(url.searchParams.get("format"));
  if (!format.success) throw json({ message: format.error.issues[0].message }, { status: 400 });
  const download = accountListDownload(context, actor, parseAccountListQuery(url.searchParams), format.data);
  if (!download.ok) throwProblem(download.problem);
  return download.value;
}
