import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUdfCaller, searchUdfSymbols, udfQuery } from "~/services/udf.server";
import { matchesUdfSearch, searchResult, UDF_SEARCH_LIMIT } from "~/domain/udf";
import { udfSearchQuerySchema } from "~/schemas/udf";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireUdfCaller(request, context);
  const parsed = udfQuery(request, udfSearchQuerySchema);
  if (!parsed.success) return json([]);
  const { query, limit } = parsed.data;
  // Best first (ranked in SQL); the exchange and type filters keep the order.
  const found = await searchUdfSymbols(context, caller, query);
  const results = found
    .filter((s) => matchesUdfSearch(s, parsed.data))
    .slice(0, Math.min(limit, UDF_SEARCH_LIMIT))
    .map(searchResult);
  return json(results);
}
