import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { dashboardPageLoader } from "~/services/dashboard.server";
import { DashboardScreen } from "~/components/dashboard/dashboard-screen";

export const meta: MetaFunction = () => [{ title: "Admin Dashboard — NSE Signals" }];

// Role 1's dashboard (the access table): the same screen, the chart as tall as the window
// allows (window height minus 280, docs/product-rules.md R-TD2).
export const loader = dashboardPageLoader;

export default function AdminDashboardPage() {
  const data = useLoaderData<typeof loader>();
  return <DashboardScreen data={data} title="Admin Dashboard" fitChartToWindow />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
