// The reference-point table shared by /target-point (active filter and a toggle per row),
// /references-points and /reference-point (symbol select and search).
import { Link, useLocation } from "@remix-run/react";
import { formatIstDate } from "~/domain/dates";
import { formatNumber } from "~/domain/format";
import { LONG_PAGE_SIZE } from "~/domain/paging";
import type { ReferencePointFields } from "~/domain/reference-points";
import { controlClass } from "~/components/ui/field";
import { FilterSelect } from "~/components/ui/select-field";
import { cellClass, FilterForm, PageTitle, Pagination, secondaryButtonClass, StatusSwitch, Table } from "./admin-ui";

export interface ReferencePointsView {
  symbolId: number | null;
  active: "all" | "active" | "deactive";
  search: string;
  page: number;
  total: number;
  rows: (ReferencePointFields & {
    id: number;
    symbolCode: string;
    isActive: boolean;
  })[];
  symbols: { id: number; symbolCode: string }[];
}

/** A page that is the list under its title: Reference Points (read-only) and Target Point (switches). */
export function ReferencePointsPage({ view, mode, title, titleId }: { view: ReferencePointsView; mode: "target" | "reference"; title: string; titleId: string }) {
  return (
    <section aria-labelledby={titleId}>
      <PageTitle id={titleId} title={title} />
      <ReferencePointsTable view={view} mode={mode} />
    </section>
  );
}

export function ReferencePointsTable({ view, mode }: { view: ReferencePointsView; mode: "target" | "reference" | "manage" }) {
  const location = useLocation();
  const headers = ["Symbol", "Point Name", "Display Name", "Price", "SL Price", "Date", "Status"];
  if (mode === "manage") headers.push("Delete");
  return (
    <>
      <div className="mb-3">
        <FilterForm label="Filter points">
          <FilterSelect label="Symbol" name="symbol_id" value={view.symbolId ? String(view.symbolId) : ""} placeholder="All symbols" options={view.symbols.map((s) => ({ value: s.id, label: s.symbolCode }))} />
          {mode === "target" ? (
            <label className="flex flex-col gap-1 text-sm font-medium">
              Active
              <select name="active" defaultValue={view.active} className={controlClass}>
                <option value="all">All</option>
                <option value="active">Active</option>
                <option value="deactive">De-Active</option>
              </select>
            </label>
          ) : (
            <label className="flex flex-col gap-1 text-sm font-medium">
              Search
              <input type="search" name="q" defaultValue={view.search} placeholder="Point or symbol" className={controlClass} />
            </label>
          )}
        </FilterForm>
      </div>
      <Table caption="Reference points" headers={headers} empty={view.rows.length === 0}>
        {view.rows.map((p) => (
          <tr key={p.id} data-point={`${p.symbolCode}:${p.pointName}`}>
            <td className={cellClass}>{p.symbolCode}</td>
            <th scope="row" className={`${cellClass} text-left font-medium`}>
              {p.pointName}
            </th>
            <td className={cellClass}>{p.displayName}</td>
            <td className={`${cellClass} tabular-nums`}>{formatNumber(p.price)}</td>
            <td className={`${cellClass} tabular-nums`}>{formatNumber(p.slPrice)}</td>
            <td className={cellClass}>{p.date ? formatIstDate(new Date(`${p.date}T12:00:00Z`)) : "—"}</td>
            <td className={cellClass}>
              {mode === "target" ? (
                <StatusSwitch id={p.id} on={p.isActive} name={`${p.symbolCode} ${p.pointName}`} labels={["Active", "De-Active"]} />
              ) : p.isActive ? (
                "Active"
              ) : (
                "De-Active"
              )}
            </td>
            {mode === "manage" ? (
              <td className={cellClass}>
                {/* A confirmation first (its own page without JavaScript, a dialog with it; docs/decisions/145). */}
                <Link
                  to={`/reference-point/${p.id}/delete${location.search}`}
                  className={`${secondaryButtonClass} px-2 py-0.5 text-xs`}
                  aria-label={`Delete ${p.symbolCode} ${p.pointName}`}
                >
                  Delete
                </Link>
              </td>
            ) : null}
          </tr>
        ))}
      </Table>
      <Pagination page={view.page} pageSize={LONG_PAGE_SIZE} total={view.total} label="Points" />
    </>
  );
}
