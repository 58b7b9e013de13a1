// The WHERE and ORDER BY pieces every searchable, sortable admin list builds the same way
// (docs/decisions/140-admin-console.md).
import { asc, desc, ilike, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { likePattern, type SortDirection } from "~/domain/list-query";

/** The search matched anywhere in any of `columns`, case-insensitively, its wildcards taken literally; no search: no condition. */
export function searchCondition(search: string | null, columns: readonly (AnyColumn | SQL)[]): SQL | undefined {
  if (search === null) return undefined;
  const pattern = likePattern(search);
  return or(...columns.map((c) => ilike(c, pattern)));
}

/** The chosen column in the chosen direction (empty values last either way), then the id the same way, so rows that tie keep one order from page to page. */
export function listOrder(column: AnyColumn | SQL, dir: SortDirection, id: AnyColumn): SQL[] {
  const direction = dir === "asc" ? sql`asc nulls last` : sql`desc nulls last`;
  return [sql`${column} ${direction}`, dir === "asc" ? asc(id) : desc(id)];
}
