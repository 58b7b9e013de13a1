import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUdfCaller, searchParams, udfSymbol } from "~/udf.server";
import { marksResponse } from "~/domain/udf";
import { udfRangeQuerySchema } from "~/schemas/udf";
import { listKeyEventsBetween } from "~/models/market-events.server";

// Key (chavi) events of the symbol in the window, as chart marks.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireUdfCaller(request, context);
  const parsed = udfRangeQuerySchema.safeParse(Object.fromEntries(searchParams(request)));
  const symbol = parsed.success ? await udfSymbol(context, caller, parsed.data.symbol) : null;
  if (!parsed.success || !symbol) return json(marksResponse([]));
  const events = await listKeyEventsBetween(context.db, symbol.id, new Date(parsed.data.from * 1000), new Date(parsed.data.to * 1000));
  return json(marksResponse(events.map((e) => ({ id: e.id, time: e.eventTime.getTime(), label: e.label, price: e.price }))));
}
