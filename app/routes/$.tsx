import type { LoaderFunctionArgs, ActionFunctionArgs } from "@remix-run/node";
import { getSessionUser } from "~/auth/session.server";
import { notFound } from "~/auth/guards.server";
import { unknownPathDecision, NOT_FOUND_TEXT } from "~/domain/access";
import { redirect } from "@remix-run/node";

// Any path no route serves: role 1 sees the not-found page (404), roles 3 and 4 go to
// /login, role 2 to /dashboard, a visitor to /login (docs/product-rules.md R-D3).
async function answerUnknownPath(request: Request, context: LoaderFunctionArgs["context"]): Promise<never> {
  const user = await getSessionUser(context, request);
  const decision = unknownPathDecision(user?.roleId ?? null);
  if (decision.kind === "redirect") throw redirect(decision.to);
  notFound();
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return answerUnknownPath(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return answerUnknownPath(request, context);
}

export default function NotFoundPage() {
  return <p>{NOT_FOUND_TEXT}</p>;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
