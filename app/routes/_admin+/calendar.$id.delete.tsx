import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { notFound, requireRole } from "~/auth/guards.server";
import { DeleteOrCancel, RouteDialog } from "~/components/admin/admin-ui";
import { listReturnPath, parseIdParam } from "~/domain/paging";
import { refuse } from "~/domain/outcome";
import { CALENDAR_FLAGS } from "~/schemas/calendar";
import { calendarDayLabel, CALENDAR_ENTRY_GONE, deleteCalendarEntry, findCalendarEntry } from "~/services/calendar.server";
import { redirectWithToast } from "~/auth/toast.server";
import { requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Delete calendar entry — NSE Signals" }];

// The confirmation step of a calendar Delete (docs/decisions/145): a page of its own without
// JavaScript, a dialog over the list with it; only its form's post deletes.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  const entry = id ? await findCalendarEntry(context, id) : null;
  if (!entry) notFound();
  return json({
    segment: entry.segment,
    note: entry.note,
    day: calendarDayLabel(entry.date),
    flags: CALENDAR_FLAGS.filter((f) => entry[f.name]).map((f) => f.label),
    backTo: listReturnPath("/calendar", requestUrl(request).search),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  const outcome = id ? await deleteCalendarEntry(context, actor, id) : refuse(CALENDAR_ENTRY_GONE, undefined, 404);
  const backTo = listReturnPath("/calendar", requestUrl(request).search);
  return redirectWithToast(context.cookies, request, backTo, outcome.ok ? { type: "success", message: outcome.value.message } : { type: "error", message: outcome.problem.message });
}

export default function DeleteCalendarRoute() {
  const entry = useLoaderData<typeof loader>();
  return (
    <RouteDialog title="Delete calendar entry" closeTo={entry.backTo}>
      <Form method="post" className="flex flex-col gap-4">
        <p>
          Delete the {entry.segment} entry {entry.note} on {entry.day}
          {entry.flags.length > 0 ? ` (${entry.flags.join(", ")})` : ""}? This cannot be undone.
        </p>
        <div className="flex gap-2">
          <DeleteOrCancel cancelTo={entry.backTo} />
        </div>
      </Form>
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
