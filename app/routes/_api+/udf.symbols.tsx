import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUdfCaller, searchParams, udfSymbol } from "~/services/udf.server";
import { symbolInfo } from "~/domain/udf";

// An unknown symbol is an answer, not a missing page: the UDF client reads s/errmsg from a 200.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireUdfCaller(request, context);
  const symbol = await udfSymbol(context, caller, searchParams(request).get("symbol"));
  if (!symbol) return json({ s: "error", errmsg: "unknown_symbol" });
  return json(symbolInfo(symbol));
}
