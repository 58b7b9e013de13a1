import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/guards.server";
import { NotificationList } from "~/components/notifications/notification-center";
import { listRecentNotifications, markAllNotificationsRead } from "~/services/notifications.server";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Notifications — NSE Signals" }];

/** The notifications modal's data (the bell loads it with JavaScript) and the no-JS page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  return json({ notifications: await listRecentNotifications(context, user) });
}

/** Marks the user's notifications read (opening the modal, or the page's button). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const marked = await markAllNotificationsRead(context, user);
  // The modal posts through a fetcher and stays where it is; the page reloads itself.
  if ((await readForm(request)).get("from") === "modal") return json({ marked });
  return redirect("/notifications");
}

export default function NotificationsPage() {
  const { notifications } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="notifications-title" className="max-w-3xl">
      <h1 id="notifications-title" className="mb-3 text-xl font-semibold">
        Notifications
      </h1>
      <NotificationList notifications={notifications} />
      {notifications.some((n) => !n.read) ? (
        <Form method="post" className="mt-3">
          <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
            Mark all as read
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
