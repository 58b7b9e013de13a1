import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUdfCaller, searchParams, udfSymbol } from "~/udf.server";
import { timeframeForResolution, timescaleMarksResponse } from "~/domain/udf";
import { detectSwings } from "~/domain/swing";
import { udfRangeQuerySchema } from "~/schemas/udf";
import { getChartCandles } from "~/models/candle.server";

// Swing points (DECISIONS 14) of the window at the chart's resolution, as timescale marks.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireUdfCaller(request, context);
  const parsed = udfRangeQuerySchema.safeParse(Object.fromEntries(searchParams(request)));
  const symbol = parsed.success ? await udfSymbol(context, caller, parsed.data.symbol) : null;
  const tf = parsed.success ? timeframeForResolution(parsed.data.resolution ?? "1D") : null;
  if (!parsed.success || !symbol || !tf) return json([]);
  const candles = await getChartCandles(context.db, symbol.id, tf.timeframe, {
    from: parsed.data.from * 1000,
    to: parsed.data.to * 1000,
    countback: 2000,
  });
  return json(timescaleMarksResponse(detectSwings(candles)));
}
