import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { requireRole } from "~/auth/guards.server";
import { retryAfterHeaders } from "~/auth/rate-limit.server";
import { broadcastReturnPath, broadcastSchema } from "~/schemas/chat";
import { loadBroadcastDraft, sendBroadcast } from "~/services/broadcasts.server";
import { redirectWithToast } from "~/auth/toast.server";
import { BroadcastDialog } from "~/components/chat/broadcast-dialog";
import { readForm, requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "BroadCast Message — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, [1]);
  const url = requestUrl(request);
  // The picker's Search comes back here by GET with the whole form, also from the chat's dialog.
  return json({ draft: await loadBroadcastDraft(context, url), redirectTo: broadcastReturnPath.parse(url.searchParams.get("redirectTo") ?? "/broadcast/message") });
}

/** The '+ Add' dialog here and the chat's 'BroadCast Message' dialog both post to this action. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRole(request, context, [1]);
  const submission = parseWithZod(await readForm(request), { schema: broadcastSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const sent = await sendBroadcast(context, user, submission.value.message, submission.value);
  if (!sent.ok) return json(replyWithProblem(submission, sent.problem), { status: sent.problem.status, headers: retryAfterHeaders(sent.problem.retryAfter) });
  return redirectWithToast(context.cookies, request, submission.value.redirectTo, { type: "success", message: sent.value.message });
}

export default function NewBroadcastDialog() {
  const { draft, redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  // A refused post from the chat's dialog (without JavaScript) still goes back to the chat.
  const returnTo = broadcastReturnPath.parse(lastResult?.initialValue?.redirectTo ?? redirectTo);
  return <BroadcastDialog returnTo={returnTo} closeHref={returnTo} lastResult={lastResult} draft={draft} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
