import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { CalendarForm } from "~/components/admin/calendar-form";
import { createCalendarEntry } from "~/services/calendar.server";
import { calendarSchema } from "~/schemas/calendar";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, requestUrl } from "~/schemas/request-input.server";
import { listReturnPath } from "~/domain/paging";

export const meta: MetaFunction = () => [{ title: "Add calendar entry — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  return json({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1]);
  const submission = parseWithZod(await readForm(request), { schema: calendarSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const created = await createCalendarEntry(context, actor, submission.value);
  if (!created.ok) return json(replyWithProblem(submission, created.problem), { status: created.problem.status });
  return redirectWithToast(context.cookies, request, listReturnPath("/calendar", requestUrl(request).search), { type: "success", message: created.value.message });
}

export default function NewCalendarRoute() {
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title="Add Calendar" closeTo="/calendar">
      <CalendarForm defaults={{ segment: "NSE" }} lastResult={lastResult} />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
