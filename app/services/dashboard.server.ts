// Everything the dashboard shows, gathered for its loaders (/dashboard and /admin/dashboard):
// the banner, the role's summary cards and, for the roles with charts, the chosen symbol's chart
// with its header, chips and footer (docs/decisions/080).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { notFound, requireRouteAccess } from "~/auth/guards.server";
import { readPreferences } from "~/auth/preferences.server";
import { loadWatchlistPanel } from "~/services/watchlists.server";
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { loadChartView, previousKeyLabelsToday } from "~/services/charts.server";
import { isTimeframeId, type TimeframeId } from "~/domain/candles";
import { dashboardFooter, dashboardHasChart, summaryCardKinds, SUMMARY_CARD_LABELS, type SummaryCardKind } from "~/domain/dashboard";
import { istDateString, istMidnight } from "~/domain/dates";
import { DEFAULT_REFERENCE_SYMBOL } from "~/domain/quotes";
import { countActiveAlerts, countAlertsSince, countOpenTrades, countVisibleActiveSymbols } from "~/models/dashboard.server";
import { countAccountsByRole } from "~/services/accounts.server";
import { countChavis } from "~/models/chavi-admin.server";
import { countSectors } from "~/models/sector.server";
import { countSymbols } from "~/models/symbol-admin.server";
import { findSubscriptionEnd } from "~/models/user-admin.server";
import { subscriptionNotice, subscriptionNoticeText } from "~/domain/user-admin";
import { getLatestMarque } from "~/models/settings.server";
import { listVisibleSymbols } from "~/models/symbol.server";
import { requestUrl } from "~/schemas/request-input.server";

export interface SummaryCard {
  kind: SummaryCardKind;
  label: string;
  value: number;
}

export async function loadSummaryCards(context: AppContext, user: SessionUser, now = new Date()): Promise<SummaryCard[]> {
  const kinds = summaryCardKinds(user.roleId);
  const db = context.db;
  const needsRoles = kinds.some((k) => k === "admins" || k === "subAdmins" || k === "employees" || k === "customers");
  const byRole = needsRoles ? (await countAccountsByRole(context)).byRole : null;
  const todayStart = istMidnight(istDateString(now));
  const value = async (kind: SummaryCardKind): Promise<number> => {
    switch (kind) {
      case "admins":
        return byRole![1];
      case "subAdmins":
        return byRole![2];
      case "employees":
        return byRole![3];
      case "customers":
        return byRole![4];
      case "activeSymbols":
      case "mySymbols":
        return countVisibleActiveSymbols(db, user);
      case "openTrades":
        return countOpenTrades(db, null);
      case "todaysAlerts":
        return countAlertsSince(db, todayStart, null);
      case "myOpenTrades":
        return countOpenTrades(db, user.id);
      case "myActiveAlerts":
        return countActiveAlerts(db, user.id);
    }
  };
  const values = await Promise.all(kinds.map(value));
  return kinds.map((kind, i) => ({ kind, label: SUMMARY_CARD_LABELS[kind], value: values[i] }));
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
  const [marque, cards, subscriptionEnd] = await Promise.all([
    getLatestMarque(context.db),
    loadSummaryCards(context, user),
    // Customers are told a week ahead when their subscription ends (docs/decisions/140).
    user.roleId === 4 ? findSubscriptionEnd(context.db, user.id) : null,
  ]);
  const now = Date.now();
  const notice = subscriptionNotice(subscriptionEnd, istDateString(now));
  const subscription = notice ? { ...notice, text: subscriptionNoticeText(notice) } : null;
  if (!dashboardHasChart(user.roleId)) return { marque, cards, now, subscription, chart: null, noSubscription: false };

  const asked = url.searchParams.get("tf");
  const timeframe = isTimeframeId(asked) ? asked : rememberedTimeframe;
  const symbols = (await listVisibleSymbols(context.db, user)).map((s) => s.symbolCode);
  const askedSymbol = url.searchParams.get("symbol")?.trim().toUpperCase();
  const code = askedSymbol || (symbols.includes(DEFAULT_REFERENCE_SYMBOL) ? DEFAULT_REFERENCE_SYMBOL : symbols[0]);
  // A customer whose subscription holds no symbol yet (a new registration) is told what to do.
  if (!code) return { marque, cards, now, subscription, chart: null, noSubscription: user.roleId === 4 };
  const [view, watchlist, previousKeys] = await Promise.all([
    loadChartView(context, user, code, timeframe),
    loadWatchlistPanel(context, user, url),
    previousKeyLabelsToday(context, user, code),
  ]);
  if (!view) return null;
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
