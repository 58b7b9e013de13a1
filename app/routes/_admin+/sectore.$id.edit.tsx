import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { notFound, requireRole } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { SectorForm } from "~/components/admin/sector-form";
import { listReturnPath, parseIdParam } from "~/domain/paging";
import { findSector, updateSector } from "~/services/sectors.server";
import { sectorSchema } from "~/schemas/catalogue";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Edit Sector — NSE Signals" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  const sector = id ? await findSector(context, id) : null;
  if (!sector) notFound();
  return json({ id: sector.id, name: sector.sectorName, description: sector.description, status: sector.status });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  if (!id) notFound();
  const submission = parseWithZod(await readForm(request), { schema: sectorSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const saved = await updateSector(context, actor, id, submission.value);
  if (!saved.ok && saved.problem.status === 404) notFound();
  if (!saved.ok) return json(replyWithProblem(submission, saved.problem), { status: saved.problem.status });
  return redirectWithToast(context.cookies, request, listReturnPath("/sectore", requestUrl(request).search), { type: "success", message: saved.value.message });
}

export default function EditSectorRoute() {
  const sector = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title="Edit Sector" closeTo="/sectore">
      <SectorForm mode="edit" defaults={sector} lastResult={lastResult} />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
