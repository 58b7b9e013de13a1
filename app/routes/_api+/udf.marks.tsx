import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listUdfKeyEvents, requireUdfCaller, udfQuery, udfSymbol } from "~/services/udf.server";
import { marksResponse, udfMarksWindow } from "~/domain/udf";
import { udfRangeQuerySchema } from "~/schemas/udf";

// Key (chavi) events on the visible bars, as chart marks at the resolution's bar times.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireUdfCaller(request, context);
  const parsed = udfQuery(request, udfRangeQuerySchema);
  const symbol = parsed.success ? await udfSymbol(context, caller, parsed.data.symbol) : null;
  if (!parsed.success || !symbol) return json(marksResponse([]));
  const resolution = parsed.data.resolution ?? "1D";
  const { fromMs, toMs } = udfMarksWindow(parsed.data.from, parsed.data.to, resolution);
  return json(marksResponse(await listUdfKeyEvents(context, symbol.id, fromMs, toMs), resolution));
}
