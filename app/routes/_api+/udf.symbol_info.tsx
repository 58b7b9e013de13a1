import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUdfCaller, searchParams, searchUdfSymbols } from "~/services/udf.server";
import { matchesUdfSearch, symbolInfo } from "~/domain/udf";

// The group request: every symbol of the group (an exchange) the caller may see, as the
// protocol's parallel arrays.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireUdfCaller(request, context);
  const group = (searchParams(request).get("group") ?? "").slice(0, 20);
  const infos = (await searchUdfSymbols(context, caller, ""))
    .filter((s) => matchesUdfSearch(s, { type: "", exchange: group }))
    .sort((a, b) => a.symbolCode.localeCompare(b.symbolCode))
    .map(symbolInfo);
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
    "has-no-volume": column("has_no_volume"),
    "visible-plots-set": column("visible_plots_set"),
    "intraday-multipliers": column("intraday_multipliers"),
    "supported-resolutions": column("supported_resolutions"),
  });
}
