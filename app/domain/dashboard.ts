// The dashboard's rules (docs/product-rules.md R-TD2 Dashboard; docs/decisions/080). Pure and
// browser-safe: the loader and the page read them, the unit tests pin them.
import type { RoleId } from "./access";

/**
 * The banner's scroll speed is the documents' 8: the old page's scrollamount, 8 px per 85 ms
 * frame, about 94 px a second. A CSS animation needs a duration, so the track's length (the
 * banner width plus the text) is divided by that speed.
 */
export const MARQUEE_SCROLL_AMOUNT = 8;
const MARQUEE_FRAME_MS = 85;
/** A typical banner width and an average glyph width, for the duration only. */
const BANNER_WIDTH_PX = 1200;
const GLYPH_WIDTH_PX = 8;

export function marqueeDurationSeconds(text: string): number {
  const trackPx = BANNER_WIDTH_PX + text.length * GLYPH_WIDTH_PX;
  // seconds = px / (amount px per frame) x frame ms / 1000, kept in integers until the end.
  return Math.round((trackPx * MARQUEE_FRAME_MS) / (MARQUEE_SCROLL_AMOUNT * 100)) / 10;
}

/** Which summary cards a role's dashboard shows, in order. */
export type SummaryCardKind =
  | "admins"
  | "subAdmins"
  | "employees"
  | "customers"
  | "activeSymbols"
  | "openTrades"
  | "todaysAlerts"
  | "myOpenTrades"
  | "myActiveAlerts"
  | "mySymbols";

export const SUMMARY_CARD_LABELS: Record<SummaryCardKind, string> = {
  admins: "Admins",
  subAdmins: "Sub Admins",
  employees: "Employees",
  customers: "Customers",
  activeSymbols: "Active symbols",
  openTrades: "Open trades",
  todaysAlerts: "Today's alerts",
  myOpenTrades: "My open trades",
  myActiveAlerts: "My active alerts",
  mySymbols: "My symbols",
};

/**
 * Role 1 sees the whole book: users by role, active symbols, everyone's open trades and today's
 * alerts. Role 2 manages employee and customer accounts and has no chart or trades, so it sees
 * those two counts. Roles 3 and 4 see their own trades, alerts and the symbols they may chart.
 */
export function summaryCardKinds(role: RoleId): SummaryCardKind[] {
  switch (role) {
    case 1:
      return ["admins", "subAdmins", "employees", "customers", "activeSymbols", "openTrades", "todaysAlerts"];
    case 2:
      return ["employees", "customers"];
    default:
      return ["myOpenTrades", "myActiveAlerts", "mySymbols"];
  }
}

/** Role 2 has no chart screen (the access table gives /chart-data to roles 1, 3 and 4). */
export function dashboardHasChart(role: RoleId): boolean {
  return role !== 2;
}

export interface DashboardFooter {
  previousPlusKey: string | null;
  previousMinusKey: string | null;
  firstTarget: { name: string; pointName: string; price: number } | null;
}

/**
 * The footer's status chips: the previous plus and minus key labels (the last of each type,
 * docs/product-rules.md R-D17, read by previousKeyLabels over the whole day, not only the chips
 * shown) and the first target point's name and price (the chart's points in their listed order).
 */
export function dashboardFooter(
  previousKeys: { plus: string | null; minus: string | null },
  points: readonly { name: string; pointName: string; price: number }[],
): DashboardFooter {
  const first = points[0];
  return {
    previousPlusKey: previousKeys.plus,
    previousMinusKey: previousKeys.minus,
    firstTarget: first ? { name: first.name, pointName: first.pointName, price: first.price } : null,
  };
}
