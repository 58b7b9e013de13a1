import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { answerStatusSwitch } from "~/auth/status-switch.server";
import { buttonClass, cellClass, FilterForm, linkClass, ListWithDialog, PageTitle, Pagination, StatusDot, StatusSwitch, Table } from "~/components/admin/admin-ui";
import { AudioScriptButton } from "~/components/admin/audio-script-button";
import { FilterSelect } from "~/components/ui/select-field";
import { formatIstDate } from "~/domain/dates";
import { formatNumber } from "~/domain/format";
import { PAGE_SIZE, parseIdParam, parsePage } from "~/domain/paging";
import { listSymbols, switchSymbol } from "~/services/catalogue.server";
import { listSectorChoices } from "~/services/sectors.server";
import { SELECT_SECTOR } from "~/schemas/catalogue";
import { requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Symbols — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const url = requestUrl(request);
  const sectorId = parseIdParam(url.searchParams.get("sector_id"));
  const page = parsePage(url.searchParams.get("page"));
  const [{ rows, total }, sectors] = await Promise.all([
    listSymbols(context, { sectorId, page, pageSize: PAGE_SIZE }),
    listSectorChoices(context),
  ]);
  return json({
    sectorId,
    sectors,
    page,
    total,
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
          action={
            <Link to={`/symbols/new${data.sectorId ? `?sector_id=${data.sectorId}` : ""}`} className={buttonClass}>
              + Add
            </Link>
          }
        />
        <div className="mb-3 flex items-end gap-3">
          <FilterForm label="Filter symbols">
            <FilterSelect label="Sector" name="sector_id" value={data.sectorId ? String(data.sectorId) : ""} placeholder={SELECT_SECTOR} options={data.sectors.map((s) => ({ value: s.id, label: s.sectorName }))} />
          </FilterForm>
          {data.sectorId ? (
            <Link to="/symbols" className={`${linkClass} pb-2 text-sm`}>
              Clear
            </Link>
          ) : null}
        </div>
        <Table
          caption="Symbols"
          headers={["Segment", "Description", "Symbol", "Lot size", "Step", "Last Date", "Update Date", "Audio Script", "Edit", "Status"]}
          empty={data.rows.length === 0}
        >
          {data.rows.map((s) => (
            <tr key={s.id} data-symbol={s.symbolCode}>
              <td className={cellClass}>{s.segment}</td>
              <td className={cellClass}>{s.description}</td>
              <th scope="row" className={`${cellClass} text-left font-medium`}>
                {s.symbolCode}
              </th>
              <td className={`${cellClass} tabular-nums`}>{formatNumber(s.lotSize, 0)}</td>
              <td className={`${cellClass} tabular-nums`}>{formatNumber(s.step)}</td>
              <td className={cellClass}>{s.createdAt}</td>
              <td className={cellClass}>{s.updatedAt}</td>
              <td className={cellClass}>
                <AudioScriptButton script={s.audioScript} symbolCode={s.symbolCode} />
              </td>
              <td className={cellClass}>
                <Link to={`/symbols/${s.id}/edit`} className={linkClass} aria-label={`Edit ${s.symbolCode}`}>
                  Edit
                </Link>
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
        <Pagination page={data.page} pageSize={PAGE_SIZE} total={data.total} label="Symbols" />
      </section>
    </ListWithDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
