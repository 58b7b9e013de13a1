import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { cellClass, linkClass, RouteDialog, Table } from "~/components/admin/admin-ui";

export const meta: MetaFunction = () => [{ title: "Sectore Segment Settings — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  return json({});
}

// docs/product-rules.md R-TD2: "Sectore Segment Settings: a sample static table". Static on purpose.
const SAMPLE = [
  { segment: "NSE", sector: "Banking", symbols: 12, tradingHours: "09:15 – 15:30" },
  { segment: "NSE", sector: "Information Technology", symbols: 10, tradingHours: "09:15 – 15:30" },
  { segment: "NFO", sector: "Indices", symbols: 2, tradingHours: "09:15 – 15:30" },
  { segment: "BSE", sector: "Indices", symbols: 1, tradingHours: "09:15 – 15:30" },
];

export default function SegmentSettingsPage() {
  return (
    <RouteDialog title="Sectore Segment Settings" closeTo="/sectore">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">A sample table, as in the documents: nothing here is stored.</p>
      <Table caption="Sectore Segment Settings (sample)" headers={["Segment", "Sector", "Symbols", "Trading Hours"]} empty={false}>
        {SAMPLE.map((r) => (
          <tr key={`${r.segment}-${r.sector}`}>
            <td className={cellClass}>{r.segment}</td>
            <td className={cellClass}>{r.sector}</td>
            <td className={cellClass}>{r.symbols}</td>
            <td className={cellClass}>{r.tradingHours}</td>
          </tr>
        ))}
      </Table>
      <Link to="/sectore" className={`${linkClass} mt-3 inline-block text-sm`}>
        Back to sectors
      </Link>
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
