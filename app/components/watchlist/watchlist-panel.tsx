// The watchlist panel (docs/product-rules.md R-TD2, Watchlist panel), shown on /watch-list and embedded
// in the dashboard. Without JavaScript every control is a link, a GET form or a small POST form
// to /watch-list (which redirects back to `returnTo`); with it, tabs drag to reorder
// (@dnd-kit/sortable) and prices move live (and re-sort) over the socket.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "~/schemas/parse";
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, horizontalListSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Icon } from "~/components/ui/icon";
import { Form, Link, useFetcher, useLocation, useSubmit } from "@remix-run/react";
import { InAppLink } from "~/components/ui/in-app-link";
import { useEffect, useMemo, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FieldErrors } from "~/components/ui/field";
import { formatNumber, formatPercent } from "~/domain/format";
import { direction } from "~/domain/quotes";
import {
  filterAndSortRows,
  nextSort,
  WATCH_PARAMS,
  WATCH_SORT_COLUMNS,
  WATCH_SORT_LABELS,
  withParams,
  type WatchRow,
} from "~/domain/watchlist";
import { useLiveQuotes } from "~/components/realtime/socket-context";
import { createWatchlistSchema } from "~/schemas/watchlist";
import type { WatchlistPanelData } from "~/services/watchlists.server";
import { ScrollRegion } from "~/components/ui/scroll-region";

/** Where the panel's forms post: the watchlist route's action (it redirects back). */
export const WATCHLIST_ACTION = "/watch-list";

const smallButton = "inline-flex items-center rounded px-1 text-xs text-muted hover:bg-slate-200 hover:text-slate-900 dark:hover:bg-slate-700 dark:hover:text-white";
const tone = { up: "text-up", down: "text-down", flat: "text-muted" } as const;
const arrow = { up: "arrow-up", down: "arrow-down", flat: "minus" } as const;
const arrowLabel = { up: "Up", down: "Down", flat: "Unchanged" } as const;

/**
 * Props:
 * - `data`: what `loadWatchlistPanel(context, user, url)` (app/services/watchlists.server.ts)
 *   returned for this request; pass `{ withChoices: true }` there when `manage` is on.
 * - `symbolHref(code)`: the link of a symbol's row. The dashboard passes one that sets
 *   ?symbol=CODE on its own URL (the chart follows); the selected row (?symbol=) gets a check.
 * - `manage` (default false): the watchlist screen's extras, the symbol-search dropdown to add
 *   a symbol and a remove icon per row.
 * - `createResult`: the create form's last submission, when the page shows /watch-list's
 *   action result (a missing name); it opens the create form with its message.
 * The panel keeps the host page's other URL parameters in every link and form.
 */
