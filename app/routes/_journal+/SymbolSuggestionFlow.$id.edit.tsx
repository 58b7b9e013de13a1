import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { notFound, requireRole } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { SuggestionForm } from "~/components/admin/suggestion-form";
import { parseIdParam, parsePage, searchWithPage } from "~/domain/paging";
import { findSuggestion, saveSuggestion, suggestionSymbolChoices } from "~/services/suggestions.server";
import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { SUGGESTION_UPDATED, symbolSuggestionSchema } from "~/schemas/symbol-suggestion";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Edit suggestion — NSE Signals" }];

const listUrl = (request: Request) => `/SymbolSuggestionFlow${searchWithPage("", parsePage(searchParamsOf(request).get("page")))}`;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const suggestion = await findSuggestion(context, parseIdParam(params.id));
  if (!suggestion) notFound();
  return json({ suggestion, symbols: await suggestionSymbolChoices(context), backTo: listUrl(request) });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireRole(request, context, [1]);
  const id = parseIdParam(params.id);
  if (!id) notFound();
  const submission = parseWithZod(await readForm(request), { schema: symbolSuggestionSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const saved = await saveSuggestion(context, user, { ...submission.value, id });
  if (!saved.ok) return saved.problem.status === 404 ? notFound() : json(replyWithProblem(submission, saved.problem), { status: saved.problem.status });
  return redirectWithToast(context.cookies, request, listUrl(request), { type: "success", message: SUGGESTION_UPDATED });
}

export default function EditSuggestionRoute() {
  const { suggestion, symbols, backTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title="Edit Suggestion" closeTo={backTo}>
      <SuggestionForm
        defaults={{ symbolId: String(suggestion.symbolId), trends: suggestion.trends }}
        symbols={symbols}
        lastResult={lastResult}
        submitLabel="Update"
        cancelTo={backTo}
      />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
