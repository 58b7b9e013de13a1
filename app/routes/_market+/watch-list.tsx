import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { notFound, requireRouteAccess } from "~/auth/guards.server";
import { WatchlistPanel } from "~/components/watchlist/watchlist-panel";
import { safeReturnTo, withParams } from "~/domain/watchlist";
import { watchlistIntentSchema } from "~/schemas/watchlist";
import { redirectWithToast } from "~/auth/toast.server";
import {
  addSymbolToWatchlist,
  createWatchlist,
  deleteWatchlist,
  loadWatchlistPanel,
  moveWatchlist,
  removeSymbolFromWatchlist,
  reorderWatchlists,
} from "~/services/watchlists.server";
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
  const back = (message: string, type: "success" | "info" = "success") => redirectWithToast(context.cookies, request, returnTo, { type, message });
  switch (value.intent) {
    case "create": {
      const { id, message } = await createWatchlist(context, user, value.watchlistName);
      return redirectWithToast(context.cookies, request, path + withParams(query, { list: id, sector: null, search: null }), { type: "success", message });
    }
    case "delete": {
      const outcome = await deleteWatchlist(context, user, value.watchlistId);
      if (!outcome.ok) notFound();
      return back(outcome.value.message);
    }
    case "move":
    case "reorder": {
      const outcome = value.intent === "move" ? await moveWatchlist(context, user, value.watchlistId, value.direction) : await reorderWatchlists(context, user, value.ids);
      if (!outcome.ok) notFound();
      return redirect(returnTo);
    }
    case "add-symbol": {
      const outcome = await addSymbolToWatchlist(context, user, value.watchlistId, { code: value.symbol });
      if (!outcome.ok && outcome.problem.status === 404) notFound();
      if (!outcome.ok) return json(replyWithProblem(submission, outcome.problem), { status: outcome.problem.status });
      return back(outcome.value.message, outcome.value.added ? "success" : "info");
    }
    case "remove-symbol": {
      const outcome = await removeSymbolFromWatchlist(context, user, value.watchlistId, value.symbolId);
      if (!outcome.ok) notFound();
      return back(outcome.value.message);
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
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {actionResult.error.symbol.join(" ")}
        </p>
      ) : null}
      <WatchlistPanel
        data={panel}
        manage
        symbolHref={(code) => `${location.pathname}${withParams(location.search, { symbol: code })}`}
        createResult={failedIntent === "create" ? actionResult : null}
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
