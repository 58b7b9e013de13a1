// What each export writes: a header, a cell kind and how to read the value from a row. The
// xlsx and pdf writers read the same list, so both files carry the same columns.
import { ROLE_NAMES, isRoleId } from "~/domain/access";
import { CALENDAR_FLAGS } from "~/schemas/calendar";
import { loginResultText } from "~/domain/login-history";
import { shownTradePrices, type TradeReportRow } from "~/domain/trade-rows";
import type { PnlSummary } from "~/domain/pnl";
import type { CalendarRow } from "~/models/calendar.server";
import type { ChaviRow } from "~/models/chavi-admin.server";
import type { SectorRow } from "~/models/sector.server";
import type { SymbolListRow } from "~/models/symbol-admin.server";
import type { UserListRow } from "~/models/user-admin.server";
import type { UserPnlRow } from "~/models/report.server";
import type { UserReportRow } from "~/models/user-report.server";

export type CellKind = "text" | "integer" | "money" | "percent" | "datetime" | "date";

export interface ExportColumn<Row> {
  header: string;
  kind: CellKind;
  /** Spreadsheet width in characters; the PDF shares the page width in the same proportions. */
  width: number;
  value(row: Row): string | number | Date | null;
}

/**
 * The trade report's and the min-max report's columns: every column the screen shows
 * (app/components/reports/trade-rows.tsx), in its order, after the trade id. A price the trade
 * does not have is null (docs/decisions/143): an empty cell in Excel, "—" in the PDF.
 */
export const TRADE_EXPORT_COLUMNS: readonly ExportColumn<TradeReportRow>[] = [
  { header: "Trade Id", kind: "integer", width: 9, value: (r) => r.id },
  { header: "Symbol", kind: "text", width: 14, value: (r) => r.symbolCode },
  { header: "Trade Type", kind: "text", width: 8, value: (r) => r.tradeType },
  { header: "User Name", kind: "text", width: 16, value: (r) => r.userName },
  { header: "Buy Price", kind: "money", width: 12, value: (r) => shownTradePrices(r).buyPrice },
  { header: "Sell Price", kind: "money", width: 12, value: (r) => shownTradePrices(r).sellPrice },
  { header: "Quantity", kind: "integer", width: 9, value: (r) => r.quantity },
  { header: "Target Price", kind: "money", width: 12, value: (r) => shownTradePrices(r).targetPrice },
  { header: "SL Price", kind: "money", width: 12, value: (r) => shownTradePrices(r).slPrice },
  { header: "Current Price", kind: "money", width: 12, value: (r) => r.currentPrice },
  { header: "PNL", kind: "money", width: 12, value: (r) => r.pnl },
  { header: "Charges", kind: "money", width: 10, value: (r) => r.charges },
  { header: "Net PNL", kind: "money", width: 12, value: (r) => r.netPnl },
  { header: "PNL %", kind: "percent", width: 8, value: (r) => r.pnlPercent },
  { header: "Trade Date Time", kind: "datetime", width: 20, value: (r) => r.tradeDateTime },
  { header: "Exit Date Time", kind: "datetime", width: 20, value: (r) => r.exitDateTime },
  { header: "Status", kind: "text", width: 8, value: (r) => (r.open ? "Active" : "De-Active") },
];

/** The totals row under an export's table: a label, and figures by column header. */
export interface ExportTotals {
  label: string;
  values: Readonly<Record<string, string | number>>;
}

/** The trade and min-max exports' totals: the trade report's four cards (Total PNL under PNL). */
export function tradeExportTotals(summary: PnlSummary): ExportTotals {
  return {
    label: `Total: ${summary.totalTrades} trades, ${summary.profitableTrades} profitable, ${summary.lossTrades} loss`,
    values: { PNL: summary.totalPnl, Charges: summary.totalCharges, "Net PNL": summary.netPnl },
  };
}

/** The PNL report's table: a row per user, as the screen's (app/routes/_reports+/reports.pnl.tsx). */
export const PNL_EXPORT_COLUMNS: readonly ExportColumn<UserPnlRow>[] = [
  { header: "User Name", kind: "text", width: 18, value: (r) => r.name },
  { header: "Email", kind: "text", width: 26, value: (r) => r.email },
  { header: "Status", kind: "text", width: 8, value: (r) => (r.status ? "Active" : "Inactive") },
  { header: "Trades", kind: "integer", width: 8, value: (r) => r.totalTrades },
  { header: "Profitable", kind: "integer", width: 9, value: (r) => r.profitableTrades },
  { header: "Loss", kind: "integer", width: 8, value: (r) => r.lossTrades },
  { header: "Total Profit", kind: "money", width: 14, value: (r) => r.totalProfit },
  { header: "Total Loss", kind: "money", width: 14, value: (r) => r.totalLoss },
  { header: "PNL", kind: "money", width: 14, value: (r) => r.totalPnl },
  { header: "Charges", kind: "money", width: 12, value: (r) => r.totalCharges },
  { header: "Net PNL", kind: "money", width: 14, value: (r) => r.netPnl },
  { header: "PNL Ratio", kind: "percent", width: 9, value: (r) => r.pnlRatio.toFixed(2) },
];

/** The PNL export's totals: the screen's six cards (and the overall PNL ratio) under their columns. */
export function pnlExportTotals(summary: PnlSummary): ExportTotals {
  return {
    label: "Total",
    values: {
      Trades: summary.totalTrades,
      Profitable: summary.profitableTrades,
      Loss: summary.lossTrades,
      "Total Profit": summary.totalProfit,
      "Total Loss": summary.totalLoss,
      PNL: summary.totalPnl,
      Charges: summary.totalCharges,
      "Net PNL": summary.netPnl,
      "PNL Ratio": summary.pnlRatio.toFixed(2),
    },
  };
}

