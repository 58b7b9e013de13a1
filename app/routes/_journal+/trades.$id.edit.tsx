import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { notFound, requireRouteAccess } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { TradeForm } from "~/components/trades/trade-form";
import { parseIdParam } from "~/domain/paging";
import { tradeFilterSearch } from "~/domain/trade-list";
import { findTrade, loadTradeForEdit, saveTrade } from "~/services/trades.server";
import { TRADE_SAVED, tradeSchema } from "~/schemas/trade";
import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, requestUrl } from "~/schemas/request-input.server";
import { levelHitFlags } from "~/domain/trade-watch";
import { LevelHitFlags } from "~/components/trades/level-hit-flags";

export const meta: MetaFunction = () => [{ title: "Edit trade — NSE Signals" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  // Another customer's trade is not found (the read is scoped to the owner for role 4).
  const found = await loadTradeForEdit(context, user, parseIdParam(params.id));
  if (!found) notFound();
  const { trade, symbols } = found;
  const text = (n: number) => String(n);
  return json({
    id: trade.id,
    symbols,
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
    levelHits: levelHitFlags(trade, new Date()),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const id = parseIdParam(params.id);
  // Not found before the form is read: another's trade answers 404 whatever was posted.
  if (!id || !(await findTrade(context, user, id))) notFound();
  const submission = parseWithZod(await readForm(request), { schema: tradeSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const saved = await saveTrade(context, user, { id, fields: submission.value, open: submission.value.status });
  if (!saved.ok) return saved.problem.status === 404 ? notFound() : json(replyWithProblem(submission, saved.problem), { status: saved.problem.status });
  return redirectWithToast(context.cookies, request, `/trades${tradeFilterSearch(requestUrl(request).search)}`, { type: "success", message: TRADE_SAVED });
}

export default function EditTradeRoute() {
  const { id, symbols, defaults, backTo, levelHits } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title={`Edit Trade #${id}`} closeTo={backTo}>
      <LevelHitFlags flags={levelHits} className="mb-3" />
      <TradeForm defaults={defaults} symbols={symbols} lastResult={lastResult} withStatus submitLabel="Update" />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
