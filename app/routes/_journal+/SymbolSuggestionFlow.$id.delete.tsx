import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { notFound, requireRole } from "~/auth/guards.server";
import { DeleteOrCancel, RouteDialog } from "~/components/admin/admin-ui";
import { parseIdParam, parsePage, searchWithPage } from "~/domain/paging";
import { findSuggestion, removeSuggestion } from "~/services/suggestions.server";
import { DELETE_SUGGESTION_QUESTION, SUGGESTION_DELETED } from "~/schemas/symbol-suggestion";
import { redirectWithToast } from "~/auth/toast.server";
import { searchParamsOf } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Delete suggestion — NSE Signals" }];

const listUrl = (request: Request) => `/SymbolSuggestionFlow${searchWithPage("", parsePage(searchParamsOf(request).get("page")))}`;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const suggestion = await findSuggestion(context, parseIdParam(params.id));
  if (!suggestion) notFound();
  return json({ suggestion, backTo: listUrl(request) });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(request, context, [1]);
  if (!(await removeSuggestion(context, parseIdParam(params.id))).ok) notFound();
  return redirectWithToast(context.cookies, request, "/SymbolSuggestionFlow", { type: "success", message: SUGGESTION_DELETED });
}

export default function DeleteSuggestionRoute() {
  const { suggestion, backTo } = useLoaderData<typeof loader>();
  return (
    <RouteDialog title="Delete Suggestion" closeTo={backTo}>
      <p className="mb-1 text-sm">
        {suggestion.trends} — {suggestion.symbolCode}
      </p>
      <p className="mb-4">{DELETE_SUGGESTION_QUESTION}</p>
      <Form method="post" className="flex gap-2">
        <DeleteOrCancel cancelTo={backTo} />
      </Form>
    </RouteDialog>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
