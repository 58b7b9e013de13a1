import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { notFound, requireRole } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { SymbolForm } from "~/components/admin/symbol-form";
import { listReturnPath, parseIdParam } from "~/domain/paging";
import { findSymbol, listSymbolFormSectors, updateSymbol } from "~/services/catalogue.server";
import { symbolSchema } from "~/schemas/catalogue";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Edit Symbol — NSE Signals" }];

const text = (n: number | null) => (n === null ? "" : String(n));

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  const symbol = id ? await findSymbol(context, id) : null;
  if (!symbol) notFound();
  return json({
    sectors: await listSymbolFormSectors(context, symbol.sectorId),
    symbolCode: symbol.symbolCode,
    defaults: {
      sectorId: symbol.sectorId ? String(symbol.sectorId) : "",
      name: symbol.symbolCode,
      description: symbol.description,
      segment: symbol.segment,
      lotSize: String(symbol.lotSize),
      step: String(symbol.step),
      dagluPer: text(symbol.dagluPer),
      fromDagluPer: text(symbol.fromDagluPer),
      toDagluPer: text(symbol.toDagluPer),
      audioScript: symbol.audioScript,
      status: symbol.status,
    },
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  if (!id) notFound();
  const submission = parseWithZod(await readForm(request), { schema: symbolSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const saved = await updateSymbol(context, actor, id, submission.value);
  if (!saved.ok && saved.problem.status === 404) notFound();
  if (!saved.ok) return json(replyWithProblem(submission, saved.problem), { status: saved.problem.status });
  return redirectWithToast(context.cookies, request, listReturnPath("/symbols", requestUrl(request).search), { type: "success", message: saved.value.message });
}

export default function EditSymbolRoute() {
  const { sectors, symbolCode, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title={`Edit Symbol — ${symbolCode}`} closeTo="/symbols">
      <SymbolForm mode="edit" sectors={sectors} defaults={defaults} lastResult={lastResult} />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
