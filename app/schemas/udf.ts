import * as z from "zod";
import { decimalNumber } from "~/schemas/decimal";

// UDF times are Unix seconds of any sign: the charting library asks from 1830 (a negative time)
// when it builds 6M bars from 1M (docs/decisions/122). The domain clamps them to real dates.
const seconds = (name: string) => {
  const message = `${name} must be a Unix time in whole seconds`;
  return decimalNumber({
    label: name,
    scale: 0,
    min: -Number.MAX_SAFE_INTEGER,
    max: Number.MAX_SAFE_INTEGER,
    messages: { required: message, notation: message, whole: message, min: message, max: message },
  });
};
const COUNTBACK_MESSAGE = "countback must be a positive whole number of bars";
const required = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, { error: `${name} is required` });

export const udfHistoryQuerySchema = z.object({
  symbol: required("symbol").max(60),
  resolution: required("resolution").max(8),
  from: seconds("from"),
  to: seconds("to"),
  // Any size: long countbacks are paged inside the server, never refused.
  countback: decimalNumber({
    label: "countback",
    scale: 0,
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    messages: { required: COUNTBACK_MESSAGE, notation: COUNTBACK_MESSAGE, whole: COUNTBACK_MESSAGE, min: COUNTBACK_MESSAGE, max: COUNTBACK_MESSAGE },
  }).optional(),
});
export type UdfHistoryQuery = z.infer<typeof udfHistoryQuerySchema>;

export const udfRangeQuerySchema = z.object({
  symbol: required("symbol").max(60),
  from: seconds("from"),
  to: seconds("to"),
  resolution: z.string().trim().max(8).optional(),
});

export const udfSearchQuerySchema = z.object({
  query: z.string().max(60).default(""),
  type: z.string().max(20).default(""),
  exchange: z.string().max(20).default(""),
  limit: decimalNumber({ label: "limit", scale: 0, min: 1, max: Number.MAX_SAFE_INTEGER }).default(30),
});

/** A failed parse as the protocol's errmsg: each wrong parameter named, in order. */
export function udfParamError(error: z.ZodError): string {
  const messages = [...new Set(error.issues.map((i) => i.message))];
  return `Bad request: ${messages.join("; ")}`;
}
