import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { demoLoader } from "~/auth/demo-guard.server";
import { PageTitle } from "~/components/admin/admin-ui";
import { PieChart } from "~/components/admin/demo-charts";

export const meta: MetaFunction = () => [{ title: "Analytics sample — NSE Signals" }];
export const loader = ({ request, context }: LoaderFunctionArgs) => demoLoader(request, context);

const SAMPLES = [
  { title: "Traffic sources", slices: [{ label: "Direct", value: 44, colour: "#2563eb" }, { label: "Search", value: 31, colour: "#26a69a" }, { label: "Social", value: 25, colour: "#f59e0b" }] },
  { title: "Devices", slices: [{ label: "Mobile", value: 58, colour: "#7c3aed" }, { label: "Desktop", value: 35, colour: "#0ea5e9" }, { label: "Tablet", value: 7, colour: "#ef5350" }] },
  { title: "Plans", slices: [{ label: "Monthly", value: 62, colour: "#16a34a" }, { label: "Yearly", value: 38, colour: "#64748b" }] },
];

export default function AnalyticsDemo() {
  return (
    <section aria-labelledby="analytics-title">
      <PageTitle id="analytics-title" title="Analytics sample" />
      <div className="grid gap-4 sm:grid-cols-3">
        {SAMPLES.map((s) => (
          <PieChart key={s.title} title={s.title} slices={s.slices} />
        ))}
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
