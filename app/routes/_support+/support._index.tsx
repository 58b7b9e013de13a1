import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { parseWithZod } from "~/schemas/parse";
import { forbidden, requireRouteAccess } from "~/auth/guards.server";
import { isChatClient, SUPPORT_UNAVAILABLE } from "~/domain/chat";
import { supportIndexActionSchema } from "~/schemas/chat";
import { findSupportAccount } from "~/models/message.server";
import { greetClient, loadSupportScreen } from "~/services/chat.server";
import { redirectWithToast } from "~/auth/toast.server";
import { SupportScreen } from "~/components/chat/support-screen";
import { readForm, requestUrl } from "~/schemas/request-input.server";

export const meta: MetaFunction = () => [{ title: "Support — NSE Signals" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  return json(await loadSupportScreen(context, user, requestUrl(request), null));
}

/** Contact Us: a client's conversation with support opens with the documents' greeting. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRouteAccess(request, context);
  if (!isChatClient(user.roleId)) forbidden();
  const submission = parseWithZod(await readForm(request), { schema: supportIndexActionSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const support = await findSupportAccount(context.db);
  if (!support) return redirectWithToast(context.cookies, request, "/support", { type: "error", message: SUPPORT_UNAVAILABLE });
  await greetClient(context, user, { id: user.id, name: user.name, roleId: user.roleId, status: true });
  return redirect(`/support/${support.id}`);
}

export default function SupportIndexPage() {
  const data = useLoaderData<typeof loader>();
  return <SupportScreen data={data} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
