import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { loadReferencePoints } from "~/services/points.server";
import { ReferencePointsPage } from "~/components/admin/reference-points";

export const meta: MetaFunction = () => [{ title: "Reference Points — NSE Signals" }];

// The sidebar's Reference Points (role 1 by the access lists, docs/product-rules.md R-D1): read-only.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  return json(await loadReferencePoints(context, request, { withActiveFilter: false }));
}

export default function ReferencesPointsPage() {
  const view = useLoaderData<typeof loader>();
  return <ReferencePointsPage view={view} mode="reference" title="Reference Points" titleId="references-title" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
