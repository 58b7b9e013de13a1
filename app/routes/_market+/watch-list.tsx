import { parseWithZod } from "~/schemas/parse";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { notFound, requireRouteAccess } from "~/auth/guards.server";
import { WatchlistPanel } from "~/components/watchlist/watchlist-panel";
import { moveInOrder, safeReturnTo, withParams } from "~/domain/watchlist";
import { findSymbolByCode, symbolChoiceProblem } from "~/models/symbol.server";
import {
  addSymbolToOwnWatchlist,
  createWatchlist,
  deleteOwnWatchlist,
  listOwnWatchlists,
  removeSymbolFromOwnWatchlist,
  reorderOwnWatchlists,
} from "~/models/watchlist.server";
import {
  SYMBOL_ADDED,
  SYMBOL_ALREADY_LISTED,
  SYMBOL_REMOVED,
  WATCHLIST_CREATED,
  WATCHLIST_DELETED,
  symbolRefusal,
  watchlistIntentSchema,
} from "~/schemas/watchlist";
import { redirectWithToast } from "~/auth/toast.server";
import { loadWatchlistPanel } from "~/services/watchlists.server";
import { readForm, requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Watch List — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  return json({ panel: await loadWatchlistPanel(context, user, requestUrl(request), { withChoices: true }) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const formData = await readForm(request);
  const returnTo = safeReturnTo(formData.get("returnTo"));
  const submission = parseWithZod(formData, { schema: watchlistIntentSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const value = submission.value;
  const [path, query = ""] = returnTo.split("?");
  switch (value.intent) {
    case "create": {
      const id = await createWatchlist(context.db, user.id, value.watchlistName);
      return redirectWithToast(context.cookies, request, path + withParams(query, { list: id, sector: null, search: null }), { type: "success", message: WATCHLIST_CREATED });
    }
    case "delete": {
      if (!(await deleteOwnWatchlist(context.db, user.id, value.watchlistId))) notFound();
      return redirectWithToast(context.cookies, request, returnTo, { type: "success", message: WATCHLIST_DELETED });
    }
    case "move": {
      const order = (await listOwnWatchlists(context.db, user.id)).map((w) => w.id);
      if (!order.includes(value.watchlistId)) notFound();
      await reorderOwnWatchlists(context.db, user.id, moveInOrder(order, value.watchlistId, value.direction));
      return redirect(returnTo);
    }
    case "reorder": {
      if (!(await reorderOwnWatchlists(context.db, user.id, value.ids))) notFound();
      return redirect(returnTo);
    }
    case "add-symbol": {
      const symbol = await findSymbolByCode(context.db, value.symbol);
      // Only symbols the user may see (role 4: its subscription); the message says which rule refused it.
      const problem = await symbolChoiceProblem(context.db, user, symbol);
      if (problem || !symbol) return json(submission.reply({ fieldErrors: { symbol: [symbolRefusal(problem ?? "unknown", value.symbol)] } }), { status: 400 });
      const outcome = await addSymbolToOwnWatchlist(context.db, user.id, value.watchlistId, symbol);
      if (outcome === "not-found") notFound();
      return redirectWithToast(context.cookies, request, returnTo, {
        type: outcome === "added" ? "success" : "info",
        message: outcome === "added" ? SYMBOL_ADDED : SYMBOL_ALREADY_LISTED,
      });
    }
    case "remove-symbol": {
      if (!(await removeSymbolFromOwnWatchlist(context.db, user.id, value.watchlistId, value.symbolId))) notFound();
      return redirectWithToast(context.cookies, request, returnTo, { type: "success", message: SYMBOL_REMOVED });
    }
  }
}

export default function WatchListPage() {
  const { panel } = useLoaderData<typeof loader>();
  const actionResult = useActionData<typeof action>();
  const location = useLocation();
  const failedIntent = actionResult?.initialValue?.intent;
  return (
    <div className="flex max-w-3xl flex-col gap-3">
      <h1 className="text-xl font-semibold">Watch List</h1>
      {failedIntent === "add-symbol" && actionResult?.error?.symbol ? (
        <p role="alert" className="text-sm text-red-600">
          {actionResult.error.symbol.join(" ")}
        </p>
      ) : null}
      <WatchlistPanel
        data={panel}
        manage
        symbolHref={(code) => withParams(location.search, { symbol: code }) || "?"}
        createResult={failedIntent === "create" ? actionResult : null}
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
