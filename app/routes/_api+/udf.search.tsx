import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUdfCaller, udfQuery } from "~/services/udf.server";
import { matchesUdfSearch, searchResult, UDF_SEARCH_LIMIT } from "~/domain/udf";
import { udfSearchQuerySchema } from "~/schemas/udf";
import { searchSymbols, SYMBOL_SEARCH_CANDIDATES } from "~/models/symbol.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireUdfCaller(request, context);
  const parsed = udfQuery(request, udfSearchQuerySchema);
  if (!parsed.success) return json([]);
  const { query, limit } = parsed.data;
  // Ranked in SQL (exact code, code prefix, code, description); the subscription, exchange and
  // type filters then keep the order.
  const found = await searchSymbols(context.db, query, SYMBOL_SEARCH_CANDIDATES);
  const results = found
    .filter((s) => caller.maySee(s.symbolCode) && matchesUdfSearch(s, parsed.data))
    .slice(0, Math.min(limit, UDF_SEARCH_LIMIT))
    .map(searchResult);
  return json(results);
}
