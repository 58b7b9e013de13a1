import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { requireRole } from "~/auth/guards.server";
import { deleteReferencePoint, loadReferencePoints } from "~/services/points.server";
import { sameListUrl } from "~/schemas/status-post.server";
import { linkClass, ListWithDialog, PageTitle } from "~/components/admin/admin-ui";
import { ReferencePointsTable } from "~/components/admin/reference-points";
import { redirectWithToast } from "~/auth/toast.server";
import { recordId } from "~/schemas/record-id";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Reference Point — NSE Signals" }];

const deleteSchema = z.object({ intent: z.literal("delete"), id: recordId() });

// The admin's Reference Point screen: the same table with a Delete per row (the documents'
// DELETE admin/referencePoint/{id}, a POST here, sent from the row's confirmation,
// reference-point.$id.delete.tsx) and the way to the upload.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  return json(await loadReferencePoints(context, request, { withActiveFilter: false }));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1]);
  const parsed = deleteSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return redirectWithToast(context.cookies, request, sameListUrl(request), { type: "error", message: "Something went wrong" });
  const deleted = await deleteReferencePoint(context, actor, parsed.data.id);
  return redirectWithToast(context.cookies, request, sameListUrl(request), deleted.ok ? { type: "success", message: deleted.value.message } : { type: "error", message: deleted.problem.message });
}

export default function ReferencePointPage() {
  const view = useLoaderData<typeof loader>();
  return (
    <ListWithDialog>
      <section aria-labelledby="reference-title">
        <PageTitle
          id="reference-title"
          title="Reference Point"
          action={
            <Link to="/upload?tab=reference" className={linkClass}>
              Upload reference points
            </Link>
          }
        />
        <ReferencePointsTable view={view} mode="manage" />
      </section>
    </ListWithDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
