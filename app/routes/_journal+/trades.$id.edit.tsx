import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { notFound, requireRouteAccess } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { TradeForm } from "~/components/trades/trade-form";
import { parseIdParam } from "~/domain/paging";
import { tradeFilterSearch } from "~/domain/trade-list";
import { joinTags } from "~/domain/trade-tags";
import { findTrade, loadTradeForEdit, saveTrade } from "~/services/trades.server";
import { exitHistoryViewOf, exitTrade, loadTradeExits } from "~/services/trade-exits.server";
import { tradeExitSchema } from "~/schemas/trade-exit";
import { TradeExitForm, TradeExitHistory } from "~/components/trades/trade-exits";
import { decimalText2 } from "~/domain/decimal";
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
  const exits = await loadTradeExits(context, trade);
  return json({
    id: trade.id,
    exitView: exitHistoryViewOf({ trade, ...exits }),
    livePrice: exits.livePrice === null ? null : decimalText2(exits.livePrice),
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
      tags: joinTags(trade.tags),
      note: trade.note,
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
  const formData = await readForm(request);
  // The exits' small form (docs/decisions/171) posts here too, told apart by its intent.
  if (formData.get("intent") === "exit") {
    const exitSubmission = parseWithZod(formData, { schema: tradeExitSchema });
    if (exitSubmission.status !== "success") return json({ exit: exitSubmission.reply() }, { status: 400 });
    const done = await exitTrade(context, user, id, exitSubmission.value);
    if (!done.ok) return done.problem.status === 404 ? notFound() : json({ exit: replyWithProblem(exitSubmission, done.problem) }, { status: done.problem.status });
    const url = requestUrl(request);
    return redirectWithToast(context.cookies, request, `${url.pathname}${url.search}`, { type: "success", message: done.value.message });
  }
  const submission = parseWithZod(formData, { schema: tradeSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const saved = await saveTrade(context, user, { id, fields: submission.value, open: submission.value.status });
  if (!saved.ok) return saved.problem.status === 404 ? notFound() : json(replyWithProblem(submission, saved.problem), { status: saved.problem.status });
  return redirectWithToast(context.cookies, request, `/trades${tradeFilterSearch(requestUrl(request).search)}`, { type: "success", message: TRADE_SAVED });
}

export default function EditTradeRoute() {
  const { id, symbols, defaults, backTo, exitView, livePrice, levelHits } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const exitResult = actionData && "exit" in actionData ? actionData.exit : undefined;
  const lastResult = actionData && !("exit" in actionData) ? actionData : undefined;
  return (
    <RouteDialog title={`Edit Trade #${id}`} closeTo={backTo}>
      <LevelHitFlags flags={levelHits} className="mb-3" />
      <TradeForm defaults={defaults} symbols={symbols} lastResult={lastResult} withStatus submitLabel="Update" />
      <div className="mt-6 flex flex-col gap-4 border-t border-slate-200 pt-4 dark:border-slate-800">
        {exitView.open ? (
          <section aria-labelledby="exit-part-title" className="flex flex-col gap-2">
            <h3 id="exit-part-title" className="text-base font-semibold">
              Exit part
            </h3>
            <TradeExitForm openQuantity={exitView.openQuantity} lastResult={exitResult} defaultPrice={livePrice ?? undefined} />
          </section>
        ) : null}
        <TradeExitHistory view={exitView} />
      </div>
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
