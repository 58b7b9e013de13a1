import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { loadReferencePoints, switchTargetPoint } from "~/services/points.server";
import { readStatusPost, sameListUrl } from "~/schemas/status-post.server";
import { ReferencePointsPage } from "~/components/admin/reference-points";
import { redirectWithToast } from "~/auth/toast.server";

export const meta: MetaFunction = () => [{ title: "Target Points — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  return json(await loadReferencePoints(context, request, { withActiveFilter: true }));
}

// The toggle sends the opposite of the current state (docs/product-rules.md R-AC4).
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1]);
  const { id, status } = await readStatusPost(request);
  const switched = await switchTargetPoint(context, actor, id, status);
  return redirectWithToast(
    context.cookies,
    request,
    sameListUrl(request),
    switched.ok ? { type: "success", message: switched.value.message } : { type: "error", message: switched.problem.message },
  );
}

export default function TargetPointPage() {
  const view = useLoaderData<typeof loader>();
  return <ReferencePointsPage view={view} mode="target" title="Target Point" titleId="target-title" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
