import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { PageTitle } from "~/components/admin/admin-ui";
import { DateRangeForm } from "~/components/admin/date-range-form";
import { BaselineChart } from "~/components/admin/demo-charts";
import { istDateString } from "~/domain/dates";
import { dateRangeFrom, daysBetween } from "~/domain/demo-range";
import { searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Fintech sample — NSE Signals" }];

// Static sample figures (a fixed wave over the chosen days), no calls.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const range = dateRangeFrom(searchParamsOf(request), istDateString(new Date()), 30);
  const points = daysBetween(range.from, range.to).map((day, i) => ({ label: day, value: Math.round(5000 * Math.sin(i / 3) + 1500 * Math.cos(i / 7)) }));
  return json({ ...range, points });
}

export default function FintechDemo() {
  const { from, to, points } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="fintech-title" className="max-w-3xl">
      <PageTitle id="fintech-title" title="Fintech sample" />
      <DateRangeForm from={from} to={to} />
      <BaselineChart title="Cash Flow" points={points} baseline={0} />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
