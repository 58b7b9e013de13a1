import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUdfCaller, searchParams, udfSymbol } from "~/udf.server";
import { halfYearCandles, historyResponse, timeframeForResolution, udfError } from "~/domain/udf";
import { udfHistoryQuerySchema } from "~/schemas/udf";
import { getChartCandles } from "~/models/candle.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireUdfCaller(request, context);
  const parsed = udfHistoryQuerySchema.safeParse(Object.fromEntries(searchParams(request)));
  if (!parsed.success) return json(udfError("Bad request: symbol, resolution, from and to are required"));
  const { resolution, from, to, countback } = parsed.data;
  const tf = timeframeForResolution(resolution);
  if (!tf) return json(udfError(`Unsupported resolution ${resolution}`));
  const symbol = await udfSymbol(context, caller, parsed.data.symbol);
  if (!symbol) return json(udfError("unknown_symbol"));

  // countback wins over from (the library asks for a number of bars before `to`).
  const toMs = to * 1000;
  const fromMs = countback ? undefined : from * 1000;
  let candles = await getChartCandles(context.db, symbol.id, tf.timeframe, {
    to: toMs,
    from: fromMs,
    countback: tf.halfYears ? Math.min(5000, (countback ?? 20) * 6) : (countback ?? 5000),
  });
  if (tf.halfYears) candles = halfYearCandles(candles).slice(-(countback ?? candles.length));
  if (candles.length > 0) return json(historyResponse(candles, resolution, null));
  const [previous] = await getChartCandles(context.db, symbol.id, tf.timeframe, { to: fromMs ?? toMs, countback: 1 });
  return json(historyResponse([], resolution, previous ?? null));
}
