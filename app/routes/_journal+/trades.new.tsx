import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { TradeForm } from "~/components/trades/trade-form";
import { tradeFilterSearch } from "~/domain/trade-list";
import { saveTrade, tradeSymbolChoices } from "~/services/trades.server";
import { TRADE_SAVED, tradeFields, tradeSchema } from "~/schemas/trade";
import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Add trade — NSE Signals" }];

/** The chart's Buy/Sell buttons link here with ?symbol=CODE&side=BUY|SELL&price=N. */
function prefill(params: URLSearchParams, symbols: readonly string[]) {
  const code = params.get("symbol")?.toUpperCase() ?? "";
  const symbol = symbols.find((s) => s.toUpperCase() === code);
  const side = params.get("side");
  const tradeType = side === "BUY" || side === "SELL" ? side : undefined;
  // Read as the form reads it: decimal notation only (?price=0x10 prefills nothing).
  const price = tradeFields.buyPrice.safeParse(params.get("price") ?? undefined).data;
  const priceText = price !== undefined && price > 0 ? String(price) : undefined;
  return {
    symbol,
    tradeType,
    buyPrice: tradeType === "BUY" ? priceText : undefined,
    sellPrice: tradeType === "SELL" ? priceText : undefined,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const symbols = await tradeSymbolChoices(context, user);
  const url = requestUrl(request);
  return json({ symbols, defaults: prefill(url.searchParams, symbols), backTo: `/trades${tradeFilterSearch(url.search)}` });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const submission = parseWithZod(await readForm(request), { schema: tradeSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const saved = await saveTrade(context, user, { fields: submission.value });
  if (!saved.ok) return json(replyWithProblem(submission, saved.problem), { status: saved.problem.status });
  const url = requestUrl(request);
  return redirectWithToast(context.cookies, request, `/trades${tradeFilterSearch(url.search)}`, { type: "success", message: TRADE_SAVED });
}

export default function NewTradeRoute() {
  const { symbols, defaults, backTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title="Add Trade" closeTo={backTo}>
      <TradeForm defaults={defaults} symbols={symbols} lastResult={lastResult} withStatus={false} submitLabel="Submit" />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
