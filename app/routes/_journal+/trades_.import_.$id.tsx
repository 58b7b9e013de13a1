import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/guards.server";
import { redirectWithToast } from "~/auth/toast.server";
import { buttonClass, linkClass, PageTitle, secondaryButtonClass } from "~/components/admin/admin-ui";
import { moneyTone } from "~/components/reports/report-ui";
import { FormErrors } from "~/components/ui/field";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { formatIstDateTime } from "~/domain/dates";
import { formatNumber, formatRupees } from "~/domain/format";
import { MAX_LISTED_ROWS } from "~/market/import-report";
import { parseIdParam } from "~/domain/paging";
import { tradebookImportActionSchema } from "~/schemas/tradebook-import";
import { readForm } from "~/schemas/request-input.server";
import { commitTradebookImport, discardTradebookImport, loadTradebookImport, type TradebookImportView } from "~/services/tradebook-import.server";

export const meta: MetaFunction = () => [{ title: "Tradebook import — NSE Signals" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  // A preview that was discarded, expired or is another user's: the page says so instead of failing.
  return json({ view: await loadTradebookImport(context, user, parseIdParam(params.id)) });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const id = parseIdParam(params.id);
  const parsed = tradebookImportActionSchema.safeParse({ intent: (await readForm(request)).get("intent") ?? undefined });
  if (!parsed.success) return json({ problem: parsed.error.issues[0].message }, { status: 400 });
  if (parsed.data.intent === "discard") {
    const discarded = await discardTradebookImport(context, user, id);
    if (!discarded.ok) return json({ problem: discarded.problem.message }, { status: discarded.problem.status });
    return redirectWithToast(context.cookies, request, "/trades/import", { type: "success", message: discarded.value.message });
  }
  const committed = await commitTradebookImport(context, user, id);
  if (!committed.ok) return json({ problem: committed.problem.message }, { status: committed.problem.status });
  return redirectWithToast(context.cookies, request, `/trades/import/${id}`, { type: "success", message: committed.value.message });
}

const when = (iso: string) => formatIstDateTime(new Date(iso));

export default function TradebookImportPage() {
  const { view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (!view) {
    return (
      <section aria-labelledby="import-title">
        <PageTitle id="import-title" title="Tradebook import" />
        <p className="mb-3 text-sm">This import is no longer here: a preview is discarded after a day, or when you discard it.</p>
        <Link to="/trades/import" className={buttonClass}>
          Upload a tradebook
        </Link>
      </section>
    );
  }
  const committed = view.state === "committed";
  return (
    <section aria-labelledby="import-title">
      <PageTitle
        id="import-title"
        title={committed ? "Tradebook imported" : "Tradebook preview"}
        action={
          <span className="flex gap-3 text-sm">
            <Link to="/trades/import" className={linkClass}>
              Imports
            </Link>
            <Link to="/trades" className={linkClass}>
              Trades
            </Link>
          </span>
        }
      />
      <p className="mb-3 break-words text-sm">
        <strong>{view.fileName}</strong> ({view.format}), uploaded {when(view.createdAt)}
        {view.committedAt ? `, imported ${when(view.committedAt)}` : ""}.
      </p>
      <Summary view={view} />
      <FormErrors errors={actionData?.problem ? [actionData.problem] : undefined} />
      {committed ? null : (
        <div className="my-4 flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="confirm" />
            <button type="submit" className={buttonClass} disabled={busy}>
              {confirmLabel(view.counts)}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="discard" />
            <button type="submit" className={secondaryButtonClass} disabled={busy}>
              Discard
            </button>
          </Form>
        </div>
      )}
      {view.unknownSymbols.length > 0 ? (
        <div className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950">
          <h2 className="font-semibold">Symbols you cannot trade here (their rows are skipped)</h2>
          <ul className="mt-1 list-inside list-disc">
            {view.unknownSymbols.map((u) => (
              <li key={u.symbol}>
                {u.symbol}: {u.rows} {u.rows === 1 ? "row" : "rows"}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ContinuedTrades view={view} />
      <RoundTrips view={view} />
      <RowReport view={view} />
    </section>
  );
}

function Summary({ view }: { view: TradebookImportView }) {
  const c = view.counts;
  const items: [string, string][] = [
    ["Rows", formatNumber(c.rows, 0)],
    [view.state === "committed" ? "Trades created" : "Round trips", formatNumber(c.trades, 0)],
    ["Still open", formatNumber(c.openTrades, 0)],
    ["Earlier trades exited", formatNumber(c.continued, 0)],
    ["Already imported (skipped)", formatNumber(c.duplicates, 0)],
    ["Unknown symbol (skipped)", formatNumber(c.unknown, 0)],
    ["Bad rows", formatNumber(c.errors, 0)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="import-summary">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-md border border-slate-200 p-2 dark:border-slate-800">
          <dt className="text-muted">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="rounded-md border border-slate-200 p-2 dark:border-slate-800">
        <dt className="text-muted">Realised PNL</dt>
        <dd className={`font-semibold tabular-nums ${moneyTone(view.realisedPnl)}`}>{formatRupees(view.realisedPnl)}</dd>
      </div>
    </dl>
  );
}

const tableClass =
  "w-full whitespace-nowrap text-xs [&_td]:border-t [&_td]:border-slate-100 [&_td]:px-2 [&_td]:py-1.5 [&_th]:bg-slate-100 [&_th]:px-2 [&_th]:py-1.5 [&_th]:text-left dark:[&_td]:border-slate-800 dark:[&_th]:bg-slate-800 [&_td.n]:text-right [&_td.n]:tabular-nums";

function confirmLabel(counts: TradebookImportView["counts"]): string {
  const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;
  if (counts.trades === 0 && counts.continued === 0) return "Confirm (nothing to import)";
  const parts = [counts.trades > 0 ? plural(counts.trades, "trade") : null, counts.continued > 0 ? `exits of ${plural(counts.continued, "open trade")}` : null];
  return `Confirm import of ${parts.filter(Boolean).join(" and ")}`;
}

const exitList = (exits: TradebookImportView["trades"][number]["exits"]) =>
  exits.length === 0 ? (
    "—"
  ) : (
    <ul>
      {exits.map((e, i) => (
        <li key={i}>
          {formatNumber(e.quantity, 0)} @ {formatNumber(e.price)}, {when(e.at)}
        </li>
      ))}
    </ul>
  );

/** A row of the import's trip tables: a new round trip, or an earlier trade this file exits. */
interface TripRow {
  key: string | number;
  label: string;
  symbol: string;
  tradeType: string;
  quantity: number;
  entryPrice: TradebookImportView["trades"][number]["entryPrice"];
  enteredAt: string;
  exits: TradebookImportView["trades"][number]["exits"];
  openQuantity: number;
  realisedPnl: TradebookImportView["trades"][number]["realisedPnl"];
}

function TripTable({ label, testId, columns, rows }: { label: string; testId?: string; columns: { first: string; quantity: string; open: string }; rows: TripRow[] }) {
  return (
    <ScrollRegion label={label}>
      <table className={tableClass} data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{columns.first}</th>
            <th scope="col">Symbol</th>
            <th scope="col">Type</th>
            <th scope="col">{columns.quantity}</th>
            <th scope="col">Entry</th>
            <th scope="col">Entered (IST)</th>
            <th scope="col">Exits</th>
            <th scope="col">{columns.open}</th>
            <th scope="col">Realised PNL</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t.key}>
              <td>{t.label}</td>
              <th scope="row" className="font-medium">
                {t.symbol}
              </th>
              <td>{t.tradeType}</td>
              <td className="n">{formatNumber(t.quantity, 0)}</td>
              <td className="n">{formatNumber(t.entryPrice)}</td>
              <td>{when(t.enteredAt)}</td>
              <td>{exitList(t.exits)}</td>
              <td className="n">{formatNumber(t.openQuantity, 0)}</td>
              <td className={`n ${moneyTone(t.realisedPnl)}`}>{formatRupees(t.realisedPnl)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Open trades of earlier imports that this file's sells (or buys, for a short) exit (docs/decisions/169). */
function ContinuedTrades({ view }: { view: TradebookImportView }) {
  if (view.continued.length === 0) return null;
  const committed = view.state === "committed";
  return (
    <>
      <h2 className="mb-2 mt-4 text-lg font-semibold">{committed ? "Open trades exited" : "Open trades this file exits"}</h2>
      <TripTable
        label="Open trades exited"
        testId="continued-trades"
        columns={{ first: "Trade", quantity: "Open before", open: "Open after" }}
        rows={view.continued.map((t) => ({ ...t, key: t.tradeId, label: `#${t.tradeId}`, quantity: t.openBefore }))}
      />
    </>
  );
}

function RoundTrips({ view }: { view: TradebookImportView }) {
  const committed = view.state === "committed";
  return (
    <>
      <h2 className="mb-2 mt-4 text-lg font-semibold">{committed ? "Trades created" : "Round trips to be created"}</h2>
      {view.trades.length === 0 ? (
        <p className="text-sm text-muted">{committed ? "No trades were created." : "Nothing to import: no round trip is new."}</p>
      ) : (
        <TripTable
          label="Round trips"
          columns={{ first: committed ? "Trade" : "#", quantity: "Qty", open: "Open" }}
          rows={view.trades.map((t) => ({ ...t, key: t.n, label: committed ? `#${t.tradeId}` : String(t.n) }))}
        />
      )}
      {view.counts.trades > view.trades.length ? <p className="mt-1 text-xs text-muted">The first {MAX_LISTED_ROWS} of {formatNumber(view.counts.trades, 0)} are listed.</p> : null}
    </>
  );
}

function RowReport({ view }: { view: TradebookImportView }) {
  const listed = view.rows.length;
  const total = view.counts.rows;
  return (
    <>
      <h2 className="mb-2 mt-6 text-lg font-semibold">Every row</h2>
      <ScrollRegion label="Rows of the tradebook">
        <table className={tableClass}>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Trade ID</th>
              <th scope="col">Symbol</th>
              <th scope="col">Side</th>
              <th scope="col">Qty</th>
              <th scope="col">Price</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {view.rows.map((r) => (
              <tr key={r.line} data-kind={r.kind}>
                <td className="n">{r.line}</td>
                <td>{r.tradeId ?? "—"}</td>
                <td>{r.symbol ?? "—"}</td>
                <td>{r.side ?? "—"}</td>
                <td className="n">{r.quantity === null ? "—" : formatNumber(r.quantity, 0)}</td>
                <td className="n">{r.price === null ? "—" : formatNumber(r.price)}</td>
                <td className={r.kind === "error" ? "whitespace-normal text-down" : r.kind === "trade" || r.kind === "continued" ? "" : "text-muted"}>{r.outcome}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {total > listed ? <p className="mt-1 text-xs text-muted">The first {MAX_LISTED_ROWS} of {formatNumber(total, 0)} rows are listed.</p> : null}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
