import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { notFound, requireRole } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { CalendarForm } from "~/components/admin/calendar-form";
import { listReturnPath, parseIdParam } from "~/domain/paging";
import { findCalendarEntry, updateCalendarEntry } from "~/services/calendar.server";
import { calendarSchema } from "~/schemas/calendar";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Edit calendar entry — NSE Signals" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  const entry = id ? await findCalendarEntry(context, id) : null;
  if (!entry) notFound();
  return json({ entry, backTo: listReturnPath("/calendar", requestUrl(request).search) });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  if (!id) notFound();
  const submission = parseWithZod(await readForm(request), { schema: calendarSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const saved = await updateCalendarEntry(context, actor, id, submission.value);
  if (!saved.ok && saved.problem.status === 404) notFound();
  if (!saved.ok) return json(replyWithProblem(submission, saved.problem), { status: saved.problem.status });
  return redirectWithToast(context.cookies, request, listReturnPath("/calendar", requestUrl(request).search), { type: "success", message: saved.value.message });
}

export default function EditCalendarRoute() {
  const { entry, backTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title="Edit Calendar" closeTo={backTo}>
      <CalendarForm defaults={{ segment: entry.segment, note: entry.note, date: entry.date, flags: entry }} lastResult={lastResult} />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
