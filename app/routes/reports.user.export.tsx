import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/auth/guards.server";
import { ROLE_NAMES, isRoleId } from "~/domain/access";
import { formatIstDate, istMidnight } from "~/domain/dates";
import { streamUserReportRows } from "~/models/user-report.server";
import { userExportColumns } from "~/reports/columns";
import { downloadResponse, exportFilename } from "~/reports/download.server";
import { pdfReadable } from "~/reports/pdf.server";
import { xlsxReadable } from "~/reports/xlsx.server";
import { exportFormatSchema, parseUserReportParams } from "~/schemas/report";

// /reports/user/export?format=xlsx|pdf&<the user report's filters>: the Users List as a download.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const url = new URL(request.url);
  const format = exportFormatSchema.safeParse(url.searchParams.get("format"));
  if (!format.success) throw json({ message: format.error.issues[0].message }, { status: 400 });
  const { input, range } = parseUserReportParams(url.searchParams);
  const rows = streamUserReportRows(context.db, { mode: input.mode, roleId: input.role_id, range });
  const columns = userExportColumns(input.mode);
  const filename = exportFilename(input.mode === "login" ? "login-user-report" : "user-report", format.data, input);
  if (format.data === "xlsx") return downloadResponse(xlsxReadable({ sheetName: "User Report", columns, rows }), filename, "xlsx");
  const dates = input.startDate && input.endDate ? `${formatIstDate(istMidnight(input.startDate))} to ${formatIstDate(istMidnight(input.endDate))}` : "All dates";
  const filters = [`Users: ${input.mode === "login" ? "LoginUser" : "AllUser"}`, `Role: ${isRoleId(input.role_id) ? ROLE_NAMES[input.role_id] : input.role_id}`, `Dates: ${dates}`];
  return downloadResponse(pdfReadable({ title: "User Report", filters, columns, rows }), filename, "pdf");
}
