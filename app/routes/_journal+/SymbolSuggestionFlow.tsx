import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { buttonClass, cellClass, linkClass, ListWithDialog, PageTitle, Pagination, Table } from "~/components/admin/admin-ui";
import { LONG_PAGE_SIZE, parsePage } from "~/domain/paging";
import { listSuggestions } from "~/services/suggestions.server";
import { NO_SUGGESTIONS } from "~/schemas/symbol-suggestion";
import { searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Symbol Suggestion Flow — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const page = parsePage(searchParamsOf(request).get("page"));
  const { rows, total } = await listSuggestions(context, page, LONG_PAGE_SIZE);
  return json({ page, total, rows });
}

export default function SymbolSuggestionFlowPage() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ListWithDialog>
      <section aria-labelledby="suggestions-title">
        <PageTitle id="suggestions-title" title="Symbol Suggestion Flow" action={<Link to={`/SymbolSuggestionFlow/new${search}`} className={buttonClass}>+ Add</Link>} />
        <Table caption="Symbol suggestions" headers={["Trend", "Symbol", "Actions"]} empty={data.rows.length === 0} emptyText={NO_SUGGESTIONS}>
          {data.rows.map((r) => (
            <tr key={r.id}>
              <td className={cellClass}>{r.trends}</td>
              <th scope="row" className={`${cellClass} text-left font-medium`}>
                {r.symbolCode}
              </th>
              <td className={cellClass}>
                <Link to={`/SymbolSuggestionFlow/${r.id}/edit${search}`} className={linkClass} aria-label={`Edit suggestion ${r.symbolCode}`}>
                  Edit
                </Link>{" "}
                <Link to={`/SymbolSuggestionFlow/${r.id}/delete${search}`} className={`${linkClass} ml-2`} aria-label={`Delete suggestion ${r.symbolCode}`}>
                  Delete
                </Link>
              </td>
            </tr>
          ))}
        </Table>
        <Pagination page={data.page} pageSize={LONG_PAGE_SIZE} total={data.total} label="Suggestion" />
      </section>
    </ListWithDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