export function WatchlistPanel({
  data,
  symbolHref,
  manage = false,
  createResult,
}: {
  data: WatchlistPanelData;
  symbolHref: (code: string) => string;
  manage?: boolean;
  createResult?: SubmissionResult<string[]> | null;
}) {
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  const live = useLiveQuotes(data.rows.map((r) => r.symbolCode));
  const rows = useMemo(() => {
    const merged: WatchRow[] = data.rows.map((r) => {
      const q = live[r.symbolCode.toUpperCase()];
      return q ? { ...r, close: q.last, change: q.change, changePercent: q.changePercent } : r;
    });
    return filterAndSortRows(merged, data.view);
  }, [data.rows, data.view, live]);
  const active = data.tabs.find((t) => t.id === data.activeId) ?? null;

  return (
    <section aria-labelledby="watchlist-heading" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="watchlist-heading" className="text-lg font-semibold">
        Watchlists
      </h2>
      {data.tabs.length === 0 ? <p>No Watchlist</p> : <WatchlistTabs data={data} returnTo={returnTo} pathname={location.pathname} search={location.search} />}
      <CreateWatchlist returnTo={returnTo} lastResult={createResult ?? undefined} />
      {active ? (
        <>
          <WatchFilter data={data} />
          {manage ? <AddSymbol watchlistId={active.id} name={active.name} choices={data.choices} returnTo={returnTo} /> : null}
          <h3 className="font-semibold">Symbols ({rows.length})</h3>
          <ScrollRegion label={`Symbols of ${active.name}`}>
            <table className="w-full whitespace-nowrap text-sm">
              <caption className="sr-only">Symbols of {active.name}</caption>
              <thead className="bg-slate-100 text-left dark:bg-slate-800">
                <tr>
                  <th scope="col" className="w-6 px-1.5 py-1.5 sm:px-2">
                    <span className="sr-only">Direction</span>
                  </th>
                  {WATCH_SORT_COLUMNS.map((column) => {
                    const sorted = data.view.sort === column;
                    const next = nextSort(data.view, column);
                    return (
                      <th
                        key={column}
                        scope="col"
                        aria-sort={sorted ? (data.view.dir === "asc" ? "ascending" : "descending") : "none"}
                        className={`px-1.5 py-1.5 sm:px-2 font-semibold ${column === "symbol" ? "" : "text-right"}`}
                      >
                        <Link to={withParams(location.search, { sort: next.sort, dir: next.dir }) || "?"} preventScrollReset replace className="hover:underline">
                          {WATCH_SORT_LABELS[column]}
                          {sorted ? data.view.dir === "asc" ? <Icon name="arrow-up" className="ml-0.5 inline h-3.5 w-3.5" /> : <Icon name="arrow-down" className="ml-0.5 inline h-3.5 w-3.5" /> : null}
                        </Link>
                      </th>
                    );
                  })}
                  {manage ? (
                    <th scope="col" className="px-1.5 py-1.5 sm:px-2">
                      <span className="sr-only">Remove</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={manage ? 5 : 4} className="px-1.5 py-4 sm:px-2 text-center text-muted">
                      No Data Found
                    </td>
                  </tr>
                ) : (
                  rows.map((r) => {
                    const dir = direction(r.change);
                    const selected = data.view.selected === r.symbolCode.toUpperCase();
                    return (
                      <tr key={r.symbolId} data-symbol={r.symbolCode} aria-selected={selected} className={selected ? "bg-blue-50 dark:bg-blue-950" : ""}>
                        <td className={`px-1.5 py-1 sm:px-2 ${tone[dir]}`}>
                          <DirectionIcon dir={dir} />
                        </td>
                        <th scope="row" className="px-1.5 py-1 sm:px-2 text-left font-medium">
                          <InAppLink to={symbolHref(r.symbolCode)} keepScroll className="hover:underline">
                            {r.symbolCode}
                          </InAppLink>
                          {selected ? (
                            <span role="img" aria-label="Selected" className="ml-1 inline-flex align-middle text-up">
                              <Icon name="check" className="h-4 w-4" />
                            </span>
                          ) : null}
                        </th>
                        <td data-field="close" className="px-1.5 py-1 sm:px-2 text-right tabular-nums">
                          {formatNumber(r.close)}
                        </td>
                        <td data-field="changePercent" data-value={r.changePercent ?? ""} className={`px-1.5 py-1 sm:px-2 text-right tabular-nums ${tone[dir]}`}>
                          {formatPercent(r.changePercent)}
                        </td>
                        {manage ? (
                          <td className="px-1.5 py-1 sm:px-2 text-right">
                            <Form method="post" action={WATCHLIST_ACTION} preventScrollReset>
                              <input type="hidden" name="intent" value="remove-symbol" />
                              <input type="hidden" name="watchlistId" value={active.id} />
                              <input type="hidden" name="symbolId" value={r.symbolId} />
                              <input type="hidden" name="returnTo" value={returnTo} />
                              <button type="submit" aria-label={`Remove ${r.symbolCode}`} title={`Remove ${r.symbolCode}`} className={smallButton}>
                                <Icon name="x" className="h-4 w-4" />
                              </button>
                            </Form>
                          </td>
                        ) : null}
                      </tr>
                    );
                  })
                )}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      ) : null}
    </section>
  );
}

