// The reference/target point screens' shared loader: filters from the URL, 20 per page.
import type { AppDatabase } from "~/db/client.server";
import { LONG_PAGE_SIZE, parseIdParam, parsePage } from "~/domain/paging";
import { listReferencePointsPage, listSymbolsWithReferencePoints } from "~/models/reference-point.server";
import { requestUrl } from "~/schemas/request-input.server";

export const ACTIVE_FILTERS = ["all", "active", "deactive"] as const;
export type ActiveFilter = (typeof ACTIVE_FILTERS)[number];

export async function loadReferencePoints(db: AppDatabase, request: Request, options: { withActiveFilter: boolean }) {
  const url = requestUrl(request);
  const symbolId = parseIdParam(url.searchParams.get("symbol_id"));
  const requested = url.searchParams.get("active");
  const active: ActiveFilter = options.withActiveFilter && (ACTIVE_FILTERS as readonly string[]).includes(requested ?? "") ? (requested as ActiveFilter) : "all";
  const search = options.withActiveFilter ? "" : (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = parsePage(url.searchParams.get("page"));
  const [{ rows, total }, symbols] = await Promise.all([
    listReferencePointsPage(db, { symbolId, active: active === "all" ? null : active === "active", search, page, pageSize: LONG_PAGE_SIZE }),
    listSymbolsWithReferencePoints(db),
  ]);
  return { symbolId, active, search, page, total, rows, symbols };
}
