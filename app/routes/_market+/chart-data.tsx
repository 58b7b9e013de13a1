import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/auth/guards.server";
import { chartDataQuerySchema } from "~/schemas/chart";
import { loadChartCandles } from "~/services/charts.server";
import { queryFields, searchParamsOf } from "~/schemas/request-input.server";

// The chart's data: candles of one symbol and timeframe, aggregated in SQL, oldest first,
// at most `countback` of them before `to`. Role 4 reads only its subscription.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const parsed = chartDataQuerySchema.safeParse(queryFields(searchParamsOf(request), chartDataQuerySchema));
  if (!parsed.success) return json({ errors: parsed.error.issues.map((i) => ({ msg: i.message })) }, { status: 400 });
  const { symbol: code, timeframe, countback, to } = parsed.data;
  const data = await loadChartCandles(context, user, code, timeframe, { countback, to });
  if (!data) return json({ message: "Unknown symbol" }, { status: 404 });
  return json(data, { headers: { "Cache-Control": "private, max-age=5" } });
}