function WatchlistTabs({ data, returnTo, pathname, search }: { data: WatchlistPanelData; returnTo: string; pathname: string; search: string }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const serverOrder = data.tabs.map((t) => t.id);
  const serverKey = serverOrder.join(",");
  const [order, setOrder] = useState(serverOrder);
  // A reload (or another tab's change) brings the stored order back.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setOrder(serverOrder), [serverKey]);
  const byId = new Map(data.tabs.map((t) => [t.id, t]));
  const tabs = order.map((id) => byId.get(id)).filter((t): t is NonNullable<typeof t> => t !== undefined);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // dnd-kit's own live region has role="status", the role of the page's toasts: it goes into a
  // container hidden from the accessibility tree, and the drag is announced here instead.
  const [dndContainer, setDndContainer] = useState<HTMLElement | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const nameOf = (id: unknown) => byId.get(Number(id))?.name ?? "";
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setAnnouncement(over ? `${nameOf(active.id)} dropped at position ${order.indexOf(Number(over.id)) + 1} of ${order.length}` : `${nameOf(active.id)} not moved`);
    if (!over || active.id === over.id) return;
    const next = arrayMove(order, order.indexOf(Number(active.id)), order.indexOf(Number(over.id)));
    setOrder(next);
    const form = new FormData();
    form.set("intent", "reorder");
    form.set("returnTo", returnTo);
    for (const id of next) form.append("ids", String(id));
    fetcher.submit(form, { method: "post", action: WATCHLIST_ACTION, preventScrollReset: true });
  };
  const list = (
    <ul aria-label="Watchlist tabs" className="flex flex-wrap items-center gap-2" data-order={tabs.map((t) => t.name).join("|")}>
      {tabs.map((tab, i) => (
        <SortableTab key={tab.id} id={tab.id} name={tab.name} draggable={hydrated}>
          <Link
            to={withParams(search, { list: tab.id, sector: null, search: null }) || "?"}
            aria-current={tab.id === data.activeId ? "page" : undefined}
            preventScrollReset
            className={`rounded px-2 py-0.5 text-sm ${tab.id === data.activeId ? "bg-blue-600 font-semibold text-white" : "hover:bg-slate-200 dark:hover:bg-slate-700"}`}
          >
            {tab.name}
          </Link>
          <Form method="post" action={WATCHLIST_ACTION} preventScrollReset className="inline-flex">
            <input type="hidden" name="watchlistId" value={tab.id} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <input type="hidden" name="intent" value="move" />
            {i > 0 ? (
              <button type="submit" name="direction" value="up" aria-label={`Move ${tab.name} left`} title="Move left" className={smallButton}>
                <Icon name="chevron-left" className="h-4 w-4" />
              </button>
            ) : null}
            {i < tabs.length - 1 ? (
              <button type="submit" name="direction" value="down" aria-label={`Move ${tab.name} right`} title="Move right" className={smallButton}>
                <Icon name="chevron-right" className="h-4 w-4" />
              </button>
            ) : null}
          </Form>
          <Form
            method="post"
            action={WATCHLIST_ACTION}
            preventScrollReset
            className="inline-flex"
            onSubmit={(event) => {
              if (!window.confirm(`Delete the watchlist ${tab.name}?`)) event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="watchlistId" value={tab.id} />
            {/* Deleting the open tab goes back to the first one. */}
            <input type="hidden" name="returnTo" value={pathname + withParams(search, { list: tab.id === data.activeId ? null : data.activeId })} />
            <button type="submit" aria-label={`Delete watchlist ${tab.name}`} title="Delete" className={smallButton}>
              <Icon name="trash" className="h-4 w-4" />
            </button>
          </Form>
        </SortableTab>
      ))}
    </ul>
  );
  if (!hydrated) return list;
  return (
    <>
      <div ref={setDndContainer} aria-hidden="true" />
      <p aria-live="assertive" className="sr-only">
        {announcement}
      </p>
      {dndContainer ? (
        <DndContext
          id="watchlist-tabs"
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragStart={({ active }) => setAnnouncement(`Picked up ${nameOf(active.id)}. Use the arrow keys to move it, space to drop.`)}
          onDragOver={({ active, over }) => over && setAnnouncement(`${nameOf(active.id)} is over position ${order.indexOf(Number(over.id)) + 1} of ${order.length}`)}
          onDragEnd={onDragEnd}
          onDragCancel={({ active }) => setAnnouncement(`${nameOf(active.id)} not moved`)}
          accessibility={{ container: dndContainer }}
        >
          <SortableContext items={order} strategy={horizontalListSortingStrategy}>
            {list}
          </SortableContext>
        </DndContext>
      ) : (
        list
      )}
    </>
  );
}

function SortableTab({ id, name, draggable, children }: { id: number; name: string; draggable: boolean; children: React.ReactNode }) {
  if (!draggable) return <li data-tab={id} className="flex items-center gap-0.5 rounded border border-slate-200 px-1 py-0.5 dark:border-slate-700">{children}</li>;
  return (
    <DraggableTab id={id} name={name}>
      {children}
    </DraggableTab>
  );
}

function DraggableTab({ id, name, children }: { id: number; name: string; children: React.ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-tab={id}
      data-dragging={isDragging || undefined}
      className="flex items-center gap-0.5 rounded border border-slate-200 bg-white px-1 py-0.5 dark:border-slate-700 dark:bg-slate-900"
    >
      <button type="button" {...attributes} {...listeners} aria-label={`Drag ${name}`} className={`${smallButton} cursor-grab`}>
        <Icon name="grip-vertical" className="h-4 w-4" />
      </button>
      {children}
    </li>
  );
}

function CreateWatchlist({ returnTo, lastResult }: { returnTo: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({
    id: "create-watchlist",
    lastResult,
    constraint: getZodConstraint(createWatchlistSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createWatchlistSchema }),
  });
  return (
    <details open={Boolean(fields.watchlistName.errors?.length)} className="text-sm">
      <summary className="cursor-pointer font-medium text-blue-600 dark:text-blue-400">+ Create new watchlist</summary>
      <Form method="post" action={WATCHLIST_ACTION} {...getFormProps(form)} noValidate className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.watchlistName.id} className="font-medium">
            Watchlist name
          </label>
          <input
            {...getInputProps(fields.watchlistName, { type: "text", ariaDescribedBy: fields.watchlistName.errors?.length ? fields.watchlistName.errorId : undefined })}
            key={fields.watchlistName.key}
            autoComplete="off"
            className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
          />
          <FieldErrors id={fields.watchlistName.errorId} errors={fields.watchlistName.errors} />
        </div>
        <button type="submit" className="rounded-md bg-blue-600 px-3 py-1 font-semibold text-white hover:bg-blue-700">
          Create
        </button>
      </Form>
    </details>
  );
}

