// Response shapes of the documents (status, data, rows, count, totalCount, message), as Zod
// schemas: the contract test checks every answer against them and OpenAPI publishes them.
import * as z from "zod";
import { recordId } from "~/schemas/record-id";

export const okStatus = z.literal(200);
export const createdStatus = z.literal(201);

/** {status, message}: a write the documents answer with a message. */
export function messageShape(status: 200 | 201 = 200) {
  return z.object({ status: z.literal(status), message: z.string() });
}

/** {status, data}. */
export function dataShape<T extends z.ZodType>(data: T, extra: z.ZodRawShape = {}) {
  return z.object({ status: okStatus, data, ...extra });
}

/** {status, data: [...], totalCount}: the documents' client-sliced lists. */
export function listShape<T extends z.ZodType>(item: T) {
  return z.object({ status: okStatus, data: z.array(item), totalCount: z.number().int().nonnegative() });
}

/** {status, data: {rows, count}}: the documents' server-paged lists (calendar, trades). */
export function pagedShape<T extends z.ZodType>(item: T) {
  return z.object({ status: okStatus, data: z.object({ rows: z.array(item), count: z.number().int().nonnegative() }) });
}

/** {status, message, data: {id}}: a created row. */
export function createdShape() {
  return z.object({ status: createdStatus, message: z.string(), data: z.object({ id: z.number().int().positive() }) });
}

export const errorShape = z.object({
  status: z.number().int(),
  message: z.string(),
  errors: z.array(z.object({ msg: z.string(), path: z.string().optional() })).min(1),
});

// 401: a missing, expired or unknown token; a token idle too long says so (docs/decisions/119).
export const invalidTokenShape = z.object({ error: z.union([z.literal("Invalid token"), z.string().startsWith("You were signed out after ")]) });

export const isoDateTime = z.string().describe("ISO 8601 date-time (UTC)");
export const ymdDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe("YYYY-MM-DD");

/** Path and query parameters. */
export const idParam = z.object({ id: recordId() });
export const pageQuery = {
  currentPage: z.coerce.number().int().min(1).max(1_000_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
};
/** The documents' status flag, 1 or 0 (also true/false). */
export const STATUS_FLAG_MESSAGE = "Please send status 1 or 0";
export const flag = z.union([z.literal(0), z.literal(1), z.boolean(), z.enum(["0", "1", "true", "false"])], { error: STATUS_FLAG_MESSAGE }).transform((v) => v === 1 || v === true || v === "1" || v === "true");
export const statusBody = z.object({
  id: recordId("Please send an id"),
  status: flag,
});
