import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { InAppLink } from "~/components/ui/in-app-link";
import { requireRouteAccess } from "~/auth/guards.server";
import { loadLivePrices } from "~/services/charts.server";
import { formatNumber, formatPercent } from "~/domain/format";
import { direction } from "~/domain/quotes";
import { keyLabelTone } from "~/domain/targets";
import { TONE_TEXT } from "~/components/ui/tone";
import { useLiveQuotes } from "~/components/realtime/socket-context";
import { cursorParam, searchParamsOf } from "~/schemas/request-input.server";
import { Modal } from "~/components/ui/modal";
import { useHydrated } from "~/components/ui/use-hydrated";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { LatestKeysNote } from "~/components/charts/latest-keys-note";

export const meta: MetaFunction = () => [{ title: "Live prices — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  // The Keys dialog is a URL (?keys=CODE, ?before=<event id> for older keys): it opens without JavaScript too.
  const params = searchParamsOf(request);
  return json(await loadLivePrices(context, user, { keys: params.get("keys"), before: cursorParam(params, "before") }));
}

const tone = { up: "text-up", down: "text-down", flat: "" } as const;

export default function AllRealTimePage() {
  const { rows, keysFor, keys, keyCount, olderHref, latestHref } = useLoaderData<typeof loader>();
  const location = useLocation();
  const live = useLiveQuotes(rows.slice(0, 200).map((r) => r.code));
  return (
    <section aria-labelledby="live-title">
      <h1 id="live-title" className="mb-3 text-xl font-semibold">
        Live Prices
      </h1>
      {rows.length === 0 ? (
        <p>No Data Found</p>
      ) : (
        <ScrollRegion label="Live prices" className="rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full text-sm">
            <thead className="bg-slate-100 text-left dark:bg-slate-800">
              <tr>
                {["Symbol", "Open", "High", "Low", "Close", "Change", "Change Percentage", "Keys"].map((h) => (
                  <th key={h} scope="col" className={`px-3 py-2 font-semibold ${h === "Symbol" || h === "Keys" ? "" : "text-right"}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const q = live[row.code];
                const r = q ? { ...row, open: q.open, high: q.high, low: q.low, close: q.last, change: q.change, changePercent: q.changePercent } : row;
                const colour = tone[direction(r.change)];
                return (
                  <tr key={r.code} data-symbol={r.code} className="border-t border-slate-100 dark:border-slate-800">
                    <th scope="row" className="px-3 py-1.5 text-left font-medium" title={r.description}>
                      {r.code}
                    </th>
                    <td className="px-3 py-1.5 text-right tabular-nums">{formatNumber(r.open)}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{formatNumber(r.high)}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{formatNumber(r.low)}</td>
                    <td data-field="close" className="px-3 py-1.5 text-right tabular-nums">{formatNumber(r.close)}</td>
                    <td className={`px-3 py-1.5 text-right tabular-nums ${colour}`}>{formatNumber(r.change)}</td>
                    <td className={`px-3 py-1.5 text-right tabular-nums ${colour}`}>{formatPercent(r.changePercent)}</td>
                    <td className="px-3 py-1.5">
                      <InAppLink
                        to={`${location.pathname}?keys=${encodeURIComponent(r.code)}`}
                        keepScroll
                        className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
                        aria-label={`Keys of ${r.code}`}
                      >
                        Keys
                      </InAppLink>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {keysFor && keys ? <KeysDialog code={keysFor} keys={keys} total={keyCount} pages={{ older: olderHref, latest: latestHref }} closeTo={location.pathname} /> : null}
    </section>
  );
}

type KeyRow = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["keys"]>[number];

/**
 * The Keys dialog: on the page without JavaScript (Close is a link), the app's Modal with it. It
 * lists a page of the day's key events, newest first, with links to older and back to the latest.
 */
function KeysDialog({
  code,
  keys,
  total,
  pages,
  closeTo,
}: {
  code: string;
  keys: KeyRow[];
  total: number;
  pages: { older: string | null; latest: string | null };
  closeTo: string;
}) {
  const hydrated = useHydrated();
  const paged = pages.older !== null || pages.latest !== null;
  const list = (
    <>
      {pages.latest ? (
        <p className="mb-1 text-xs text-muted">Older key events ({formatNumber(total, 0)} today)</p>
      ) : (
        <LatestKeysNote shown={keys.length} total={total} className="mb-1" />
      )}
      {keys.length === 0 ? (
        <p>No keys</p>
      ) : (
        <ul aria-label={`Keys of ${code}`} tabIndex={0} className="max-h-72 overflow-y-auto text-sm">
          {keys.map((k, i) => (
            <li key={i} className="flex justify-between gap-2 py-0.5">
              <span className={`font-medium ${TONE_TEXT[keyLabelTone(k.label)]}`}>
                {k.label}
              </span>
              <span className="tabular-nums">{formatNumber(k.price)}</span>
              <span className="text-xs text-muted">{k.time}</span>
            </li>
          ))}
        </ul>
      )}
      {paged ? (
        <nav aria-label={`Pages of the keys of ${code}`} className="mt-2 flex gap-3 text-sm">
          {pages.latest ? (
            <Link to={pages.latest} preventScrollReset className="text-blue-600 underline dark:text-blue-400">
              Latest keys
            </Link>
          ) : null}
          {pages.older ? (
            <Link to={pages.older} preventScrollReset className="text-blue-600 underline dark:text-blue-400">
              Older keys
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
  if (hydrated) {
    return (
      <Modal title={`Keys — ${code}`} titleId="keys-title" closeTo={closeTo} size="sm">
        {list}
      </Modal>
    );
  }
  return (
    <dialog open aria-labelledby="keys-title" className="fixed inset-0 z-40 m-auto w-80 rounded-lg border border-slate-300 bg-white p-4 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
      <h2 id="keys-title" className="mb-2 font-semibold">
        Keys — {code}
      </h2>
      {list}
      <Link to={closeTo} preventScrollReset className="mt-3 inline-block text-sm text-blue-600 underline dark:text-blue-400">
        Close
      </Link>
    </dialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
