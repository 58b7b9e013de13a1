import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod, replyWithProblem } from "~/schemas/parse";
import { forbidden, notFound, requireRouteAccess } from "~/auth/guards.server";
import { retryAfterHeaders } from "~/auth/rate-limit.server";
import { isSupportSide } from "~/domain/chat";
import { conversationActionSchema } from "~/schemas/chat";
import {
  conversationFor,
  findConversation,
  inboxFilterOf,
  loadSupportScreen,
  postChatMessage,
  setConversationResolved,
  startConversation,
} from "~/services/chat.server";
import { inboxQueryString } from "~/domain/chat";
import { redirectWithToast } from "~/auth/toast.server";
import { SupportScreen } from "~/components/chat/support-screen";
import { readForm, requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Support — NSE Signals" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  // A conversation the user is not part of is not shown, as if it did not exist.
  const target = await conversationFor(context, user, params.receiverId);
  if (!target.ok) notFound();
  return json(await loadSupportScreen(context, user, requestUrl(request), target.value));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  const target = await findConversation(context, user, params.receiverId);
  if (target.kind === "not-found") notFound();
  // Posting into someone else's conversation is refused before anything is read or stored.
  if (target.kind === "not-a-participant") forbidden("You are not part of this conversation.");
  // Back to the conversation with the inbox filter the post came from (docs/decisions/146).
  const here = `/support/${params.receiverId}${isSupportSide(user.roleId) ? inboxQueryString(inboxFilterOf(requestUrl(request))) : ""}`;

  const submission = parseWithZod(await readForm(request), { schema: conversationActionSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });

  if (submission.value.intent === "start") {
    // Go to Chat from the user list: support opens the conversation, greeting it when empty.
    if (!isSupportSide(user.roleId)) forbidden();
    await startConversation(context, user, target.client);
    return redirect(here);
  }

  if (submission.value.intent === "resolve" || submission.value.intent === "reopen") {
    const changed = await setConversationResolved(context, user, target.client, submission.value.intent === "resolve");
    if (!changed.ok) forbidden(changed.problem.message);
    return redirectWithToast(context.cookies, request, here, { type: "success", message: changed.value.message });
  }

  const sent = await postChatMessage(context, user, target.client, submission.value.message);
  if (!sent.ok) return json(replyWithProblem(submission, sent.problem), { status: sent.problem.status, headers: retryAfterHeaders(sent.problem.retryAfter) });
  // Post, then show the conversation (also the page a browser without JavaScript lands on).
  return redirect(here);
}

export default function SupportConversationPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return <SupportScreen data={data} lastResult={lastResult} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
