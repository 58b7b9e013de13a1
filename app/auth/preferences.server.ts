// Theme and sidebar state live in a cookie so the server renders them (no flash of the
// wrong theme, docs/product-rules.md R-D7); the theme is also kept in the user's Theme setting.
import type { AppCookies } from "~/auth/cookies.server";
import { DEFAULT_CHART_PAGE_TIMEFRAME, isTimeframeId, type TimeframeId } from "~/domain/candles";

export type Theme = "light" | "dark";

export interface Preferences {
  theme: Theme | null;
  sidebarOpen: boolean;
  sidebarExpanded: boolean;
  /** The /chart page's remembered timeframe. */
  chartTimeframe: TimeframeId;
}

export const DEFAULT_PREFERENCES: Preferences = {
  theme: null,
  sidebarOpen: true,
  sidebarExpanded: true,
  chartTimeframe: DEFAULT_CHART_PAGE_TIMEFRAME,
};

export async function readPreferences(cookies: AppCookies, request: Request): Promise<Preferences> {
  const raw = await cookies.preferences.parse(request.headers.get("Cookie"));
  if (!raw || typeof raw !== "object") return { ...DEFAULT_PREFERENCES };
  const value = raw as Partial<Preferences>;
  return {
    theme: value.theme === "dark" || value.theme === "light" ? value.theme : null,
    sidebarOpen: typeof value.sidebarOpen === "boolean" ? value.sidebarOpen : true,
    sidebarExpanded: typeof value.sidebarExpanded === "boolean" ? value.sidebarExpanded : true,
    chartTimeframe: isTimeframeId(value.chartTimeframe) ? value.chartTimeframe : DEFAULT_CHART_PAGE_TIMEFRAME,
  };
}

export function writePreferences(cookies: AppCookies, prefs: Preferences): Promise<string> {
  return cookies.preferences.serialize(prefs);
}
