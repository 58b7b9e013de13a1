import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { netPnl, NO_RATES_TITLE } from "~/domain/charges";
import { Form, Link, useFetcher, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useSettledRevalidate } from "~/components/realtime/use-settled-revalidate";
import { Icon } from "~/components/ui/icon";
import { useEffect, useRef, useState } from "react";
import { requireRouteAccess } from "~/auth/guards.server";
import { answerStatusSwitch } from "~/auth/status-switch.server";
import { buttonClass, ExportLinks, linkClass, ListWithDialog, secondaryButtonClass } from "~/components/admin/admin-ui";
import { useHydrated } from "~/components/ui/use-hydrated";
import { moneyTone } from "~/components/reports/report-ui";
import { controlClass, FieldErrors } from "~/components/ui/field";
import { canReach, type RoleId } from "~/domain/access";
import { formatIstCompactDateTime, formatIstDateTime } from "~/domain/dates";
import { formatNumber, formatPercent, formatRupees } from "~/domain/format";
import { splitTradePnl, todayMarkToMarket, totalPnl } from "~/domain/pnl";
import { rMultiple } from "~/domain/risk";
import { CalendarLink, RCell, TagsAndNote } from "~/components/trades/trade-journal-cells";
import { TradeFilterChoices } from "~/components/trades/trade-filter-choices";
import { istDateString, istMidnight } from "~/domain/dates";
import { tradeFilterSearch, tradePageRange, tradePageSearch } from "~/domain/trade-list";
import { BULK_ACTION_LABELS, bulkActionsFor, tradeCount, type BulkTradeAction } from "~/domain/trade-bulk";
import { loadTradeJournal, verifyTrade } from "~/services/trades.server";
import { useLiveQuotes } from "~/components/realtime/socket-context";
import { searchParamsOf } from "~/schemas/request-input.server";
import { levelHitFlags } from "~/domain/trade-watch";
import { shownTradePrices } from "~/domain/trade-rows";
import { LevelHitFlags } from "~/components/trades/level-hit-flags";
import { InAppLink } from "~/components/ui/in-app-link";

export const meta: MetaFunction = () => [{ title: "Trades — NSE Signals" }];

/** A time for a table cell: compact on screen, the full IST value in its title (docs/decisions/150). */
function istTimeOf(date: Date, now: Date) {
  return { iso: date.toISOString(), short: formatIstCompactDateTime(date, now), full: formatIstDateTime(date) };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const journal = await loadTradeJournal(context, user, searchParamsOf(request));
  const now = new Date();
  const todayStart = istMidnight(istDateString(now));
  return json({
    ...journal,
    role: user.roleId,
    rows: journal.rows.map((t) => ({
      id: t.id,
      symbolCode: t.symbolCode,
      tradeType: t.tradeType,
      username: t.username,
      buyPrice: t.buyPrice,
      sellPrice: t.sellPrice,
      quantity: t.quantity,
      targetPrice: t.targetPrice,
      slPrice: t.slPrice,
      // The prices as the reports show them: "—" for a leg not yet traded or a level never set (docs/decisions/143).
      shown: shownTradePrices({ ...t, open: t.status }),
      currentPrice: t.currentPrice,
      pnl: t.pnl,
      pnlPercent: t.pnlPercent,
      charges: t.charges,
      netPnl: t.netPnl,
      risk: t.risk,
      r: t.r,
      tags: t.tags,
      note: t.note,
      realisedPnl: t.realisedPnl,
      unrealisedPnl: t.unrealisedPnl,
      todayMtm: t.todayMtm,
      exitedUnits: t.exitedUnits,
      exitedValue: t.exitedValue,
      prevClose: t.prevClose,
      // Today's MTM of a position carried from before today counts from the previous close.
      carried: t.tradeDateTime < todayStart,
      tradeDateTime: istTimeOf(t.tradeDateTime, now),
      exitDateTime: t.exitDateTime ? istTimeOf(t.exitDateTime, now) : null,
      isVerified: t.isVerified,
      status: t.status,
      levelHits: levelHitFlags(t, now),
    })),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  // The list's one row action is role 1's verification switch; another role's trade is not found.
  return answerStatusSwitch(request, context, (id, status) => verifyTrade(context, user, id, status));
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

/** Live prices move Current Price and PNL of open trades (closed ones are frozen). */
function useLiveRows(rows: Row[]): Row[] {
  const openCodes = [...new Set(rows.filter((r) => r.status).map((r) => r.symbolCode))];
  const live = useLiveQuotes(openCodes);
  return rows.map((r) => {
    const quote = r.status ? live[r.symbolCode.toUpperCase()] : undefined;
    if (!quote) return r;
    const input = { tradeType: r.tradeType, open: true, quantity: r.quantity, buyPrice: r.buyPrice, sellPrice: r.sellPrice, exits: { units: r.exitedUnits, value: r.exitedValue } };
    const { pnl, pnlPercent, realised, unrealised } = splitTradePnl(input, quote.last);
    const todayMtm = todayMarkToMarket(input, { live: quote.last, prevClose: quote.prevClose ?? r.prevClose, carried: r.carried });
    return { ...r, currentPrice: quote.last, pnl, pnlPercent, netPnl: netPnl(pnl, r.charges), realisedPnl: realised, unrealisedPnl: unrealised, todayMtm, r: rMultiple(pnl, r.risk) };
  });
}

/** The list reloads itself every tradeSeconds while the tab is visible. */
function useAutoRefresh(seconds: number) {
  // Stable across renders (live prices re-render often), so the timer is not restarted.
  const revalidate = useSettledRevalidate();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") revalidate();
    }, seconds * 1000);
    return () => window.clearInterval(timer);
  }, [seconds, revalidate]);
}

