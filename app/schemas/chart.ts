import * as z from "zod";
import { TIMEFRAMES, type TimeframeId } from "~/domain/candles";

const timeframeIds = TIMEFRAMES.map((t) => t.id) as [TimeframeId, ...TimeframeId[]];

/** GET /chart-data?symbol=NIFTY-I&timeframe=H1&countback=300&to=<epoch ms> */
export const chartDataQuerySchema = z.object({
  symbol: z.string().trim().min(1, "Please select a symbol").max(40),
  timeframe: z.enum(timeframeIds, { error: "Unknown timeframe" }).default("D1"),
  countback: z.coerce.number().int().min(1).max(5000).default(300),
  to: z.coerce.number().int().positive().optional(),
});
