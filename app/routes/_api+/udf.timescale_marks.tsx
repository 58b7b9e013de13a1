import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { loadUdfBars, requireUdfCaller, udfQuery, udfSymbol } from "~/services/udf.server";
import { clampUdfSeconds, timescaleMarksResponse, UDF_MAX_BARS, udfBarSpec } from "~/domain/udf";
import { detectSwings } from "~/domain/swing";
import { udfRangeQuerySchema } from "~/schemas/udf";

// Swing points (docs/product-rules.md R-D14) of the visible bars (from and to are the leftmost and rightmost
// bars' times, both shown) at the chart's resolution, each mark on its bar's own time.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireUdfCaller(request, context);
  const parsed = udfQuery(request, udfRangeQuerySchema);
  const symbol = parsed.success ? await udfSymbol(context, caller, parsed.data.symbol) : null;
  const resolution = parsed.success ? (parsed.data.resolution ?? "1D") : "1D";
  const spec = udfBarSpec(resolution);
  if (!parsed.success || !symbol || !spec) return json([]);
  const bars = await loadUdfBars(context.db, symbol.id, spec, {
    fromSec: clampUdfSeconds(parsed.data.from),
    toSec: clampUdfSeconds(parsed.data.to) + 1,
    want: UDF_MAX_BARS,
  });
  return json(timescaleMarksResponse(detectSwings(bars), resolution));
}
