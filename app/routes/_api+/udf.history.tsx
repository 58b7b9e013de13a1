import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { loadUdfHistory, requireUdfCaller, udfHistoryResponse, udfQuery, udfSymbol } from "~/services/udf.server";
import { udfError } from "~/domain/udf";
import { udfHistoryQuerySchema, udfParamError } from "~/schemas/udf";

// Bars by the UDF rules (docs/decisions/122): from inclusive, to exclusive, countback first.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireUdfCaller(request, context);
  const parsed = udfQuery(request, udfHistoryQuerySchema);
  if (!parsed.success) return json(udfError(udfParamError(parsed.error)));
  const symbol = await udfSymbol(context, caller, parsed.data.symbol);
  if (!symbol) return json(udfError("unknown_symbol"));
  return udfHistoryResponse(await loadUdfHistory(context.db, symbol, parsed.data));
}
