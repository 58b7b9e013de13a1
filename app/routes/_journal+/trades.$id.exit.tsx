import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { notFound, requireRouteAccess } from "~/auth/guards.server";
import { redirectWithToast } from "~/auth/toast.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { TradeExitForm, TradeExitHistory } from "~/components/trades/trade-exits";
import { decimalText2 } from "~/domain/decimal";
import { parseIdParam } from "~/domain/paging";
import { tradeFilterSearch } from "~/domain/trade-list";
import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { readForm, requestUrl } from "~/schemas/request-input.server";
import { tradeExitSchema } from "~/schemas/trade-exit";
import { exitHistoryViewOf, exitTrade, findTradeWithExits } from "~/services/trade-exits.server";

export const meta: MetaFunction = () => [{ title: "Exit part of a trade — NSE Signals" }];

// The list's row action (docs/decisions/171): close part of a trade's open units; a dialog over
// the list with JavaScript, a page of its own without. Who may change the trade may exit it.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const found = await findTradeWithExits(context, user, parseIdParam(params.id));
  if (!found) notFound();
  return json({
    id: found.trade.id,
    symbolCode: found.trade.symbolCode,
    tradeType: found.trade.tradeType,
    view: exitHistoryViewOf(found),
    livePrice: found.livePrice === null ? null : decimalText2(found.livePrice),
    backTo: `/trades${tradeFilterSearch(requestUrl(request).search)}`,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const id = parseIdParam(params.id);
  const submission = parseWithZod(await readForm(request), { schema: tradeExitSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const done = await exitTrade(context, user, id, submission.value);
  if (!done.ok) return done.problem.status === 404 ? notFound() : json(replyWithProblem(submission, done.problem), { status: done.problem.status });
  const url = requestUrl(request);
  return redirectWithToast(context.cookies, request, `${url.pathname}${url.search}`, { type: "success", message: done.value.message });
}

export default function ExitTradeRoute() {
  const { id, symbolCode, tradeType, view, livePrice, backTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title={`Exit trade #${id}`} closeTo={backTo}>
      <div className="flex flex-col gap-4">
        <p className="text-sm">
          {tradeType} {symbolCode}
        </p>
        {view.open ? (
          <TradeExitForm openQuantity={view.openQuantity} lastResult={lastResult} defaultPrice={livePrice ?? undefined} />
        ) : (
          <p className="text-sm">This trade is closed.</p>
        )}
        <TradeExitHistory view={view} />
      </div>
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
