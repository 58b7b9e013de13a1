import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/guards.server";
import { chartDataQuerySchema } from "~/schemas/chart";
import { getChartCandles } from "~/models/candle.server";
import { findSymbolByCode, visibleSymbolCodes } from "~/models/symbol.server";
import { queryFields, searchParamsOf } from "~/schemas/request-input.server";

// The chart's data: candles of one symbol and timeframe, aggregated in SQL, oldest first,
// at most `countback` of them before `to`. Role 4 reads only its subscription.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const parsed = chartDataQuerySchema.safeParse(queryFields(searchParamsOf(request), chartDataQuerySchema));
  if (!parsed.success) return json({ errors: parsed.error.issues.map((i) => ({ msg: i.message })) }, { status: 400 });
  const { symbol: code, timeframe, countback, to } = parsed.data;
  const symbol = await findSymbolByCode(context.db, code);
  const visible = await visibleSymbolCodes(context.db, user);
  if (!symbol || (visible !== "all" && !visible.has(symbol.symbolCode.toUpperCase()))) {
    return json({ message: "Unknown symbol" }, { status: 404 });
  }
  const candles = await getChartCandles(context.db, symbol.id, timeframe, { countback, to });
  return json(
    { symbol: symbol.symbolCode, timeframe, candles },
    { headers: { "Cache-Control": "private, max-age=5" } },
  );
}
