import { parseWithZod } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { notFound, requireRouteAccess } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { TradeForm } from "~/components/trades/trade-form";
import { parseIdParam } from "~/domain/paging";
import { tradeFilterSearch } from "~/domain/trade-list";
import { findTradableSymbol, getTrade, updateTrade } from "~/models/trade.server";
import { listVisibleSymbols } from "~/models/symbol.server";
import { recordTradeChange } from "~/services/trade-changes.server";
import { SYMBOL_NOT_SUBSCRIBED, TRADE_SAVED, tradeSchema, tradeValues } from "~/schemas/trade";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Edit trade — NSE Signals" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const id = parseIdParam(params.id);
  // Another customer's trade is not found (the read is scoped to the owner for role 4).
  const trade = id ? await getTrade(context.db, user, id) : null;
  if (!trade) notFound();
  const symbols = (await listVisibleSymbols(context.db, user)).map((s) => s.symbolCode);
  const text = (n: number) => String(n);
  return json({
    id: trade.id,
    symbols: symbols.includes(trade.symbolCode) ? symbols : [trade.symbolCode, ...symbols],
    defaults: {
      symbol: trade.symbolCode,
      tradeType: trade.tradeType,
      buyPrice: text(trade.buyPrice),
      sellPrice: text(trade.sellPrice),
      targetPrice: text(trade.targetPrice),
      slPrice: text(trade.slPrice),
      quantity: text(trade.quantity),
      description: trade.description,
      reasonToTrade: trade.reasonToTrade,
      status: trade.status,
    },
    backTo: `/trades${tradeFilterSearch(requestUrl(request).search)}`,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const id = parseIdParam(params.id);
  if (!id || !(await getTrade(context.db, user, id))) notFound();
  const submission = parseWithZod(await readForm(request), { schema: tradeSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const symbol = await findTradableSymbol(context.db, user, submission.value.symbol);
  if (!symbol) return json(submission.reply({ fieldErrors: { symbol: [SYMBOL_NOT_SUBSCRIBED] } }), { status: 400 });
  const result = await recordTradeChange(
    context,
    (db) =>
      updateTrade(db, user, id, { symbolId: symbol.id, ...tradeValues(submission.value), open: submission.value.status }, (code) => context.liveBook.get(code)?.last ?? null),
    (updated) => ({ change: updated.statusChange === "closed" ? "closed" : "updated", trade: updated.trade }),
  );
  if (!result) notFound();
  return redirectWithToast(context.cookies, request, `/trades${tradeFilterSearch(requestUrl(request).search)}`, { type: "success", message: TRADE_SAVED });
}

export default function EditTradeRoute() {
  const { id, symbols, defaults, backTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title={`Edit Trade #${id}`} closeTo={backTo}>
      <TradeForm defaults={defaults} symbols={symbols} lastResult={lastResult} withStatus submitLabel="Update" />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
