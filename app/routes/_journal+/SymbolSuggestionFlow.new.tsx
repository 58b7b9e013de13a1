import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { RouteDialog } from "~/components/admin/admin-ui";
import { SuggestionForm } from "~/components/admin/suggestion-form";
import { parsePage, searchWithPage } from "~/domain/paging";
import { saveSuggestion, suggestionSymbolChoices } from "~/services/suggestions.server";
import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { SUGGESTION_CREATED, symbolSuggestionSchema } from "~/schemas/symbol-suggestion";
import { redirectWithToast } from "~/auth/toast.server";
import { readForm, searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Add suggestion — NSE Signals" }];

const listUrl = (request: Request) => `/SymbolSuggestionFlow${searchWithPage("", parsePage(searchParamsOf(request).get("page")))}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  return json({ symbols: await suggestionSymbolChoices(context), backTo: listUrl(request) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRole(request, context, [1]);
  const submission = parseWithZod(await readForm(request), { schema: symbolSuggestionSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const saved = await saveSuggestion(context, user, submission.value);
  if (!saved.ok) return json(replyWithProblem(submission, saved.problem), { status: saved.problem.status });
  return redirectWithToast(context.cookies, request, "/SymbolSuggestionFlow", { type: "success", message: SUGGESTION_CREATED });
}

export default function NewSuggestionRoute() {
  const { symbols, backTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title="Add Suggestion" closeTo={backTo}>
      <SuggestionForm defaults={{}} symbols={symbols} lastResult={lastResult} submitLabel="Add" cancelTo={backTo} />
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
