import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { cellClass, KeepListLink, linkClass, ListActions, ListFilters, ListWithDialog, PageTitle, Pagination, Table } from "~/components/admin/admin-ui";
import { listView } from "~/domain/list-query";
import { CALENDAR_LIST_DEFAULTS } from "~/domain/admin-lists";
import { calendarDayLabel, listCalendarEntries } from "~/services/calendar.server";
import { CALENDAR_FLAGS } from "~/schemas/calendar";
import { parseCalendarListQuery } from "~/schemas/admin-lists";
import { searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Calendar — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const query = parseCalendarListQuery(searchParamsOf(request));
  const { rows, total } = await listCalendarEntries(context, query);
  return json({
    ...listView(query, total),
    rows: rows.map((r) => ({ ...r, shownDate: calendarDayLabel(r.date) })),
  });
}

export default function CalendarPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <ListWithDialog>
      <section aria-labelledby="calendar-title">
        <PageTitle
          id="calendar-title"
          title="Calendar"
          action={<ListActions exportPath="/calendar/export" exportLabel="calendar" addTo="/calendar/new" />}
        />
        <ListFilters label="Filter calendar" searchLabel="Search note" view={data} defaultSize={CALENDAR_LIST_DEFAULTS.pageSize} />
        <Table
          caption="Calendar"
          sorting={data.sorting}
          headers={[{ label: "Segment", sort: "segment" }, "Note", ...CALENDAR_FLAGS.map((f) => f.label), { label: "Date", sort: "date" }, "Edit", "Delete"]}
          empty={data.rows.length === 0}
        >
          {data.rows.map((r) => (
            <tr key={r.id} data-date={r.date}>
              <td className={cellClass}>{r.segment}</td>
              <th scope="row" className={`${cellClass} text-left font-medium`}>
                {r.note}
              </th>
              {CALENDAR_FLAGS.map((f) => (
                <td key={f.name} className={cellClass}>
                  {r[f.name] ? "Yes" : "No"}
                </td>
              ))}
              <td className={cellClass}>{r.shownDate}</td>
              <td className={cellClass}>
                <KeepListLink to={`/calendar/${r.id}/edit`} className={linkClass} aria-label={`Edit ${r.note} ${r.shownDate}`}>
                  Edit
                </KeepListLink>
              </td>
              <td className={cellClass}>
                <KeepListLink to={`/calendar/${r.id}/delete`} className={linkClass} aria-label={`Delete ${r.note} ${r.segment} ${r.shownDate}`}>
                  Delete
                </KeepListLink>
              </td>
            </tr>
          ))}
        </Table>
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} label="Calendar" />
      </section>
    </ListWithDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
