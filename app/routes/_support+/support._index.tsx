import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { parseWithZod } from "~/schemas/parse";
import { forbidden, requireRouteAccess } from "~/auth/guards.server";
import { isChatClient } from "~/domain/chat";
import { supportIndexActionSchema } from "~/schemas/chat";
import { contactSupport, loadSupportScreen } from "~/services/chat.server";
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
  const contacted = await contactSupport(context, user);
  if (!contacted.ok) return redirectWithToast(context.cookies, request, "/support", { type: "error", message: contacted.problem.message });
  return redirect(`/support/${contacted.value.supportId}`);
}

export default function SupportIndexPage() {
  const data = useLoaderData<typeof loader>();
  return <SupportScreen data={data} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";
