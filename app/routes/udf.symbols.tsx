import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUdfCaller, searchParams, udfSymbol } from "~/udf.server";
import { symbolInfo } from "~/domain/udf";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireUdfCaller(request, context);
  const symbol = await udfSymbol(context, caller, searchParams(request).get("symbol"));
  if (!symbol) return json({ s: "error", errmsg: "unknown_symbol" }, { status: 404 });
  return json(symbolInfo(symbol));
}
