import { parseWithZod } from "~/schemas/parse";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { SymbolForm } from "~/components/admin/symbol-form";
import { parseIdParam } from "~/domain/paging";
import { findSector, listSectorChoices } from "~/models/sector.server";
import { createSymbol, isSymbolCodeTaken, isUniqueViolation } from "~/models/symbol-admin.server";
import { SYMBOL_CODE_TAKEN, symbolSchema } from "~/schemas/catalogue";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Create Symbol — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const sectorId = parseIdParam(searchParamsOf(request).get("sector_id"));
  return json({ sectors: await listSectorChoices(context.db), sectorId });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, [1]);
  const submission = await parseWithZod(await readForm(request), {
    async: true,
    schema: symbolSchema.superRefine(async (value, ctx) => {
      if (value.sectorId && !(await findSector(context.db, value.sectorId))) ctx.addIssue({ code: "custom", path: ["sectorId"], message: "Please select a sector" });
      if (await isSymbolCodeTaken(context.db, value.name)) ctx.addIssue({ code: "custom", path: ["name"], message: SYMBOL_CODE_TAKEN });
    }),
  });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  try {
    await createSymbol(context.db, submission.value);
  } catch (error) {
    if (isUniqueViolation(error)) return json(submission.reply({ fieldErrors: { name: [SYMBOL_CODE_TAKEN] } }), { status: 400 });
    throw error;
  }
  const sector = submission.value.sectorId ? `?sector_id=${submission.value.sectorId}` : "";
  return redirectWithToast(context.cookies, request, `/symbols${sector}`, { type: "success", message: "Symbol created successfully" });
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
