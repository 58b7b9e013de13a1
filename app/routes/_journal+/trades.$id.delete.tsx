import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { forbidden, notFound, requireRouteAccess } from "~/auth/guards.server";
import { DeleteOrCancel, RouteDialog } from "~/components/admin/admin-ui";
import { parseIdParam } from "~/domain/paging";
import { tradeFilterSearch } from "~/domain/trade-list";
import { findTrade, removeTrade } from "~/services/trades.server";
import { DELETE_TRADE_QUESTION, TRADE_DELETED } from "~/schemas/trade";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Delete trade — NSE Signals" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const trade = await findTrade(context, user, parseIdParam(params.id));
  if (!trade) notFound();
  return json({
    trade: { id: trade.id, symbolCode: trade.symbolCode, tradeType: trade.tradeType },
    backTo: `/trades${tradeFilterSearch(requestUrl(request).search)}`,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const id = parseIdParam(params.id);
  if (!id) notFound();
  if ((await readForm(request)).get("intent") !== "delete") forbidden();
  if (!(await removeTrade(context, user, id)).ok) notFound();
  return redirectWithToast(context.cookies, request, `/trades${tradeFilterSearch(requestUrl(request).search)}`, { type: "success", message: TRADE_DELETED });
}

export default function DeleteTradeRoute() {
  const { trade, backTo } = useLoaderData<typeof loader>();
  return (
    <RouteDialog title="Delete Trade" closeTo={backTo}>
      <p className="mb-1 text-sm">
        Trade #{trade.id}: {trade.tradeType} {trade.symbolCode}
      </p>
      <p className="mb-4">{DELETE_TRADE_QUESTION}</p>
      <Form method="post" className="flex gap-2">
        <input type="hidden" name="intent" value="delete" />
        <DeleteOrCancel cancelTo={backTo} />
      </Form>
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
