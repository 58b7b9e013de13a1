import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUdfCaller, searchParams, udfSymbol } from "~/services/udf.server";
import { quoteValues } from "~/domain/udf";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireUdfCaller(request, context);
  const names = (searchParams(request).get("symbols") ?? "").split(",").map((s) => s.trim()).filter(Boolean).slice(0, 100);
  const d = await Promise.all(
    names.map(async (name) => {
      const symbol = await udfSymbol(context, caller, name);
      const quote = symbol ? context.liveBook.get(symbol.symbolCode) : undefined;
      return symbol && quote ? quoteValues(quote, symbol) : { s: "error" as const, n: name, v: {} };
    }),
  );
  return json({ s: "ok", d });
}
