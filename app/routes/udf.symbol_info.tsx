import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUdfCaller } from "~/udf.server";
import { symbolInfo } from "~/domain/udf";
import { listVisibleSymbols } from "~/models/symbol.server";

// The group request: every symbol the caller may see, as the protocol's parallel arrays.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireUdfCaller(request, context);
  const infos = (await listVisibleSymbols(context.db, caller.user)).map((s) =>
    symbolInfo({ symbolCode: s.symbolCode, description: s.description, segment: "NSE" }),
  );
  const column = <K extends keyof (typeof infos)[number]>(key: K) => infos.map((i) => i[key]);
  return json({
    symbol: column("name"),
    ticker: column("ticker"),
    description: column("description"),
    type: column("type"),
    "exchange-listed": column("listed_exchange"),
    "exchange-traded": column("exchange"),
    session: column("session"),
    timezone: column("timezone"),
    minmovement: column("minmov"),
    pricescale: column("pricescale"),
    "has-intraday": column("has_intraday"),
    "intraday-multipliers": column("intraday_multipliers"),
    "supported-resolutions": column("supported_resolutions"),
  });
}
