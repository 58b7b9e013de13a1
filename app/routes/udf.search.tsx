import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUdfCaller, searchParams } from "~/udf.server";
import { searchResult, symbolType, UDF_SEARCH_LIMIT } from "~/domain/udf";
import { udfSearchQuerySchema } from "~/schemas/udf";
import { searchSymbols } from "~/models/symbol.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireUdfCaller(request, context);
  const parsed = udfSearchQuerySchema.safeParse(Object.fromEntries(searchParams(request)));
  if (!parsed.success) return json([]);
  const { query, type, limit } = parsed.data;
  // Fetch a little more than asked so the subscription and type filters can still fill it.
  const found = await searchSymbols(context.db, query, UDF_SEARCH_LIMIT * 3);
  const results = found
    .filter((s) => caller.maySee(s.symbolCode) && (type === "" || symbolType(s.symbolCode) === type))
    .slice(0, Math.min(limit, UDF_SEARCH_LIMIT))
    .map(searchResult);
  return json(results);
}
