import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess, notFound } from "~/auth/guards.server";
import { readPreferences } from "~/preferences.server";
import { loadDashboard } from "~/dashboard.server";
import { DashboardScreen } from "~/components/dashboard/dashboard-screen";

export const meta: MetaFunction = () => [{ title: "Dashboard — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const prefs = await readPreferences(context.cookies, request);
  const data = await loadDashboard(context, user, new URL(request.url), prefs.chartTimeframe);
  if (!data) notFound();
  return json(data);
}

export default function DashboardPage() {
  const data = useLoaderData<typeof loader>();
  return <DashboardScreen data={data} title="Dashboard" />;
}
