import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Icon } from "~/components/ui/icon";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/auth/guards.server";
import { loadGauges } from "~/services/overview.server";
import { GaugeSvg } from "~/components/charts/gauge-svg";
import { useOverviewData } from "~/components/realtime/use-overview-data";

export const meta: MetaFunction = () => [{ title: "Sector Analysis — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRouteAccess(request, context);
  const { sectors } = await loadGauges(context);
  return json({ sectors });
}

export default function SectorAnalysisPage() {
  const { sectors } = useLoaderData<typeof loader>();
  const live = useOverviewData();
  return (
    <section aria-labelledby="sector-analysis-title" className="flex flex-col gap-4">
      <h1 id="sector-analysis-title" className="text-xl font-semibold">
        Sector Analysis
      </h1>
      {sectors.length === 0 ? <p className="text-sm text-muted">No Data Found</p> : null}
      <ul aria-label="Sectors" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
        {sectors.map((s) => {
          // The server's gauge first, then each overview-data event's.
          const g = live?.sectors.find((x) => x.sectorId === s.id) ?? s;
          return (
            <li key={s.id}>
              <Link
                to={`/sector-analysis-chart/${s.id}`}
                aria-label={`${s.name} chart`}
                className="flex flex-col items-center rounded-lg border border-slate-200 bg-white p-2 text-sm hover:border-blue-400 dark:border-slate-800 dark:bg-slate-900"
              >
                <GaugeSvg value={g.gauge} label={s.name} size={150} />
                <span className="font-medium">{s.name}</span>
                <span className="text-xs">
                  <span className="inline-flex items-center gap-0.5 text-up">
                    <Icon name="arrow-up" className="h-3 w-3" />
                    <span className="sr-only">Advances </span>
                    {g.advances}
                  </span>{" "}
                  <span className="inline-flex items-center gap-0.5 text-down">
                    <Icon name="arrow-down" className="h-3 w-3" />
                    <span className="sr-only">Declines </span>
                    {g.declines}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
