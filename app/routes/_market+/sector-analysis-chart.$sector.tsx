import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRouteLoaderData, useSubmit } from "@remix-run/react";
import { requireRouteAccess, notFound } from "~/auth/guards.server";
import { loadSectorChart } from "~/services/overview.server";
import { sectorChartQuerySchema, sectorParamSchema } from "~/schemas/sector-analysis";
import { PercentageLineChart } from "~/components/charts/percentage-line-chart";
import type { loader as rootLoader } from "~/root";
import { NoScriptShow, ViewDate, ViewSelect } from "~/components/ui/view-controls";
import { queryFields, requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.sector.name ?? "Sector"} — Sector Analysis — NSE Signals` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, context);
  const sectorId = sectorParamSchema.safeParse(params.sector);
  if (!sectorId.success) notFound();
  const url = requestUrl(request);
  const query = sectorChartQuerySchema.parse(queryFields(url.searchParams, sectorChartQuerySchema));
  // The selector is a GET form: a different sector moves to that sector's own path.
  if (query.sector !== undefined && query.sector !== sectorId.data) {
    throw redirect(`/sector-analysis-chart/${query.sector}${query.date ? `?date=${query.date}` : ""}`);
  }
  const data = await loadSectorChart(context, sectorId.data, query.date);
  if (!data) notFound();
  return json(data);
}

export default function SectorAnalysisChartPage() {
  const { sector, sectors, date, previousDate, points } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const submit = useSubmit();
  return (
    <section aria-labelledby="sector-chart-title" className="flex flex-col gap-3">
      <p className="text-sm">
        <Link to="/sector-analysis" className="text-blue-600 underline dark:text-blue-400">
          Sector Analysis
        </Link>
      </p>
      <h1 id="sector-chart-title" className="text-xl font-semibold">
        {sector.name}
      </h1>
      <Form method="get" aria-label="Sector chart" className="flex flex-wrap items-end gap-2" onChange={(e) => submit(e.currentTarget)}>
        <ViewSelect label="Sector" name="sector" defaultValue={sector.id} options={sectors.map((s) => ({ value: s.id, label: s.sectorName }))} />
        <ViewDate label="Date" name="date" defaultValue={date} />
        <NoScriptShow />
      </Form>
      {previousDate ? (
        <p className="text-sm">
          <Link to={`/sector-analysis-chart/${sector.id}?date=${previousDate}`} className="text-blue-600 underline dark:text-blue-400">
            Previous day
          </Link>
        </p>
      ) : null}
      <PercentageLineChart key={`${sector.id}-${date}`} points={points} title={`${sector.name} gauge`} dark={root?.theme === "dark"} />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
