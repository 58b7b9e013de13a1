// The audit log's reading side: the /audit-log page and its export. Writing happens in each
// service's own transaction through models/audit-log.server.ts (recordAudit).
import type { AppContext } from "~/config/context";
import { AUDIT_ENTITY_LABELS, describeChange, type AuditEntity } from "~/domain/audit";
import { inclusiveDateRange } from "~/domain/dates";
import { listAuditActors, listAuditPage, streamAuditRows, type AuditFilter, type AuditRow } from "~/models/audit-log.server";
import type { AuditFilterInput } from "~/schemas/audit";
import type { ListExportFormat } from "~/schemas/user-admin";
import type { ExportColumn } from "~/services/reports/columns";
import { listDownloadResponse } from "~/services/reports/download.server";

export interface AuditLine extends Omit<AuditRow, "before" | "after"> {
  entityLabel: string;
  /** "field: before → after" for each field that changed. */
  changes: string[];
}

function filterOf(input: AuditFilterInput): AuditFilter {
  const range = input.startDate && input.endDate ? inclusiveDateRange(input.startDate, input.endDate) : null;
  return { actorId: input.actor ?? null, entity: input.entity ?? null, from: range?.from ?? null, to: range?.to ?? null };
}

function lineOf(row: AuditRow): AuditLine {
  const { before, after, ...rest } = row;
  return { ...rest, entityLabel: AUDIT_ENTITY_LABELS[row.entity as AuditEntity] ?? row.entity, changes: describeChange(before, after) };
}

export async function auditLogPage(context: Pick<AppContext, "db">, input: AuditFilterInput, paging: { page: number; pageSize: number }) {
  const [{ rows, total }, actors] = await Promise.all([listAuditPage(context.db, filterOf(input), paging), listAuditActors(context.db)]);
  return { rows: rows.map(lineOf), total, actors };
}

const AUDIT_EXPORT_COLUMNS: readonly ExportColumn<AuditRow>[] = [
  { header: "Time", kind: "datetime", width: 20, value: (r) => r.occurredAt },
  { header: "Actor", kind: "text", width: 16, value: (r) => r.actorName },
  { header: "Action", kind: "text", width: 12, value: (r) => r.action },
  { header: "Entity", kind: "text", width: 12, value: (r) => AUDIT_ENTITY_LABELS[r.entity as AuditEntity] ?? r.entity },
  { header: "Entity Id", kind: "text", width: 10, value: (r) => r.entityId },
  { header: "Changes", kind: "text", width: 50, value: (r) => describeChange(r.before, r.after).join("; ") },
  { header: "Before", kind: "text", width: 40, value: (r) => (r.before === null ? null : JSON.stringify(r.before)) },
  { header: "After", kind: "text", width: 40, value: (r) => (r.after === null ? null : JSON.stringify(r.after)) },
];

export function auditLogDownload(context: Pick<AppContext, "db">, input: AuditFilterInput, format: ListExportFormat): Response {
  const rows = streamAuditRows(context.db, filterOf(input));
  const dates = input.startDate && input.endDate ? `${input.startDate}_to_${input.endDate}` : "all-dates";
  return listDownloadResponse({ sheetName: "Audit log", columns: AUDIT_EXPORT_COLUMNS, rows }, `audit-log_${dates}.${format}`, format);
}
