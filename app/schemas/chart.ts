import * as z from "zod";
import { TIMEFRAMES, type TimeframeId } from "~/domain/candles";
import { optionalDecimalNumber } from "~/schemas/decimal";

const timeframeIds = TIMEFRAMES.map((t) => t.id) as [TimeframeId, ...TimeframeId[]];

/** GET /chart-data?symbol=NIFTY-I&timeframe=H1&countback=300&to=<epoch ms> */
export const chartDataQuerySchema = z.object({
  symbol: z.string().trim().min(1, "Please select a symbol").max(40),
  timeframe: z.enum(timeframeIds, { error: "Unknown timeframe" }).default("D1"),
  countback: optionalDecimalNumber({ label: "countback", scale: 0, min: 1, max: 5000 }).transform((n) => n ?? 300),
  to: optionalDecimalNumber({ label: "to", scale: 0, above: 0, max: Number.MAX_SAFE_INTEGER, messages: { notation: "to must be a time in epoch milliseconds" } }),
});
