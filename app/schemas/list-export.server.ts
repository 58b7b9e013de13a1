// The ?format of an admin list's export route (csv or xlsx); anything else is a 400.
import { json } from "@remix-run/node";
import { listExportFormatSchema, type ListExportFormat } from "~/schemas/user-admin";

export function readListExportFormat(params: URLSearchParams): ListExportFormat {
  const format = listExportFormatSchema.safeParse(params.get("format"));
  if (!format.success) throw json({ message: format.error.issues[0].message }, { status: 400 });
  return format.data;
}
