// One icon per screen of the sidebar (app/domain/access.ts SIDEBAR_LINKS): the collapsed sidebar
// and the phone's bottom navigation show it beside (or instead of) the label.
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-names";

const ICONS: Record<string, IconName> = {
  "/dashboard": "layout-dashboard",
  "/watch-list": "eye",
  "/alert": "bell",
  "/overview": "layers",
  "/sector-analysis": "chart-pie",
  "/support": "message-circle",
  "/trades": "arrow-left-right",
  "/allRealTime": "radio",
  "/allChart": "chart-candlestick",
  "/sectore": "tags",
  "/users": "users",
  "/login-user": "user-check",
  "/references-points": "map-pin",
  "/calendar": "calendar-days",
  "/symbols": "list-ordered",
  "/chavi": "key-round",
  "/key-setting": "key-round",
  "/BonusSplitting": "split",
  "/SymbolSuggestionFlow": "lightbulb",
  "/Token": "badge-check",
  "/reference-point": "map-pin",
  "/target-point": "crosshair",
  "/upload": "upload",
  "/broadcast/message": "megaphone",
  "/audit-log": "scroll-text",
  "/reports/user": "file-text",
  "/reports/trade": "file-text",
  "/reports/trade-analysis": "chart-column",
  "/reports/pnl": "chart-line",
  "/reports/min-max": "chart-column",
};

export function NavIcon({ path, className = "h-4 w-4" }: { path: string; className?: string }) {
  return <Icon name={ICONS[path] ?? "file-text"} className={`shrink-0 ${className}`} />;
}
