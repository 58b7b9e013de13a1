import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUdfCaller, udfQuery, udfSymbol } from "~/services/udf.server";
import { marksResponse, udfMarksWindow } from "~/domain/udf";
import { udfRangeQuerySchema } from "~/schemas/udf";
import { listKeyEventsBetween } from "~/models/market-events.server";

// Key (chavi) events on the visible bars, as chart marks at the resolution's bar times.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireUdfCaller(request, context);
  const parsed = udfQuery(request, udfRangeQuerySchema);
  const symbol = parsed.success ? await udfSymbol(context, caller, parsed.data.symbol) : null;
  if (!parsed.success || !symbol) return json(marksResponse([]));
  const resolution = parsed.data.resolution ?? "1D";
  const { fromMs, toMs } = udfMarksWindow(parsed.data.from, parsed.data.to, resolution);
  const events = await listKeyEventsBetween(context.db, symbol.id, new Date(fromMs), new Date(toMs));
  return json(marksResponse(events.map((e) => ({ id: e.id, time: e.eventTime.getTime(), label: e.label, price: e.price })), resolution));
}
