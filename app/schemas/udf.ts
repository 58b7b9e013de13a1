import * as z from "zod";

const seconds = z.coerce.number().int().nonnegative();

export const udfHistoryQuerySchema = z.object({
  symbol: z.string().trim().min(1).max(60),
  resolution: z.string().trim().min(1).max(8),
  from: seconds,
  to: seconds,
  countback: z.coerce.number().int().positive().max(5000).optional(),
});

export const udfRangeQuerySchema = z.object({
  symbol: z.string().trim().min(1).max(60),
  from: seconds,
  to: seconds,
  resolution: z.string().trim().max(8).optional(),
});

export const udfSearchQuerySchema = z.object({
  query: z.string().max(60).default(""),
  type: z.string().max(20).default(""),
  exchange: z.string().max(20).default(""),
  limit: z.coerce.number().int().positive().default(30),
});
