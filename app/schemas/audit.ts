// The audit log's filter (docs/decisions/140-admin-console.md): GET parameters for the page and
// its export alike. Like the report filters, a malformed value reads as "any" and a half or
// reversed date range is dropped and named above the list.
import * as z from "zod";
import { isAuditEntity, type AuditEntity } from "~/domain/audit";
import { isRecordId } from "~/domain/paging";
import { queryFields } from "./parse";
import { dateRangeSchema } from "./report";

export const auditFilterSchema = z
  .object({
    actor: z
      .string()
      .optional()
      .transform((v) => (v && isRecordId(Number(v)) ? Number(v) : undefined)),
    entity: z
      .string()
      .optional()
      .transform((v): AuditEntity | undefined => (isAuditEntity(v) ? v : undefined)),
  })
  .and(dateRangeSchema);
export type AuditFilterInput = z.output<typeof auditFilterSchema>;

export function parseAuditFilter(params: URLSearchParams): AuditFilterInput {
  return auditFilterSchema.parse(queryFields(params, auditFilterSchema));
}
