import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { SymbolForm } from "~/components/admin/symbol-form";
import { listReturnPath, parseIdParam } from "~/domain/paging";
import { createSymbol, listSymbolFormSectors } from "~/services/catalogue.server";
import { symbolSchema } from "~/schemas/catalogue";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, requestUrl, searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Create Symbol — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const sectorId = parseIdParam(searchParamsOf(request).get("sector_id"));
  return json({ sectors: await listSymbolFormSectors(context), sectorId });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1]);
  const submission = parseWithZod(await readForm(request), { schema: symbolSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const created = await createSymbol(context, actor, submission.value);
  if (!created.ok) return json(replyWithProblem(submission, created.problem), { status: created.problem.status });
  const sector = submission.value.sectorId ? `?sector_id=${submission.value.sectorId}` : "";
  const back = listReturnPath("/symbols", requestUrl(request).search, { fallback: `/symbols${sector}` });
  return redirectWithToast(context.cookies, request, back, { type: "success", message: created.value.message });
}

export default function NewSymbolRoute() {
  const { sectors, sectorId } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title="Create Symbol" closeTo="/symbols">
      <SymbolForm mode="create" sectors={sectors} defaults={{ sectorId: sectorId ? String(sectorId) : undefined, lotSize: "1", step: "1" }} lastResult={lastResult} />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
