import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { demoLoader } from "~/auth/demo-guard.server";
import { linkClass, PageTitle } from "~/components/admin/admin-ui";

export const meta: MetaFunction = () => [{ title: "Demo pages — NSE Signals" }];
export const loader = ({ request, context }: LoaderFunctionArgs) => demoLoader(request, context);

const DEMO_PAGES = [
  { to: "/demo/payment", label: "Payment demo" },
  { to: "/demo/analytics", label: "Analytics sample" },
  { to: "/demo/fintech", label: "Fintech sample (Cash Flow)" },
  { to: "/demo/all-chavi-analysis", label: "AllChaviAnalysis sample" },
];

export default function DemoIndex() {
  return (
    <section aria-labelledby="demo-title">
      <PageTitle id="demo-title" title="Demo pages" />
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">Static samples, as in the documents: nothing here reads or stores data.</p>
      <ul className="flex flex-col gap-1">
        {DEMO_PAGES.map((p) => (
          <li key={p.to}>
            <Link to={p.to} className={linkClass}>
              {p.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
