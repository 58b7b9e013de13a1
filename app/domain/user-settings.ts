// The settings page (docs/product-rules.md R-AC2 Settings page, R-AC3 Setting names): which panels a role
// sees, the settings' names and their defaults. Pure: the page and its action read it.
import type { RoleId } from "./access";

export const INDICATOR_TOGGLES = ["MA", "WA", "MD", "WD", "Daglu", "Swing", "Show Targets"] as const;
export type IndicatorToggle = (typeof INDICATOR_TOGGLES)[number];
/** The studies an admin may switch on (stored as a JSON list of names). */
export const STUDY_NAMES = ["Moving Average", "RSI", "MACD", "Bollinger Bands", "Volume", "VWAP"] as const;
export const CHART_COUNTS = ["1", "2", "4"] as const;
export const VIEW_CHART_MODES = ["normal", "advance"] as const;

/** The setting that closes a trade at the price its SL or target is hit (docs/decisions/168). */
export const CLOSE_ON_LEVEL_HIT_SETTING = "closeTradeOnHit";
export const CLOSE_ON_LEVEL_HIT_LABEL = "Close my trade when its SL or target is hit";

export const SETTING_DEFAULTS: Readonly<Record<string, string>> = {
  Theme: "light",
  viewChart: "normal",
  chart: "1",
  tradeSeconds: "30",
  // Close a trade at the price its SL or target is hit (docs/decisions/168): off unless chosen.
  [CLOSE_ON_LEVEL_HIT_SETTING]: "false",
  MA: "false",
  WA: "false",
  MD: "false",
  WD: "false",
  Daglu: "false",
  Swing: "true",
  "Show Targets": "true",
  studies: "[]",
};

export interface SettingPanels {
  /** Theme is everyone's; chart mode for the roles with charts. */
  viewChart: boolean;
  /** The chart-count picker: roles 1 and 3 (docs/product-rules.md R-AC2). */
  chartCount: boolean;
  /** Trade list refresh: the roles with a trade list. */
  trade: boolean;
  /** Indicator setting, Save Symbol's Open Data and Marque Data: admin only. */
  admin: boolean;
}

export function settingPanelsFor(role: RoleId): SettingPanels {
  return {
    viewChart: role !== 2,
    chartCount: role === 1 || role === 3,
    trade: role !== 2,
    admin: role === 1,
  };
}

/** The stored studies value read back as a list of known names (bad JSON: none). */
export function parseStudies(value: string | null | undefined): string[] {
  try {
    const list = JSON.parse(value ?? "[]");
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === "string" && (STUDY_NAMES as readonly string[]).includes(s)) : [];
  } catch {
    return [];
  }
}

/** The settings-page panel a setting belongs to: a role may write only the panels it sees. */
export function panelOfSetting(name: string): keyof SettingPanels | "theme" | null {
  if (name === "Theme") return "theme";
  if (name === "viewChart") return "viewChart";
  if (name === "chart") return "chartCount";
  if (name === "tradeSeconds" || name === CLOSE_ON_LEVEL_HIT_SETTING) return "trade";
  if ((INDICATOR_TOGGLES as readonly string[]).includes(name) || name === "studies") return "admin";
  return null;
}

export function mayWriteSetting(role: RoleId, name: string): boolean {
  const panel = panelOfSetting(name);
  if (panel === null) return false;
  return panel === "theme" || settingPanelsFor(role)[panel];
}
