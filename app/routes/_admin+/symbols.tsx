import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { answerStatusSwitch } from "~/auth/status-switch.server";
import { cellClass, KeepListLink, linkClass, ListActions, ListFilters, ListWithDialog, PageTitle, Pagination, StatusDot, StatusSwitch, Table } from "~/components/admin/admin-ui";
import { listView } from "~/domain/list-query";
import { AudioScriptButton } from "~/components/admin/audio-script-button";
import { FilterSelect } from "~/components/ui/select-field";
import { formatIstDate } from "~/domain/dates";
import { formatNumber } from "~/domain/format";
import { listSymbols, switchSymbol } from "~/services/catalogue.server";
import { listSectorChoices } from "~/services/sectors.server";
import { SELECT_SECTOR } from "~/schemas/catalogue";
import { parseSymbolListQuery } from "~/schemas/admin-lists";
import { requestUrl } from "~/schemas/request-input.server";
import { KITE_PROVIDER } from "~/domain/kite-session";
import { describeKiteInstruments } from "~/services/live-rate.server";
import { KiteInstrumentCell } from "~/components/admin/kite-instrument";

export const meta: MetaFunction = () => [{ title: "Symbols — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const query = parseSymbolListQuery(requestUrl(request).searchParams);
  const [{ rows, total }, sectors] = await Promise.all([listSymbols(context, query), listSectorChoices(context)]);
  // With the Kite feed, each listed symbol's instrument in the stored dump (docs/decisions/175).
  const kite = context.env.FEED === KITE_PROVIDER ? await describeKiteInstruments(context, rows.map((r) => r.symbolCode)) : null;
  return json({
    kite: kite ? { listedOn: kite.listedOn, bySymbol: Object.fromEntries(kite.instruments.map((i) => [i.symbolCode, i])) } : null,
    sectorId: query.sectorId,
    sectors,
    ...listView(query, total),
    rows: rows.map((r) => ({ ...r, createdAt: formatIstDate(r.createdAt), updatedAt: formatIstDate(r.updatedAt) })),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1]);
  return answerStatusSwitch(request, context, (id, status) => switchSymbol(context, actor, id, status));
}

export default function SymbolsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <ListWithDialog>
      <section aria-labelledby="symbols-title">
        <PageTitle
          id="symbols-title"
          title="Symbol List"
          action={<ListActions exportPath="/symbols/export" exportLabel="symbols" addTo="/symbols/new" />}
        />
        <ListFilters
          label="Filter symbols"
          searchLabel="Search code or description"
          view={data}
          after={
            data.sectorId || data.search ? (
              <Link to="/symbols" className={`${linkClass} pb-2 text-sm`}>
                Clear
              </Link>
            ) : null
          }
        >
          <FilterSelect label="Sector" name="sector_id" value={data.sectorId ? String(data.sectorId) : ""} placeholder={SELECT_SECTOR} options={data.sectors.map((s) => ({ value: s.id, label: s.sectorName }))} />
        </ListFilters>
        <Table
          caption="Symbols"
          sorting={data.sorting}
          headers={[
            "Segment",
            "Description",
            { label: "Symbol", sort: "code" },
            { label: "Sector", sort: "sector" },
            { label: "Lot size", sort: "lot" },
            "Step",
            { label: "Last Date", sort: "created" },
            "Update Date",
            "Audio Script",
            ...(data.kite ? [`Kite instrument (${data.kite.listedOn})`] : []),
            "Edit",
            { label: "Status", sort: "status" },
          ]}
          empty={data.rows.length === 0}
        >
          {data.rows.map((s) => (
            <tr key={s.id} data-symbol={s.symbolCode}>
              <td className={cellClass}>{s.segment}</td>
              <td className={cellClass}>{s.description}</td>
              <th scope="row" className={`${cellClass} text-left font-medium`}>
                {s.symbolCode}
              </th>
              <td className={cellClass}>{s.sectorName ?? "—"}</td>
              <td className={`${cellClass} tabular-nums`}>{formatNumber(s.lotSize, 0)}</td>
              <td className={`${cellClass} tabular-nums`}>{formatNumber(s.step)}</td>
              <td className={cellClass}>{s.createdAt}</td>
              <td className={cellClass}>{s.updatedAt}</td>
              <td className={cellClass}>
                <AudioScriptButton script={s.audioScript} symbolCode={s.symbolCode} />
              </td>
              {data.kite ? (
                <td className={`${cellClass} min-w-48`}>
                  <KiteInstrumentCell instrument={data.kite.bySymbol[s.symbolCode]} active={s.status} />
                </td>
              ) : null}
              <td className={cellClass}>
                <KeepListLink to={`/symbols/${s.id}/edit`} className={linkClass} aria-label={`Edit ${s.symbolCode}`}>
                  Edit
                </KeepListLink>
              </td>
              <td className={cellClass}>
                <span className="flex items-center gap-2">
                  <StatusDot on={s.status} label={s.symbolCode} />
                  <StatusSwitch id={s.id} on={s.status} name={`Switch ${s.symbolCode}`} />
                </span>
              </td>
            </tr>
          ))}
        </Table>
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} label="Symbols" />
      </section>
    </ListWithDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
