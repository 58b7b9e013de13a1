import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { notFound, requireRole } from "~/auth/guards.server";
import { DeleteOrCancel, RouteDialog } from "~/components/admin/admin-ui";
import { formatIstDate } from "~/domain/dates";
import { formatNumber } from "~/domain/format";
import { parseIdParam } from "~/domain/paging";
import { findReferencePoint } from "~/services/points.server";
import { requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Delete reference point — NSE Signals" }];

// The confirmation step of a /reference-point Delete (docs/decisions/145): a page of its own
// without JavaScript, a dialog over the list with it. It names the point; its form posts the
// list's own delete (intent=delete) back to the list with the list's filters kept.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  const point = id ? await findReferencePoint(context, id) : null;
  if (!point) notFound();
  return json({
    id: point.id,
    symbolCode: point.symbolCode,
    pointName: point.pointName,
    displayName: point.displayName,
    price: formatNumber(point.price),
    date: point.date ? formatIstDate(new Date(`${point.date}T12:00:00Z`)) : null,
    backTo: `/reference-point${requestUrl(request).search}`,
  });
}

export default function DeleteReferencePointRoute() {
  const point = useLoaderData<typeof loader>();
  return (
    <RouteDialog title="Delete reference point" closeTo={point.backTo}>
      <Form method="post" action={point.backTo} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={point.id} />
        <p>
          Delete the reference point {point.pointName} ({point.displayName}) of {point.symbolCode} at {point.price}
          {point.date ? ` dated ${point.date}` : ""}? Its line leaves the charts. This cannot be undone.
        </p>
        <div className="flex gap-2">
          <DeleteOrCancel cancelTo={point.backTo} />
        </div>
      </Form>
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