function WatchFilter({ data }: { data: WatchlistPanelData }) {
  const location = useLocation();
  const submit = useSubmit();
  // The host page's other parameters ride along as hidden fields.
  const kept = [...new URLSearchParams(location.search)].filter(([k]) => k !== WATCH_PARAMS.sector && k !== WATCH_PARAMS.search);
  return (
    <Form
      method="get"
      action={location.pathname}
      role="search"
      aria-label="Filter symbols"
      preventScrollReset
      className="flex flex-wrap items-end gap-2 text-sm"
      onChange={(event) => {
        if ((event.target as HTMLElement).tagName === "SELECT") submit(event.currentTarget, { preventScrollReset: true, replace: true });
      }}
    >
      {kept.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <select name={WATCH_PARAMS.sector} aria-label="Select Sector" defaultValue={data.view.sectorId ?? ""} key={`sector-${data.view.sectorId ?? ""}`} className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900">
        <option value="">Select Sector</option>
        {data.sectors.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <input
        type="search"
        name={WATCH_PARAMS.search}
        aria-label="Search symbols"
        placeholder="Search"
        defaultValue={data.view.search}
        key={`q-${data.view.search}`}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
      />
      <button type="submit" className="rounded-md border border-slate-300 px-2 py-1 font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
        Search
      </button>
    </Form>
  );
}

function AddSymbol({ watchlistId, name, choices, returnTo }: { watchlistId: number; name: string; choices: string[]; returnTo: string }) {
  // A refused symbol is answered in place (400 with its message): posting with the page's own
  // query keeps the open list, so the user stays on the list they were adding to.
  const query = returnTo.includes("?") ? returnTo.slice(returnTo.indexOf("?")) : "";
  return (
    <Form method="post" action={WATCHLIST_ACTION + query} preventScrollReset className="flex flex-wrap items-end gap-2 text-sm">
      <input type="hidden" name="intent" value="add-symbol" />
      <input type="hidden" name="watchlistId" value={watchlistId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="flex flex-col gap-1">
        <label htmlFor="add-symbol" className="font-medium">
          Add symbol to {name}
        </label>
        <input
          id="add-symbol"
          name="symbol"
          list="add-symbol-choices"
          required
          autoComplete="off"
          placeholder="Search symbol"
          className="rounded-md border border-slate-300 bg-white px-2 py-1 uppercase dark:border-slate-700 dark:bg-slate-900"
        />
        <datalist id="add-symbol-choices">
          {choices.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </div>
      <button type="submit" className="rounded-md bg-blue-600 px-3 py-1 font-semibold text-white hover:bg-blue-700">
        Add
      </button>
    </Form>
  );
}

/** The row's direction as an icon with a name (Up, Down, Unchanged). */
function DirectionIcon({ dir }: { dir: keyof typeof arrow }) {
  return (
    <span role="img" aria-label={arrowLabel[dir]} className="inline-flex align-middle">
      <Icon name={arrow[dir]} className="h-3.5 w-3.5" />
    </span>
  );
}