export default function TradesPage() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const rows = useLiveRows(data.rows);
  useAutoRefresh(data.tradeSeconds);
  const selection = useSelection(rows.map((r) => r.id));
  const role = data.role as RoleId;
  const isAdmin = role === 1;
  const canAct = role !== 4;
  const total = totalPnl(rows.map((r) => r.pnl));
  const realised = totalPnl(rows.map((r) => r.realisedPnl));
  const unrealised = totalPnl(rows.map((r) => r.unrealisedPnl));
  const mtm = totalPnl(rows.map((r) => r.todayMtm));
  const charges = totalPnl(rows.map((r) => r.charges ?? "0.00"));
  const net = totalPnl(rows.map((r) => r.netPnl));
  const { from, to } = tradePageRange(data.page, rows.length);
  const back = tradeFilterSearch(location.search);
  // Short human headers (docs/decisions/150): the list fits a 1280 px screen without sideways
  // scrolling; the JSON API keeps the specification's field names.
  const headers: Header[] = [
    { label: "Symbol" },
    { label: "Type" },
    { label: "User" },
    { label: "Buy", numeric: true },
    { label: "Sell", numeric: true },
    { label: "Qty", title: "Quantity", numeric: true },
    { label: "Target", numeric: true },
    { label: "SL", title: "Stop loss", numeric: true },
    { label: "LTP", title: "Last traded price", numeric: true },
    { label: "PNL", title: "Gross PNL, with the charges and the net PNL under it", numeric: true },
    { label: "PNL %", numeric: true },
    { label: "R", title: "R-multiple: PNL / initial risk (|entry - SL| x quantity)", numeric: true },
    // One column, the exit under the entry: the rows are three lines high for the PNL's sum
    // anyway (decision 174), and the table keeps its 1280 px fit (decision 150).
    { label: "Entry / Exit", title: "Trade date and time, and exit date and time (IST)" },
    ...(isAdmin ? [{ label: "Verified" }] : []),
    ...(canAct ? [{ label: "Action" }] : []),
    { label: "Status" },
  ];
  return (
    <ListWithDialog>
      <section aria-labelledby="trades-title">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h1 id="trades-title" className="text-xl font-semibold">
            Trade List
          </h1>
          <p className="text-sm">
            Total PNL:{" "}
            <strong data-testid="total-pnl" className={`tabular-nums ${moneyTone(total)}`}>
              {formatRupees(total)}
            </strong>
          </p>
          {/* The split (docs/decisions/171): realised + unrealised = Total PNL; MTM is today's move of the open units. */}
          <p className="flex flex-wrap gap-x-3 text-xs" data-testid="pnl-split">
            <span>
              Realised <strong data-testid="realised-pnl" className={`tabular-nums ${moneyTone(realised)}`}>{formatRupees(realised)}</strong>
            </span>
            <span>
              Unrealised <strong data-testid="unrealised-pnl" className={`tabular-nums ${moneyTone(unrealised)}`}>{formatRupees(unrealised)}</strong>
            </span>
            {/* Charges (docs/decisions/174): Total PNL - Charges = Net. */}
            <span>
              Charges <strong data-testid="total-charges" className="tabular-nums">{formatRupees(charges)}</strong>
            </span>
            <span>
              Net <strong data-testid="net-pnl" className={`tabular-nums ${moneyTone(net)}`}>{formatRupees(net)}</strong>
            </span>
            <span>
              <abbr title="Today's mark-to-market of the open units" className="no-underline">MTM</abbr> <strong data-testid="today-mtm" className={`tabular-nums ${moneyTone(mtm)}`}>{formatRupees(mtm)}</strong>
            </span>
          </p>
          <span className="flex flex-wrap items-center gap-3">
            <ExportLinks path="/trades/export" label="trades" />
            <CalendarLink search={tradeFilterSearch(location.search, false)} className={secondaryButtonClass} />
            {canReach(role, "/trades/import") ? (
              <Link to="/trades/import" className={secondaryButtonClass}>
                Import tradebook
              </Link>
            ) : null}
            <Link to={`/trades/new${back}`} className={buttonClass}>
              + Add
            </Link>
          </span>
        </div>
        <TradeFilters data={data} />
        <BulkBar actions={bulkActionsFor(role)} action={`/trades/bulk${back}`} selected={selection.count} />
        <SelectableTable headers={headers} empty={rows.length === 0} allSelected={selection.all} onSelectAll={selection.setAll}>
          {rows.map((r) => (
            <tr key={r.id} data-trade-id={r.id}>
              <td>
                {/* The bulk form's field (form=...): the table's own row forms (the verify switch) cannot nest in it. */}
                <input
                  type="checkbox"
                  name="ids"
                  value={r.id}
                  form={BULK_FORM_ID}
                  aria-label={`Select trade #${r.id}`}
                  className="h-4 w-4"
                  checked={selection.has(r.id)}
                  onChange={(event) => selection.toggle(r.id, event.currentTarget.checked)}
                />
              </td>
              <th scope="row">
                {r.symbolCode}
                <LevelHitFlags flags={r.levelHits} wrap />
                <TagsAndNote tags={r.tags} note={r.note} />
              </th>
              <td>{r.tradeType}</td>
              <td>
                <span className="block max-w-[4rem] truncate" title={r.username}>
                  {r.username}
                </span>
              </td>
              <td className="n" data-field="buy">{formatNumber(r.shown.buyPrice)}</td>
              <td className="n" data-field="sell">{formatNumber(r.shown.sellPrice)}</td>
              <td className="n" data-field="quantity">
                {/* Open units of the whole while part of it is still open; a closed trade is its quantity. */}
                {r.exitedUnits > 0 && r.status ? (
                  <abbr title={`${formatNumber(r.quantity - r.exitedUnits, 0)} open of ${formatNumber(r.quantity, 0)}; ${formatNumber(r.exitedUnits, 0)} exited`} className="no-underline">
                    {formatNumber(r.quantity - r.exitedUnits, 0)}/{formatNumber(r.quantity, 0)}
                  </abbr>
                ) : (
                  formatNumber(r.quantity, 0)
                )}
              </td>
              <td className="n" data-field="target">{formatNumber(r.shown.targetPrice)}</td>
              <td className="n" data-field="sl">{formatNumber(r.shown.slPrice)}</td>
              <td className="n" data-field="current">
                {formatNumber(r.currentPrice)}
              </td>
              <td className={`n ${moneyTone(r.pnl)}`} data-field="pnl">
                <span data-field="gross-pnl">{formatRupees(r.pnl)}</span>
                {/* Gross - charges = net, as a sum is written (docs/decisions/174): one short line each. */}
                <span className="block text-[0.65rem] text-muted" data-field="charges" data-charges={r.charges ?? ""} title={r.charges === null ? NO_RATES_TITLE : "Charges on the orders so far"}>
                  <span className="sr-only">Charges </span>− {formatRupees(r.charges)}
                </span>
                <span className={`block text-[0.65rem] ${moneyTone(r.netPnl)}`} data-field="net-pnl" data-net={r.netPnl} title="Net PNL: PNL - charges">
                  <span className="sr-only">Net PNL </span>= {formatRupees(r.netPnl)}
                </span>
                {r.exitedUnits > 0 && r.status ? (
                  <span className="block text-[0.65rem] text-muted" data-field="pnl-split">
                    R {formatRupees(r.realisedPnl)} · U {formatRupees(r.unrealisedPnl)}
                  </span>
                ) : null}
              </td>
              <td className={`n ${moneyTone(r.pnl)}`}>{formatPercent(r.pnlPercent)}</td>
              <RCell r={r.r} risk={r.risk} />
              <td data-field="times">
                <span className="block" data-field="entry">
                  <IstTime value={r.tradeDateTime} />
                </span>
                <span className="block text-muted" data-field="exit">
                  {r.exitDateTime ? <IstTime value={r.exitDateTime} /> : "—"}
                </span>
              </td>
              {isAdmin ? (
                <td>
                  <VerifySwitch id={r.id} on={r.isVerified} />
                </td>
              ) : null}
              {canAct ? (
                <td>
                  {/* No gap: each icon's own padding already spaces them (and keeps 24 px targets). */}
                  <span className="flex">
                    <InAppLink to={`/trades/${r.id}/edit${back}`} className={iconLinkClass} aria-label={`Edit trade #${r.id}`} title="Edit">
                      <Icon name="pencil" className="h-4 w-4" />
                    </InAppLink>
                    {r.status ? (
                      <InAppLink to={`/trades/${r.id}/exit${back}`} className={iconLinkClass} aria-label={`Exit part of trade #${r.id}`} title="Exit part">
                        <Icon name="split" className="h-4 w-4" />
                      </InAppLink>
                    ) : null}
                    <InAppLink to={`/trades/${r.id}/delete${back}`} className={`${iconLinkClass} text-red-600 dark:text-red-400`} aria-label={`Delete trade #${r.id}`} title="Delete">
                      <Icon name="trash" className="h-4 w-4" />
                    </InAppLink>
                  </span>
                </td>
              ) : null}
              <td>{r.status ? "Open" : "Closed"}</td>
            </tr>
          ))}
        </SelectableTable>
        <nav aria-label="Trade pages" className="mt-3 flex items-center justify-between text-sm">
          <p>
            Showing {from} to {to} results
          </p>
          <div className="flex items-center gap-2">
            {data.prevCursor ? (
              <Link to={tradePageSearch(location.search, data.page - 1, data.prevCursor, "before")} className={secondaryButtonClass} rel="prev">
                Previous
              </Link>
            ) : null}
            <span aria-current="page">Page {data.page}</span>
            {data.nextCursor ? (
              <Link to={tradePageSearch(location.search, data.page + 1, data.nextCursor, "after")} className={secondaryButtonClass} rel="next">
                Next
              </Link>
            ) : null}
          </div>
        </nav>
      </section>
    </ListWithDialog>
  );
}

