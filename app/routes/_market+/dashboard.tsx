import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { dashboardPageLoader } from "~/services/dashboard.server";
import { DashboardScreen } from "~/components/dashboard/dashboard-screen";

export const meta: MetaFunction = () => [{ title: "Dashboard — NSE Signals" }];

export const loader = dashboardPageLoader;

export default function DashboardPage() {
  const data = useLoaderData<typeof loader>();
  return <DashboardScreen data={data} title="Dashboard" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
