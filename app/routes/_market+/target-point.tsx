import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { loadReferencePoints } from "~/services/reference-points.server";
import { readStatusPost, sameListUrl } from "~/schemas/status-post.server";
import { PageTitle } from "~/components/admin/admin-ui";
import { ReferencePointsTable } from "~/components/admin/reference-points";
import { setReferencePointActive } from "~/models/reference-point.server";
import { redirectWithToast } from "~/auth/toast.server";

export const meta: MetaFunction = () => [{ title: "Target Points — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  return json(await loadReferencePoints(context.db, request, { withActiveFilter: true }));
}

// The toggle sends the opposite of the current state (admin-console.md §4).
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, [1]);
  const { id, status } = await readStatusPost(request);
  const done = await setReferencePointActive(context.db, id, status);
  return redirectWithToast(
    context.cookies,
    request,
    sameListUrl(request),
    done
      ? { type: "success", message: status ? "Target point activated" : "Target point de-activated" }
      : { type: "error", message: "This target point no longer exists: it was reached and removed" },
  );
}

export default function TargetPointPage() {
  const view = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="target-title">
      <PageTitle id="target-title" title="Target Point" />
      <ReferencePointsTable view={view} mode="target" />
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
