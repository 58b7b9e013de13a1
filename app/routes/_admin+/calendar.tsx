import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { buttonClass, cellClass, linkClass, ListWithDialog, PageTitle, Pagination, Table } from "~/components/admin/admin-ui";
import { LONG_PAGE_SIZE, parsePage } from "~/domain/paging";
import { calendarDayLabel, listCalendarEntries } from "~/services/calendar.server";
import { CALENDAR_FLAGS } from "~/schemas/calendar";
import { searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Calendar — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const page = parsePage(searchParamsOf(request).get("page"));
  const { rows, total } = await listCalendarEntries(context, page, LONG_PAGE_SIZE);
  return json({ page, total, rows: rows.map((r) => ({ ...r, shownDate: calendarDayLabel(r.date) })) });
}

export default function CalendarPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <ListWithDialog>
      <section aria-labelledby="calendar-title">
        <PageTitle id="calendar-title" title="Calendar" action={<Link to="/calendar/new" className={buttonClass}>+ Add</Link>} />
        <Table caption="Calendar" headers={["Segment", "Note", ...CALENDAR_FLAGS.map((f) => f.label), "Date", "Edit", "Delete"]} empty={data.rows.length === 0}>
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
                <Link to={`/calendar/${r.id}/edit${data.page > 1 ? `?page=${data.page}` : ""}`} className={linkClass} aria-label={`Edit ${r.note} ${r.shownDate}`}>
                  Edit
                </Link>
              </td>
              <td className={cellClass}>
                <Link to={`/calendar/${r.id}/delete${data.page > 1 ? `?page=${data.page}` : ""}`} className={linkClass} aria-label={`Delete ${r.note} ${r.segment} ${r.shownDate}`}>
                  Delete
                </Link>
              </td>
            </tr>
          ))}
        </Table>
        <Pagination page={data.page} pageSize={LONG_PAGE_SIZE} total={data.total} label="Calendar" />
      </section>
    </ListWithDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
