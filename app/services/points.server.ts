// Reference and target points (docs/product-rules.md R-AC4, R-AC7; docs/product-rules.md R-TD7 referencePoint):
// the admin screens' list (/target-point, /references-points, /reference-point), the Target
// Point switch, the delete, and the active points a chart reads. The screens and the JSON API
// (admin/referencePoint/*, getReferencePoint) call these, so the list's filter, the messages
// and the visibility rule live here once.
import { recordAudit, type AuditActor } from "~/models/audit-log.server";
import type { AppContext } from "~/config/context";
import type { SessionUser } from "~/auth/session.server";
import { LONG_PAGE_SIZE, parseIdParam, parsePage } from "~/domain/paging";
import { refuse, succeed, type Outcome } from "~/domain/outcome";
import { targetPointStatusMessage } from "~/domain/status-messages";
import {
  deleteReferencePoint as deletePointRow,
  findReferencePoint as findPointRow,
  listActiveReferencePoints,
  listChartReferencePoints,
  listReferencePointsPage,
  listSymbolsWithReferencePoints,
  setReferencePointActive,
  type ReferencePointRow,
} from "~/models/reference-point.server";
import { findSymbolByCode, visibleSymbolCodes } from "~/models/symbol.server";
import { requestUrl } from "~/schemas/request-input.server";

export type { ReferencePointRow };

type Db = Pick<AppContext, "db">;

export const TARGET_POINT_GONE = "This target point no longer exists: it was reached and removed";
export const REFERENCE_POINT_GONE = "This reference point no longer exists";
export const REFERENCE_POINT_DELETED = "Reference point deleted successfully";

export interface PointListFilter {
  /** One symbol, by id (the screens' select) or by code (the API); neither: every symbol. */
  symbolId?: number | null;
  symbolCode?: string;
  /** null: all; true: Active; false: De-Active. */
  active: boolean | null;
  /** Matched against the point name, display name and symbol code, any case. */
  search: string;
  page: number;
  pageSize: number;
}

/** Reference (target) points, newest first. An unknown symbol code lists none. */
export async function listReferencePoints(context: Db, filter: PointListFilter): Promise<{ rows: ReferencePointRow[]; total: number }> {
  let symbolId = filter.symbolId ?? null;
  if (filter.symbolCode) {
    const symbol = await findSymbolByCode(context.db, filter.symbolCode);
    if (!symbol) return { rows: [], total: 0 };
    symbolId = symbol.id;
  }
  return listReferencePointsPage(context.db, { symbolId, active: filter.active, search: filter.search, page: filter.page, pageSize: filter.pageSize });
}

export const ACTIVE_FILTERS = ["all", "active", "deactive"] as const;
export type ActiveFilter = (typeof ACTIVE_FILTERS)[number];

/**
 * The three screens' table: filters from the URL, 20 per page. /target-point filters by
 * Active/De-Active; the other two search by text instead.
 */
export async function loadReferencePoints(context: Db, request: Request, options: { withActiveFilter: boolean }) {
  const url = requestUrl(request);
  const symbolId = parseIdParam(url.searchParams.get("symbol_id"));
  const requested = url.searchParams.get("active");
  const active: ActiveFilter = options.withActiveFilter && (ACTIVE_FILTERS as readonly string[]).includes(requested ?? "") ? (requested as ActiveFilter) : "all";
  const search = options.withActiveFilter ? "" : (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = parsePage(url.searchParams.get("page"));
  const [{ rows, total }, symbols] = await Promise.all([
    listReferencePoints(context, { symbolId, active: active === "all" ? null : active === "active", search, page, pageSize: LONG_PAGE_SIZE }),
    listSymbolsWithReferencePoints(context.db),
  ]);
  return { symbolId, active, search, page, total, rows, symbols };
}

/** The Target Point switch. A point the target watcher already removed is gone (404). */
export async function switchTargetPoint(context: Db, actor: AuditActor, id: number, active: boolean): Promise<Outcome<{ message: string }>> {
  const switched = await context.db.transaction(async (tx) => {
    const current = await findPointRow(tx, id);
    if (!current || !(await setReferencePointActive(tx, id, active))) return false;
    await recordAudit(tx, [{ actor, action: "switch", entity: "point", entityId: id, before: { pointName: current.pointName, isActive: current.isActive }, after: { isActive: active } }]);
    return true;
  });
  if (!switched) return refuse(TARGET_POINT_GONE, undefined, 404);
  return succeed({ message: targetPointStatusMessage(active) });
}

/** One reference point with its symbol's code (the /reference-point Delete confirmation), or null. */
export function findReferencePoint(context: Db, id: number): Promise<ReferencePointRow | null> {
  return findPointRow(context.db, id);
}

export async function deleteReferencePoint(context: Db, actor: AuditActor, id: number): Promise<Outcome<{ message: string }>> {
  const deleted = await context.db.transaction(async (tx) => {
    const current = await findPointRow(tx, id);
    if (!current || !(await deletePointRow(tx, id))) return false;
    await recordAudit(tx, [{ actor, action: "delete", entity: "point", entityId: id, before: current, after: null }]);
    return true;
  });
  if (!deleted) return refuse(REFERENCE_POINT_GONE, undefined, 404);
  return succeed({ message: REFERENCE_POINT_DELETED });
}

/** A symbol's active points by price: the chart's target lines and chips. */
export function listChartPoints(context: Db, symbolId: number): Promise<{ id: number; pointName: string; displayName: string; price: number }[]> {
  return listChartReferencePoints(context.db, symbolId);
}

export type ActivePoint = Awaited<ReturnType<typeof listActiveReferencePoints>>[number];

/** One symbol's active points (the caller has already been checked against the symbol). */
export function listActivePointsOf(context: Db, symbolId: number): Promise<ActivePoint[]> {
  return listActiveReferencePoints(context.db, symbolId);
}

/** Every active point on a symbol the user may see (a customer: its subscription). */
export async function listActivePointsVisibleTo(context: Db, user: Pick<SessionUser, "id" | "roleId">): Promise<ActivePoint[]> {
  const [visible, points] = await Promise.all([visibleSymbolCodes(context.db, user), listActiveReferencePoints(context.db)]);
  return points.filter((p) => visible === "all" || visible.has(p.symbolCode.toUpperCase()));
}