const roleName = (roleId: number) => (isRoleId(roleId) ? ROLE_NAMES[roleId] : String(roleId));
const day = (ymd: string | null) => (ymd ? new Date(`${ymd}T00:00:00Z`) : null);

export function userExportColumns(mode: "all" | "login"): readonly ExportColumn<UserReportRow>[] {
  const common: ExportColumn<UserReportRow>[] = [
    { header: "User Name", kind: "text", width: 18, value: (r) => r.username },
    { header: "Name", kind: "text", width: 18, value: (r) => r.name },
    { header: "Email", kind: "text", width: 28, value: (r) => r.email },
    { header: "Role", kind: "text", width: 10, value: (r) => roleName(r.roleId) },
  ];
  if (mode === "login") {
    return [
      ...common,
      { header: "Login Time", kind: "datetime", width: 20, value: (r) => r.loginTime },
      { header: "Address", kind: "text", width: 16, value: (r) => r.ip ?? null },
      { header: "Browser", kind: "text", width: 30, value: (r) => r.userAgent ?? null },
      { header: "Result", kind: "text", width: 22, value: (r) => (r.success === undefined ? null : loginResultText(r.success, r.reason ?? null)) },
    ];
  }
  return [
    ...common,
    // Subscription dates are calendar days (no time zone): written as UTC midnight, shown as is.
    { header: "Expiry Date", kind: "date", width: 12, value: (r) => day(r.dateExpired) },
    { header: "subscribed Date", kind: "date", width: 12, value: (r) => day(r.dateSubscribed) },
    { header: "Status", kind: "text", width: 9, value: (r) => (r.status ? "Active" : "Inactive") },
  ];
}

/** The user list's export: the columns the list shows, plus the name and the account's id. */
export const USER_LIST_EXPORT_COLUMNS: readonly ExportColumn<UserListRow>[] = [
  { header: "Id", kind: "integer", width: 8, value: (r) => r.id },
  { header: "User Name", kind: "text", width: 18, value: (r) => r.username },
  { header: "Name", kind: "text", width: 18, value: (r) => r.name },
  { header: "Email", kind: "text", width: 28, value: (r) => r.email },
  { header: "Role", kind: "text", width: 10, value: (r) => roleName(r.roleId) },
  { header: "Expiry Date", kind: "date", width: 12, value: (r) => day(r.dateExpired) },
  { header: "subscribed Date", kind: "date", width: 12, value: (r) => day(r.dateSubscribed) },
  { header: "Status", kind: "text", width: 9, value: (r) => (r.status ? "Active" : "Inactive") },
];

const onOff = (on: boolean) => (on ? "Active" : "Inactive");
const created = <Row extends { createdAt: Date; updatedAt: Date }>(): ExportColumn<Row>[] => [
  { header: "Last Date", kind: "datetime", width: 20, value: (r) => r.createdAt },
  { header: "Update Date", kind: "datetime", width: 20, value: (r) => r.updatedAt },
];

/** The Symbol List's export: the columns the list shows (its Sector too), and the id. */
export const SYMBOL_LIST_EXPORT_COLUMNS: readonly ExportColumn<SymbolListRow>[] = [
  { header: "Id", kind: "integer", width: 8, value: (r) => r.id },
  { header: "Symbol", kind: "text", width: 16, value: (r) => r.symbolCode },
  { header: "Sector", kind: "text", width: 18, value: (r) => r.sectorName },
  { header: "Segment", kind: "text", width: 10, value: (r) => r.segment },
  { header: "Description", kind: "text", width: 28, value: (r) => r.description },
  { header: "Lot size", kind: "integer", width: 9, value: (r) => r.lotSize },
  { header: "Step", kind: "money", width: 9, value: (r) => r.step },
  ...created<SymbolListRow>(),
  { header: "Status", kind: "text", width: 9, value: (r) => onOff(r.status) },
];

export const SECTOR_LIST_EXPORT_COLUMNS: readonly ExportColumn<SectorRow>[] = [
  { header: "Id", kind: "integer", width: 8, value: (r) => r.id },
  { header: "Name", kind: "text", width: 20, value: (r) => r.sectorName },
  { header: "Description", kind: "text", width: 28, value: (r) => r.description },
  ...created<SectorRow>(),
  { header: "Status", kind: "text", width: 9, value: (r) => onOff(r.status) },
];

export const KEY_LIST_EXPORT_COLUMNS: readonly ExportColumn<ChaviRow>[] = [
  { header: "Id", kind: "integer", width: 8, value: (r) => r.id },
  { header: "Name", kind: "text", width: 16, value: (r) => r.name },
  { header: "Display Name", kind: "text", width: 18, value: (r) => r.displayName },
  { header: "Type", kind: "text", width: 8, value: (r) => r.type },
  { header: "Sr No", kind: "integer", width: 8, value: (r) => r.srNo },
  ...created<ChaviRow>(),
  { header: "Status", kind: "text", width: 9, value: (r) => onOff(r.isactive) },
];

export const CALENDAR_LIST_EXPORT_COLUMNS: readonly ExportColumn<CalendarRow>[] = [
  { header: "Id", kind: "integer", width: 8, value: (r) => r.id },
  { header: "Date", kind: "date", width: 12, value: (r) => day(r.date) },
  { header: "Segment", kind: "text", width: 10, value: (r) => r.segment },
  { header: "Note", kind: "text", width: 28, value: (r) => r.note },
  ...CALENDAR_FLAGS.map((f): ExportColumn<CalendarRow> => ({ header: f.label, kind: "text", width: 14, value: (r) => (r[f.name] ? "Yes" : "No") })),
];
