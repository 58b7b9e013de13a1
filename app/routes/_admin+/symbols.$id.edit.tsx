import { parseWithZod } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { notFound, requireRole } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { SymbolForm } from "~/components/admin/symbol-form";
import { parseIdParam } from "~/domain/paging";
import { findSector, listSectorChoices } from "~/models/sector.server";
import { findSymbolForEdit, isSymbolCodeTaken, isUniqueViolation, updateSymbol } from "~/models/symbol-admin.server";
import { SYMBOL_CODE_TAKEN, symbolSchema } from "~/schemas/catalogue";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Edit Symbol — NSE Signals" }];

const text = (n: number | null) => (n === null ? "" : String(n));

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  const symbol = id ? await findSymbolForEdit(context.db, id) : null;
  if (!symbol) notFound();
  return json({
    sectors: await listSectorChoices(context.db),
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
  await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  if (!id) notFound();
  const submission = await parseWithZod(await readForm(request), {
    async: true,
    schema: symbolSchema.superRefine(async (value, ctx) => {
      if (value.sectorId && !(await findSector(context.db, value.sectorId))) ctx.addIssue({ code: "custom", path: ["sectorId"], message: "Please select a sector" });
      if (await isSymbolCodeTaken(context.db, value.name, id)) ctx.addIssue({ code: "custom", path: ["name"], message: SYMBOL_CODE_TAKEN });
    }),
  });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  let saved: boolean;
  try {
    saved = await updateSymbol(context.db, id, submission.value);
  } catch (error) {
    if (isUniqueViolation(error)) return json(submission.reply({ fieldErrors: { name: [SYMBOL_CODE_TAKEN] } }), { status: 400 });
    throw error;
  }
  if (!saved) notFound();
  return redirectWithToast(context.cookies, request, "/symbols", { type: "success", message: "Symbol updated successfully" });
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