/**
 * Role 1's verification switch: a small POST form (the list's own URL, so filters and page
 * survive); with JavaScript it posts through a fetcher and shows the new state at once.
 */
function VerifySwitch({ id, on }: { id: number; on: boolean }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("status");
  const shown = typeof pending === "string" ? pending === "1" : on;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="status" value={on ? "0" : "1"} />
      <button
        type="submit"
        role="switch"
        aria-checked={shown}
        aria-label={`Verify trade #${id}: ${shown ? "Verified" : "Unverified"}`}
        title={shown ? "Verified" : "Unverified"}
        className={`rounded p-0.5 ${shown ? "text-up" : "text-down"}`}
      >
        {shown ? <Icon name="badge-check" className="h-5 w-5" /> : <Icon name="circle-dashed" className="h-5 w-5" />}
      </button>
    </fetcher.Form>
  );
}

type Header = { label: string; title?: string; numeric?: boolean };

const BULK_FORM_ID = "trade-bulk";

/**
 * The ticked rows. The boxes are plain form fields (they work without JavaScript); once it runs
 * this state drives them, the select-all box and the count. Rows that leave the page (deleted,
 * another page) leave the selection; after a confirmed bulk action it starts empty again.
 */
function useSelection(ids: number[]) {
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set());
  const navigation = useNavigation();
  const confirming = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formAction?.startsWith("/trades/bulk") && navigation.formData?.get("confirm") === "1") confirming.current = true;
    if (navigation.state === "idle" && confirming.current) {
      confirming.current = false;
      setPicked(new Set());
    }
  }, [navigation.state, navigation.formAction, navigation.formData]);
  const onPage = ids.filter((id) => picked.has(id));
  return {
    count: onPage.length,
    all: ids.length > 0 && onPage.length === ids.length,
    has: (id: number) => picked.has(id),
    toggle: (id: number, on: boolean) =>
      setPicked((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    setAll: (on: boolean) => setPicked(on ? new Set(ids) : new Set()),
  };
}

/**
 * The bulk bar: one POST form whose fields are the rows' boxes (form=trade-bulk) and whose
 * buttons name the action. The post goes to /trades/bulk, which asks first, naming the count
 * (docs/decisions/172). Without JavaScript the count is not known here; with it, the bar shows
 * it and the buttons wait for a ticked row.
 */
function BulkBar({ actions, action, selected }: { actions: BulkTradeAction[]; action: string; selected: number }) {
  const hydrated = useHydrated();
  if (actions.length === 0) return null;
  return (
    <Form id={BULK_FORM_ID} method="post" action={action} aria-label="Selected trades" data-testid="bulk-bar" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted" aria-live="polite">
        {hydrated ? (selected ? `${tradeCount(selected)} selected` : "Tick trades to act on them") : "With the ticked trades:"}
      </span>
      {actions.map((name) => (
        <button
          key={name}
          type="submit"
          name="intent"
          value={name}
          disabled={hydrated && selected === 0}
          className={`${secondaryButtonClass} disabled:opacity-50 ${name === "delete" ? "text-red-700 dark:text-red-400" : ""}`}
        >
          {BULK_ACTION_LABELS[name]}
        </button>
      ))}
    </Form>
  );
}

const iconLinkClass = "inline-flex rounded p-1 text-blue-600 hover:bg-slate-100 dark:text-blue-400 dark:hover:bg-slate-800";

/** A time cell: compact on screen, the full IST value in the title and a machine-readable dateTime. */
function IstTime({ value }: { value: { iso: string; short: string; full: string } }) {
  return (
    <time dateTime={value.iso} title={value.full}>
      {value.short}
    </time>
  );
}

/**
 * The table with a select-all box in its header (ticks every row's box when JavaScript runs).
 * It scrolls inside its own box so the header row can stay in view (sticky) while the rows scroll.
 */
function SelectableTable({
  headers,
  empty,
  allSelected,
  onSelectAll,
  children,
}: {
  headers: Header[];
  empty: boolean;
  allSelected: boolean;
  onSelectAll: (on: boolean) => void;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    // relative: the screen-reader words in the PNL cells (sr-only, absolutely positioned) stay
    // inside this scrolling box instead of widening the page on a phone.
    <div data-testid="trade-table-box" role="region" aria-label="Trades" tabIndex={0} className="relative overflow-auto rounded-lg border border-slate-200 bg-white sm:max-h-[calc(100dvh-12rem)] dark:border-slate-800 dark:bg-slate-900">
      {/* Cell styles hang on the table (not on 400 cells): the page stays light to render and send. */}
      <table className="w-full whitespace-nowrap text-xs [&_tbody_td]:border-t [&_tbody_td]:border-slate-100 [&_tbody_td]:px-1 [&_tbody_td]:py-1.5 dark:[&_tbody_td]:border-slate-800 [&_tbody_th]:border-t [&_tbody_th]:border-slate-100 [&_tbody_th]:px-1 [&_tbody_th]:text-left [&_tbody_th]:font-medium dark:[&_tbody_th]:border-slate-800 [&_td.n]:text-right [&_td.n]:tabular-nums [&_time]:tabular-nums">
        <caption className="sr-only">Trades</caption>
        <thead className="text-left">
          <tr>
            <th scope="col" className={`${headCellClass} w-8`}>
              {/* Ticking every row needs JavaScript; without it each row is ticked by hand. */}
              <input type="checkbox" aria-label="Select all trades" className="h-4 w-4" disabled={!hydrated || empty} checked={allSelected} onChange={(event) => onSelectAll(event.currentTarget.checked)} />
            </th>
            {headers.map((h) => (
              <th key={h.label} scope="col" className={`${headCellClass} ${h.numeric ? "text-right" : ""}`}>
                {h.title ? (
                  <abbr title={h.title} className="no-underline">
                    {h.label}
                  </abbr>
                ) : (
                  h.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {empty ? (
            <tr>
              <td colSpan={headers.length + 1} className="px-3 py-4 text-center text-muted">
                No Data Found
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}

const headCellClass = "sticky top-0 z-10 whitespace-nowrap bg-slate-100 px-1 py-2 font-semibold dark:bg-slate-800";

/**
 * The GET filter form: Sectors for everyone, Today / Username / Filters for role 1, status unless
 * role 3. Submitting drops the page and cursor (back to page 1); with JavaScript a select or the
 * Today box submits at once.
 */
function TradeFilters({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const hydrated = useHydrated();
  const role = data.role as RoleId;
  const isAdmin = role === 1;
  const q = data.query;
  const [start, setStart] = useState(q.startDate ?? "");
  const [end, setEnd] = useState(q.endDate ?? "");
  const submitOnChange = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.tagName === "SELECT" || target.name === "today") event.currentTarget.requestSubmit();
  };
  return (
    <Form method="get" role="search" aria-label="Filter trades" className="mb-3 flex flex-wrap items-end gap-3" onChange={submitOnChange}>
      <TradeFilterChoices
        data={{ ...data, role }}
        afterSector={
          q.sectorId ? (
            <Link to={removeParam("sector")} className={`${linkClass} pb-2 text-sm`} aria-label="Clear sector">
              Clear
            </Link>
          ) : null
        }
      />
      {isAdmin ? (
        <details className="relative" open={Boolean(data.dateError) || undefined}>
          <summary className={`${secondaryButtonClass} cursor-pointer list-none`}>Filters</summary>
          <div className="absolute z-30 mt-1 flex w-64 flex-col gap-2 rounded-md border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900">
            <label className="flex flex-col gap-1 text-sm font-medium">
              Start Date
              <input type="date" name="startDate" value={start} onChange={(e) => setStart(e.target.value)} className={controlClass} />
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              End Date
              <input type="date" name="endDate" value={end} min={start || undefined} onChange={(e) => setEnd(e.target.value)} className={controlClass} />
            </label>
            <FieldErrors errors={data.dateError ? [data.dateError] : undefined} />
            {/* Apply waits for both dates (and an end not before the start) once JavaScript runs. */}
            <button type="submit" className={buttonClass} disabled={hydrated && (!start || !end || end < start)}>
              Apply
            </button>
          </div>
        </details>
      ) : null}
      <button type="submit" className={secondaryButtonClass}>
        Filter
      </button>
    </Form>
  );

  function removeParam(name: string) {
    const params = new URLSearchParams();
    if (q.today && isAdmin) params.set("today", "1");
    if (isAdmin) params.set("f", "1");
    if (q.startDate) params.set("startDate", q.startDate);
    if (q.endDate) params.set("endDate", q.endDate);
    if (isAdmin && q.userId) params.set("userId", String(q.userId));
    if (q.open !== null) params.set("active", q.open ? "1" : "0");
    if (q.tag) params.set("tag", q.tag);
    params.delete(name);
    return `?${params.toString()}`;
  }
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
