// Pieces every admin list shares: server paging links, the status dot, the status switch (a
// small POST form), GET filter forms, and the create/edit frame that is a page without
// JavaScript and a dialog over the list with it.
import { Form, Link, useFetcher, useLocation, useOutlet, useSubmit } from "@remix-run/react";
import { Icon } from "~/components/ui/icon";
import { InAppLink } from "~/components/ui/in-app-link";
import { useEffect, useState } from "react";
import { MAX_SEARCH_LENGTH, pageSizeChoices, sortSearch, type SortDirection } from "~/domain/list-query";
import { pageCount, pageRange, searchWithPage, withListSearch } from "~/domain/paging";
import { controlClass } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { Modal } from "~/components/ui/modal";
import { ScrollRegion } from "~/components/ui/scroll-region";

export const buttonClass =
  "rounded-md bg-blue-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-60";
export const secondaryButtonClass =
  "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800";
export const linkClass = "text-blue-600 underline dark:text-blue-400";

export function Pagination({ page, pageSize, total, label, param = "page" }: { page: number; pageSize: number; total: number; label: string; param?: string }) {
  const location = useLocation();
  const pages = pageCount(total, pageSize);
  const { from, to } = pageRange(page, pageSize, total);
  return (
    <nav aria-label={`${label} pages`} className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
      <p>
        Showing {from} to {to} of {total} results
      </p>
      <div className="flex items-center gap-2">
        {page > 1 ? (
          <Link to={searchWithPage(location.search, page - 1, param) || "?"} className={secondaryButtonClass} rel="prev">
            Previous
          </Link>
        ) : null}
        <span aria-current="page">
          Page {page} of {pages}
        </span>
        {page < pages ? (
          <Link to={searchWithPage(location.search, page + 1, param)} className={secondaryButtonClass} rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

export function StatusDot({ on, label }: { on: boolean; label: string }) {
  return (
    <span
      role="img"
      aria-label={`${label}: ${on ? "active" : "inactive"}`}
      data-status={on ? "on" : "off"}
      className={`inline-block h-3 w-3 rounded-full ${on ? "bg-emerald-500" : "bg-red-500"}`}
    />
  );
}

/**
 * A status switch: one small POST form (hidden intent, id and the next state), to the list's own
 * action at the list's own URL, so the page and filter survive. With JavaScript it posts through
 * a fetcher; the action answers with a redirect and a toast either way.
 */
export function StatusSwitch({
  id,
  on,
  name,
  labels = ["On", "Off"],
  intent = "status",
}: {
  id: number;
  on: boolean;
  name: string;
  labels?: [string, string];
  intent?: string;
}) {
  const fetcher = useFetcher();
  const location = useLocation();
  const pendingNext = fetcher.formData?.get("status");
  const shown = pendingNext === undefined || pendingNext === null ? on : pendingNext === "1";
  return (
    <fetcher.Form method="post" action={location.pathname + location.search} className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="status" value={on ? "0" : "1"} />
      <button
        type="submit"
        role="switch"
        aria-checked={shown}
        aria-label={`${name}: ${shown ? labels[0] : labels[1]}`}
        className={`inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-semibold ${
          shown ? "border-emerald-500 text-emerald-700 dark:text-emerald-400" : "border-red-400 text-red-700 dark:text-red-400"
        }`}
      >
        <StatusDot on={shown} label={name} />
        {shown ? labels[0] : labels[1]}
      </button>
    </fetcher.Form>
  );
}

/** A GET filter form: it drops ?page (back to page 1); with JavaScript a change submits it. */
export function FilterForm({ label, children }: { label: string; children: React.ReactNode }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="flex flex-wrap items-end gap-2"
      onChange={(event) => {
        const target = event.target as HTMLElement;
        if (target.tagName === "SELECT") submit(event.currentTarget);
      }}
    >
      {children}
      <button type="submit" className={secondaryButtonClass}>
        Filter
      </button>
    </Form>
  );
}

/**
 * A list page with a nested create/edit route: without JavaScript the child route is the whole
 * page; with JavaScript it is a dialog over the list.
 */
export function ListWithDialog({ children }: { children: React.ReactNode }) {
  const outlet = useOutlet();
  const hydrated = useHydrated();
  if (outlet && !hydrated) return <>{outlet}</>;
  return (
    <>
      {children}
      {outlet}
    </>
  );
}

/**
 * A create/edit frame: a section of the page without JavaScript (Close is a link), the app's
 * Modal with it (docs/decisions/149). `closeTo` without a search of its own gets the list's
 * current search (the dialog's URL carries it), unless `keepSearch` is false.
 */
export function RouteDialog({ title, closeTo, keepSearch = true, children }: { title: string; closeTo: string; keepSearch?: boolean; children: React.ReactNode }) {
  const hydrated = useHydrated();
  const location = useLocation();
  if (keepSearch && !closeTo.includes("?")) closeTo = withListSearch(closeTo, location.search);
  const titleId = "route-dialog-title";
  const body = (
    <>
      <div className="mb-3 flex items-center justify-between gap-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <Link to={closeTo} className="text-sm text-muted hover:underline" aria-label="Close">
          Close
        </Link>
      </div>
      {children}
    </>
  );
  if (!hydrated) {
    return (
      <section aria-labelledby={titleId} className="max-w-2xl">
        {body}
      </section>
    );
  }
  return (
    <Modal title={title} titleId={titleId} closeTo={closeTo}>
      {children}
    </Modal>
  );
}

/** A delete dialog's two answers, inside its form: the submit that deletes, and the way back. */
export function DeleteOrCancel({ cancelTo }: { cancelTo: string }) {
  return (
    <>
      <button type="submit" className="rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700">
        Delete
      </button>
      <Link to={cancelTo} className={secondaryButtonClass}>
        Cancel
      </Link>
    </>
  );
}

export function PageTitle({ id, title, action }: { id: string; title: string; action?: React.ReactNode }) {
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
      <h1 id={id} className="text-xl font-semibold">
        {title}
      </h1>
      {action}
    </div>
  );
}

/** A column header: plain text, or a column the list can sort by (its URL key). */
export type TableHeader = string | { label: string; sort: string };

export function Table({
  caption,
  headers,
  children,
  empty,
  emptyText = "No Data Found",
  sorting,
}: {
  /** The table's name for screen readers (a table under its own heading may go without). */
  caption?: string;
  headers: TableHeader[];
  children: React.ReactNode;
  empty: boolean;
  /** What an empty table says (the documents' "No Data Found" unless a screen names its own). */
  emptyText?: string;
  /** The list's current order, when some headers sort. */
  sorting?: { sort: string; dir: SortDirection };
}) {
  const location = useLocation();
  return (
    // Scrolls in its own box with the first column fixed (docs/decisions/147), a named focusable
    // region (docs/decisions/151). Positioned, so the headers' visually hidden words scroll inside it.
    <ScrollRegion label={caption ?? "Table"} className="table-scroll relative max-w-full rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="bg-slate-100 text-left dark:bg-slate-800">
          <tr>
            {headers.map((h) => {
              if (typeof h === "string" || !sorting) {
                const label = typeof h === "string" ? h : h.label;
                return (
                  <th key={label} scope="col" className="px-3 py-2 font-semibold">
                    {label}
                  </th>
                );
              }
              const active = sorting.sort === h.sort;
              return (
                <th key={h.label} scope="col" className="px-3 py-2 font-semibold" aria-sort={active ? (sorting.dir === "asc" ? "ascending" : "descending") : "none"}>
                  <Link to={sortSearch(location.search, h.sort, sorting)} className="inline-flex items-center gap-1 hover:underline">
                    {h.label}
                    <SortIcon active={active} dir={sorting.dir} />
                    <span className="sr-only">{active ? `, sorted ${sorting.dir === "asc" ? "ascending" : "descending"}; sort the other way` : ", sort"}</span>
                  </Link>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {empty ? (
            <tr>
              <td colSpan={headers.length} className="px-3 py-4 text-center text-muted">
                {emptyText}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** A sortable column's arrow: up or down on the sorted column, both ways on the others. */
export function SortIcon({ active, dir }: { active: boolean; dir: SortDirection }) {
  const name = !active ? "arrow-up-down" : dir === "asc" ? "arrow-up" : "arrow-down";
  return <Icon name={name} className={`h-3.5 w-3.5 ${active ? "" : "text-slate-400"}`} />;
}

/** The list's search box (?q), inside its FilterForm. */
export function SearchField({ value, label = "Search" }: { value: string | null; label?: string }) {
  return (
    <label className="flex max-w-full flex-col gap-1 text-sm font-medium">
      {label}
      <input type="search" name="q" defaultValue={value ?? ""} maxLength={MAX_SEARCH_LENGTH} className={`${controlClass} w-48 max-w-full`} />
    </label>
  );
}

/** The list's page size (?size), inside its FilterForm; the sort stays in hidden fields. */
export function PageSizeAndSort({ pageSize, sorting, defaultSize }: { pageSize: number; sorting?: { sort: string; dir: SortDirection }; /** The list's own default size when it is not one of the shared choices (the calendar's 20). */ defaultSize?: number }) {
  return (
    <>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Rows per page
        <select name="size" defaultValue={String(pageSize)} className={controlClass}>
          {pageSizeChoices(defaultSize).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {sorting ? (
        <>
          <input type="hidden" name="sort" value={sorting.sort} />
          <input type="hidden" name="dir" value={sorting.dir} />
        </>
      ) : null}
    </>
  );
}

/** CSV and Excel downloads of the list as filtered and sorted now (every page). */
export function ExportLinks({ path, label }: { path: string; label: string }) {
  const location = useLocation();
  const href = (format: string) => {
    const params = new URLSearchParams(location.search);
    params.delete("page");
    params.set("format", format);
    return `${path}?${params.toString()}`;
  };
  return (
    <span className="flex items-center gap-2 text-sm">
      <span className="text-muted">Export:</span>
      <a href={href("csv")} className={linkClass} download aria-label={`Export ${label} as CSV`}>
        CSV
      </a>
      <a href={href("xlsx")} className={linkClass} download aria-label={`Export ${label} as Excel`}>
        Excel
      </a>
    </span>
  );
}

/** A list's title actions: its other links, its CSV/Excel exports and "+ Add" (keeping the list's search). */
export function ListActions({ exportPath, exportLabel, addTo, children }: { exportPath: string; exportLabel: string; addTo: string; children?: React.ReactNode }) {
  return (
    <span className="flex flex-wrap items-center gap-3">
      {children}
      <ExportLinks path={exportPath} label={exportLabel} />
      <KeepListLink to={addTo} className={buttonClass}>
        + Add
      </KeepListLink>
    </span>
  );
}

/** A list's GET filter form: its own filters (`children`), the search box, the page size and the sort; `after` follows them. */
export function ListFilters({
  label,
  searchLabel,
  view,
  defaultSize,
  children,
  after,
}: {
  label: string;
  searchLabel: string;
  view: { search: string | null; pageSize: number; sorting: { sort: string; dir: SortDirection } };
  defaultSize?: number;
  children?: React.ReactNode;
  after?: React.ReactNode;
}) {
  return (
    <div className="mb-3">
      <FilterForm label={label}>
        {children}
        <SearchField value={view.search} label={searchLabel} />
        <PageSizeAndSort pageSize={view.pageSize} sorting={view.sorting} defaultSize={defaultSize} />
        {after}
      </FilterForm>
    </div>
  );
}

/**
 * A link to a dialog route over this list that carries the list's search (page, filters, sort):
 * the list behind the dialog keeps showing the same rows, and the dialog's Close and its save
 * come back to them. Parameters in `to` win over the list's.
 */
export function KeepListLink({ to, ...props }: React.ComponentProps<typeof InAppLink>) {
  const location = useLocation();
  return <InAppLink to={withListSearch(to, location.search)} {...props} />;
}

export const cellClass = "border-t border-slate-100 px-3 py-1.5 dark:border-slate-800";

/** A labelled on/off checkbox for forms (the documents' switches). */
export function SwitchField({ name, label, defaultChecked }: { name: string; label: string; defaultChecked: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium">
      <input type="checkbox" name={name} value="on" defaultChecked={defaultChecked} className="h-4 w-4" />
      {label}
    </label>
  );
}
