// Everything the dashboard shows, gathered for its loaders (/dashboard and /admin/dashboard):
// the banner, the role's summary cards and, for the roles with charts, the chosen symbol's chart
// with its header, chips and footer (docs/decisions/080).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { notFound, requireRouteAccess } from "~/auth/guards.server";
import { readPreferences } from "~/auth/preferences.server";
import { loadWatchlistPanel } from "~/services/watchlists.server";
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { loadChartViewWithPreviousKeys } from "~/services/charts.server";
import { shareVisibleSymbols } from "~/services/visible-symbols.server";
import { isTimeframeId, type TimeframeId } from "~/domain/candles";
import { dashboardFooter, dashboardHasChart, summaryCardKinds, SUMMARY_CARD_LABELS, type SummaryCardKind } from "~/domain/dashboard";
import { istDateString, istMidnight } from "~/domain/dates";
import { DEFAULT_REFERENCE_SYMBOL } from "~/domain/quotes";
import { readDashboardFigures } from "~/models/dashboard.server";
import { countAccountsByRole } from "~/services/accounts.server";
import { countChavis } from "~/models/chavi-admin.server";
import { countSectors } from "~/models/sector.server";
import { countSymbols } from "~/models/symbol-admin.server";
import { subscriptionNotice, subscriptionNoticeText } from "~/domain/user-admin";
import { requestUrl } from "~/schemas/request-input.server";

export interface SummaryCard {
  kind: SummaryCardKind;
  label: string;
  value: number;
}

/** The admin dashboard's count cards as the API gives them: users by role, symbols (all, active), sectors, keys. */
export async function loadTotalCounts(context: Pick<AppContext, "db">) {
  const [users, symbols, sectors, keys] = await Promise.all([countAccountsByRole(context), countSymbols(context.db), countSectors(context.db), countChavis(context.db)]);
  return { users, symbols, sectors, keys };
}

/**
 * The dashboard's data. The symbol is ?symbol=CODE (default NIFTY-I, or the first symbol the
 * user may see when NIFTY-I is not among them); the timeframe ?tf= (default: the remembered one).
 * Returns null when the asked symbol is unknown or outside the user's subscription (a 404).
 */
export async function loadDashboard(context: AppContext, user: SessionUser, url: URL, rememberedTimeframe: TimeframeId) {
  const kinds = summaryCardKinds(user.roleId);
  const hasChart = dashboardHasChart(user.roleId);
  // The banner, the cards, the subscription's end and the symbols to chart: one statement (docs/decisions/164).
  const figures = await readDashboardFigures(context.db, user, {
    cards: kinds,
    todayStart: istMidnight(istDateString(new Date())),
    // Customers are told a week ahead when their subscription ends (docs/decisions/140).
    subscriptionEnd: user.roleId === 4,
    visibleSymbols: hasChart,
  });
  const { marque, subscriptionEnd } = figures;
  const cards: SummaryCard[] = kinds.map((kind) => ({ kind, label: SUMMARY_CARD_LABELS[kind], value: figures.counts[kind] ?? 0 }));
  const now = Date.now();
  const notice = subscriptionNotice(subscriptionEnd, istDateString(now));
  const subscription = notice ? { ...notice, text: subscriptionNoticeText(notice) } : null;
  if (!hasChart || !figures.visibleSymbols) return { marque, cards, now, subscription, chart: null, noSubscription: false };

  const asked = url.searchParams.get("tf");
  const timeframe = isTimeframeId(asked) ? asked : rememberedTimeframe;
  // The chart's and the watchlist's checks of what the user may see take the list read above.
  shareVisibleSymbols(context, user, figures.visibleSymbols);
  const symbols = figures.visibleSymbols.map((s) => s.symbolCode);
  const askedSymbol = url.searchParams.get("symbol")?.trim().toUpperCase();
  const code = askedSymbol || (symbols.includes(DEFAULT_REFERENCE_SYMBOL) ? DEFAULT_REFERENCE_SYMBOL : symbols[0]);
  // A customer whose subscription holds no symbol yet (a new registration) is told what to do.
  if (!code) return { marque, cards, now, subscription, chart: null, noSubscription: user.roleId === 4 };
  const [chart, watchlist] = await Promise.all([loadChartViewWithPreviousKeys(context, user, code, timeframe), loadWatchlistPanel(context, user, url)]);
  if (!chart) return null;
  const { view, previousKeys } = chart;
  return {
    marque,
    cards,
    now,
    subscription,
    noSubscription: false,
    chart: { view, symbols, footer: dashboardFooter(previousKeys, view.points), canTrade: user.roleId !== 4, watchlist },
  };
}

export type DashboardData = NonNullable<Awaited<ReturnType<typeof loadDashboard>>>;

/**
 * The loader of both dashboard pages (/dashboard and role 1's /admin/dashboard): the access
 * table's guard for the asked path first, the remembered timeframe, then the data (a symbol
 * outside the user's choice is a 404).
 */
export async function dashboardPageLoader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const prefs = await readPreferences(context.cookies, request);
  const data = await loadDashboard(context, user, requestUrl(request), prefs.chartTimeframe);
  if (!data) notFound();
  return json(data);
}
